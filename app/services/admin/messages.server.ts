import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { contactMessages } from "../../../db/schema";
import { MESSAGE_STATUSES, type MessageListQuery, type MessageStatus } from "../../lib/schemas/admin-people";
import { ConflictError, NotFoundError } from "../errors";
import { isoDate, type PageMeta, onePage, newestFirst, statusCounts, pageByStatus } from "../sql";
import { auditEntry, type Actor } from "../audit.server";
import { type AdminMessageJson, MessageCountsSchema } from "../serializers/admin-message";
import { type z } from "zod";

/**
 * The contact form's inbox (`/admin/messages`, `/api/admin/messages`): every message is unread,
 * read or archived. Reading never changes a message; staff (or the page's "Open", a form post) mark
 * it read, unread or archived, each change with its audit entry in the same batch.
 */

export const MESSAGE_NOT_FOUND = "Message not found";
export const MESSAGE_CHANGED = "This message was changed by someone else meanwhile. Please try again.";

/** A contact message as staff see it: the API's shape. */
export type AdminMessage = AdminMessageJson;

export type MessageCounts = z.output<typeof MessageCountsSchema>;

const messageColumns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  subject: contactMessages.subject,
  message: contactMessages.message,
  status: contactMessages.status,
  read_at: contactMessages.readAt,
  created_at: contactMessages.createdAt,
};

const selectMessage = (db: Database, id: number) =>
  db.select(messageColumns).from(contactMessages).where(eq(contactMessages.id, id));
type MessageRow = Awaited<ReturnType<typeof selectMessage>>[number];

const toMessage = (row: MessageRow): AdminMessage => ({
  ...row,
  status: (MESSAGE_STATUSES as readonly string[]).includes(row.status) ? row.status : "unread",
  read_at: isoDate(row.read_at),
  created_at: isoDate(row.created_at),
});

const countsStatement = (db: Database) =>
  db
    .select({ status: contactMessages.status, count: sql<number>`count(*)` })
    .from(contactMessages)
    .groupBy(contactMessages.status);

const toCounts = (rows: Array<{ status: string; count: number }>) => statusCounts(MESSAGE_STATUSES, rows);

/** Messages of one status (every status when none is given), newest first, with the count of each status: one batch. */
export async function listMessages(
  db: Database,
  query: MessageListQuery,
): Promise<{ data: AdminMessage[] } & PageMeta & { counts: MessageCounts }> {
  const where = query.status ? eq(contactMessages.status, query.status) : undefined;
  const [rows, countRows] = await db.batch([
    onePage(
      db.select(messageColumns).from(contactMessages).where(where).$dynamic(),
      newestFirst(contactMessages),
      query,
    ),
    countsStatement(db),
  ]);
  return pageByStatus(query, MESSAGE_STATUSES, rows.map(toMessage), countRows);
}

/** One message and the inbox's counts (for the tabs), in one batch: reading it changes nothing. */
export async function getMessage(
  db: Database,
  id: number,
): Promise<{ message: AdminMessage; counts: MessageCounts } | null> {
  const [rows, countRows] = await db.batch([selectMessage(db, id), countsStatement(db)]);
  const row = rows[0];
  return row ? { message: toMessage(row), counts: toCounts(countRows) } : null;
}

/**
 * Sets a message's status, with its audit entry, in one batch; nothing is written when it already
 * has that status (so two staff pressing at once record one change), nor, with `onlyFrom`, when its
 * status is not that one. Becoming read stamps `read_at` the first time; marked unread again, it
 * loses it.
 */
export async function setMessageStatus(
  db: Database,
  actor: Actor,
  id: number,
  status: MessageStatus,
  { onlyFrom }: { onlyFrom?: MessageStatus } = {},
): Promise<AdminMessage> {
  const [before] = await selectMessage(db, id);
  if (!before) throw new NotFoundError(MESSAGE_NOT_FOUND);
  if (before.status === status || (onlyFrom && before.status !== onlyFrom)) return toMessage(before);
  const from = onlyFrom ?? before.status;
  // Changed only from the status the change was decided on: a concurrent change wins, not both.
  const changes = and(eq(contactMessages.id, id), eq(contactMessages.status, from))!;
  const [, , rows] = await db.batch([
    // Recorded first, while the condition reads the status as it was, and only when it changes.
    auditEntry(
      db,
      actor,
      {
        action: "update",
        entity: "message",
        entityId: id,
        summary: `Marked the message "${before.subject}" from ${before.name} as ${status}`,
        changes: { status: [from, status] },
      },
      sql`EXISTS (SELECT 1 FROM "contact_messages" WHERE "id" = ${id} AND "status" = ${from})`,
    ),
    db
      .update(contactMessages)
      .set({
        status,
        readAt: status === "unread" ? null : sql`coalesce(${contactMessages.readAt}, unixepoch())`,
      })
      .where(changes),
    selectMessage(db, id),
  ]);
  const row = rows[0];
  if (!row) throw new NotFoundError(MESSAGE_NOT_FOUND);
  // Someone else changed it between the read and the write: theirs stands, and the caller is told.
  if (row.status !== status && !onlyFrom) throw new ConflictError(MESSAGE_CHANGED);
  return toMessage(row);
}

/** "Open" from the inbox: an unread message becomes read; any other status stays as it is. */
export const openMessage = (db: Database, actor: Actor, id: number) =>
  setMessageStatus(db, actor, id, "read", { onlyFrom: "unread" });
