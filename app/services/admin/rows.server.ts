import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

/**
 * What the back office's tables share when staff add rows: naming a row the batch is creating.
 */

/**
 * The id of the row this batch creates, as SQL its later statements (child rows, the audit row)
 * can use: the row is found by a unique key it is written with (a slug, a code, a SKU, a country and state). No id is
 * drawn before the write, so two creates never race for one; AUTOINCREMENT gives it.
 */
export function newRowId(table: SQLiteTable & { id: SQLiteColumn }, byUniqueKey: SQL | undefined): SQL {
  return sql`(SELECT ${table.id} FROM ${table} WHERE ${byUniqueKey})`;
}

export { isUniqueViolation } from "../sql";
