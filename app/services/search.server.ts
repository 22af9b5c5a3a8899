import { and, asc, desc, eq, gte, inArray, isNotNull, lt, lte, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { blogs, categories, products, searchMisses } from "../../db/schema";
import { categorySearch, productSearch, searchTitles, tutorialSearch } from "../../db/search-schema";
import { toCents, toUnits } from "../lib/money";
import {
  closestWord,
  inColumn,
  markedPieces,
  matchQuery,
  PRICE_BUCKETS,
  searchWords,
  SUGGESTIONS_MAX,
  trigramQuery,
  wordsText,
  type MarkedText,
} from "../lib/search";
import { imageOrPlaceholder } from "./images.server";
import { blogCardColumns } from "./blogs.server";
import { toBlogCard, type BlogCard } from "./serializers/blog";
import { productSummaryColumns, toProductListItem, type ProductListItem } from "./serializers/product";
import { listedProducts } from "./products.server";
import { optionsJson } from "./variants.server";
import { pageMeta, subqueries, totalOf, type PageMeta } from "./sql";
import { highlighted, matching, rankedPage, rankOf, snippetOf } from "./search-match.server";

/**
 * The shoppers' search (docs/decisions/031): products, categories and tutorials found through the
 * full-text indexes the migration keeps in step with every write, ranked by bm25 (the title
 * weighted most), with the matched words marked. Every query here is a MATCH on an index, then a
 * look-up by primary key: never a scan of a table.
 */

/** The filters of the search page, each also a facet with counts. */
export interface SearchFilters {
  /** Category slugs. */
  categories: string[];
  min_price?: number;
  max_price?: number;
  on_sale?: boolean;
}

export interface CatalogueSearchQuery extends SearchFilters {
  q: string;
  page: number;
  per_page: number;
}

export interface ProductHit extends ProductListItem {
  /** The name with the matched words marked. */
  name_marked: MarkedText[];
  /** A few words around the best match. */
  snippet: MarkedText[];
}

export interface TutorialHit extends BlogCard {
  title_marked: MarkedText[];
  snippet: MarkedText[];
}

export interface CategoryHit {
  id: number;
  name: string;
  slug: string;
  url: string;
  image: string;
  name_marked: MarkedText[];
}

export interface Facets {
  categories: Array<{ slug: string; name: string; count: number; selected: boolean }>;
  prices: Array<{ min: number; max: number | null; count: number; selected: boolean }>;
  on_sale: { count: number; selected: boolean };
}

export interface CatalogueSearch {
  /** The words searched, as one line ("" when there were none). */
  query: string;
  /** When nothing matched the words as typed: the words searched instead ("lavendar" -> "lavender"). */
  corrected: string | null;
  products: { data: ProductHit[]; pagination: PageMeta };
  tutorials: { data: TutorialHit[]; total: number };
  categories: CategoryHit[];
  facets: Facets;
}

/** Tutorials and categories shown beside the products on the search page. */
const TUTORIALS_SHOWN = 3;
const CATEGORIES_SHOWN = 4;
/** Titles read to correct one misspelt word. */
const TITLES_FOR_TYPOS = 30;

/** A product shoppers find: active, and a bouquet (add-ons are offered in the cart), as in the lists. */
const listedProduct = listedProducts();

/** Each filter's condition on the matched products (the match itself is the index's); undefined when not set. */
function filterConditions(filters: SearchFilters) {
  return {
    categories: filters.categories.length
      ? inArray(
          products.categoryId,
          subqueries.select({ id: categories.id }).from(categories).where(inArray(categories.slug, filters.categories)),
        )
      : undefined,
    price: and(
      filters.min_price !== undefined ? gte(products.unitPriceCents, toCents(filters.min_price)) : undefined,
      filters.max_price !== undefined ? lte(products.unitPriceCents, toCents(filters.max_price)) : undefined,
    ),
    onSale: filters.on_sale ? eq(products.isOnSale, true) : undefined,
  };
}

/** The products shown: listed, and passing every filter. */
function productConditions(filters: SearchFilters): SQL | undefined {
  const { categories: inCategories, price, onSale } = filterConditions(filters);
  return and(listedProduct, inCategories, price, onSale);
}

/** How many of a group's rows meet the conditions (all of them when there is none). */
function countWhere(...conditions: (SQL | undefined)[]): SQL<number> {
  const condition = and(...conditions);
  return sql<number>`sum(${condition ? sql`CASE WHEN ${condition} THEN 1 ELSE 0 END` : sql`1`})`;
}

/**
 * The total and every facet's counts in one pass over the matches, a row a category: each facet
 * counts the products that pass the other filters (choosing a category shows what the others hold).
 */
function facetTally(db: Database, query: string, filters: SearchFilters) {
  const only = filterConditions(filters);
  return db
    .select({
      slug: categories.slug,
      name: categories.name,
      total: countWhere(only.categories, only.price, only.onSale).as("total"),
      inCategory: countWhere(only.price, only.onSale).as("in_category"),
      onSale: countWhere(eq(products.isOnSale, true), only.categories, only.price).as("on_sale"),
      prices: sql<string>`json_array(${sql.join(
        PRICE_BUCKETS.map((_, index) => countWhere(sql`${priceBucket()} = ${index}`, only.categories, only.onSale)),
        sql`, `,
      )})`.as("prices"),
    })
    .from(productSearch)
    .crossJoin(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(matchedProducts(query, listedProduct))
    .groupBy(products.categoryId);
}

/**
 * The products an index query matches, with more conditions: the index drives (a CROSS JOIN keeps
 * SQLite from looping over the products and asking the index about each, which runs the whole
 * query again per row: 7 s over 20,000 products), then primary-key look-ups.
 */
const matchedProducts = (query: string, conditions: SQL | undefined) =>
  and(eq(products.id, productSearch.rowid), matching(productSearch, query), conditions);

const countAll = () => ({ total: sql<number>`count(*)`.as("total") });

function priceBucket(): SQL<number> {
  const cases = PRICE_BUCKETS.map(
    (bucket, index) => sql`WHEN ${products.unitPriceCents} <= ${toCents(bucket.max ?? 0)} THEN ${index}`,
  ).slice(0, -1);
  return sql<number>`CASE ${sql.join(cases, sql` `)} ELSE ${PRICE_BUCKETS.length - 1} END`;
}

const publishedTutorial = and(eq(blogs.status, "published"), isNotNull(blogs.publishedAt));

/** The best tutorials for a query, their titles marked and a snippet of each. */
function tutorialHits(db: Database, query: string, limit: number) {
  return rankedPage(
    db
      .select({
        ...blogCardColumns(),
        titleMarked: highlighted(tutorialSearch, 0).as("title_marked"),
        snippet: snippetOf(tutorialSearch).as("snippet"),
      })
      .from(blogs)
      .$dynamic(),
    tutorialSearch,
    blogs,
    blogs.id,
    query,
    publishedTutorial,
    desc(blogs.id),
    { page: 1, per_page: limit },
  );
}

/** Every statement of one search, in one batch (one round trip). */
function searchStatements(db: Database, query: string, search: CatalogueSearchQuery) {
  const where = productConditions(search);
  return [
    rankedPage(
      db
        .select({
          ...productSummaryColumns,
          options: optionsJson(products.id).as("options_json"),
          nameMarked: highlighted(productSearch, 0).as("name_marked"),
          snippet: snippetOf(productSearch).as("snippet"),
        })
        .from(products)
        .leftJoin(categories, eq(categories.id, products.categoryId))
        .$dynamic(),
      productSearch,
      products,
      products.id,
      query,
      where,
      asc(products.id),
      search,
    ),
    facetTally(db, query, search),
    tutorialHits(db, query, TUTORIALS_SHOWN),
    db
      .select(countAll())
      .from(tutorialSearch)
      .crossJoin(blogs)
      .where(and(eq(blogs.id, tutorialSearch.rowid), matching(tutorialSearch, query), publishedTutorial)),
    categoryHits(db, query, CATEGORIES_SHOWN),
  ] as const;
}

function categoryHits(db: Database, query: string, limit: number) {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      image: categories.image,
      nameMarked: highlighted(categorySearch, 0).as("name_marked"),
    })
    .from(categorySearch)
    .crossJoin(categories)
    .where(and(eq(categories.id, categorySearch.rowid), matching(categorySearch, query), eq(categories.isActive, true)))
    .orderBy(rankOf(categorySearch), asc(categories.id))
    .limit(limit);
}

const toCategoryHit = (row: {
  id: number;
  name: string;
  slug: string;
  image: string | null;
  nameMarked: string;
}): CategoryHit => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  url: `/categories/${row.slug}`,
  image: imageOrPlaceholder(row.image),
  name_marked: markedPieces(row.nameMarked),
});

async function runSearch(db: Database, words: string[], search: CatalogueSearchQuery) {
  const query = matchQuery(words)!;
  const [rows, tally, tutorials, tutorialCount, categoryRows] = await db.batch(searchStatements(db, query, search));
  const sum = (count: (row: (typeof tally)[number]) => number) => tally.reduce((all, row) => all + count(row), 0);
  const total = sum((row) => Number(row.total));
  const bucketCounts = tally.map((row) => JSON.parse(row.prices) as number[]);
  return {
    products: {
      data: rows.map((row): ProductHit => ({
        ...toProductListItem(row),
        name_marked: markedPieces(row.nameMarked),
        snippet: markedPieces(row.snippet),
      })),
      pagination: pageMeta(search.page, search.per_page, total, rows.length),
    },
    tutorials: {
      data: tutorials.map((row): TutorialHit => ({
        ...toBlogCard(row),
        title_marked: markedPieces(row.titleMarked),
        snippet: markedPieces(row.snippet),
      })),
      total: totalOf(tutorialCount),
    },
    categories: categoryRows.map(toCategoryHit),
    facets: {
      categories: tally
        .filter((row): row is typeof row & { slug: string; name: string } => row.slug !== null && row.inCategory > 0)
        .map((row) => ({
          slug: row.slug,
          name: row.name,
          count: Number(row.inCategory),
          selected: search.categories.includes(row.slug),
        }))
        // Most products first, then by name (as SQLite's binary order).
        .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
      prices: PRICE_BUCKETS.map((bucket, index) => ({
        ...bucket,
        count: bucketCounts.reduce((all, counts) => all + Number(counts[index] ?? 0), 0),
        selected: search.min_price === bucket.min && (search.max_price ?? null) === bucket.max,
      })),
      on_sale: { count: sum((row) => Number(row.onSale)), selected: search.on_sale === true },
    },
  };
}

const foundNothing = (found: Awaited<ReturnType<typeof runSearch>>) =>
  found.products.pagination.total === 0 && found.tutorials.total === 0 && found.categories.length === 0;

/**
 * The words a misspelt query meant: each word of four letters or more replaced by the closest
 * word of the titles sharing most of its three-letter pieces (one batch for all the words). Null
 * when no word changed.
 */
export async function correctedWords(db: Database, words: string[]): Promise<string[] | null> {
  const lookups = words.map((word) => ({ word, query: trigramQuery(word) }));
  const asked = lookups.filter((lookup): lookup is { word: string; query: string } => lookup.query !== null);
  if (asked.length === 0) return null;
  const statements = asked.map((lookup) =>
    db
      .select({ title: searchTitles.title })
      .from(searchTitles)
      .where(matching(searchTitles, lookup.query))
      .orderBy(sql`${searchTitles}.rank`)
      .limit(TITLES_FOR_TYPOS),
  );
  const answers = await db.batch(statements as unknown as [(typeof statements)[number]]);
  const replacements = new Map(
    asked.map((lookup, index) => [
      lookup.word,
      closestWord(
        lookup.word,
        (answers[index] ?? []).map((row) => row.title),
      ),
    ]),
  );
  const corrected = words.map((word) => replacements.get(word) ?? word);
  return corrected.some((word, index) => word !== words[index]) ? corrected : null;
}

/**
 * The search page's answer: the products (a page, ranked, filtered, with facets' counts), the best
 * tutorials and categories. When nothing matches the words as typed, the words a typo meant are
 * searched instead and said (`corrected`); `missed` tells the caller to count a search that found
 * nothing at all. Null when the query has no word.
 */
export async function searchCatalogue(
  db: Database,
  search: CatalogueSearchQuery,
): Promise<(CatalogueSearch & { missed: boolean }) | null> {
  const words = searchWords(search.q);
  if (words.length === 0) return null;
  const found = await runSearch(db, words, search);
  if (!foundNothing(found) || hasFilters(search)) {
    return { query: wordsText(words), corrected: null, ...found, missed: false };
  }
  const corrected = await correctedWords(db, words);
  if (corrected) {
    const again = await runSearch(db, corrected, search);
    if (!foundNothing(again))
      return { query: wordsText(words), corrected: wordsText(corrected), ...again, missed: false };
  }
  return { query: wordsText(words), corrected: null, ...found, missed: true };
}

const hasFilters = (filters: SearchFilters) =>
  filters.categories.length > 0 ||
  filters.min_price !== undefined ||
  filters.max_price !== undefined ||
  filters.on_sale === true;

export interface Suggestion {
  type: "product" | "category" | "tutorial";
  title: string;
  /** The title with the matched words marked. */
  title_marked: MarkedText[];
  url: string;
  image: string;
  /** A product's price (its lowest, for a product with options), in currency units; null otherwise. */
  price: number | null;
}

const SUGGESTED_CATEGORIES = 2;
const SUGGESTED_TUTORIALS = 2;

/**
 * Up to 8 suggestions while a shopper types: categories and tutorials (at most two each) and
 * products, the last word matched as a prefix. One batch; a misspelt query gets the suggestions of
 * the words it meant.
 */
export async function suggest(db: Database, q: string): Promise<{ query: string; suggestions: Suggestion[] }> {
  const words = searchWords(q);
  if (words.length === 0) return { query: "", suggestions: [] };
  let suggestions = await suggestionsFor(db, words);
  if (suggestions.length === 0) {
    const corrected = await correctedWords(db, words);
    if (corrected) suggestions = await suggestionsFor(db, corrected);
  }
  return { query: wordsText(words), suggestions };
}

async function suggestionsFor(db: Database, words: string[]): Promise<Suggestion[]> {
  // Titles only: what a suggestion shows, and a tenth of the rows to rank for a short prefix.
  const query = matchQuery(words)!;
  const [productRows, categoryRows, tutorialRows] = await db.batch([
    rankedPage(
      db
        .select({
          name: products.name,
          slug: products.slug,
          image: products.image,
          priceCents: products.unitPriceCents,
          nameMarked: highlighted(productSearch, 0).as("name_marked"),
        })
        .from(products)
        .$dynamic(),
      productSearch,
      products,
      products.id,
      inColumn("name", query),
      listedProduct,
      asc(products.id),
      { page: 1, per_page: SUGGESTIONS_MAX },
    ),
    categoryHits(db, inColumn("name", query), SUGGESTED_CATEGORIES),
    rankedPage(
      db
        .select({
          slug: blogs.slug,
          title: blogs.title,
          featuredImage: blogs.featuredImage,
          titleMarked: highlighted(tutorialSearch, 0).as("title_marked"),
        })
        .from(blogs)
        .$dynamic(),
      tutorialSearch,
      blogs,
      blogs.id,
      inColumn("title", query),
      publishedTutorial,
      desc(blogs.id),
      { page: 1, per_page: SUGGESTED_TUTORIALS },
    ),
  ]);
  const others: Suggestion[] = [
    ...categoryRows.map((row) => {
      const hit = toCategoryHit(row);
      return {
        type: "category" as const,
        title: hit.name,
        title_marked: hit.name_marked,
        url: hit.url,
        image: hit.image,
        price: null,
      };
    }),
    ...tutorialRows.map((row) => ({
      type: "tutorial" as const,
      title: row.title,
      title_marked: markedPieces(row.titleMarked),
      url: `/blog/${row.slug}`,
      image: imageOrPlaceholder(row.featuredImage),
      price: null,
    })),
  ];
  const productSuggestions = productRows.slice(0, SUGGESTIONS_MAX - others.length).map((row): Suggestion => ({
    type: "product",
    title: row.name,
    title_marked: markedPieces(row.nameMarked),
    url: `/product/${row.slug}`,
    image: imageOrPlaceholder(row.image),
    price: toUnits(Number(row.priceCents)),
  }));
  return [...productSuggestions, ...others];
}

/** How many searches that found nothing staff see, and over how many days. */
export const MISSES_SHOWN = 20;
export const MISSES_DAYS = 30;

/** Counts a search that found nothing: the words only, never who searched. */
export async function recordSearchMiss(db: Database, terms: string, day: string): Promise<void> {
  if (!terms) return;
  await db
    .insert(searchMisses)
    .values({ day, terms, searches: 1 })
    .onConflictDoUpdate({
      target: [searchMisses.day, searchMisses.terms],
      set: { searches: sql`${searchMisses.searches} + 1` },
    });
}

/** Days a no-result search is kept: staff see 30 of them; the nightly job removes older ones. */
export const MISSES_KEPT_DAYS = 90;

/** The nightly job's part: removes the counts older than `MISSES_KEPT_DAYS` (a range of the key). */
export async function removeOldSearchMisses(db: Database, now = new Date()): Promise<void> {
  const oldest = new Date(now.getTime() - MISSES_KEPT_DAYS * 86_400_000).toISOString().slice(0, 10);
  await db.delete(searchMisses).where(lt(searchMisses.day, oldest));
}

export interface SearchMiss {
  terms: string;
  searches: number;
  /** `YYYY-MM-DD`: the last day it was searched. */
  last_searched: string;
}

/** The searches that found nothing most often in the `MISSES_DAYS` days up to `today` (UTC), most first. */
export async function topSearchMisses(db: Database, today: string): Promise<SearchMiss[]> {
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - (MISSES_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const rows = await db
    .select({
      terms: searchMisses.terms,
      searches: sql<number>`sum(${searchMisses.searches})`.as("searches"),
      lastSearched: sql<string>`max(${searchMisses.day})`.as("last_searched"),
    })
    .from(searchMisses)
    .where(gte(searchMisses.day, from))
    .groupBy(searchMisses.terms)
    .orderBy(desc(sql`searches`), asc(searchMisses.terms))
    .limit(MISSES_SHOWN);
  return rows.map((row) => ({ terms: row.terms, searches: Number(row.searches), last_searched: row.lastSearched }));
}
