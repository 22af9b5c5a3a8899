import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { productOptions, productOptionValues, productVariants } from "../../db/schema";
import { isOnSale, toUnits, unitPriceCents } from "../lib/money";
import type { OptionValues, ProductOption } from "../lib/variants";
import { imageOrPlaceholder } from "./images.server";
import { parseJsonArray } from "./sql";

/**
 * A product's options with their values, in order, as one JSON array (`[{ name, values }]`): a
 * column of the statement that reads the product, so its page stays one round trip.
 */
export function optionsJson(productId: SQLiteColumn | SQL): SQL<string> {
  return sql<string>`(SELECT json_group_array(json_object('name', o.name, 'values', json(o.vals))) FROM (
    SELECT ${productOptions.name} AS name, (
      SELECT json_group_array(v.value) FROM (
        SELECT ${productOptionValues.value} AS value FROM ${productOptionValues}
        WHERE ${productOptionValues.optionId} = ${productOptions.id} ORDER BY ${productOptionValues.position}
      ) v
    ) AS vals
    FROM ${productOptions} WHERE ${productOptions.productId} = ${productId} ORDER BY ${productOptions.position}
  ) o)`;
}

/** A product's sold variants (switched-off ones left out), in order, as one JSON array of rows. */
export function variantsJson(productId: SQLiteColumn | SQL): SQL<string> {
  return sql<string>`(SELECT json_group_array(json_object('id', v.id, 'sku', v.sku, 'options', json(v.options), 'price_cents', v.price_cents, 'sale_price_cents', v.sale_price_cents, 'stock', v.stock, 'image', v.image)) FROM (
    SELECT ${productVariants.id} AS id, ${productVariants.sku} AS sku, ${productVariants.options} AS options,
      ${productVariants.priceCents} AS price_cents, ${productVariants.salePriceCents} AS sale_price_cents,
      ${productVariants.stock} AS stock, ${productVariants.image} AS image
    FROM ${productVariants}
    WHERE ${productVariants.productId} = ${productId} AND ${productVariants.isActive} = 1
    ORDER BY ${productVariants.position}, ${productVariants.id}
  ) v)`;
}

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
export interface Variant {
  id: number;
  sku: string;
  options: OptionValues;
  price: number;
  sale_price: number | null;
  unit_price: number;
  price_cents: number;
  sale_price_cents: number | null;
  unit_price_cents: number;
  is_on_sale: boolean;
  stock: number;
  in_stock: boolean;
  /** Its own image, else the product's. */
  image: string;
}

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
