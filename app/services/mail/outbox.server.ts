import { log } from "../log.server";
import { and, asc, eq, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../../db/client";
import { mailOutbox } from "../../../db/schema";
import { hasSecretMark } from "./sealed.server";
import { MAIL_MESSAGES } from "../../lib/schemas/admin-mail";
import { readNumberSetting } from "../settings.server";

/** What the queue carries: the outbox row to deliver (the row holds everything else). */
export interface MailQueueMessage {
  id: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  /** `order_placed`, `new_order`, `order_shipped`, `password_reset`... */
  template: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /**
   * The mail's secrets, sealed (`MailContext.seal`, app/services/mail/sealed.server.ts): the text and
   * HTML hold their marks, the outbox keeps only this, and delivery puts the secrets back.
   */
  sealed?: string;
}

/**
 * The ids of the mails a request's batches wrote, by the request's database object (as the cache
 * tags are): the Worker sends them to the queue once the answer is ready.
 */
const queuedMail = new WeakMap<Database, Set<string>>();

function queuedBy(db: Database): Set<string> {
  let ids = queuedMail.get(db);
  if (!ids) queuedMail.set(db, (ids = new Set()));
  return ids;
}

/** A header value on one line: CR, LF and other control characters can never start a new header. */
export function oneLine(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
}

/** A plain address (no display name, nothing that could end the header): else the mail is refused. */
const ADDRESS = /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+\.[^\s@<>()",;:\\[\]]+$/;

/**
 * The INSERT of one email into the outbox, to put in the batch of the change that causes it: the
 * mail exists if and only if the change commits. The row's id is chosen here and noted on the
 * request's database, so that the Worker queues it for delivery after the batch (a batch that failed
 * leaves an id the consumer finds no row for, and drops). Header injection is impossible by
 * construction: the address must be a bare address and the subject and extra headers are one line.
 */
/** Whether an address can be written to (a plain address): a mail to anything else is not written. */
export function isMailable(address: string | null | undefined): address is string {
  return typeof address === "string" && ADDRESS.test(address.trim());
}

export interface MailStatementOptions {
  /** Written only when this SQL condition holds at that point of the batch (a guarded change's guard). */
  onlyIf?: SQL;
  /**
   * Values known only inside the batch (the new order's id): each placeholder in the text and HTML
   * is replaced, in SQL, by its value. Use a placeholder nobody can type (`fillMark()`).
   */
  fill?: Record<string, SQL>;
}

/** A placeholder for `fill`: random, so no customer's text can hold it. */
export function fillMark(name: string): string {
  return `{{${name}:${crypto.randomUUID()}}}`;
}

export function mailStatement(
  db: Database,
  mail: OutgoingMail,
  options: MailStatementOptions = {},
): BatchItem<"sqlite"> {
  const to = mail.to.trim();
  if (!ADDRESS.test(to)) throw new Error(`mailStatement: not a plain address: ${JSON.stringify(mail.to)}`);
  const headers = mail.headers
    ? Object.fromEntries(
        Object.entries(mail.headers).map(([name, value]) => [name.replace(/[^A-Za-z0-9-]/g, ""), oneLine(value)]),
      )
    : null;
  // A mark whose secret was not sealed would reach the recipient as a dead link: a bug, refused here.
  if (!mail.sealed && [mail.text, mail.html, ...Object.values(headers ?? {})].some(hasSecretMark)) {
    throw new Error(`mailStatement: the ${mail.template} mail has a secret's mark but no sealed secrets`);
  }
  const id = crypto.randomUUID();
  queuedBy(db).add(id);
  const row = {
    id,
    toAddress: to,
    subject: oneLine(mail.subject),
    template: mail.template,
    text: mail.text,
    html: mail.html,
    headers,
    secrets: mail.sealed ?? null,
  };
  const { onlyIf, fill } = options;
  if (!onlyIf && !fill) return db.insert(mailOutbox).values(row);
  // The insert-select form: the row only when the guard holds, its text and HTML filled in by SQL.
  const filled = (value: string) =>
    Object.entries(fill ?? {}).reduce<SQL>(
      (expression, [mark, replacement]) => sql`replace(${expression}, ${mark}, CAST(${replacement} AS TEXT))`,
      sql`${value}`,
    );
  return db.insert(mailOutbox).select(
    db
      .select({
        // Every column, in the table's order (drizzle's insert-select asks it).
        id: sql`${id}`.as("id"),
        toAddress: sql`${row.toAddress}`.as("to_address"),
        subject: sql`${row.subject}`.as("subject"),
        template: sql`${row.template}`.as("template"),
        text: filled(row.text).as("text"),
        html: filled(row.html).as("html"),
        headers: sql`${headers === null ? null : JSON.stringify(headers)}`.as("headers"),
        status: sql`'queued'`.as("status"),
        attempts: sql`0`.as("attempts"),
        lastError: sql`NULL`.as("last_error"),
        transport: sql`NULL`.as("transport"),
        claimedAt: sql`NULL`.as("claimed_at"),
        createdAt: sql`unixepoch()`.as("created_at"),
        sentAt: sql`NULL`.as("sent_at"),
        secrets: sql`${row.secrets}`.as("secrets"),
        bodyRemovedAt: sql`NULL`.as("body_removed_at"),
      })
      .from(sql`(SELECT 1)`)
      .where(onlyIf ?? sql`1`),
  );
}

/**
 * Notes an existing outbox row (one staff sent back to `queued`) for the queue, as `mailStatement`
 * does for a new one: the Worker sends it to the queue after the request.
 */
export function queueAgain(db: Database, id: string): void {
  queuedBy(db).add(id);
}

/** The mails this request's batches wrote so far (and forgets them). */
export function takeQueuedMail(db: Database): string[] {
  const queued = queuedBy(db);
  const ids = [...queued];
  queued.clear();
  return ids;
}

/**
 * Sends the request's new mails to the queue. Without a queue (the Vite dev server, Node) they wait
 * in the outbox for the sweep; if sending fails they wait too: a mail is never lost, only later.
 */
export async function enqueueMail(db: Database, queue: Queue<MailQueueMessage> | undefined): Promise<void> {
  const ids = takeQueuedMail(db);
  if (ids.length === 0 || !queue) return;
  try {
    await queue.sendBatch(ids.map((id) => ({ body: { id } })));
  } catch (error) {
    log.warn("mail: could not queue; the sweep will", { count: ids.length }, error);
  }
}

/** A row not tried within this long after it was written lost its queue message: the sweep sends it again. */
export const UNSENT_AFTER_SECONDS = 300;
/** A claim older than this is a consumer that died mid-send: the row may be tried again. */
export const CLAIM_SECONDS = 900;

/**
 * The sweep (the Cron Trigger): mails whose queue message never came (the Worker stopped between
 * the batch and the queue, or the queue refused) and mails whose consumer died mid-send, queued
 * again. Mails waiting for the queue's retry (tried, not claimed) are the queue's business.
 */
export async function requeueStuckMail(db: Database, queue: Queue<MailQueueMessage> | undefined): Promise<number> {
  if (!queue) return 0;
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, "queued"),
        or(
          and(
            eq(mailOutbox.attempts, 0),
            isNull(mailOutbox.claimedAt),
            lt(mailOutbox.createdAt, sql`unixepoch() - ${UNSENT_AFTER_SECONDS}`),
          ),
          lt(mailOutbox.claimedAt, sql`unixepoch() - ${CLAIM_SECONDS}`),
        ),
      ),
    )
    .limit(500);
  for (let i = 0; i < rows.length; i += 100)
    await queue.sendBatch(rows.slice(i, i + 100).map((row) => ({ body: { id: row.id } })));
  return rows.length;
}

/** The setting (group "store") and its default: a sent mail keeps its body this many days. */
export const MAIL_RETENTION_SETTING = "mail_body_retention_days";
export const DEFAULT_MAIL_RETENTION_DAYS = 30;
/** Mails emptied per statement, and statements per run: bounded work for one scheduled run. */
const RETENTION_CHUNK = 500;
const RETENTION_CHUNKS_PER_RUN = 20;

/**
 * The retention sweep (the nightly Cron Trigger): the mails sent more than
 * `mail_body_retention_days` days before `now` lose their body (text, HTML, headers, secrets), in
 * chunks of the oldest first, through the index of the sent mails whose body is kept. Their address,
 * subject, template, status and dates stay, the text says when the body went, and the audit and
 * order history rows are not touched. Queued and failed mails keep their body (they may be sent
 * yet). Running it again changes nothing. Answers how many mails it emptied.
 */
export async function removeOldMailBodies(db: Database, now = new Date()): Promise<number> {
  const days = await readNumberSetting(db, MAIL_RETENTION_SETTING, DEFAULT_MAIL_RETENTION_DAYS);
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  // Literal terms, as the partial index is written: a bound parameter would not match its WHERE.
  const keptBody = sql`${mailOutbox.status} = 'sent' AND ${mailOutbox.bodyRemovedAt} IS NULL`;
  let removed = 0;
  for (let round = 0; round < RETENTION_CHUNKS_PER_RUN; round++) {
    const chunk = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(keptBody, lt(mailOutbox.sentAt, cutoff)))
      .orderBy(asc(mailOutbox.sentAt))
      .limit(RETENTION_CHUNK);
    const emptied = await db
      .update(mailOutbox)
      .set({ text: MAIL_MESSAGES.bodyRemoved(days), html: "", headers: null, secrets: null, bodyRemovedAt: now })
      .where(and(inArray(mailOutbox.id, chunk), keptBody))
      .returning({ id: mailOutbox.id });
    removed += emptied.length;
    if (emptied.length < RETENTION_CHUNK) break;
  }
  return removed;
}
