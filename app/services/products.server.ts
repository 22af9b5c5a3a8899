import { and, asc, desc, eq, exists, gt, gte, inArray, lte, not, or, sql, type SQL } from "drizzle-orm";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client";
import { categories, productColors, productImages, products } from "../../db/schema";
import { RELATED_PRODUCTS_FETCHED } from "../lib/constants";
import { toCents } from "../lib/money";
import type { ProductListQuery } from "../lib/schemas/catalog";
import { NotFoundError } from "./errors";
import { matchQuery, searchWords } from "../lib/search";
import { productSearch } from "../../db/search-schema";
import { productIdsMatching, rankedPage } from "./search-match.server";
import { optionsJson, variantsJson } from "./variants.server";
import {
  productSummaryColumns,
  toProduct,
  toProductDetail,
  toProductListItem,
  type Product,
  type ProductDetail,
  type ProductListItem,
} from "./serializers/product";
import { countWhere, childRowsJson, onePage, pageMeta, subqueries, totalOf, type PageMeta } from "./sql";

export { productSummaryColumns, toProduct } from "./serializers/product";
export type { Product, ProductDetail, ProductImage, ProductListItem, ProductRow } from "./serializers/product";

/**
 * Products with their category joined, reading `productSummaryColumns` and any further fields:
 * every product answer starts here.
 */
export function selectProducts<T extends Record<string, SQL.Aliased> = Record<never, SQL.Aliased>>(
  db: Database,
  extra?: T,
) {
  return db
    .select({ ...productSummaryColumns, ...(extra as T) })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId));
}

/** The product's images ({url, alt} in their order) and colours (alphabetical), each as a JSON array. */
const imagesJson = childRowsJson({ url: productImages.url, alt: productImages.alt }, productImages, {
  link: productImages.productId,
  parent: products.id,
  order: productImages.sortOrder,
});
const colorsJson = childRowsJson({ color: productColors.color }, productColors, {
  link: productColors.productId,
  parent: products.id,
  order: productColors.color,
});

/** Another row of products, for subqueries about products inside a products statement. */
const otherProduct = alias(products, "p2");

/**
 * The products a shopper finds in a list, the search and the suggestions: active ones, and bouquets.
 * Add-ons (a vase, a card) are offered beside bouquets, not among them: listed only when asked for.
 */
export const listedProducts = (addons = false) => and(eq(products.isActive, true), eq(products.isAddon, addons));

function productFilters(query: ProductListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [listedProducts(query.addons ?? false)];
  if (query.categories.length) {
    const ids = query.categories.filter((value) => /^\d+$/.test(value)).map(Number);
    const slugs = query.categories.filter((value) => !/^\d+$/.test(value));
    const matches: SQL[] = [];
    if (slugs.length) matches.push(inArray(categories.slug, slugs));
    if (ids.length) matches.push(inArray(categories.id, ids));
    const matching = subqueries
      .select({ id: categories.id })
      .from(categories)
      .where(or(...matches));
    // One category (its page) is an equality, so its products come in order from its index.
    conditions.push(
      query.categories.length === 1
        ? sql`${products.categoryId} = (${matching})`
        : inArray(products.categoryId, matching),
    );
  }
  if (query.min_price !== undefined) conditions.push(gte(products.unitPriceCents, toCents(query.min_price)));
  if (query.max_price !== undefined) conditions.push(lte(products.unitPriceCents, toCents(query.max_price)));
  if (query.colors.length) {
    const wanted = query.colors.map((color) => color.toLowerCase());
    conditions.push(
      exists(
        subqueries
          .select({ one: sql`1` })
          .from(productColors)
          .where(and(eq(productColors.productId, products.id), inArray(productColors.color, wanted))),
      ),
    );
  }
  // A search of no word at all ("%", "🌸") finds nothing, as a shopper expects.
  if (query.search) {
    const match = searchMatch(query);
    conditions.push(match ? inArray(products.id, productIdsMatching(match)) : sql`0`);
  }
  if (query.in_stock === true) conditions.push(gt(products.stock, 0));
  if (query.in_stock === false) conditions.push(eq(products.stock, 0));
  if (query.on_sale !== undefined) conditions.push(eq(products.isOnSale, query.on_sale));
  if (query.featured !== undefined) conditions.push(eq(products.isFeatured, query.featured));
  return and(...conditions);
}

/** The full-text query of the list's `search`: its words (docs/decisions/031), null without any. */
const searchMatch = (query: Pick<ProductListQuery, "search">) =>
  query.search ? matchQuery(searchWords(query.search)) : null;

/** The search to rank the list by: a search without a chosen sort (the list is then joined to the index). */
const rankedSearch = (query: ProductListQuery) => (query.sort_by ? null : searchMatch(query));

function productOrder(query: ProductListQuery): SQL[] {
  // A search without a chosen sort lists the best matches first, as the search page does.
  const sortBy = query.sort_by ?? "created_at";
  const defaultOrder = sortBy === "name" || sortBy === "price" ? "asc" : "desc";
  const direction = (query.sort_order ?? defaultOrder) === "asc" ? asc : desc;
  const column = {
    created_at: products.createdAt,
    name: products.name,
    price: products.unitPriceCents,
    "best-sellers": products.soldCount,
  }[sortBy];
  // The id breaks ties, so that a page boundary never shows a product twice or skips one.
  return [direction(column), direction(products.id)];
}

export interface ProductPage extends PageMeta {
  data: ProductListItem[];
}

/**
 * The ids of a list's page, in order: read from the index its filters and sort walk, so that a deep
 * page skips index entries, never table rows (a page's products are read by id after).
 */
export function productPageIds(query: ProductListQuery) {
  return onePage(
    subqueries.select({ id: products.id }).from(products).where(productFilters(query)).$dynamic(),
    productOrder(query),
    query,
  );
}

/**
 * A list's two statements: its page of rows and its total. `cards` leaves out the long description
 * no card shows (the pages); the API's answer keeps it.
 */
export function productListStatements(db: Database, query: ProductListQuery, { cards = false } = {}) {
  const extra = {
    options: optionsJson(products.id).as("options_json"),
    ...(cards ? { description: sql<string>`''`.as("description_") } : {}),
  };
  const where = productFilters(query);
  const select = selectProducts(db, extra).$dynamic();
  const ranked = rankedSearch(query);
  return [
    ranked
      ? rankedPage(select, productSearch, products, products.id, ranked, where, asc(products.id), query)
      : select.where(inArray(products.id, productPageIds(query))).orderBy(...productOrder(query)),
    countWhere(db, products, where),
  ] as const;
}

/** One round trip: the page's rows and the total, in one batch. */
export async function listProducts(
  db: Database,
  query: ProductListQuery,
  options: { cards?: boolean } = {},
): Promise<ProductPage> {
  const [rows, counted] = await db.batch(productListStatements(db, query, options));
  const total = totalOf(counted);
  return { data: rows.map(toProductListItem), ...pageMeta(query.page, query.per_page, total, rows.length) };
}

export async function listFeaturedProducts(db: Database, limit: number): Promise<Product[]> {
  const rows = await selectProducts(db)
    .where(and(listedProducts(), eq(products.isFeatured, true)))
    .orderBy(desc(products.soldCount), asc(products.id))
    .limit(limit);
  return rows.map(toProduct);
}

/**
 * A product (by slug or by id) with its images, colours, options, variants, category and up to 4
 * related products from the same category (never the product itself): two statements in one round trip.
 */
async function getProductDetail(db: Database, key: { slug: string } | { id: number }): Promise<ProductDetail> {
  const isIt = (table: { id: SQLiteColumn; slug: SQLiteColumn }) =>
    "slug" in key ? eq(table.slug, key.slug) : eq(table.id, key.id);
  const [found, related] = await db.batch([
    selectProducts(db, {
      images: imagesJson().as("images_json"),
      colors: colorsJson().as("colors_json"),
      options: optionsJson(products.id).as("options_json"),
      variants: variantsJson(products.id).as("variants_json"),
    })
      .where(and(isIt(products), eq(products.isActive, true)))
      .limit(1),
    selectProducts(db)
      .where(
        and(
          eq(products.isActive, true),
          not(isIt(products)),
          eq(
            products.categoryId,
            subqueries.select({ id: otherProduct.categoryId }).from(otherProduct).where(isIt(otherProduct)),
          ),
        ),
      )
      .orderBy(desc(products.soldCount), asc(products.id))
      .limit(RELATED_PRODUCTS_FETCHED),
  ]);
  const row = found[0];
  if (!row) throw new NotFoundError("Product Not Found");
  return toProductDetail(row, related);
}

/** The product page's and `GET /api/products/slug/{slug}`'s product. */
export function getProductBySlug(db: Database, slug: string): Promise<ProductDetail> {
  return getProductDetail(db, { slug });
}

/** `GET /api/products/{id}`: the same answer as by slug. */
export function getProductById(db: Database, id: number): Promise<ProductDetail> {
  return getProductDetail(db, { id });
}
