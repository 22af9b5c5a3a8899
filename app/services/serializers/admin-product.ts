import { z } from "zod";
import { isOnSale, toUnits, unitPriceCents } from "../../lib/money";
import { PRODUCT_STATUSES } from "../../lib/schemas/admin-products";
import type { OptionValues } from "../../lib/variants";
import { AuditRecordSchema } from "./admin-audit";
import { ProductOptionSchema } from "./variant";

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
    is_addon: z.boolean().meta({
      description:
        "An add-on (a vase, a card): offered beside bouquets on the cart and checkout, not listed among them.",
    }),
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

/** A variant as staff edit it: every one, switched-off ones too, and whether past orders refer to it. */
export const AdminVariantSchema = z
  .object({
    id: z.number().int(),
    sku: z.string(),
    options: z
      .record(z.string(), z.string())
      .meta({ description: 'Its option values: { "Size": "Grand" }; {} without options.' }),
    price: z.number(),
    sale_price: z.number().nullable(),
    unit_price: z.number(),
    stock: z.number().int(),
    image: z.string().nullable().meta({ description: "Its own image; null: the product's." }),
    is_active: z.boolean().meta({ description: "false: switched off, not sold." }),
    ordered: z
      .boolean()
      .meta({ description: "Past orders refer to it: left out of a save, it is switched off instead of removed." }),
  })
  .meta({ id: "AdminVariant" });
export type AdminVariantJson = z.output<typeof AdminVariantSchema>;
/** A variant as the service reads it: money in cents. */
export type AdminVariant = Omit<AdminVariantJson, "price" | "sale_price" | "unit_price" | "options"> & {
  options: OptionValues;
  price_cents: number;
  sale_price_cents: number | null;
};

export const AdminProductSchema = AdminProductRowSchema.extend({
  images: z.array(z.string()).meta({ description: "Image URLs in order; the first is the main image." }),
  colors: z.array(z.string()),
  options: z.array(ProductOptionSchema).meta({ description: "Its options in order (at most 3); [] without options." }),
  variants: z.array(AdminVariantSchema).meta({
    description:
      "Every variant in order, switched-off ones too; a product without options has one, with options {}. With options, the product's price, sale price and stock are its variants' (the lowest unit price, the sum of the stock).",
  }),
  audit: z.array(AuditRecordSchema).meta({ description: "The latest staff changes of this product, newest first." }),
}).meta({ id: "AdminProduct" });
export type AdminProductJson = z.output<typeof AdminProductSchema>;
/** One product as staff edit it: the row, its images in order, its colours, options, variants and recent audit. */
export type AdminProduct = AdminProductRow &
  Pick<AdminProductJson, "images" | "colors" | "options" | "audit"> & { variants: AdminVariant[] };

export const ProductStatsSchema = z
  .object({
    total: z.number().int(),
    active: z.number().int(),
    archived: z.number().int(),
    low_stock: z.number().int().meta({
      description: "Variants sold (of active products) with some stock, at or under `low_stock_threshold`.",
    }),
    out_of_stock: z.number().int().meta({ description: "Variants sold (of active products) with none left." }),
    featured: z.number().int().meta({ description: "Active featured products." }),
    on_sale: z.number().int().meta({ description: "Active products whose sale price is below their price." }),
    low_stock_threshold: z.number().int(),
  })
  .meta({ id: "ProductStats" });

/** A price and sale price in cents as the wire gives them: in currency units, with the unit price they make. */
function pricesJson(priceCents: number, salePriceCents: number | null) {
  return {
    price: toUnits(priceCents),
    sale_price: salePriceCents === null ? null : toUnits(salePriceCents),
    unit_price: toUnits(unitPriceCents(priceCents, salePriceCents)),
  };
}

export function adminProductRowJson(row: AdminProductRow): AdminProductRowJson {
  const { price_cents, sale_price_cents, ...rest } = row;
  return { ...rest, ...pricesJson(price_cents, sale_price_cents), is_on_sale: isOnSale(price_cents, sale_price_cents) };
}

export function adminVariantJson(variant: AdminVariant): AdminVariantJson {
  const { price_cents, sale_price_cents, ...rest } = variant;
  return { ...rest, ...pricesJson(price_cents, sale_price_cents) };
}

export function adminProductJson(product: AdminProduct): AdminProductJson {
  const { images, colors, options, variants, audit, ...row } = product;
  return { ...adminProductRowJson(row), images, colors, options, variants: variants.map(adminVariantJson), audit };
}

export const productStatsJson = (stats: z.output<typeof ProductStatsSchema>) => stats;
