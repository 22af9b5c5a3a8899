import { and, asc, desc, eq, gt, gte, lte, ne, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { categories, products } from "../../db/schema";
import { RELATED_PRODUCTS_FETCHED } from "../lib/constants";
import { isOnSale, percentOff, toCents, toUnits, unitPriceCents } from "../lib/money";
import type { ProductListQuery } from "../lib/schemas/catalog";
import { NotFoundError } from "./errors";
import { imageOrPlaceholder } from "./images.server";
import { isoDate, likeContains, pageMeta, parseJsonArray, type PageMeta } from "./sql";

/**
 * The columns every product listing reads: one row per product, its category joined. Joined
 * columns carry their own SQL aliases: D1 answers a batch as objects keyed by column name, so two
 * columns both called "name" would overwrite each other.
 */
export const productSummaryColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  sku: products.sku,
  shortDescription: products.shortDescription,
  description: products.description,
  priceCents: products.priceCents,
  salePriceCents: products.salePriceCents,
  stock: products.stock,
  image: products.image,
  isFeatured: products.isFeatured,
  soldCount: products.soldCount,
  reviewCount: products.reviewCount,
  reviewAverage: products.reviewAverage,
  weightGrams: products.weightGrams,
  dimensions: products.dimensions,
  metaKeywords: products.metaKeywords,
  createdAt: products.createdAt,
  categoryId: sql<number | null>`${categories.id}`.as("category_id_"),
  categoryName: sql<string | null>`${categories.name}`.as("category_name_"),
  categorySlug: sql<string | null>`${categories.slug}`.as("category_slug_"),
};

/** The outer row's id for correlated subqueries (a bare "id" there would mean the inner table's). */
const outerProductId = sql.raw(`"products"."id"`);

export type ProductRow = {
  id: number;
  name: string;
  slug: string;
  sku: string;
  shortDescription: string;
  description: string;
  priceCents: number;
  salePriceCents: number | null;
  stock: number;
  image: string | null;
  isFeatured: boolean;
  soldCount: number;
  reviewCount: number;
  reviewAverage: number;
  weightGrams: number | null;
  dimensions: string | null;
  metaKeywords: string | null;
  createdAt: Date;
  categoryId: number | null;
  categoryName: string | null;
  categorySlug: string | null;
};

export interface ProductImage {
  url: string;
  alt: string;
}

/** A product as the API and the pages see it: money in currency units, as the spec's client expects. */
export interface Product {
  id: number;
  name: string;
  slug: string;
  sku: string;
  description: string;
  short_description: string;
  price: number;
  sale_price: number | null;
  unit_price: number;
  price_cents: number;
  sale_price_cents: number | null;
  unit_price_cents: number;
  is_on_sale: boolean;
  discount_percent: number;
  image: string;
  category: { id: number; name: string; slug: string } | null;
  stock: number;
  in_stock: boolean;
  is_featured: boolean;
  weight: number | null;
  dimensions: string | null;
  reviews: number;
  rating: number;
  sold: number;
  meta_keywords: string | null;
  created_at: string | null;
}

export interface ProductDetail extends Product {
  images: ProductImage[];
  colors: string[];
  related_products: Product[];
}

export function toProduct(row: ProductRow): Product {
  const unit = unitPriceCents(row.priceCents, row.salePriceCents);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    sku: row.sku,
    description: row.description,
    short_description: row.shortDescription,
    price: toUnits(row.priceCents),
    sale_price: row.salePriceCents === null ? null : toUnits(row.salePriceCents),
    unit_price: toUnits(unit),
    price_cents: row.priceCents,
    sale_price_cents: row.salePriceCents,
    unit_price_cents: unit,
    is_on_sale: isOnSale(row.priceCents, row.salePriceCents),
    discount_percent: percentOff(row.priceCents, row.salePriceCents),
    image: imageOrPlaceholder(row.image),
    category:
      row.categoryId !== null && row.categoryName !== null && row.categorySlug !== null
        ? { id: row.categoryId, name: row.categoryName, slug: row.categorySlug }
        : null,
    stock: row.stock,
    in_stock: row.stock > 0,
    is_featured: row.isFeatured,
    weight: row.weightGrams,
    dimensions: row.dimensions,
    reviews: row.reviewCount,
    rating: row.reviewAverage,
    sold: row.soldCount,
    meta_keywords: row.metaKeywords,
    created_at: isoDate(row.createdAt),
  };
}

function productFilters(query: ProductListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(products.isActive, true)];
  if (query.categories.length) {
    const ids = query.categories.filter((value) => /^\d+$/.test(value)).map(Number);
    const slugs = query.categories.filter((value) => !/^\d+$/.test(value));
    const matches: SQL[] = [];
    if (slugs.length) matches.push(sql`slug IN (${sql.join(slugs.map((s) => sql`${s}`), sql`, `)})`);
    if (ids.length) matches.push(sql`id IN (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
    conditions.push(
      sql`${products.categoryId} IN (SELECT id FROM categories WHERE ${sql.join(matches, sql` OR `)})`,
    );
  }
  if (query.min_price !== undefined) conditions.push(gte(products.unitPriceCents, toCents(query.min_price)));
  if (query.max_price !== undefined) conditions.push(lte(products.unitPriceCents, toCents(query.max_price)));
  if (query.colors.length) {
    const colors = query.colors.map((color) => sql`${color.toLowerCase()}`);
    conditions.push(
      sql`EXISTS (SELECT 1 FROM product_colors pc WHERE pc.product_id = ${outerProductId} AND pc.color IN (${sql.join(colors, sql`, `)}))`,
    );
  }
  if (query.search) {
    const term = query.search;
    conditions.push(
      sql`(${likeContains(products.name, term)} OR ${likeContains(products.shortDescription, term)} OR ${likeContains(products.sku, term)})`,
    );
  }
  if (query.in_stock === true) conditions.push(gt(products.stock, 0));
  if (query.in_stock === false) conditions.push(eq(products.stock, 0));
  if (query.on_sale !== undefined) conditions.push(eq(products.isOnSale, query.on_sale));
  if (query.featured !== undefined) conditions.push(eq(products.isFeatured, query.featured));
  return and(...conditions);
}

function productOrder(query: ProductListQuery): SQL[] {
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
  data: Product[];
}

/** One round trip: the page's rows and the total, in one batch. */
export async function listProducts(db: Database, query: ProductListQuery): Promise<ProductPage> {
  const where = productFilters(query);
  const offset = (query.page - 1) * query.per_page;
  const [rows, counted] = await db.batch([
    db
      .select(productSummaryColumns)
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(...productOrder(query))
      .limit(query.per_page)
      .offset(offset),
    db.select({ total: sql<number>`count(*)` }).from(products).where(where),
  ]);
  const total = Number(counted[0]?.total ?? 0);
  return { data: rows.map(toProduct), ...pageMeta(query.page, query.per_page, total, rows.length) };
}

export async function listFeaturedProducts(db: Database, limit: number): Promise<Product[]> {
  const rows = await db
    .select(productSummaryColumns)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.isActive, true), eq(products.isFeatured, true)))
    .orderBy(desc(products.soldCount), asc(products.id))
    .limit(limit);
  return rows.map(toProduct);
}

/**
 * A product by slug with its images, colours, category and up to 4 related products from the
 * same category (never the product itself): two statements in one round trip.
 */
export async function getProductBySlug(db: Database, slug: string): Promise<ProductDetail> {
  const [found, related] = await db.batch([
    db
      .select({
        ...productSummaryColumns,
        images: sql<string>`(SELECT json_group_array(json_object('url', url, 'alt', alt)) FROM (SELECT url, alt FROM product_images WHERE product_id = ${outerProductId} ORDER BY sort_order))`.as("images_json"),
        colors: sql<string>`(SELECT json_group_array(color) FROM (SELECT color FROM product_colors WHERE product_id = ${outerProductId} ORDER BY color))`.as("colors_json"),
      })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(and(eq(products.slug, slug), eq(products.isActive, true)))
      .limit(1),
    db
      .select(productSummaryColumns)
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(
        and(
          eq(products.isActive, true),
          ne(products.slug, slug),
          sql`${products.categoryId} = (SELECT p2.category_id FROM products p2 WHERE p2.slug = ${slug})`,
        ),
      )
      .orderBy(desc(products.soldCount), asc(products.id))
      .limit(RELATED_PRODUCTS_FETCHED),
  ]);
  const row = found[0];
  if (!row) throw new NotFoundError("Product Not Found");
  const product = toProduct(row);
  const images = parseJsonArray<ProductImage>(row.images).map((image) => ({
    url: imageOrPlaceholder(image.url),
    alt: image.alt || product.name,
  }));
  if (images.length === 0) images.push({ url: product.image, alt: product.name });
  return {
    ...product,
    images,
    colors: parseJsonArray<string>(row.colors),
    related_products: related.map(toProduct),
  };
}
