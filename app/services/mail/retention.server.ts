import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../../db/client";
import { mailOutbox, mailSuppressions } from "../../../db/schema";
import type { MailContext } from "./context";
import { newsletterMailStatement } from "./newsletter";
import { secretMark } from "./sealed.server";
import type { RenderedMail } from "./templates/layout";
import { readBooleanSetting } from "../settings.server";

/**
 * The mails that bring shoppers back (docs/decisions/037-bringing-shoppers-back.md): back in stock,
 * a left cart, an occasion. Each one goes to the outbox only through `retentionMailStatements`, so
 * every one of them
 * - carries a one-click unsubscribe from its topic (RFC 8058 headers, a link in its text and HTML);
 * - is never written to an address that left its topic, or that bounced or complained (topic `*`);
 * - is never written to an address that got any of them in the last 24 hours: the outbox itself is
 *   the count, read in SQL inside the batch that writes the mail, so two jobs racing cannot both pass;
 * - is switched off by its setting (`retentionEnabled`, read by the job before it looks for work).
 */

export const RETENTION_TOPICS = {
  back_in_stock: { template: "back_in_stock", setting: "feature_back_in_stock", label: "back-in-stock emails" },
  cart_reminder: { template: "cart_reminder", setting: "cart_reminder_mail", label: "reminders of a cart you left" },
  occasion_reminder: { template: "occasion_reminder", setting: "occasion_reminder_mail", label: "occasion reminders" },
} as const;

export type RetentionTopic = keyof typeof RETENTION_TOPICS;

/** Suppresses every topic: a bounce or a complaint. */
export const ALL_TOPICS = "*";

export const isRetentionTopic = (value: string): value is RetentionTopic => Object.hasOwn(RETENTION_TOPICS, value);

/** The outbox templates of the return mails (the daily limit counts these). */
export const RETENTION_TEMPLATES: string[] = Object.values(RETENTION_TOPICS).map((topic) => topic.template);

/** Nobody gets two return mails within this many seconds. */
export const RETENTION_GAP_SECONDS = 24 * 60 * 60;

/** How an address is kept and compared: trimmed, lower case. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

/** Whether a topic's mails are switched on (its `store` setting; on when the row is missing). */
export function retentionEnabled(db: Database, topic: RetentionTopic): Promise<boolean> {
  return readBooleanSetting(db, RETENTION_TOPICS[topic].setting, true);
}

/**
 * True in SQL while `email` (an address, or an SQL expression such as a column) may get a mail of
 * `topic` at `now`: not suppressed for the topic or for all, and no return mail written to it in the
 * last 24 hours. Both reads use a primary key or an index (`mail_outbox_to_idx`).
 */
export function mayMailSql(email: string | SQL, topic: RetentionTopic, now: Date): SQL {
  const address = addressSql(email);
  const since = Math.floor(now.getTime() / 1000) - RETENTION_GAP_SECONDS;
  return sql`(${notSuppressedSql(email, topic)}
    AND NOT EXISTS (SELECT 1 FROM ${mailOutbox} WHERE ${mailOutbox.toAddress} = ${address} AND ${mailOutbox.createdAt} > ${since} AND ${inArray(mailOutbox.template, RETENTION_TEMPLATES)}))`;
}

const addressSql = (email: string | SQL): SQL =>
  typeof email === "string" ? sql`${normalEmail(email)}` : sql`lower(${email})`;

/**
 * True in SQL while `email` has not left `topic` nor every topic (a bounce, a complaint): the half
 * of `mayMailSql` a mail the shopper asked for needs (a back-in-stock request's confirmation), which
 * the daily limit of return mails does not hold back.
 */
export function notSuppressedSql(email: string | SQL, topic: RetentionTopic): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${mailSuppressions} WHERE ${mailSuppressions.email} = ${addressSql(email)} AND ${mailSuppressions.topic} IN (${topic}, ${ALL_TOPICS}))`;
}

// ---------------------------------------------------------------- leaving in one click

/** Signs and checks the unsubscribe links' values (app/http/retention.server.ts: HMAC-SHA256 with SESSION_SECRET). */
export interface RetentionSigner {
  sign(value: string): Promise<string>;
  /** In constant time. */
  verify(value: string, signature: string): Promise<boolean>;
}

/** `<topic>.<address, base64url>.<HMAC-SHA256, base64url>`. */
const TOKEN_PATTERN = /^([a-z_]{1,40})\.([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/;

const base64Url = (text: string) => {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};

const fromBase64Url = (text: string): string | null => {
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
};

const signedValue = (topic: string, email: string) => `${topic}:${email}`;

/** The token of an address's unsubscribe link from a topic: never stored, every mail ever sent keeps a working link. */
export async function retentionUnsubscribeToken(
  signer: RetentionSigner,
  email: string,
  topic: RetentionTopic,
): Promise<string> {
  const address = normalEmail(email);
  return `${topic}.${base64Url(address)}.${await signer.sign(signedValue(topic, address))}`;
}

export const retentionUnsubscribeLink = (base: string, token: string) =>
  `${base.replace(/\/+$/, "")}/mail/unsubscribe?token=${encodeURIComponent(token)}`;

/** The address and topic a token names, if its signature holds; else null. Reads nothing. */
export async function readUnsubscribeToken(
  signer: RetentionSigner,
  token: string,
): Promise<{ email: string; topic: RetentionTopic } | null> {
  const match = TOKEN_PATTERN.exec(token);
  if (!match || !isRetentionTopic(match[1]!)) return null;
  const email = fromBase64Url(match[2]!);
  if (!email || normalEmail(email) !== email) return null;
  return (await signer.verify(signedValue(match[1]!, email), match[3]!))
    ? { email, topic: match[1] as RetentionTopic }
    : null;
}

/** Whether an address left a topic (or all of them). */
export async function isSuppressed(db: Database, email: string, topic: RetentionTopic): Promise<boolean> {
  const rows = await db
    .select({ topic: mailSuppressions.topic })
    .from(mailSuppressions)
    .where(and(eq(mailSuppressions.email, normalEmail(email)), inArray(mailSuppressions.topic, [topic, ALL_TOPICS])));
  return rows.length > 0;
}

/**
 * The statement that stops mails of `topic` (or all, `*`) to an address. A first reason stays: an
 * address that unsubscribed and later bounced keeps its first row; a bounce of all topics is its own row.
 */
export function suppressStatement(
  db: Database,
  email: string,
  topic: RetentionTopic | typeof ALL_TOPICS,
  reason: (typeof mailSuppressions.$inferInsert)["reason"],
) {
  return db
    .insert(mailSuppressions)
    .values({ email: normalEmail(email), topic, reason })
    .onConflictDoNothing();
}

export type RetentionUnsubscribeOutcome =
  { outcome: "unsubscribed" | "already"; topic: RetentionTopic } | { outcome: "invalid" };

/** Unsubscribes the token's address from its topic. Idempotent, and says which. */
export async function unsubscribeFromTopic(
  db: Database,
  signer: RetentionSigner,
  token: string,
): Promise<RetentionUnsubscribeOutcome> {
  const target = await readUnsubscribeToken(signer, token);
  if (!target) return { outcome: "invalid" };
  const rows = await suppressStatement(db, target.email, target.topic, "unsubscribed").returning({
    email: mailSuppressions.email,
  });
  return { outcome: rows.length ? "unsubscribed" : "already", topic: target.topic };
}

// ---------------------------------------------------------------- writing one

/** The mark of a return mail's unsubscribe link and the link it stands for: render the mail with `mark`. */
export async function unsubscribeMarkFor(
  context: Pick<MailContext, "origin">,
  signer: RetentionSigner,
  email: string,
  topic: RetentionTopic,
): Promise<{ mark: string; secrets: Record<string, string> }> {
  const mark = secretMark("unsubscribe_link");
  const link = retentionUnsubscribeLink(context.origin, await retentionUnsubscribeToken(signer, email, topic));
  return { mark, secrets: { [mark]: link } };
}

export interface RetentionMail {
  to: string;
  topic: RetentionTopic;
  /** Rendered with marks where its links go; the unsubscribe link's is `unsubscribeMark` (`unsubscribeMarkFor`). */
  mail: RenderedMail;
  unsubscribeMark: string;
  /** Each mark of the mail and its absolute link, the unsubscribe one's included. */
  secrets: Record<string, string>;
}

/**
 * The outbox INSERT of a return mail, in an array to spread into the batch of the change it comes
 * with: written only while `mayMailSql` holds at that point of the batch, and the caller's `onlyIf`
 * (its own change took place: put the change first, guarded by `mayMailSql` too, and check it here).
 */
export function retentionMailStatements(
  db: Database,
  context: Pick<MailContext, "seal">,
  { to, topic, mail, unsubscribeMark, secrets }: RetentionMail,
  { now, onlyIf }: { now: Date; onlyIf?: SQL },
): Promise<Array<BatchItem<"sqlite">>> {
  const address = normalEmail(to);
  const guard = onlyIf ? and(mayMailSql(address, topic, now), onlyIf)! : mayMailSql(address, topic, now);
  return newsletterMailStatement(
    db,
    context,
    { to: address, template: RETENTION_TOPICS[topic].template, mail, unsubscribeMark, secrets },
    { onlyIf: guard },
  );
}
