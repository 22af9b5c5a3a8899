import { desc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../../db/client";
import { devMailbox } from "../../../db/schema";
import { isoDate, likeContains } from "../sql";

/**
 * The development mailbox (docs/decisions/020): on a development server, a mail delivered with no
 * transport is kept here as its recipient would have got it (its secrets revealed), so that a
 * developer, and the browser tests, can follow a reset or confirmation link that the outbox, which
 * staff read, never shows. Only delivery writes it, only in development; its page and API are 404
 * in every other environment.
 */

/** Whether this Worker keeps a development mailbox: `ENVIRONMENT=development` (never production, never the worker tests). */
export const hasDevMailbox = (env: { ENVIRONMENT?: string }): boolean => env.ENVIRONMENT === "development";

/** How many mails the list and the API give at most, newest first. */
export const DEV_MAIL_LIMIT = 50;

export interface DevMail {
  id: string;
  to: string;
  subject: string;
  template: string;
  text: string;
  html: string;
  headers: Record<string, string> | null;
  sent_at: string | null;
}

/** The copy of a delivered mail, for the batch that marks it sent (delivery calls it only in development). */
export function devMailStatement(
  db: Database,
  mail: {
    id: string;
    toAddress: string;
    subject: string;
    template: string;
    text: string;
    html: string;
    headers: Record<string, string> | null;
  },
): BatchItem<"sqlite"> {
  return db
    .insert(devMailbox)
    .values({
      id: mail.id,
      toAddress: mail.toAddress,
      subject: mail.subject,
      template: mail.template,
      text: mail.text,
      html: mail.html,
      headers: mail.headers,
    })
    .onConflictDoNothing({ target: devMailbox.id });
}

const toDevMail = (row: typeof devMailbox.$inferSelect): DevMail => ({
  id: row.id,
  to: row.toAddress,
  subject: row.subject,
  template: row.template,
  text: row.text,
  html: row.html,
  headers: row.headers ?? null,
  sent_at: isoDate(row.sentAt),
});

/**
 * The mailbox, newest first (at most DEV_MAIL_LIMIT): to exactly `to` (any case) for the API, or to
 * addresses containing `search` for the page.
 */
export async function listDevMail(db: Database, filter: { to?: string; search?: string } = {}): Promise<DevMail[]> {
  const where = filter.to
    ? sql`lower(${devMailbox.toAddress}) = lower(${filter.to.trim()})`
    : filter.search
      ? likeContains(devMailbox.toAddress, filter.search.trim())
      : undefined;
  const rows = await db
    .select()
    .from(devMailbox)
    .where(where)
    .orderBy(desc(devMailbox.sentAt), desc(sql`"dev_mailbox"."rowid"`))
    .limit(DEV_MAIL_LIMIT);
  return rows.map(toDevMail);
}

/** One mail of the mailbox, or null. */
export async function getDevMail(db: Database, id: string): Promise<DevMail | null> {
  const [row] = await db.select().from(devMailbox).where(eq(devMailbox.id, id));
  return row ? toDevMail(row) : null;
}
