import { asc, Column, desc, eq, getTableColumns, inArray, is, Placeholder, SQL, sql, type Subquery } from "drizzle-orm";
import {
  QueryBuilder,
  SQLiteSyncDialect,
  type SQLiteColumn,
  type SQLiteSelect,
  type SQLiteSelectQueryBuilder,
  type SQLiteTable,
} from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client";
import { matchQuery, searchWords } from "../lib/search";
import { rateLimits } from "../../db/schema";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";

/**
 * Builds subqueries (correlated or not) without a database handle: they are embedded in the
 * statements of the services, which run them. A select built here renders in parentheses.
 */
export const subqueries = new QueryBuilder();

/** What a select may read: columns and SQL expressions, keyed by the row's field names. */
export type Columns = Record<string, Column | SQL | SQL.Aliased>;

/** The row a select of these columns gives: the types come from the schema's columns. */
export type RowOf<T extends Columns> = SelectResultFields<T>;

/**
 * `(SELECT <expression> FROM ...)` as a field of a select. The inner SQL is nested so that drizzle
 * keeps the table names of its columns: in a single-table select it drops them from a field's own
 * top-level columns, and a correlated subquery needs them (`"blogs"."id"`, not a bare `"id"`).
 */
export function scalar<T>(inner: SQL): SQL<T> {
  return sql<T>`(${inner})`;
}

let dialect: SQLiteSyncDialect | undefined;

/**
 * A fragment that is the same on every request except for its named values, rendered to SQL text
 * once, on first use, instead of on every call: drizzle renders a nested subquery anew each time a
 * statement holding it is built, which for a page's correlated JSON subqueries costs more than the
 * statement takes to run. `build` receives a placeholder per name and must be pure; the answer
 * takes the values and gives the same SQL, text and parameters, as `build` with those values would;
 * the values are bound as given, so they must be what the driver takes (text, numbers), not dates
 * or booleans that a column would have converted.
 */
export function prerendered<K extends string = never, T = unknown>(
  names: readonly K[],
  build: (values: Record<K, Placeholder>) => SQL<T>,
): (values: Record<K, unknown>) => SQL<T> {
  let pieces: (SQL | Placeholder)[] | undefined;
  let fixed: SQL<T> | undefined;
  return (values) => {
    if (!pieces) {
      const marks = Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as unknown as Record<
        K,
        Placeholder
      >;
      const query = (dialect ??= new SQLiteSyncDialect()).sqlToQuery(build(marks));
      const texts = query.sql.split("?");
      // A "?" inside the text itself (a string literal) would misplace the parameters: refuse.
      if (texts.length !== query.params.length + 1) throw new Error("prerendered: a '?' outside a parameter");
      pieces = texts.flatMap((text, i) => {
        const parameter = query.params[i];
        if (i === query.params.length) return [sql.raw(text)];
        return [sql.raw(text), is(parameter, Placeholder) ? parameter : sql`${parameter}`];
      });
      if (names.length === 0) fixed = sql.join(pieces) as SQL<T>;
    }
    if (fixed) return fixed;
    return sql.join(
      pieces.map((piece) => (is(piece, Placeholder) ? sql`${values[piece.name as K]}` : piece)),
    ) as SQL<T>;
  };
}

/** A fragment with no values, rendered to SQL text once, on first use (see `prerendered`). */
export function rendered<T>(build: () => SQL<T>): () => SQL<T> {
  const render = prerendered<never, T>([], build);
  return () => render({});
}

/**
 * Each SQL expression of a selection named by its key (`AS "key"`). D1 answers a batch's rows as
 * objects keyed by column name, and drizzle reads them back by position: two unnamed expressions
 * with the same text (`sum("status" = ?)` for two statuses) would collide and shift every later
 * field. Columns are left as they are.
 */
export function named<T extends Record<string, Column | SQL | SQL.Aliased>>(
  columns: T,
): { [K in keyof T]: T[K] extends SQL<infer V> ? SQL.Aliased<V> : T[K] } {
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [key, is(column, SQL) ? column.as(key) : column]),
  ) as { [K in keyof T]: T[K] extends SQL<infer V> ? SQL.Aliased<V> : T[K] };
}

/** `json_object('field', expression, ...)` over a selection: a JSON object with a selected row's keys. */
export function jsonObject(columns: Columns): SQL<string> {
  const pairs = Object.entries(columns).map(([key, column]) => {
    if (!/^\w+$/.test(key)) throw new Error(`Not a field name: ${key}`);
    return sql`${sql.raw(`'${key}'`)}, ${is(column, SQL.Aliased) ? column.getSQL() : column}`;
  });
  return sql<string>`json_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * The rows of a (correlated) select, in its order, as one JSON array text: the values of its field
 * when it selects one (`["a","b"]`), else objects keyed by its fields (`[{"url":…,"alt":…}]`).
 */
export function jsonArrayOf(select: { as(alias: string): Subquery }): SQL<string> {
  const rows = select.as("rows_");
  const field = (key: string) => (rows as unknown as Record<string, Column>)[key]!;
  const keys = Object.keys(rows._.selectedFields);
  const value =
    keys.length === 1 ? sql`${field(keys[0]!)}` : jsonObject(Object.fromEntries(keys.map((key) => [key, field(key)])));
  return scalar<string>(sql`SELECT json_group_array(${value}) FROM ${rows}`);
}

/**
 * A row's children as a JSON array (see `jsonArrayOf`), rendered once: `columns` of the rows of
 * `table` whose `link` column is the outer row's `parent`, in the order of `order`.
 */
export function childRowsJson(
  columns: Record<string, SQLiteColumn>,
  table: SQLiteTable,
  { link, parent, order }: { link: SQLiteColumn; parent: SQLiteColumn; order: SQLiteColumn },
) {
  return rendered(() =>
    jsonArrayOf(subqueries.select(columns).from(table).where(eq(link, parent)).orderBy(asc(order))),
  );
}

/**
 * An insert of one row, applied only when `onlyIf` holds at that point of the batch: an insert-select
 * from no table. Drizzle's insert-select names every column in the table's order, so the row is built
 * in that order (generated columns left out, as drizzle leaves them): each column's value from
 * `values` (a plain value or SQL), NULL where none is given (a NULL id numbers the row).
 */
export function insertOneIf<T extends SQLiteTable>(
  db: Database,
  table: T,
  values: { [K in keyof T["_"]["columns"]]?: unknown },
  onlyIf: SQL,
) {
  const given: Record<string, unknown> = values;
  const row = Object.fromEntries(
    Object.entries(getTableColumns(table))
      .filter(([, column]) => column.generated === undefined)
      .map(([key, column]) => [key, sql`${given[key] ?? null}`.as(column.name)]),
  );
  // As SQL: drizzle's check of a builder's fields counts generated columns, its insert leaves them out.
  return db.insert(table).select(
    db
      .select(row)
      .from(sql`(SELECT 1)`)
      .where(onlyIf)
      .getSQL(),
  );
}

/** Whether any row of `table` matches `where`. */
export async function hasRow(db: Database, table: SQLiteTable, where: SQL | undefined): Promise<boolean> {
  const rows = await db
    .select({ found: sql`1` })
    .from(table)
    .where(where)
    .limit(1);
  return rows.length > 0;
}

/** A row read back from `jsonObject(columns)`: each column's value decoded as drizzle decodes a selected one. */
export function rowFromJson<T extends Columns>(columns: T, json: Record<string, unknown>): RowOf<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const value = json[key] ?? null;
    row[key] = value !== null && is(column, Column) ? column.mapFromDriverValue(value) : value;
  }
  return row as RowOf<T>;
}

/**
 * Whether the column contains the text, ignoring ASCII case like LIKE does. `instr` rather than
 * LIKE: D1 refuses LIKE patterns over 50 bytes ("pattern too complex"), which a 100-character search
 * would exceed; `instr` has no such limit and needs no escaping.
 */
export function likeContains(column: SQL | SQL.Aliased | unknown, text: string): SQL {
  return sql`instr(lower(${column}), lower(${text})) > 0`;
}

/** The staff's full-text indexes (migration `staff_search_daily_figures`): each row's rowid is the id of what it indexes. */
export type StaffSearchIndex = "order_search" | "user_search" | "product_staff_search";

/**
 * Whether the row whose id is `id` is found in the staff's full-text index by what staff typed
 * (`matchQuery`, as the shoppers' search): an index search, never a scan of the table. Text without a word finds nothing.
 */
export function foundIn(id: SQLiteColumn, index: StaffSearchIndex, text: string): SQL {
  const match = matchQuery(searchWords(text));
  if (match === null) return sql`0`;
  const table = sql.identifier(index);
  return sql`${id} IN (SELECT rowid FROM ${table} WHERE ${table} MATCH ${match})`;
}

/** Unix seconds (what timestamp columns hold) to an ISO string; null stays null. */
export function isoDate(value: Date | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value * 1000);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function parseJsonArray<T>(value: unknown): T[] {
  if (Array.isArray(value)) return value as T[];
  if (typeof value !== "string" || value === "") return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
}

export interface PageMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
  total: number;
}

export function pageMeta(page: number, perPage: number, total: number, rowsOnPage: number): PageMeta {
  const from = rowsOnPage > 0 ? (page - 1) * perPage + 1 : null;
  return {
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    from,
    to: from === null ? null : from + rowsOnPage - 1,
    total,
  };
}

/** The page a list asks for: `page` counts from 1, `per_page` rows each. */
export interface Paging {
  page: number;
  per_page: number;
}

/** A list's select or subquery (made `$dynamic()`) in its order, cut to the page asked for. */
export function onePage<T extends SQLiteSelect | SQLiteSelectQueryBuilder>(
  select: T,
  order: Array<SQLiteColumn | SQL>,
  paging: Paging,
): T {
  // Each call returns the dynamic select itself; the union of the two select kinds hides that.
  return select
    .orderBy(...order)
    .limit(paging.per_page)
    .offset((paging.page - 1) * paging.per_page) as T;
}

/**
 * A list's page whose rows are costly to build (joins, a subquery per row): the page's ids are chosen
 * first, by a select of the ids alone (`where`, in the list's `order`), and the rows are built for
 * those only, in the same order. A search matching many rows then sorts their ids, not whole rows.
 */
export function onePageById<T extends SQLiteSelect>(
  select: T,
  table: SQLiteTable & { id: SQLiteColumn },
  where: SQL | undefined,
  order: Array<SQLiteColumn | SQL>,
  paging: Paging,
): T {
  const ids = subqueries
    .select({ id: table.id })
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(paging.per_page)
    .offset((paging.page - 1) * paging.per_page);
  return select.where(inArray(table.id, ids)).orderBy(...order);
}

/** Newest first: by creation time, then by id for rows created in the same second. */
export const newestFirst = (table: { createdAt: SQLiteColumn; id: SQLiteColumn }) => [
  desc(table.createdAt),
  desc(table.id),
];

/** How many rows of the table match, as a statement to batch with the page; `totalOf` reads its answer. */
export const countWhere = (db: Database, table: SQLiteTable, where: SQL | undefined) =>
  db
    .select({ total: sql<number>`count(*)`.as("total") })
    .from(table)
    .where(where);

export const totalOf = (counted: Array<{ total: number }>) => Number(counted[0]?.total ?? 0);

/** Each status's count from rows grouped by status: 0 for a status with none, an unknown status left out. */
export function statusCounts<S extends string>(
  statuses: readonly S[],
  rows: Array<{ status: string; count: number }>,
): Record<S, number> {
  const counts = Object.fromEntries(statuses.map((status) => [status, 0])) as Record<S, number>;
  for (const row of rows)
    if ((statuses as readonly string[]).includes(row.status)) counts[row.status as S] = Number(row.count);
  return counts;
}

/**
 * A page of a list filtered by status, with the count of each status (from rows grouped by status):
 * its total is the count of the status filtered on, or of them all.
 */
export function pageByStatus<S extends string, T>(
  query: Paging & { status?: S },
  statuses: readonly S[],
  data: T[],
  countRows: Array<{ status: string; count: number }>,
): { data: T[]; counts: Record<S, number> } & PageMeta {
  const counts = statusCounts(statuses, countRows);
  const all = (Object.values(counts) as number[]).reduce((sum, count) => sum + count, 0);
  const total = query.status ? counts[query.status] : all;
  return { data, ...pageMeta(query.page, query.per_page, total, data.length), counts };
}

/**
 * Whether a write failed on a constraint whose message matches (D1 and libSQL word them alike;
 * drizzle may wrap the error, so the whole chain of causes is read).
 */
export function failedConstraint(error: unknown, pattern: RegExp): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (pattern.test(String((e as Error).message ?? e))) return true;
  }
  return false;
}

/** Whether a write failed on a UNIQUE index over `column` ("table.column"), or any when not given. */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  const escaped = column?.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return failedConstraint(error, new RegExp(`UNIQUE constraint failed${escaped ? `: .*\\b${escaped}\\b` : ""}`, "i"));
}

/**
 * A statement that fails its batch when `condition` holds, for a rule a transaction must check
 * after its writes (a day's capacity, a setting changed meanwhile). SQLite has no RAISE outside
 * triggers: it inserts a row breaking `rate_limits.count`'s NOT NULL, only when the condition holds.
 * A batch runs as one transaction, so the failure undoes all of it. `guardBroken` recognizes it.
 */
export function guardStatement(db: Database, name: string, condition: SQL) {
  // A query builder, not `db.run`: D1's batch takes only built statements.
  return db.insert(rateLimits).select(
    db
      .select({
        key: sql`${`guard:${name}`}`.as("key"),
        count: sql`NULL`.as("count"),
        resetAt: sql`0`.as("reset_at"),
      })
      .from(sql`(SELECT 1)`)
      .where(condition),
  );
}

export const guardBroken = (error: unknown) =>
  failedConstraint(error, /NOT NULL constraint failed: rate_limits\.count/i);
