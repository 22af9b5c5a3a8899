import { beforeAll, describe, expect, it } from "vitest";
import type { CartLine } from "~/lib/cart";
import { CheckoutFormSchema } from "~/lib/schemas/checkout";
import { getAdminOrder, updateOrder } from "~/services/admin/orders.server";
import { OrderError, placeOrder, type PlaceOrderInput } from "~/services/checkout.server";
import { ValidationError } from "~/services/errors";
import { getOrder } from "~/services/orders.server";
import { orderJson } from "~/services/serializers/order";
import { ADMIN } from "../fixtures/accounts";
import { createTestDb, type TestDb } from "./db";
import { rejection } from "./fixtures";

// Issue 28: the cart, the checkout and orders per variant.

let t: TestDb;
let shipping: number;
let guests = 0;

interface VariantRow {
  id: number;
  product_id: number;
  sku: string;
  stock: number;
}

async function row<T>(sql: string, args: Array<string | number> = []): Promise<T> {
  const found = (await t.client.execute({ sql, args })).rows[0];
  if (!found) throw new Error(`no row for ${sql}`);
  return found as unknown as T;
}

const variant = (sku: string) =>
  row<VariantRow>("SELECT id, product_id, sku, stock FROM product_variants WHERE sku = ?", [sku]);
const productStock = async (id: number) =>
  Number((await row<{ stock: number }>("SELECT stock FROM products WHERE id = ?", [id])).stock);
const setVariantStock = (id: number, stock: number) =>
  t.client.execute({ sql: "UPDATE product_variants SET stock = ? WHERE id = ?", args: [stock, id] });

/** A guest order of these lines, each by its own address (a guest's orders are limited per address). */
const input = (lines: CartLine[]): PlaceOrderInput => ({
  lines,
  customer: CheckoutFormSchema.parse({
    firstName: "Ann",
    lastName: "Lee",
    email: `variant.${++guests}@example.com`,
    address: "12 Flower Lane",
    city: "Colombo",
    country: "LK",
  }),
  shippingMethodId: shipping,
  couponCode: "",
  userId: null,
  idempotencyKey: null,
});

const lineOf = (v: VariantRow, quantity = 1): CartLine => ({ productId: v.product_id, variantId: v.id, quantity });

beforeAll(async () => {
  t = await createTestDb();
  shipping = Number((await row<{ id: number }>("SELECT id FROM shipping_methods WHERE code = 'standard'")).id);
});

describe("an order per variant", () => {
  it("keeps each line's variant, option values, SKU and price, and takes the stock from the variant", async () => {
    const pink = await variant("TB-MOM-001-BQ-PK");
    const grand = await variant("TB-MOM-001-GR-PK");
    const productBefore = await productStock(pink.product_id);
    const placed = await placeOrder(t.db, input([lineOf(pink), lineOf(grand, 2)]));
    const order = (await getOrder(t.db, placed.id))!;
    expect(order.items.map((item) => [item.product_sku, item.options, item.quantity, item.variant_id])).toEqual([
      ["TB-MOM-001-BQ-PK", { Size: "Bouquet", Colour: "Pink" }, 1, pink.id],
      ["TB-MOM-001-GR-PK", { Size: "Grand", Colour: "Pink" }, 2, grand.id],
    ]);
    expect((await variant(pink.sku)).stock).toBe(pink.stock - 1);
    expect((await variant(grand.sku)).stock).toBe(grand.stock - 2);
    expect(await productStock(pink.product_id)).toBe(productBefore - 3);
    expect(orderJson(order).items[1]).toMatchObject({
      variant_id: grand.id,
      options: { Size: "Grand", Colour: "Pink" },
      product_sku: "TB-MOM-001-GR-PK",
    });
  });

  it("refuses a product with options without its variant, and a variant of another product, per item", async () => {
    const pink = await variant("TB-MOM-001-BQ-PK");
    const white = await variant("TB-MOM-001-BQ-WH");
    const other = await row<{ id: number }>(
      "SELECT id FROM products WHERE is_active = 1 AND stock > 0 AND id <> ? AND NOT EXISTS (SELECT 1 FROM product_options o WHERE o.product_id = products.id) LIMIT 1",
      [pink.product_id],
    );
    const missing = await rejection(
      placeOrder(
        t.db,
        input([
          { productId: Number(other.id), quantity: 1 },
          { productId: pink.product_id, quantity: 1 },
        ]),
      ),
    );
    expect(missing).toBeInstanceOf(ValidationError);
    expect((missing as ValidationError).errors).toEqual({ "items.1.variant_id": ["Please choose a Size."] });
    const foreign = await rejection(
      placeOrder(t.db, input([{ productId: Number(other.id), variantId: white.id, quantity: 1 }])),
    );
    expect((foreign as ValidationError).errors).toEqual({
      "items.0.variant_id": ["This option is no longer available."],
    });
  });

  it("refuses more than a variant's stock with a 409, though its product has more", async () => {
    const grand = await variant("TB-MOM-001-GR-PK");
    await setVariantStock(grand.id, 2);
    const error = await rejection(placeOrder(t.db, input([lineOf(grand, 3)])));
    expect(error).toBeInstanceOf(OrderError);
    expect((error as OrderError).status).toBe(409);
    expect(error.message).toMatch(/^Only 2 of Blush Garden Bouquet left in stock/);
  });

  it("sells a variant's last unit once to 10 buyers at once; the product's stock follows", async () => {
    const pink = await variant("TB-MOM-001-BQ-PK");
    await setVariantStock(pink.id, 1);
    const others = await productStock(pink.product_id);
    const orders = Number(
      (await row<{ n: number }>("SELECT count(*) AS n FROM order_items WHERE variant_id = ?", [pink.id])).n,
    );
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => placeOrder(t.db, input([lineOf(pink)]))));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results.filter((r): r is PromiseRejectedResult => r.status === "rejected")) {
      expect(result.reason).toBeInstanceOf(OrderError);
      expect((result.reason as OrderError).status).toBe(409);
    }
    expect((await variant(pink.sku)).stock).toBe(0);
    expect(await productStock(pink.product_id)).toBe(others - 1);
    expect(
      Number((await row<{ n: number }>("SELECT count(*) AS n FROM order_items WHERE variant_id = ?", [pink.id])).n),
    ).toBe(orders + 1);
  });
});

describe("after the order", () => {
  let admin: { id: number; name: string; email: string };

  beforeAll(async () => {
    const user = await row<{ id: number; name: string }>("SELECT id, name FROM users WHERE email = ?", [ADMIN.email]);
    admin = { id: Number(user.id), name: user.name, email: ADMIN.email };
  });

  it("gives a cancelled order's stock back to its variant", async () => {
    const white = await variant("TB-MOM-001-BQ-WH");
    await setVariantStock(white.id, 10);
    const placed = await placeOrder(t.db, input([lineOf(white, 3)]));
    const productAfterOrder = await productStock(white.product_id);
    expect((await variant(white.sku)).stock).toBe(7);
    await updateOrder(t.db, admin, placed.id, { status: "cancelled" });
    expect((await variant(white.sku)).stock).toBe(10);
    expect(await productStock(white.product_id)).toBe(productAfterOrder + 3);
  });

  it("keeps a past order's options and SKU when its variant is changed, then removed; nothing comes back for it", async () => {
    const grand = await variant("TB-MOM-001-GR-PK");
    await setVariantStock(grand.id, 5);
    const placed = await placeOrder(t.db, input([lineOf(grand)]));
    await t.client.execute({ sql: "UPDATE product_variants SET sku = 'RENAMED-1' WHERE id = ?", args: [grand.id] });
    const shown = (await getAdminOrder(t.db, placed.id))!.items[0]!;
    expect(shown).toMatchObject({ product_sku: "TB-MOM-001-GR-PK", options: { Size: "Grand", Colour: "Pink" } });
    await t.client.execute({ sql: "DELETE FROM product_variants WHERE id = ?", args: [grand.id] });
    const kept = (await getOrder(t.db, placed.id))!.items[0]!;
    expect(kept).toMatchObject({
      variant_id: null,
      product_sku: "TB-MOM-001-GR-PK",
      options: { Size: "Grand", Colour: "Pink" },
    });
    const stockBefore = await productStock(grand.product_id);
    await updateOrder(t.db, admin, placed.id, { status: "cancelled" });
    expect(await productStock(grand.product_id)).toBe(stockBefore);
  });
});
