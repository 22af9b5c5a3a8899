import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { productOptions, productOptionValues, productVariants } from "../../db/schema";

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
