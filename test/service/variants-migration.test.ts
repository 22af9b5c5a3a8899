import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, MIGRATIONS_DIR, openLibsql } from "../../db/libsql";

/**
 * Migration 0014 on a shop as it stood before variants: every product becomes one implicit variant
 * with its own figures, and past order lines point at it, nothing lost.
 */
const VARIANTS_MIGRATION = "0014_variants.sql";

let client: Client;
let before: string;

const rows = async (sql: string) => (await client.execute(sql)).rows.map((row) => ({ ...row }));

beforeAll(async () => {
  before = await mkdtemp(join(tmpdir(), "migrations-"));
  for (const file of await readdir(MIGRATIONS_DIR))
    if (file.endsWith(".sql") && file < VARIANTS_MIGRATION) await cp(join(MIGRATIONS_DIR, file), join(before, file));
  client = openLibsql(":memory:");
  await client.execute("PRAGMA foreign_keys = ON");
  await applyMigrations(client, before);
  await client.batch(
    [
      "INSERT INTO categories (name, slug) VALUES ('Roses', 'roses')",
      `INSERT INTO products (category_id, name, slug, sku, price_cents, sale_price_cents, stock, weight_grams, image)
       VALUES (1, 'On sale', 'on-sale', 'SKU-1', 5000, 4000, 7, 300, '/a.svg'),
              (1, 'Sale not lower', 'odd-sale', 'SKU-2', 3000, 3500, 0, NULL, NULL),
              (NULL, 'Archived', 'archived', 'SKU-3', 1200, NULL, 3, 100, NULL)`,
      "UPDATE products SET is_active = 0 WHERE sku = 'SKU-3'",
      `INSERT INTO orders (order_number, email, subtotal_cents, total_cents, shipping_address, billing_address, status, payment_method, payment_status)
       VALUES ('ORD-20260101-AAAAAA', 'a@b.test', 9000, 9000, '{}', '{}', 'delivered', 'cash_on_delivery', 'paid')`,
      `INSERT INTO order_items (order_id, product_id, product_name, product_sku, quantity, price_cents, total_cents)
       VALUES (1, 1, 'On sale', 'SKU-1', 2, 4000, 8000), (1, NULL, 'Gone', 'SKU-9', 1, 1000, 1000)`,
    ],
    "write",
  );
  expect(await applyMigrations(client)).toContain(VARIANTS_MIGRATION);
});

afterAll(async () => {
  client.close();
  await rm(before, { recursive: true, force: true });
});

describe("migration 0014: variants", () => {
  it("gives every product one implicit variant carrying its SKU, prices, stock and weight", async () => {
    expect(
      await rows(
        "SELECT p.sku, v.options, v.price_cents, v.sale_price_cents, v.stock, v.weight_grams, v.image, v.is_active FROM products p JOIN product_variants v ON v.product_id = p.id ORDER BY p.id",
      ),
    ).toEqual([
      {
        sku: "SKU-1",
        options: "{}",
        price_cents: 5000,
        sale_price_cents: 4000,
        stock: 7,
        weight_grams: 300,
        image: null,
        is_active: 1,
      },
      {
        sku: "SKU-2",
        options: "{}",
        price_cents: 3000,
        sale_price_cents: 3500,
        stock: 0,
        weight_grams: null,
        image: null,
        is_active: 1,
      },
      {
        sku: "SKU-3",
        options: "{}",
        price_cents: 1200,
        sale_price_cents: null,
        stock: 3,
        weight_grams: 100,
        image: null,
        is_active: 1,
      },
    ]);
  });

  it("keeps every product's own figures, its highest price being its unit price", async () => {
    expect(
      await rows(
        "SELECT sku, price_cents, sale_price_cents, unit_price_cents, price_max_cents, stock, is_active, is_addon, image FROM products ORDER BY id",
      ),
    ).toEqual([
      {
        sku: "SKU-1",
        price_cents: 5000,
        sale_price_cents: 4000,
        unit_price_cents: 4000,
        price_max_cents: 4000,
        stock: 7,
        is_active: 1,
        is_addon: 0,
        image: "/a.svg",
      },
      {
        sku: "SKU-2",
        price_cents: 3000,
        sale_price_cents: 3500,
        unit_price_cents: 3000,
        price_max_cents: 3000,
        stock: 0,
        is_active: 1,
        is_addon: 0,
        image: null,
      },
      {
        sku: "SKU-3",
        price_cents: 1200,
        sale_price_cents: null,
        unit_price_cents: 1200,
        price_max_cents: 1200,
        stock: 3,
        is_active: 0,
        is_addon: 0,
        image: null,
      },
    ]);
  });

  it("points past order lines at the variant they sold, keeping every line as it was", async () => {
    expect(
      await rows(
        "SELECT product_name, product_sku, quantity, price_cents, total_cents, variant_id, variant_options FROM order_items ORDER BY id",
      ),
    ).toEqual([
      {
        product_name: "On sale",
        product_sku: "SKU-1",
        quantity: 2,
        price_cents: 4000,
        total_cents: 8000,
        variant_id: 1,
        variant_options: "{}",
      },
      {
        product_name: "Gone",
        product_sku: "SKU-9",
        quantity: 1,
        price_cents: 1000,
        total_cents: 1000,
        variant_id: null,
        variant_options: "{}",
      },
    ]);
  });

  it("keeps a product without options and its variant in step, both ways, after the migration", async () => {
    await client.execute("UPDATE products SET stock = 9, price_cents = 5500, sku = 'SKU-1B' WHERE id = 1");
    expect(await rows("SELECT sku, price_cents, stock FROM product_variants WHERE product_id = 1")).toEqual([
      { sku: "SKU-1B", price_cents: 5500, stock: 9 },
    ]);
    await client.execute("UPDATE product_variants SET stock = stock - 4 WHERE product_id = 1");
    expect(await rows("SELECT stock FROM products WHERE id = 1")).toEqual([{ stock: 5 }]);
    await expect(client.execute("UPDATE product_variants SET stock = stock - 6 WHERE product_id = 1")).rejects.toThrow(
      /CHECK constraint failed/,
    );
  });

  it("makes the product's figures its variants' summary once it has options", async () => {
    await client.batch(
      [
        "INSERT INTO products (name, slug, sku, price_cents, stock) VALUES ('Sized', 'sized', 'SZ', 2000, 5)",
        "INSERT INTO product_options (product_id, name) VALUES (4, 'Size')",
        `UPDATE product_variants SET options = '{"Size":"Small"}', sku = 'SZ-S' WHERE product_id = 4`,
        `INSERT INTO product_variants (product_id, sku, options, price_cents, sale_price_cents, stock, position)
         VALUES (4, 'SZ-L', '{"Size":"Large"}', 3000, 1500, 2, 1), (4, 'SZ-XL', '{"Size":"XL"}', 6000, NULL, 4, 2)`,
      ],
      "write",
    );
    const summary =
      "SELECT price_cents, sale_price_cents, unit_price_cents, price_max_cents, stock FROM products WHERE id = 4";
    expect(await rows(summary)).toEqual([
      { price_cents: 3000, sale_price_cents: 1500, unit_price_cents: 1500, price_max_cents: 6000, stock: 11 },
    ]);
    await client.execute("UPDATE product_variants SET is_active = 0 WHERE sku = 'SZ-L'");
    expect(await rows(summary)).toEqual([
      { price_cents: 2000, sale_price_cents: null, unit_price_cents: 2000, price_max_cents: 6000, stock: 9 },
    ]);
    await client.execute("DELETE FROM product_variants WHERE sku = 'SZ-XL'");
    expect(await rows(summary)).toEqual([
      { price_cents: 2000, sale_price_cents: null, unit_price_cents: 2000, price_max_cents: 2000, stock: 5 },
    ]);
  });
});
