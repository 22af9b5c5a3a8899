import { getTableName, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "../../../db/client";

/**
 * What the back office's tables share when staff add and change rows: the id a new row will take
 * (chosen before the write, so that the row, the shop's cache tags and the audit row naming it go
 * in ONE batch), and telling which unique index refused a write.
 */

/** The next id of a table: one above the highest ever given (AUTOINCREMENT never reuses one). */
export async function nextIdOf(db: Database, table: SQLiteTable): Promise<number> {
  const [row] = await db
    .select({
      next: sql<number>`max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = ${getTableName(table)}), 0), coalesce(max("id"), 0)) + 1`.as("next_id"),
    })
    .from(table);
  return Number(row?.next ?? 1);
}

/** Whether a write failed on a UNIQUE index over `column` ("table.column"), or any when not given. */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  const text = `${(error as Error)?.message ?? ""} ${String((error as { cause?: unknown })?.cause ?? "")}`;
  if (!/UNIQUE constraint failed/i.test(text)) return false;
  return column === undefined || text.includes(column);
}
