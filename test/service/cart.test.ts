import { beforeAll, describe, expect, it } from "vitest";
import { priceCart } from "~/services/cart.server";
import { createTestDb, type TestDb } from "./db";

let t: TestDb;
type Row = { id: number; price_cents: number; sale_price_cents: number | null; stock: number };
let onSale: Row;
let regular: Row;

beforeAll(async () => {
  t = await createTestDb();
  const rows = (
    await t.client.execute("SELECT id, price_cents, sale_price_cents, stock FROM products WHERE stock > 10 ORDER BY id")
  ).rows as unknown as Row[];
  onSale = rows.find((r) => r.sale_price_cents !== null && r.sale_price_cents < r.price_cents)!;
  regular = rows.find((r) => r.sale_price_cents === null)!;
});

describe("priceCart", () => {
  it("prices every line from the database in one read, the sale price when lower", async () => {
    const before = t.timer.queries;
    const cart = await priceCart(t.db, [
      { productId: onSale.id, quantity: 2 },
      { productId: regular.id, quantity: 3 },
    ]);
    expect(t.timer.queries - before).toBe(1);
    expect(cart.items.map((i) => i.line_total_cents)).toEqual([onSale.sale_price_cents! * 2, regular.price_cents * 3]);
    const subtotal = onSale.sale_price_cents! * 2 + regular.price_cents * 3;
    expect(cart).toMatchObject({
      item_count: 5,
      subtotal_cents: subtotal,
      tax_cents: Math.round(subtotal / 10),
      shipping_cents: 0,
      can_checkout: true,
    });
    expect(cart.total_cents).toBe(cart.subtotal_cents + cart.tax_cents);
  });

  it("reads 20 lines with the same single query", async () => {
    const ids = (await t.client.execute("SELECT id FROM products WHERE stock > 0 LIMIT 20")).rows.map((r) =>
      Number(r.id),
    );
    const before = t.timer.queries;
    const cart = await priceCart(
      t.db,
      ids.map((productId) => ({ productId, quantity: 1 })),
    );
    expect(t.timer.queries - before).toBe(1);
    expect(cart.items).toHaveLength(20);
  });

  it("clamps a quantity to the stock on hand", async () => {
    const low = (await t.client.execute("SELECT id, stock FROM products WHERE stock BETWEEN 1 AND 5 LIMIT 1")).rows[0]!;
    const cart = await priceCart(t.db, [{ productId: Number(low.id), quantity: 99 }]);
    expect(cart.items[0]).toMatchObject({ quantity: Number(low.stock), requested_quantity: 99, status: "reduced" });
    expect(cart.can_checkout).toBe(true);
  });

  it("shows a product that went out of stock or disappeared, outside the totals, and blocks checkout", async () => {
    const soldOut = (await t.client.execute("SELECT id FROM products WHERE stock = 0 LIMIT 1")).rows[0]!;
    const cart = await priceCart(t.db, [
      { productId: regular.id, quantity: 1 },
      { productId: Number(soldOut.id), quantity: 1 },
      { productId: 999_999, quantity: 2 },
    ]);
    expect(cart.items.map((i) => i.status)).toEqual(["ok", "out_of_stock", "unavailable"]);
    expect(cart.subtotal_cents).toBe(regular.price_cents);
    expect(cart.item_count).toBe(1);
    expect(cart.can_checkout).toBe(false);
  });

  it("treats a deactivated product as unavailable", async () => {
    await t.client.execute({ sql: "UPDATE products SET is_active = 0 WHERE id = ?", args: [regular.id] });
    const cart = await priceCart(t.db, [{ productId: regular.id, quantity: 1 }]);
    expect(cart.items[0]!.status).toBe("unavailable");
    await t.client.execute({ sql: "UPDATE products SET is_active = 1 WHERE id = ?", args: [regular.id] });
  });

  it("answers an empty cart without touching the database", async () => {
    const before = t.timer.queries;
    expect((await priceCart(t.db, [])).items).toEqual([]);
    expect(t.timer.queries - before).toBe(0);
  });
});
