import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { auditLog } from "../../db/schema";
import { insertOneIf, isoDate, pageMeta, type PageMeta, onePage, countWhere, totalOf } from "./sql";
import { AuditRecordSchema } from "./serializers/admin-audit";
import { type z } from "zod";

/** The staff member making a change, as the audit log and an order's history keep them. */
export interface Actor {
  id: number;
  name: string;
  email: string;
}

/** Who an audit row names: a staff member, or the shop itself (SYSTEM_ACTOR, no account). */
export type AuditActor = Omit<Actor, "id"> & { id: number | null };

/** The shop's own scheduled work (the daily clean-up), as the audit log and an order's history name it. */
export const SYSTEM_ACTOR: AuditActor = { id: null, name: "System", email: "system" };

export const actorOf = (viewer: { user: Actor }): Actor => ({
  id: viewer.user.id,
  name: viewer.user.name,
  email: viewer.user.email,
});

/** What changed: `{ field: [before, after] }`. */
export type Changes = Record<string, [unknown, unknown]>;

/** The fields whose value differs between `before` and `after` (compared as JSON), as `Changes`. */
export function changesBetween<T extends Record<string, unknown>>(before: T, after: Partial<T>): Changes {
  const changes: Changes = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(value ?? null))
      changes[key] = [before[key] ?? null, value ?? null];
  }
  return changes;
}

export interface AuditInput {
  action: string;
  entity: string;
  /** The row's id; SQL for a row the same batch creates (`(SELECT id FROM ... WHERE slug = ?)`). */
  entityId: string | number | SQL;
  summary: string;
  changes?: Changes | null;
}

/**
 * The audit row of a staff write, to put in the write's own batch: recorded if and only if the
 * write commits. `onlyIf` (SQL) records it only when that condition holds at that point of the batch
 * (a guarded transition that may find the order already moved on).
 */
export function auditEntry(db: Database, actor: AuditActor, entry: AuditInput, onlyIf?: SQL) {
  const values = {
    actorId: actor.id,
    actorName: actor.name,
    actorEmail: actor.email,
    action: entry.action,
    entity: entry.entity,
    entityId: typeof entry.entityId === "object" ? sql`CAST(${entry.entityId} AS TEXT)` : String(entry.entityId),
    summary: entry.summary,
    changes: entry.changes && Object.keys(entry.changes).length ? entry.changes : null,
  };
  if (!onlyIf) return db.insert(auditLog).values(values);
  const changes = values.changes === null ? null : JSON.stringify(values.changes);
  return insertOneIf(db, auditLog, { ...values, changes, createdAt: sql`unixepoch()` }, onlyIf);
}

/** An audit entry as staff read it: the wire's shape. */
export type AuditRecord = z.output<typeof AuditRecordSchema>;

export interface AuditQuery {
  entity?: string;
  entity_id?: string;
  page: number;
  per_page: number;
}

const auditColumns = {
  id: auditLog.id,
  actorId: auditLog.actorId,
  actorName: auditLog.actorName,
  actorEmail: auditLog.actorEmail,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  summary: auditLog.summary,
  changes: auditLog.changes,
  createdAt: auditLog.createdAt,
};

function toAuditRecord(row: { [K in keyof typeof auditColumns]: (typeof auditLog.$inferSelect)[K] }): AuditRecord {
  return {
    id: row.id,
    actor: { id: row.actorId, name: row.actorName, email: row.actorEmail },
    action: row.action,
    entity: row.entity,
    entity_id: row.entityId,
    summary: row.summary,
    changes: row.changes ?? null,
    created_at: isoDate(row.createdAt),
  };
}

export const auditWhere = (query: { entity?: string; entity_id?: string }) =>
  and(
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.entity_id ? eq(auditLog.entityId, query.entity_id) : undefined,
  );

/** The audit log, newest first, optionally of one entity (and one id): the page and its total in one batch. */
export async function listAudit(db: Database, query: AuditQuery): Promise<{ data: AuditRecord[] } & PageMeta> {
  const where = auditWhere(query);
  const [rows, counted] = await db.batch([
    onePage(db.select(auditColumns).from(auditLog).where(where).$dynamic(), [desc(auditLog.id)], query),
    countWhere(db, auditLog, where),
  ]);
  const total = totalOf(counted);
  return { data: rows.map(toAuditRecord), ...pageMeta(query.page, query.per_page, total, rows.length) };
}

/** The latest entries of one entity, for its page (an order's, the settings'): a statement to batch. */
export const recentAuditOf = (db: Database, entity: string, entityId: string | number | undefined, limit = 20) =>
  db
    .select(auditColumns)
    .from(auditLog)
    .where(auditWhere({ entity, entity_id: entityId === undefined ? undefined : String(entityId) }))
    .orderBy(desc(auditLog.id))
    .limit(limit);

export const auditRecords = (rows: Awaited<ReturnType<typeof recentAuditOf>>) => rows.map(toAuditRecord);
