import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteSelect, SQLiteTable } from "drizzle-orm/sqlite-core";
import { productSearch, tutorialSearch } from "../../db/search-schema";
import { MARK_END, MARK_START } from "../lib/search";
import { subqueries, type Paging } from "./sql";

/**
 * The pieces of SQL every search reads the full-text indexes with (docs/decisions/031): the search
 * page and the suggestions (search.server), the product list and the blog list.
 */

/** `<table> MATCH <query>`: the query is always `matchQuery`'s, never the text as typed. */
export const matching = (table: SQLiteTable, query: string) => sql`${table} MATCH ${query}`;
export const highlighted = (table: SQLiteTable, column: number) =>
  sql<string>`highlight(${table}, ${column}, ${MARK_START}, ${MARK_END})`;
/** The few words around the best match in any column. */
export const snippetOf = (table: SQLiteTable) =>
  sql<string>`snippet(${table}, -1, ${MARK_START}, ${MARK_END}, '…', 16)`;
/** The index's rank: bm25 with the weights the migration configured. */
export const rankOf = (table: SQLiteTable) => sql`${table}.rank`;

/** The products found by a query: a subquery of their ids, for the product and blog lists' filters. */
export function productIdsMatching(query: string) {
  return subqueries.select({ id: productSearch.rowid }).from(productSearch).where(matching(productSearch, query));
}

/** The tutorials found by a query, as a subquery of their ids. */
export function tutorialIdsMatching(query: string) {
  return subqueries.select({ id: tutorialSearch.rowid }).from(tutorialSearch).where(matching(tutorialSearch, query));
}

/**
 * One page of a list's rows found by a full-text query, best matches first (`tieBreak` after the
 * rank). The page's ids are chosen first, by a select of ids alone, and the rows (their snippets,
 * their JSON) are built for those only: SQLite computes a select's columns for every row before it
 * sorts, which for a common word over 20,000 products took seconds. `select` is the rows' select
 * without a condition; `where` filters the table's rows. The ids' CROSS JOIN keeps the index as the
 * outer loop: SQLite would otherwise loop over the table and ask the index about each row, which
 * runs the whole query again for each (seconds over 20,000 products).
 */
export function rankedPage<T extends SQLiteSelect>(
  select: T,
  index: typeof productSearch | typeof tutorialSearch,
  table: SQLiteTable,
  id: SQLiteColumn,
  query: string,
  where: SQL | undefined,
  tieBreak: SQL,
  paging: Paging,
): T {
  const ids = subqueries
    .select({ id })
    .from(index)
    .crossJoin(table)
    .where(and(eq(id, index.rowid), matching(index, query), where))
    .orderBy(rankOf(index), tieBreak)
    .limit(paging.per_page)
    .offset((paging.page - 1) * paging.per_page);
  // The select names its columns, so joining the index adds none: its rows keep their type. The
  // rows' join lets the index run its query once and keep the page's ids. Driven from the table
  // instead (a CROSS JOIN), D1 ran the query again for each row, merging the last word's prefix
  // each time: 13 ms against 4 ms for a page of "hand" over 20,000 products.
  return select
    .innerJoin(index, and(eq(index.rowid, id), matching(index, query)))
    .where(inArray(id, ids))
    .orderBy(rankOf(index), tieBreak) as unknown as T;
}
