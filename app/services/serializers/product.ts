import { z } from "zod";
import { sql } from "drizzle-orm";
import { categories, products } from "../../../db/schema";
import { isOnSale, percentOff, toUnits, unitPriceCents } from "../../lib/money";
import { imageOrPlaceholder } from "../images.server";
import { parseOptions, parseVariants, ProductOptionSchema, VariantSchema } from "./variant";
import { isoDate, jsonObject, parseJsonArray, rowFromJson, type RowOf } from "../sql";

type Category = typeof categories.$inferSelect;

/**
 * The columns every product answer is made from: one row per product, its category joined. Joined
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
  priceMaxCents: products.priceMaxCents,
  image: products.image,
  isFeatured: products.isFeatured,
  soldCount: products.soldCount,
  reviewCount: products.reviewCount,
  reviewAverage: products.reviewAverage,
  weightGrams: products.weightGrams,
  dimensions: products.dimensions,
  metaKeywords: products.metaKeywords,
  createdAt: products.createdAt,
  categoryId: sql<Category["id"] | null>`${categories.id}`.as("category_id_"),
  categoryName: sql<Category["name"] | null>`${categories.name}`.as("category_name_"),
  categorySlug: sql<Category["slug"] | null>`${categories.slug}`.as("category_slug_"),
};

/** A row of `productSummaryColumns`, typed from the schema. */
export type ProductRow = RowOf<typeof productSummaryColumns>;

/** A product as the API and the pages see it: money in currency units, as the spec's client expects. */
export const ProductSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    sku: z.string(),
    description: z.string(),
    short_description: z.string(),
    price: z.number(),
    sale_price: z.number().nullable(),
    unit_price: z.number().meta({
      description: "What one costs now: the sale price when on sale.",
    }),
    price_cents: z.number().int(),
    sale_price_cents: z.number().int().nullable(),
    unit_price_cents: z.number().int(),
    is_on_sale: z.boolean(),
    price_min: z.number().meta({ description: "The lowest unit price of its variants (the unit price)." }),
    price_max: z.number().meta({
      description: 'The highest unit price of its variants: when above price_min, lists show "From $price_min".',
    }),
    price_min_cents: z.number().int(),
    price_max_cents: z.number().int(),
    discount_percent: z.number(),
    image: z.string(),
    category: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).nullable(),
    stock: z.number().int(),
    in_stock: z.boolean(),
    is_featured: z.boolean(),
    weight: z.number().nullable(),
    dimensions: z.string().nullable(),
    reviews: z.number().int(),
    rating: z.number(),
    sold: z.number().int(),
    meta_keywords: z.string().nullable(),
    created_at: z.string().nullable(),
  })
  .meta({ id: "Product" });

export const ProductDetailSchema = ProductSchema.extend({
  images: z.array(z.object({ url: z.string(), alt: z.string() })),
  colors: z.array(z.string()),
  options: z.array(ProductOptionSchema).meta({ description: "Up to 3; empty for a product without options." }),
  variants: z.array(VariantSchema).meta({
    description: "What is sold: one per combination (one, with options {}, for a product without options).",
  }),
  related_products: z.array(ProductSchema),
}).meta({ id: "ProductDetail" });

/** A product in a list: its options' names and values too, so a card can offer them (Quick View). */
export const ProductListItemSchema = ProductSchema.extend({
  options: z.array(ProductOptionSchema).meta({ description: "Up to 3; empty for a product without options." }),
}).meta({ id: "ProductListItem" });

export type Product = z.output<typeof ProductSchema>;
export type ProductListItem = z.output<typeof ProductListItemSchema>;
export type ProductDetail = z.output<typeof ProductDetailSchema>;
export type ProductImage = ProductDetail["images"][number];

/** The price fields every product answer carries, in cents: the unit price is the sale price only when lower. */
export function priceCentsFields(row: Pick<ProductRow, "priceCents" | "salePriceCents">) {
  return {
    price_cents: row.priceCents,
    sale_price_cents: row.salePriceCents,
    unit_price_cents: unitPriceCents(row.priceCents, row.salePriceCents),
    is_on_sale: isOnSale(row.priceCents, row.salePriceCents),
  };
}

export function toProduct(row: ProductRow): Product {
  const prices = priceCentsFields(row);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    sku: row.sku,
    description: row.description,
    short_description: row.shortDescription,
    price: toUnits(row.priceCents),
    sale_price: row.salePriceCents === null ? null : toUnits(row.salePriceCents),
    unit_price: toUnits(prices.unit_price_cents),
    price_cents: prices.price_cents,
    sale_price_cents: prices.sale_price_cents,
    unit_price_cents: prices.unit_price_cents,
    is_on_sale: prices.is_on_sale,
    price_min: toUnits(prices.unit_price_cents),
    price_max: toUnits(Math.max(row.priceMaxCents, prices.unit_price_cents)),
    price_min_cents: prices.unit_price_cents,
    price_max_cents: Math.max(row.priceMaxCents, prices.unit_price_cents),
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

export function toProductListItem(row: ProductRow & { options: string }): ProductListItem {
  return { ...toProduct(row), options: parseOptions(row.options) };
}

/** A product row as one JSON object (`productsFromJson` reads an array of them back). */
export const productJson = () => jsonObject(productSummaryColumns);

/** Products from a JSON array of `productJson` objects, as `toProduct` gives them. */
export function productsFromJson(json: unknown): Product[] {
  return parseJsonArray<Record<string, unknown>>(json).map((object) =>
    toProduct(rowFromJson(productSummaryColumns, object)),
  );
}

/**
 * A product's page: its images (each through the placeholder, alt falling back to the name; the
 * main image alone when it has none), its colours and related products.
 */
export function toProductDetail(
  row: ProductRow & { images: string; colors: string; options: string; variants: string },
  related: ProductRow[],
): ProductDetail {
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
    options: parseOptions(row.options),
    variants: parseVariants(row.variants, product.image),
    related_products: related.map(toProduct),
  };
}

/** A product as the home sections show it (the spec's monthly_best_sellers shape). */
export interface HomeProduct {
  id: number;
  name: string;
  image: string | null;
  url: string;
  price: number;
  originalPrice: number | null;
  isOnSale: boolean;
  reviews: number;
  rating: number;
  sold: number;
  price_cents: number;
  original_price_cents: number | null;
  /** The highest unit price of its variants: above `price`, the tile reads "From $price". */
  price_max: number;
  price_max_cents: number;
}

export function toHomeProduct(row: ProductRow): HomeProduct {
  const {
    id,
    name,
    image,
    slug,
    price,
    unit_price,
    is_on_sale,
    reviews,
    rating,
    sold,
    price_cents,
    unit_price_cents,
    price_max,
    price_max_cents,
  } = toProduct(row);
  // The shopper's price first, the crossed-out one only on sale; the same in cents.
  return {
    id,
    name,
    image,
    url: `/product/${slug}`,
    price: unit_price,
    originalPrice: is_on_sale ? price : null,
    isOnSale: is_on_sale,
    reviews,
    rating,
    sold,
    price_cents: unit_price_cents,
    original_price_cents: is_on_sale ? price_cents : null,
    price_max,
    price_max_cents,
  };
}

/** A product as a cart line shows it: live prices in cents, the image through the placeholder. */
export interface CartProduct {
  id: number;
  name: string;
  slug: string;
  sku: string;
  image: string;
  price_cents: number;
  sale_price_cents: number | null;
  unit_price_cents: number;
  is_on_sale: boolean;
  stock: number;
}

export function toCartProduct(
  row: Pick<ProductRow, "id" | "name" | "slug" | "sku" | "image" | "priceCents" | "salePriceCents" | "stock">,
): CartProduct {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    sku: row.sku,
    image: imageOrPlaceholder(row.image),
    ...priceCentsFields(row),
    stock: row.stock,
  };
}
