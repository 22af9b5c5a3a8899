import { beforeAll, describe, expect, it } from "vitest";
import { changeCart, priceCart } from "~/services/cart.server";
import { createTestDb, type TestDb } from "./db";
import { WITHOUT_OPTIONS } from "../fixtures/checkout";

let t: TestDb;
type Row = { id: number; price_cents: number; sale_price_cents: number | null; stock: number };
let onSale: Row;
let regular: Row;

beforeAll(async () => {
  t = await createTestDb();
  const rows = (
    await t.client.execute(
      `SELECT id, price_cents, sale_price_cents, stock FROM products WHERE stock > 10 AND ${WITHOUT_OPTIONS} ORDER BY id`,
    )
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
    const low = (
      await t.client.execute(
        `SELECT id, stock FROM products WHERE stock BETWEEN 1 AND 5 AND ${WITHOUT_OPTIONS} LIMIT 1`,
      )
    ).rows[0]!;
    const cart = await priceCart(t.db, [{ productId: Number(low.id), quantity: 99 }]);
    expect(cart.items[0]).toMatchObject({ quantity: Number(low.stock), requested_quantity: 99, status: "reduced" });
    expect(cart.can_checkout).toBe(true);
  });

  it("shows a product that went out of stock or disappeared, outside the totals, and blocks checkout", async () => {
    const soldOut = (await t.client.execute(`SELECT id FROM products WHERE stock = 0 AND ${WITHOUT_OPTIONS} LIMIT 1`))
      .rows[0]!;
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

describe("lines per variant", () => {
  type VariantRow = {
    id: number;
    product_id: number;
    sku: string;
    options: string;
    price_cents: number;
    stock: number;
  };
  const variant = async (sku: string) =>
    (await t.client.execute({ sql: "SELECT * FROM product_variants WHERE sku = ?", args: [sku] }))
      .rows[0] as unknown as VariantRow;
  const add = (product_id: number, variant_id: number | null, quantity = 1) =>
    ({ intent: "add", product_id, variant_id, quantity }) as const;

  it("prices the same product in two sizes as two lines, each with its options, SKU and stock", async () => {
    const pink = await variant("TB-MOM-001-BQ-PK");
    const grand = await variant("TB-MOM-001-GR-PK");
    const before = t.timer.queries;
    const cart = await priceCart(t.db, [
      { productId: pink.product_id, variantId: pink.id, quantity: 1 },
      { productId: grand.product_id, variantId: grand.id, quantity: 99 },
    ]);
    expect(t.timer.queries - before).toBe(1);
    expect(cart.items.map((item) => [item.product?.sku, item.product?.options, item.quantity])).toEqual([
      ["TB-MOM-001-BQ-PK", { Size: "Bouquet", Colour: "Pink" }, 1],
      ["TB-MOM-001-GR-PK", { Size: "Grand", Colour: "Pink" }, grand.stock],
    ]);
    expect(cart.items[1]!.status).toBe("reduced");
    expect(cart.items[1]!.product!.unit_price_cents).toBe(grand.price_cents);
  });

  it("shows an old line of a product that now has options as needing a choice, and a foreign or switched-off variant as gone", async () => {
    const pink = await variant("TB-MOM-001-BQ-PK");
    const cart = await priceCart(t.db, [
      { productId: pink.product_id, quantity: 1 },
      { productId: regular.id, variantId: pink.id, quantity: 1 },
    ]);
    expect(cart.items.map((item) => [item.status, item.reason, item.name !== null])).toEqual([
      ["unavailable", "Please choose a Size.", true],
      ["unavailable", "This option is no longer available.", true],
    ]);
    expect(cart.can_checkout).toBe(false);
    await t.client.execute({ sql: "UPDATE product_variants SET is_active = 0 WHERE id = ?", args: [pink.id] });
    const off = await priceCart(t.db, [{ productId: pink.product_id, variantId: pink.id, quantity: 1 }]);
    expect(off.items[0]).toMatchObject({ status: "unavailable", reason: "This option is no longer available." });
    await t.client.execute({ sql: "UPDATE product_variants SET is_active = 1 WHERE id = ?", args: [pink.id] });
  });

  it("adds a variant as its own line, and refuses a product with options without one", async () => {
    const pink = await variant("TB-MOM-001-BQ-PK");
    const grand = await variant("TB-MOM-001-GR-PK");
    let change = await changeCart(t.db, [], add(pink.product_id, pink.id));
    change = await changeCart(t.db, change.lines, add(grand.product_id, grand.id, 2));
    expect(change.lines).toEqual([
      { productId: pink.product_id, variantId: pink.id, quantity: 1 },
      { productId: grand.product_id, variantId: grand.id, quantity: 2 },
    ]);
    expect(await changeCart(t.db, [], add(pink.product_id, null))).toMatchObject({
      ok: false,
      message: "Please choose a Size.",
    });
    expect(await changeCart(t.db, [], add(regular.id, pink.id))).toMatchObject({
      ok: false,
      message: "This product is no longer available.",
    });
    const removed = await changeCart(t.db, change.lines, {
      intent: "remove",
      product_id: pink.product_id,
      variant_id: pink.id,
    });
    expect(removed.lines).toEqual([{ productId: grand.product_id, variantId: grand.id, quantity: 2 }]);
  });

  it("adds a product without options by its implicit variant, merging a line written before variants", async () => {
    const implicit = Number(
      (await t.client.execute({ sql: "SELECT id FROM product_variants WHERE product_id = ?", args: [regular.id] }))
        .rows[0]!.id,
    );
    const change = await changeCart(t.db, [{ productId: regular.id, quantity: 2 }], add(regular.id, null));
    expect(change.lines).toEqual([{ productId: regular.id, variantId: implicit, quantity: 3 }]);
  });

  it("ticks an add-on into the cart and out again", async () => {
    const vase = Number((await t.client.execute("SELECT id FROM products WHERE slug = 'glass-bud-vase'")).rows[0]!.id);
    const ticked = await changeCart(t.db, [], { intent: "addons", addons_shown: [vase], ticked: [vase] });
    expect(ticked.lines).toEqual([{ productId: vase, variantId: expect.any(Number), quantity: 1 }]);
    const cart = await priceCart(t.db, ticked.lines);
    expect(cart.items[0]).toMatchObject({ name: "Glass Bud Vase", line_total_cents: 1200, status: "ok" });
    const unticked = await changeCart(t.db, ticked.lines, { intent: "addons", addons_shown: [vase], ticked: [] });
    expect(unticked.lines).toEqual([]);
  });
});
