import { sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { blogs, products } from "../../db/schema";
import { productSearch, tutorialSearch } from "../../db/search-schema";
import { MARK_END, MARK_START } from "../lib/search";
import { subqueries } from "./sql";

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

/** A product's, a tutorial's or a category's rank for the query, to order a list by (lower is better). */
export function productRank(query: string): SQL {
  return sql`(SELECT ${productSearch}.rank FROM ${productSearch} WHERE ${matching(productSearch, query)} AND ${productSearch}.rowid = ${products.id})`;
}

export function tutorialRank(query: string): SQL {
  return sql`(SELECT ${tutorialSearch}.rank FROM ${tutorialSearch} WHERE ${matching(tutorialSearch, query)} AND ${tutorialSearch}.rowid = ${blogs.id})`;
}
