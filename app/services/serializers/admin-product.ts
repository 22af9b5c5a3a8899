import { z } from "zod";
import { isOnSale, toUnits, unitPriceCents } from "../../lib/money";
import { PRODUCT_STATUSES } from "../../lib/schemas/admin-products";
import { AuditRecordSchema } from "./admin-audit";

/**
 * The back office's products on the wire: the public API's names, money in currency units (24.99),
 * plus what staff need (status, version, archived_at, the images as the URLs a PUT sends back).
 */
export const AdminProductRowSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    sku: z.string(),
    description: z.string(),
    short_description: z.string(),
    price: z.number(),
    sale_price: z.number().nullable(),
    unit_price: z.number().meta({ description: "What one costs now: the sale price when it is below the price." }),
    is_on_sale: z.boolean(),
    stock: z.number().int(),
    image: z.string().nullable().meta({ description: "The main image: the first of `images`." }),
    category_id: z.number().int().nullable(),
    category: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).nullable(),
    weight: z.number().int().nullable().meta({ description: "Grams." }),
    dimensions: z.string().nullable(),
    is_featured: z.boolean(),
    is_active: z.boolean(),
    status: z.enum(PRODUCT_STATUSES),
    archived_at: z.string().nullable(),
    version: z
      .number()
      .int()
      .meta({ description: "Goes up with every change; send it back with a PUT to refuse a stale save (409)." }),
    sold: z.number().int(),
    meta_keywords: z.string().nullable(),
    created_at: z.string().nullable(),
    updated_at: z.string().nullable(),
  })
  .meta({ id: "AdminProductRow" });
export type AdminProductRowJson = z.output<typeof AdminProductRowSchema>;
/** A product row as the service reads it: its prices in cents (the wire gives them in units, and what follows from them). */
export type AdminProductRow = Omit<AdminProductRowJson, "price" | "sale_price" | "unit_price" | "is_on_sale"> & {
  price_cents: number;
  sale_price_cents: number | null;
};

export const AdminProductSchema = AdminProductRowSchema.extend({
  images: z.array(z.string()).meta({ description: "Image URLs in order; the first is the main image." }),
  colors: z.array(z.string()),
  audit: z.array(AuditRecordSchema).meta({ description: "The latest staff changes of this product, newest first." }),
}).meta({ id: "AdminProduct" });
export type AdminProductJson = z.output<typeof AdminProductSchema>;
/** One product as staff edit it: the row, its images in order, its colours and its recent audit. */
export type AdminProduct = AdminProductRow & Pick<AdminProductJson, "images" | "colors" | "audit">;

export const ProductStatsSchema = z
  .object({
    total: z.number().int(),
    active: z.number().int(),
    archived: z.number().int(),
    low_stock: z
      .number()
      .int()
      .meta({ description: "Active products with some stock, at or under `low_stock_threshold`." }),
    out_of_stock: z.number().int().meta({ description: "Active products with none left." }),
    featured: z.number().int().meta({ description: "Active featured products." }),
    on_sale: z.number().int().meta({ description: "Active products whose sale price is below their price." }),
    low_stock_threshold: z.number().int(),
  })
  .meta({ id: "ProductStats" });

export function adminProductRowJson(row: AdminProductRow): AdminProductRowJson {
  const { price_cents, sale_price_cents, ...rest } = row;
  return {
    ...rest,
    price: toUnits(price_cents),
    sale_price: sale_price_cents === null ? null : toUnits(sale_price_cents),
    unit_price: toUnits(unitPriceCents(price_cents, sale_price_cents)),
    is_on_sale: isOnSale(price_cents, sale_price_cents),
  };
}

export function adminProductJson(product: AdminProduct): AdminProductJson {
  const { images, colors, audit, ...row } = product;
  return { ...adminProductRowJson(row), images, colors, audit };
}

export const productStatsJson = (stats: z.output<typeof ProductStatsSchema>) => stats;
