import { and, desc, eq, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { mailOutbox } from "../../../db/schema";
import { MAIL_MESSAGES, MAIL_STATUSES, type MailListQuery } from "../../lib/schemas/admin-mail";
import { ConflictError, NotFoundError } from "../errors";
import { transportName, type MailTransportEnv } from "../mail/delivery.server";
import { queueAgain } from "../mail/outbox.server";
import { maskHeaders, maskSecrets } from "../mail/sealed.server";
import { isoDate, likeContains, type PageMeta, onePage, pageByStatus } from "../sql";
import { auditEntry, auditRecords, recentAuditOf, type Actor, type AuditRecord } from "../audit.server";
import { type AdminMailJson, MailCountsSchema } from "../serializers/admin-mail";
import { type z } from "zod";

/**
 * The outbox as staff see it (`/admin/mail`, `/api/admin/mail`): every email the shop sent or tried
 * to send, newest first, by address, template and status; one email as it was written; and a retry
 * for one that failed, which sends it back to the queue with a fresh set of attempts. Staff never see
 * a mail's secrets (a reset link, a confirmation or unsubscribe link, a guest's order link): the text,
 * HTML and headers are given with them masked, and a retry delivers the sealed ones (decision 020).
 */

/** An outbox mail as staff see it: the API's shape (every secret masked), and whether it may be retried now. */
export type AdminMail = AdminMailJson & {
  /** Whether staff may send it back to the queue now (failed, or waiting after a failed try). */
  can_retry: boolean;
};

export type MailCounts = z.output<typeof MailCountsSchema>;

const mailColumns = {
  id: mailOutbox.id,
  to_address: mailOutbox.toAddress,
  subject: mailOutbox.subject,
  template: mailOutbox.template,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  last_error: mailOutbox.lastError,
  transport: mailOutbox.transport,
  claimed_at: mailOutbox.claimedAt,
  created_at: mailOutbox.createdAt,
  sent_at: mailOutbox.sentAt,
  text: mailOutbox.text,
  html: mailOutbox.html,
  headers: mailOutbox.headers,
  body_removed_at: mailOutbox.bodyRemovedAt,
};

const selectMail = (db: Database, id: string) => db.select(mailColumns).from(mailOutbox).where(eq(mailOutbox.id, id));
type MailRow = Awaited<ReturnType<typeof selectMail>>[number];

/** A mail staff may retry: failed for good, or back in the queue after a failed try and not being sent right now. */
const retryable = (row: Pick<MailRow, "status" | "last_error" | "claimed_at">) =>
  row.status === "failed" || (row.status === "queued" && row.last_error !== null && row.claimed_at === null);

/** The same rule in SQL, the guard of the retry's UPDATE (a consumer may take the row meanwhile). */
const retryableSql = (id: string): SQL =>
  and(
    eq(mailOutbox.id, id),
    or(
      eq(mailOutbox.status, "failed"),
      and(eq(mailOutbox.status, "queued"), isNotNull(mailOutbox.lastError), isNull(mailOutbox.claimedAt)),
    ),
  )!;

const toMail = (row: MailRow): AdminMail => ({
  id: row.id,
  to: row.to_address,
  subject: row.subject,
  template: row.template,
  status: row.status,
  attempts: row.attempts,
  last_error: row.last_error,
  transport: row.transport,
  created_at: isoDate(row.created_at),
  sent_at: isoDate(row.sent_at),
  text: maskSecrets(row.text),
  html: maskSecrets(row.html),
  headers: maskHeaders(row.headers),
  body_removed_at: isoDate(row.body_removed_at),
  can_retry: retryable(row),
});

/** Newest first; rows written in the same second keep the order they were written in. */
const newestMailFirst = [desc(mailOutbox.createdAt), desc(sql`"mail_outbox"."rowid"`)];

export interface MailList extends PageMeta {
  data: AdminMail[];
  /** How many mails of each status match the address and template filters (the status filter aside). */
  counts: MailCounts;
  /** The templates the outbox holds, for the template filter. */
  templates: string[];
}

/** The outbox, newest first, filtered; the page, the counts per status and the templates present, in one batch. */
export async function listMail(db: Database, query: MailListQuery): Promise<MailList> {
  const byAddressAndTemplate = and(
    query.to ? likeContains(mailOutbox.toAddress, query.to) : undefined,
    query.template ? eq(mailOutbox.template, query.template) : undefined,
  );
  const where = and(byAddressAndTemplate, query.status ? eq(mailOutbox.status, query.status) : undefined);
  const [rows, countRows, templateRows] = await db.batch([
    onePage(db.select(mailColumns).from(mailOutbox).where(where).$dynamic(), newestMailFirst, query),
    db
      .select({ status: mailOutbox.status, count: sql<number>`count(*)`.as("status_count") })
      .from(mailOutbox)
      .where(byAddressAndTemplate)
      .groupBy(mailOutbox.status),
    db.selectDistinct({ template: mailOutbox.template }).from(mailOutbox).orderBy(mailOutbox.template),
  ]);
  return {
    ...pageByStatus(query, MAIL_STATUSES, rows.map(toMail), countRows),
    templates: templateRows.map((row) => row.template),
  };
}

/** One mail and the staff's changes to it (its retries), in one batch. Null when unknown. */
export async function getMail(db: Database, id: string): Promise<{ mail: AdminMail; audit: AuditRecord[] } | null> {
  const [rows, audit] = await db.batch([selectMail(db, id), recentAuditOf(db, "mail", id)]);
  const row = rows[0];
  return row ? { mail: toMail(row), audit: auditRecords(audit) } : null;
}

/** Why a mail cannot be retried now, for the 409. */
function refusal(row: MailRow): string {
  if (row.status === "sent") return MAIL_MESSAGES.alreadySent;
  if (row.claimed_at !== null) return MAIL_MESSAGES.sending;
  return MAIL_MESSAGES.waiting;
}

/**
 * Sends a failed mail (or one waiting after a failed try) back to the queue: `queued`, unclaimed, its
 * attempts back to 0 so that the consumer gives it a full set of tries again, its last error cleared
 * (kept in the audit entry's changes). The UPDATE is guarded by the same rule in SQL and the audit
 * entry is recorded only when it holds, in one batch; the id is then queued after the request, as a
 * new mail's is. A sent mail, or one already waiting or being sent, is a 409.
 */
export async function retryMail(db: Database, actor: Actor, id: string): Promise<AdminMail> {
  const [before] = await selectMail(db, id);
  if (!before) throw new NotFoundError(MAIL_MESSAGES.notFound);
  if (!retryable(before)) throw new ConflictError(refusal(before));
  const guard = retryableSql(id);
  const [, updated, rows] = await db.batch([
    auditEntry(
      db,
      actor,
      {
        action: "retry",
        entity: "mail",
        entityId: id,
        summary: `Queued the email "${before.subject}" to ${before.to_address} to be sent again`,
        changes: {
          status: [before.status, "queued"],
          attempts: [before.attempts, 0],
          last_error: [before.last_error, null],
        },
      },
      sql`EXISTS (SELECT 1 FROM ${mailOutbox} WHERE ${guard})`,
    ),
    db
      .update(mailOutbox)
      .set({ status: "queued", attempts: 0, claimedAt: null, lastError: null })
      .where(guard)
      .returning({ id: mailOutbox.id }),
    selectMail(db, id),
  ]);
  const row = rows[0];
  if (!row) throw new NotFoundError(MAIL_MESSAGES.notFound);
  // A consumer (or another staff member) changed it between the read and the write.
  if (updated.length === 0) throw new ConflictError(refusal(row));
  queueAgain(db, id);
  return toMail(row);
}

/** The dashboard's warning: a production shop with no transport keeps its mail in the outbox, undelivered. */
export function mailNotDelivered(env: MailTransportEnv & { ENVIRONMENT?: string }): boolean {
  return env.ENVIRONMENT === "production" && transportName(env) === "none";
}

/** Which transport mail leaves by, and whether it reaches anyone (for the API's stats). */
export const mailTransport = (env: MailTransportEnv) => ({
  transport: transportName(env),
  delivering: transportName(env) !== "none",
});
