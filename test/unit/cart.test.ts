import { describe, expect, it } from "vitest";
import {
  addToCart,
  cartSummary,
  clampQuantity,
  itemCount,
  MAX_CART_LINES,
  parseCart,
  removeFromCart,
  serializeCart,
  setQuantity,
  tickedAddons,
  withAddons,
} from "~/lib/cart";
import { CartIntentSchema, CART_MESSAGES } from "~/lib/schemas/cart";
import { fieldErrors } from "~/lib/schemas/query";

describe("cart rules", () => {
  it("appends a new product and increases the quantity of an existing one", () => {
    let lines = addToCart([], { productId: 7 }, 2);
    lines = addToCart(lines, { productId: 9 }, 1);
    lines = addToCart(lines, { productId: 7 }, 3);
    expect(lines).toEqual([
      { productId: 7, quantity: 5 },
      { productId: 9, quantity: 1 },
    ]);
    expect(itemCount(lines)).toBe(6);
  });

  it("never lets a quantity pass 99", () => {
    expect(addToCart([{ productId: 7, quantity: 98 }], { productId: 7 }, 5)).toEqual([{ productId: 7, quantity: 99 }]);
    expect(clampQuantity(1000)).toBe(99);
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(10, 3)).toBe(3);
  });

  it("removes a line when its quantity is updated to 0 or below", () => {
    const lines = [
      { productId: 7, quantity: 2 },
      { productId: 9, quantity: 1 },
    ];
    expect(setQuantity(lines, { productId: 7 }, 0)).toEqual([{ productId: 9, quantity: 1 }]);
    expect(setQuantity(lines, { productId: 7 }, -5)).toEqual([{ productId: 9, quantity: 1 }]);
    expect(setQuantity(lines, { productId: 7 }, 4)).toEqual([
      { productId: 7, quantity: 4 },
      { productId: 9, quantity: 1 },
    ]);
    expect(removeFromCart(lines, { productId: 9 })).toEqual([{ productId: 7, quantity: 2 }]);
  });

  it("holds at most 50 distinct products", () => {
    let lines: ReturnType<typeof addToCart> = [];
    for (let id = 1; id <= MAX_CART_LINES + 5; id++) lines = addToCart(lines, { productId: id }, 1);
    expect(lines).toHaveLength(MAX_CART_LINES);
  });

  it("round-trips through its compact cookie form and reads tampered values leniently", () => {
    const lines = [
      { productId: 12, quantity: 2 },
      { productId: 5, quantity: 1 },
    ];
    expect(serializeCart(lines)).toBe("12:2,5:1");
    expect(parseCart("12:2,5:1")).toEqual(lines);
    expect(parseCart("12:2,abc,5:0,-3:1,12:1,7:500")).toEqual([
      { productId: 12, quantity: 3 },
      { productId: 7, quantity: 99 },
    ]);
    expect(parseCart(null)).toEqual([]);
    expect(parseCart("1:1,".repeat(2000))).toEqual([]);
  });

  it("keeps the same product in two variants as two lines, and reads a cookie written before variants", () => {
    let lines = addToCart([], { productId: 7, variantId: 40 }, 1);
    lines = addToCart(lines, { productId: 7, variantId: 41 }, 2);
    lines = addToCart(lines, { productId: 7, variantId: 40 }, 1);
    expect(lines).toEqual([
      { productId: 7, variantId: 40, quantity: 2 },
      { productId: 7, variantId: 41, quantity: 2 },
    ]);
    expect(serializeCart(lines)).toBe("7.40:2,7.41:2");
    expect(parseCart("7.40:2,7.41:2,12:1")).toEqual([...lines, { productId: 12, quantity: 1 }]);
    expect(setQuantity(lines, { productId: 7, variantId: 41 }, 5)[1]).toEqual({
      productId: 7,
      variantId: 41,
      quantity: 5,
    });
    expect(removeFromCart(lines, { productId: 7, variantId: 40 })).toEqual([lines[1]]);
    expect(removeFromCart(lines, { productId: 7 })).toEqual(lines);
    expect(parseCart("7.0:1,7.x:1")).toEqual([]);
  });

  it("ticks add-ons in and out of the cart, only those the checklist showed", () => {
    const offered = [
      { product_id: 60, variant_id: 90 },
      { product_id: 61, variant_id: 91 },
    ];
    const lines = [
      { productId: 7, variantId: 40, quantity: 1 },
      { productId: 61, variantId: 91, quantity: 1 },
    ];
    expect(tickedAddons({ intent: "addons", addon_60: "on", addon_x: "on" })).toEqual([60]);
    expect(withAddons(lines, offered, [60, 61], [60])).toEqual([
      { productId: 7, variantId: 40, quantity: 1 },
      { productId: 60, variantId: 90, quantity: 1 },
    ]);
    expect(withAddons(lines, offered, [60], [])).toEqual(lines);
    expect(withAddons(lines, [], [60, 61], [60, 61])).toEqual(lines);
  });

  it("adds a flat 10% tax and free shipping", () => {
    expect(cartSummary(4999)).toEqual({ subtotal_cents: 4999, tax_cents: 500, shipping_cents: 0, total_cents: 5499 });
  });
});

describe("CartIntentSchema", () => {
  const parse = (data: Record<string, string>) => CartIntentSchema.safeParse(data);

  it("reads each intent", () => {
    expect(parse({ intent: "add", product_id: "3" }).data).toEqual({
      intent: "add",
      product_id: 3,
      variant_id: null,
      quantity: 1,
    });
    expect(parse({ intent: "add", product_id: "3", variant_id: "40" }).data).toMatchObject({ variant_id: 40 });
    expect(parse({ intent: "update", product_id: "3", quantity: "-5" }).data).toEqual({
      intent: "update",
      product_id: 3,
      variant_id: null,
      quantity: -5,
    });
    expect(parse({ intent: "remove", product_id: "3", variant_id: "" }).data).toEqual({
      intent: "remove",
      product_id: 3,
      variant_id: null,
    });
    expect(parse({ intent: "clear" }).data).toEqual({ intent: "clear" });
  });

  it.each([
    [{ intent: "add", product_id: "abc" }, "product_id", CART_MESSAGES.product],
    [{ intent: "add", product_id: "3", quantity: "abc" }, "quantity", CART_MESSAGES.quantityNumber],
    [{ intent: "add", product_id: "3", quantity: "-5" }, "quantity", CART_MESSAGES.quantityRange],
    [{ intent: "add", product_id: "3", quantity: "1000" }, "quantity", CART_MESSAGES.quantityRange],
    [{ intent: "update", product_id: "3", quantity: "1000" }, "quantity", CART_MESSAGES.quantityRange],
    [{ intent: "add", product_id: "3", variant_id: "x" }, "variant_id", CART_MESSAGES.unavailable],
  ])("rejects %j with a clear message", (data, field, message) => {
    const result = parse(data);
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)[field]).toEqual([message]);
  });

  it("rejects an unknown intent", () => {
    const result = parse({ intent: "explode" });
    expect(result.success).toBe(false);
    if (!result.success) expect(Object.values(fieldErrors(result.error)).flat()).toContain(CART_MESSAGES.intent);
  });
});
