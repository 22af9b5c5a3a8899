import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { PRODUCT_MESSAGES, ProductCreateSchema } from "~/lib/schemas/admin-products";
import { BULK_PRICE_MESSAGES, BulkPriceSchema } from "~/lib/schemas/bulk-price";
import { fieldErrors } from "~/lib/schemas/query";
import type { Actor } from "~/services/audit.server";
import { applyBulkPrice, previewBulkPrice } from "~/services/admin/bulk-price.server";
import { createProduct, getAdminProduct } from "~/services/admin/products.server";
import { ValidationError } from "~/services/errors";
import { ADMIN } from "../fixtures/accounts";
import { actorOf, createTestDb, type TestDb } from "./db";

// A bulk price change against a real, migrated and seeded libSQL database: the list's filters
// select the products, every variant's new price is worked out in cents (a percent, an amount,
// .99), the product form's rules refuse some, and Apply writes in audited batches.

let t: TestDb;
let db: Database;
let admin: Actor;
let n = 0;

const product = (extra: Record<string, unknown>) =>
  createProduct(
    db,
    admin,
    ProductCreateSchema.parse({ name: `Bulk Begonia ${++n}`, sku: `BULK-SVC-${n}`, stock: 10, ...extra }),
  );
const input = (extra: Record<string, unknown>) => BulkPriceSchema.parse({ search: "Bulk Begonia", ...extra });

beforeAll(async () => {
  t = await createTestDb();
  db = t.db;
  admin = await actorOf(t.client, ADMIN.email);
});

describe("a bulk price change", () => {
  it("reads a form's text and a JSON body alike, and says what is missing", () => {
    expect(BulkPriceSchema.parse({ target: "price", change: "percent", value: "-10", round_99: "1" })).toMatchObject({
      target: "price",
      change: "percent",
      value: -10,
      round_99: true,
      dry_run: false,
    });
    expect(BulkPriceSchema.parse({ target: "sale_price", change: "amount", value: 2.5, dry_run: true })).toMatchObject({
      value: 2.5,
      dry_run: true,
      round_99: false,
    });
    const refused = BulkPriceSchema.safeParse({ change: "percent", value: "0" });
    expect(refused.success).toBe(false);
    expect(fieldErrors(refused.error!)).toEqual({
      target: [BULK_PRICE_MESSAGES.targetRequired],
      value: [BULK_PRICE_MESSAGES.valueZero],
    });
    expect(fieldErrors(BulkPriceSchema.safeParse({ target: "price", change: "percent", value: -150 }).error!)).toEqual({
      value: [BULK_PRICE_MESSAGES.percentMin],
    });
  });

  it("previews every variant's old and new price in whole cents, refusing what the product form refuses", async () => {
    const cheap = await product({ price: 1, sale_price: null });
    const onSale = await product({ price: 20, sale_price: 18.5 });
    const preview = await previewBulkPrice(db, input({ target: "price", change: "percent", value: "-10" }));
    expect(preview.change).toBe("-10% on the price");
    const row = (id: number) => preview.rows.find((r) => r.product_id === id);
    expect(row(cheap.id)).toMatchObject({ old_cents: 100, new_cents: 90, error: null });
    // 18.00 is not above the sale price 18.50: refused with the form's words.
    expect(row(onSale.id)).toMatchObject({
      old_cents: 2000,
      new_cents: 1800,
      error: PRODUCT_MESSAGES.salePriceBelowPrice,
    });
    expect(preview).toMatchObject({ variants: 1, products: 1, refused: 1 });

    const below = await previewBulkPrice(db, input({ target: "price", change: "amount", value: "-5" }));
    expect(below.rows.find((r) => r.product_id === cheap.id)).toMatchObject({
      new_cents: -400,
      error: "The price must be at least 0.",
    });
    const ninetyNine = await previewBulkPrice(
      db,
      input({ target: "price", change: "amount", value: "3.30", round_99: "1" }),
    );
    expect(ninetyNine.rows.find((r) => r.product_id === onSale.id)).toMatchObject({ new_cents: 2299, error: null });
    const sale = await previewBulkPrice(db, input({ target: "sale_price", change: "percent", value: "10" }));
    // Only the products with a sale price: 20.35 is below 20.
    expect(sale.rows.map((r) => r.product_id)).toEqual([onSale.id]);
    expect(sale.rows[0]).toMatchObject({
      old_cents: 1850,
      new_cents: 2035,
      error: PRODUCT_MESSAGES.salePriceBelowPrice,
    });
    // Nothing was written.
    expect((await getAdminProduct(db, cheap.id))!.price_cents).toBe(100);
  });

  it("applies from the filters again, audited per product and once for the whole change", async () => {
    const a = await product({ name: "Bulk Begonia Apply A", price: 10 });
    const b = await product({ name: "Bulk Begonia Apply B", price: 30 });
    const change = input({ search: "Bulk Begonia Apply", target: "price", change: "percent", value: "12.5" });
    const result = await applyBulkPrice(db, admin, change);
    expect(result).toMatchObject({ variants: 2, products: 2, refused: 0, batches: { applied: 1, failed: 0 } });
    expect((await getAdminProduct(db, a.id))!).toMatchObject({ price_cents: 1125, version: a.version + 1 });
    expect((await getAdminProduct(db, b.id))!.price_cents).toBe(3375);
    const audit = await t.client.execute({
      sql: "SELECT summary, changes FROM audit_log WHERE entity = 'product' AND entity_id = ? ORDER BY id DESC LIMIT 1",
      args: [String(a.id)],
    });
    expect(audit.rows[0]!.summary).toBe(
      "Changed the price of Bulk Begonia Apply A by bulk price change: +12.5% on the price",
    );
    expect(JSON.parse(String(audit.rows[0]!.changes))).toEqual({ [`${a.sku} price`]: [10, 11.25] });
    const whole = await t.client.execute(
      "SELECT summary FROM audit_log WHERE entity = 'products' AND action = 'bulk-price' ORDER BY id DESC LIMIT 1",
    );
    expect(whole.rows[0]!.summary).toBe(
      "Bulk price change (+12.5% on the price): 2 variants of 2 products changed, 0 refused, 0 batches failed",
    );
  });

  it("refuses more variants than it may change at once", async () => {
    const many = await product({ name: "Bulk Begonia Many", price: 5 });
    await t.client.execute({
      sql: `INSERT INTO product_variants (product_id, sku, options, price_cents, stock, position)
            WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 1000)
            SELECT ?, 'BULK-MANY-' || i, json_object('Size', 'S' || i), 500, 1, i FROM k`,
      args: [many.id],
    });
    const change = input({ search: "Bulk Begonia Many", target: "price", change: "percent", value: "1" });
    await expect(previewBulkPrice(db, change)).rejects.toMatchObject({
      errors: { filters: [BULK_PRICE_MESSAGES.tooMany] },
    });
    await expect(applyBulkPrice(db, admin, change)).rejects.toBeInstanceOf(ValidationError);
  });
});
