import { z } from "zod";
import { isOnSale, toUnits, unitPriceCents } from "../../lib/money";
import type { OptionValues, ProductOption } from "../../lib/variants";
import { imageOrPlaceholder } from "../images.server";
import { parseJsonArray } from "../sql";

export const VariantSchema = z
  .object({
    id: z.number().int(),
    sku: z.string(),
    options: z.record(z.string(), z.string()).meta({ description: 'Its option values: { "Size": "Grand" }.' }),
    price: z.number(),
    sale_price: z.number().nullable(),
    unit_price: z.number(),
    price_cents: z.number().int(),
    sale_price_cents: z.number().int().nullable(),
    unit_price_cents: z.number().int(),
    is_on_sale: z.boolean(),
    stock: z.number().int(),
    in_stock: z.boolean(),
    image: z.string(),
  })
  .meta({ id: "Variant" });

export const ProductOptionSchema = z
  .object({ name: z.string(), values: z.array(z.string()) })
  .meta({ id: "ProductOption" });

/** A variant's row as `variantsJson` (services/variants.server.ts) gives it. */
interface VariantRow {
  id: number;
  sku: string;
  options: OptionValues;
  price_cents: number;
  sale_price_cents: number | null;
  stock: number;
  image: string | null;
}

/** A variant as the API and the pages see it: the spec's money in units and in cents. */
export type Variant = z.output<typeof VariantSchema>;

export function parseOptions(json: unknown): ProductOption[] {
  return parseJsonArray<ProductOption>(json);
}

/** The variants of `variantsJson`, each image falling back to the product's. */
export function parseVariants(json: unknown, productImage: string): Variant[] {
  return parseJsonArray<VariantRow>(json).map((row) => toVariant(row, productImage));
}

export function toVariant(row: VariantRow, productImage: string): Variant {
  const unit = unitPriceCents(row.price_cents, row.sale_price_cents);
  return {
    id: row.id,
    sku: row.sku,
    options: row.options,
    price: toUnits(row.price_cents),
    sale_price: row.sale_price_cents === null ? null : toUnits(row.sale_price_cents),
    unit_price: toUnits(unit),
    price_cents: row.price_cents,
    sale_price_cents: row.sale_price_cents,
    unit_price_cents: unit,
    is_on_sale: isOnSale(row.price_cents, row.sale_price_cents),
    stock: row.stock,
    in_stock: row.stock > 0,
    image: row.image ? imageOrPlaceholder(row.image) : productImage,
  };
}
