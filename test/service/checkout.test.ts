import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../../db/client";
import type { CartLine } from "~/lib/cart";
import { CHECKOUT_MESSAGES, CheckoutFormSchema, type CheckoutForm } from "~/lib/schemas/checkout";
import {
  calculateTax,
  listShippingOptions,
  listTaxRates,
  newOrderNumber,
  OrderError,
  placeOrder,
  quoteCheckout,
  shippingCostFor,
  validateCoupon,
  validateCouponById,
  type PlaceOrderInput,
  type QuoteInput,
} from "~/services/checkout.server";
import { DomainError, ValidationError } from "~/services/errors";
import { CUSTOMER } from "../fixtures/accounts";
import { createTestDb, type TestDb } from "./db";
import { rejection } from "./fixtures";
import { readSavedCart, saveCartStatement } from "~/services/saved-carts.server";

// ---------------------------------------------------------------- helpers

type Client = TestDb["client"];

async function one<T = Record<string, unknown>>(
  client: Client,
  sql: string,
  args: Array<string | number | null> = [],
): Promise<T> {
  const row = (await client.execute({ sql, args })).rows[0];
  if (!row) throw new Error(`no row for ${sql}`);
  return row as unknown as T;
}

async function all<T = Record<string, unknown>>(
  client: Client,
  sql: string,
  args: Array<string | number | null> = [],
): Promise<T[]> {
  return (await client.execute({ sql, args })).rows as unknown as T[];
}

/** Gives a seeded product known figures, so that the totals below are worked out by hand. */
async function setProduct(
  client: Client,
  id: number,
  values: { price?: number; sale?: number | null; stock?: number; active?: boolean },
): Promise<void> {
  const sets: string[] = [];
  const args: Array<number | null> = [];
  if (values.price !== undefined) {
    sets.push("price_cents = ?");
    args.push(values.price);
  }
  if (values.sale !== undefined) {
    sets.push("sale_price_cents = ?");
    args.push(values.sale);
  }
  if (values.stock !== undefined) {
    sets.push("stock = ?");
    args.push(values.stock);
  }
  if (values.active !== undefined) {
    sets.push("is_active = ?");
    args.push(values.active ? 1 : 0);
  }
  await client.execute({ sql: `UPDATE products SET ${sets.join(", ")} WHERE id = ?`, args: [...args, id] });
}

/** Unix seconds, as the coupons table keeps its dates. */
const unix = (date: Date) => Math.floor(date.getTime() / 1000);
const DAY = 24 * 60 * 60 * 1000;

async function insertCoupon(
  client: Client,
  coupon: {
    code: string;
    type?: "percentage" | "fixed";
    value?: number;
    usage_limit?: number | null;
    usage_count?: number;
    starts_at?: Date | null;
    expires_at?: Date | null;
  },
): Promise<number> {
  await client.execute({
    sql: `INSERT INTO coupons (code, name, type, value, min_subtotal_cents, max_discount_cents, usage_limit, usage_count, starts_at, expires_at, is_active)
          VALUES (?, ?, ?, ?, 0, NULL, ?, ?, ?, ?, 1)`,
    args: [
      coupon.code,
      `${coupon.code} test coupon`,
      coupon.type ?? "percentage",
      coupon.value ?? 10,
      coupon.usage_limit ?? null,
      coupon.usage_count ?? 0,
      coupon.starts_at ? unix(coupon.starts_at) : null,
      coupon.expires_at ? unix(coupon.expires_at) : null,
    ],
  });
  return Number((await one<{ id: number }>(client, "SELECT id FROM coupons WHERE code = ?", [coupon.code])).id);
}

const quoteInput = (lines: CartLine[], extra: Partial<QuoteInput> = {}): QuoteInput => ({
  lines,
  country: "LK",
  state: "",
  shippingMethodId: null,
  couponCode: "",
  ...extra,
});

/** The address fields of the checkout form this file fills in. */
const ANN = {
  firstName: "Ann",
  lastName: "Lee",
  email: "ann@example.com",
  phone: "+94 77 123 4567",
  address: "12 Flower Lane",
  city: "Colombo",
  zipCode: "00300",
};

const customerOf = (values: Record<string, unknown> = {}): CheckoutForm =>
  CheckoutFormSchema.parse({ ...ANN, notes: "Ring twice", ...values });

// ---------------------------------------------------------------- quotes, shipping, tax, coupons

describe("pricing the checkout", () => {
  let t: TestDb;
  let ids: { standard: number; express: number; economy: number; local: number; northAmerica: number; retired: number };
  // Products with figures set here: A $20.00; B $18.00 on sale at $15.00; C $10.00 with a higher "sale" price of $12.00.
  const A = 2;
  const B = 3;
  const C = 4;

  beforeAll(async () => {
    t = await createTestDb();
    await setProduct(t.client, A, { price: 2000, sale: null, stock: 50 });
    await setProduct(t.client, B, { price: 1800, sale: 1500, stock: 50 });
    await setProduct(t.client, C, { price: 1000, sale: 1200, stock: 50 });
    await t.client.batch(
      [
        `INSERT INTO shipping_methods (code, name, description, cost_cents, delivery_days_min, delivery_days_max, free_shipping_threshold_cents, countries, is_active, sort_order)
         VALUES ('colombo-same-day', 'Colombo Same Day', 'Within Colombo.', 250, 0, 0, NULL, 'LK', 1, 10)`,
        `INSERT INTO shipping_methods (code, name, description, cost_cents, delivery_days_min, delivery_days_max, free_shipping_threshold_cents, countries, is_active, sort_order)
         VALUES ('north-america-freight', 'North America Freight', 'US and Canada.', 2500, 5, 9, 20000, 'US, CA', 1, 11)`,
        `INSERT INTO shipping_methods (code, name, description, cost_cents, delivery_days_min, delivery_days_max, free_shipping_threshold_cents, countries, is_active, sort_order)
         VALUES ('pigeon', 'Retired Pigeon Post', 'No longer offered.', 100, 1, 2, NULL, NULL, 0, 0)`,
      ],
      "write",
    );
    const rows = await all<{ id: number; code: string }>(t.client, "SELECT id, code FROM shipping_methods");
    const id = (code: string) => Number(rows.find((row) => row.code === code)!.id);
    ids = {
      standard: id("standard"),
      express: id("express"),
      economy: id("economy"),
      local: id("colombo-same-day"),
      northAmerica: id("north-america-freight"),
      retired: id("pigeon"),
    };
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  describe("quoteCheckout", () => {
    it("reads products, shipping methods, tax rates and the coupon in one batch", async () => {
      const batch = vi.spyOn(t.client, "batch");
      const execute = vi.spyOn(t.client, "execute");
      await quoteCheckout(t.db, quoteInput([{ productId: A, quantity: 1 }], { couponCode: "WELCOME10" }));
      expect(batch).toHaveBeenCalledTimes(1);
      expect(batch.mock.calls[0]![0]).toHaveLength(4);
      expect(execute).not.toHaveBeenCalled();
    });

    it("prices a Sri Lankan cart below the free-shipping threshold: $5.99 standard shipping, 18% VAT", async () => {
      // $20.00 + $15.00 (the sale price) = $35.00; VAT 18% = $6.30; total $35.00 + $5.99 + $6.30 = $47.29.
      const quote = await quoteCheckout(
        t.db,
        quoteInput([
          { productId: A, quantity: 1 },
          { productId: B, quantity: 1 },
        ]),
      );
      expect(quote.country).toBe("LK");
      expect(
        quote.cart.items.map((item) => [item.product_id, item.product!.unit_price_cents, item.line_total_cents]),
      ).toEqual([
        [A, 2000, 2000],
        [B, 1500, 1500],
      ]);
      expect(quote.shipping).toMatchObject({
        id: ids.standard,
        code: "standard",
        cost_cents: 599,
        base_cost_cents: 599,
      });
      expect(quote.coupon).toBeNull();
      expect(quote.tax).toEqual({ total_tax_cents: 630, lines: [{ name: "VAT", rate_bps: 1800, amount_cents: 630 }] });
      expect(quote.totals).toEqual({
        subtotal_cents: 3500,
        shipping_cents: 599,
        tax_cents: 630,
        discount_cents: 0,
        total_cents: 4729,
      });
    });

    it("ignores a sale price that is not lower than the price", async () => {
      const quote = await quoteCheckout(t.db, quoteInput([{ productId: C, quantity: 3 }]));
      expect(quote.totals.subtotal_cents).toBe(3000);
    });

    it("ships free at exactly the $50.00 threshold", async () => {
      // $20.00 x 2 + $10.00 = $50.00; VAT $9.00; total $59.00.
      const quote = await quoteCheckout(
        t.db,
        quoteInput([
          { productId: A, quantity: 2 },
          { productId: C, quantity: 1 },
        ]),
      );
      expect(quote.shipping).toMatchObject({ id: ids.standard, cost_cents: 0, base_cost_cents: 599 });
      expect(quote.totals).toEqual({
        subtotal_cents: 5000,
        shipping_cents: 0,
        tax_cents: 900,
        discount_cents: 0,
        total_cents: 5900,
      });
    });

    it("charges shipping one cent below the threshold", async () => {
      await setProduct(t.client, C, { price: 999 });
      try {
        const quote = await quoteCheckout(
          t.db,
          quoteInput([
            { productId: A, quantity: 2 },
            { productId: C, quantity: 1 },
          ]),
        );
        // $49.99 + $5.99 + VAT 18% of $49.99 ($8.9982, so $9.00) = $64.98.
        expect(quote.totals).toEqual({
          subtotal_cents: 4999,
          shipping_cents: 599,
          tax_cents: 900,
          discount_cents: 0,
          total_cents: 6498,
        });
      } finally {
        await setProduct(t.client, C, { price: 1000 });
      }
    });

    it("charges VAT on the subtotal after the coupon's discount", async () => {
      // $20.00 x 2 + $15.00 = $55.00; WELCOME10 takes $5.50; VAT 18% of $49.50 = $8.91;
      // shipping is free (the threshold is on the subtotal); total $55.00 + $0 + $8.91 - $5.50 = $58.41.
      const quote = await quoteCheckout(
        t.db,
        quoteInput(
          [
            { productId: A, quantity: 2 },
            { productId: B, quantity: 1 },
          ],
          { couponCode: "welcome10" },
        ),
      );
      expect(quote.coupon).toMatchObject({
        valid: true,
        coupon: { code: "WELCOME10", type: "percentage", value: 10, discount_cents: 550 },
      });
      expect(quote.tax.lines).toEqual([{ name: "VAT", rate_bps: 1800, amount_cents: 891 }]);
      expect(quote.totals).toEqual({
        subtotal_cents: 5500,
        shipping_cents: 0,
        tax_cents: 891,
        discount_cents: 550,
        total_cents: 5841,
      });
    });

    it("takes the chosen method, even above the threshold when it has none", async () => {
      const lines = [{ productId: A, quantity: 3 }];
      const express = await quoteCheckout(t.db, quoteInput(lines, { shippingMethodId: ids.express }));
      expect(express.shipping).toMatchObject({ code: "express", cost_cents: 1499 });
      // $60.00 + $14.99 + $10.80 = $85.79.
      expect(express.totals).toEqual({
        subtotal_cents: 6000,
        shipping_cents: 1499,
        tax_cents: 1080,
        discount_cents: 0,
        total_cents: 8579,
      });
      const economy = await quoteCheckout(t.db, quoteInput(lines, { shippingMethodId: ids.economy }));
      expect(economy.totals.shipping_cents).toBe(399);
    });

    it("chooses no method for one that is unknown, inactive or not offered in the country", async () => {
      for (const shippingMethodId of [999_999, ids.retired, ids.northAmerica]) {
        const quote = await quoteCheckout(t.db, quoteInput([{ productId: A, quantity: 1 }], { shippingMethodId }));
        expect(quote.shipping).toBeNull();
        expect(quote.totals.shipping_cents).toBe(0);
      }
    });

    it("quotes a country outside the list as Sri Lanka", async () => {
      const quote = await quoteCheckout(t.db, quoteInput([{ productId: A, quantity: 1 }], { country: "FR" }));
      expect(quote.country).toBe("LK");
      expect(quote.tax.lines).toEqual([{ name: "VAT", rate_bps: 1800, amount_cents: 360 }]);
    });

    it("quotes US sales tax for the state given, and none without a state", async () => {
      const lines = [{ productId: A, quantity: 5 }]; // $100.00
      const california = await quoteCheckout(t.db, quoteInput(lines, { country: "US", state: " ca " }));
      expect(california.tax.lines).toEqual([{ name: "California Sales Tax", rate_bps: 725, amount_cents: 725 }]);
      // Standard is free over $50, so total = $100.00 + $7.25.
      expect(california.totals).toEqual({
        subtotal_cents: 10_000,
        shipping_cents: 0,
        tax_cents: 725,
        discount_cents: 0,
        total_cents: 10_725,
      });
      const nowhere = await quoteCheckout(t.db, quoteInput(lines, { country: "US" }));
      expect(nowhere.tax).toEqual({ total_tax_cents: 0, lines: [] });
      expect(nowhere.totals.total_cents).toBe(10_000);
    });

    it("quotes Canada's GST alone, and GST plus Ontario's portion in Ontario", async () => {
      const lines = [{ productId: A, quantity: 5 }]; // $100.00
      const canada = await quoteCheckout(t.db, quoteInput(lines, { country: "CA" }));
      expect(canada.tax.lines).toEqual([{ name: "GST", rate_bps: 500, amount_cents: 500 }]);
      const ontario = await quoteCheckout(t.db, quoteInput(lines, { country: "CA", state: "ON" }));
      expect(ontario.tax.lines).toEqual([
        { name: "GST", rate_bps: 500, amount_cents: 500 },
        { name: "Ontario HST (provincial portion)", rate_bps: 800, amount_cents: 800 },
      ]);
      expect(ontario.totals).toMatchObject({ tax_cents: 1300, total_cents: 11_300 });
    });

    it("leaves products that cannot be sold out of the totals", async () => {
      const quote = await quoteCheckout(
        t.db,
        quoteInput([
          { productId: A, quantity: 1 },
          { productId: 999_999, quantity: 4 },
        ]),
      );
      expect(quote.cart.items.map((item) => item.status)).toEqual(["ok", "unavailable"]);
      expect(quote.cart.can_checkout).toBe(false);
      expect(quote.totals.subtotal_cents).toBe(2000);
    });

    it("quotes an empty cart as zero, whatever the coupon and the place", async () => {
      const quote = await quoteCheckout(t.db, quoteInput([], { country: "CA", state: "ON", couponCode: "SAVE5" }));
      expect(quote.cart.items).toEqual([]);
      expect(quote.totals).toEqual({
        subtotal_cents: 0,
        shipping_cents: 0,
        tax_cents: 0,
        discount_cents: 0,
        total_cents: 0,
      });
      expect(quote.coupon).toMatchObject({ valid: false });
    });

    it("quotes an invalid coupon with its reason and no discount", async () => {
      const quote = await quoteCheckout(t.db, quoteInput([{ productId: A, quantity: 1 }], { couponCode: "SPRING24" }));
      expect(quote.coupon).toEqual({ valid: false, message: "Invalid coupon code: this coupon has expired." });
      expect(quote.totals.discount_cents).toBe(0);
      expect(quote.totals.total_cents).toBe(2000 + 599 + 360);
    });
  });

  describe("shipping methods", () => {
    it("lists the active methods a country is offered, in their order, after the threshold", async () => {
      const lk = await listShippingOptions(t.db, 3500, "LK");
      expect(lk.map((o) => [o.code, o.cost_cents, o.base_cost_cents])).toEqual([
        ["standard", 599, 599],
        ["express", 1499, 1499],
        ["economy", 399, 399],
        ["colombo-same-day", 250, 250],
      ]);
      expect(lk[0]).toEqual({
        id: ids.standard,
        code: "standard",
        name: "Standard Delivery",
        description: "Tracked delivery in 3-5 business days. Free on orders over $50.",
        cost_cents: 599,
        base_cost_cents: 599,
        delivery_days_min: 3,
        delivery_days_max: 5,
        free_shipping_threshold_cents: 5000,
      });
      expect(lk[0]).not.toHaveProperty("countries");
    });

    it("offers a country-specific method only there (a list with spaces included)", async () => {
      const codes = async (country: string) => (await listShippingOptions(t.db, 1000, country)).map((o) => o.code);
      expect(await codes("US")).toEqual(["standard", "express", "economy", "north-america-freight"]);
      expect(await codes("CA")).toEqual(["standard", "express", "economy", "north-america-freight"]);
      expect(await codes("GB")).toEqual(["standard", "express", "economy"]);
      expect(await codes("LK")).not.toContain("north-america-freight");
      expect(await codes("US")).not.toContain("pigeon");
    });

    it("makes standard free from $50.00 and a country method free from its own threshold", async () => {
      const us = await listShippingOptions(t.db, 20_000, "US");
      expect(us.map((o) => [o.code, o.cost_cents])).toEqual([
        ["standard", 0],
        ["express", 1499],
        ["economy", 399],
        ["north-america-freight", 0],
      ]);
    });

    it("calculates one method's cost for a subtotal", async () => {
      expect(await shippingCostFor(t.db, 4999, ids.standard)).toMatchObject({
        code: "standard",
        cost_cents: 599,
        base_cost_cents: 599,
      });
      expect(await shippingCostFor(t.db, 5000, ids.standard)).toMatchObject({
        code: "standard",
        cost_cents: 0,
        base_cost_cents: 599,
      });
      expect(await shippingCostFor(t.db, 100_000, ids.express)).toMatchObject({ code: "express", cost_cents: 1499 });
    });

    it("refuses an unknown or inactive method", async () => {
      for (const id of [999_999, ids.retired]) {
        const error = await rejection(shippingCostFor(t.db, 1000, id));
        expect(error).toBeInstanceOf(ValidationError);
        expect((error as ValidationError).errors).toEqual({
          shipping_method_id: ["The selected shipping method is invalid."],
        });
      }
    });
  });

  describe("tax", () => {
    it("charges a US state's rate when the state is given", async () => {
      expect(await calculateTax(t.db, 10_000, "US", "CA")).toEqual({
        total_tax_cents: 725,
        lines: [{ name: "California Sales Tax", rate_bps: 725, amount_cents: 725 }],
      });
      expect((await calculateTax(t.db, 10_000, "US", "NY")).total_tax_cents).toBe(400);
      // 6.25% of $19.99 = $1.249375.
      expect((await calculateTax(t.db, 1999, "US", "TX")).total_tax_cents).toBe(125);
    });

    it("charges nothing in the US without a state, or in a state without a rate", async () => {
      expect(await calculateTax(t.db, 10_000, "US", "")).toEqual({ total_tax_cents: 0, lines: [] });
      expect(await calculateTax(t.db, 10_000, "US", "OR")).toEqual({ total_tax_cents: 0, lines: [] });
    });

    it("charges Canada's GST, plus a province's own rate when the province is given", async () => {
      expect(await calculateTax(t.db, 10_000, "CA", "")).toEqual({
        total_tax_cents: 500,
        lines: [{ name: "GST", rate_bps: 500, amount_cents: 500 }],
      });
      expect(await calculateTax(t.db, 10_000, "CA", "ON")).toEqual({
        total_tax_cents: 1300,
        lines: [
          { name: "GST", rate_bps: 500, amount_cents: 500 },
          { name: "Ontario HST (provincial portion)", rate_bps: 800, amount_cents: 800 },
        ],
      });
      // 5% of $33.33 = $1.6665 and 9.98% = $3.326334: each line rounds on its own.
      expect(await calculateTax(t.db, 3333, "CA", "QC")).toEqual({
        total_tax_cents: 167 + 333,
        lines: [
          { name: "GST", rate_bps: 500, amount_cents: 167 },
          { name: "Quebec QST", rate_bps: 998, amount_cents: 333 },
        ],
      });
      // A province without its own rate pays GST only.
      expect((await calculateTax(t.db, 10_000, "CA", "BC")).lines.map((l) => l.name)).toEqual(["GST"]);
    });

    it("charges Sri Lankan VAT, whatever state is typed", async () => {
      expect(await calculateTax(t.db, 3500, "LK", "")).toEqual({
        total_tax_cents: 630,
        lines: [{ name: "VAT", rate_bps: 1800, amount_cents: 630 }],
      });
      expect((await calculateTax(t.db, 3500, "LK", "WESTERN")).total_tax_cents).toBe(630);
    });

    it("charges nothing in a country without rates", async () => {
      expect(await calculateTax(t.db, 10_000, "FR", "")).toEqual({ total_tax_cents: 0, lines: [] });
    });

    it("lists the rates for a place, the country's first", async () => {
      expect(await listTaxRates(t.db, "CA", "ON")).toEqual([
        { name: "GST", rate_bps: 500, state_code: "" },
        { name: "Ontario HST (provincial portion)", rate_bps: 800, state_code: "ON" },
      ]);
      expect(await listTaxRates(t.db, "US", "")).toEqual([]);
    });

    it("leaves out a rate that is no longer active", async () => {
      await t.client.execute("UPDATE tax_rates SET is_active = 0 WHERE country_code = 'CA' AND state_code = 'ON'");
      try {
        expect((await calculateTax(t.db, 10_000, "CA", "ON")).total_tax_cents).toBe(500);
      } finally {
        await t.client.execute("UPDATE tax_rates SET is_active = 1 WHERE country_code = 'CA' AND state_code = 'ON'");
      }
    });
  });

  describe("coupons", () => {
    it("applies WELCOME10: 10% of the subtotal", async () => {
      const check = await validateCoupon(t.db, "WELCOME10", 3500);
      expect(check).toEqual({
        valid: true,
        message: "Coupon applied successfully!",
        coupon: {
          id: expect.any(Number),
          code: "WELCOME10",
          name: "Welcome 10% Off",
          type: "percentage",
          value: 10,
          discount_cents: 350,
        },
      });
    });

    it("reads the code in any case", async () => {
      expect(await validateCoupon(t.db, "welcome10", 1234)).toMatchObject({
        valid: true,
        coupon: { code: "WELCOME10", discount_cents: 123 },
      });
    });

    it("applies SAVE5, $5 off, from a $25.00 subtotal", async () => {
      expect(await validateCoupon(t.db, "SAVE5", 2500)).toMatchObject({
        valid: true,
        coupon: { type: "fixed", value: 500, discount_cents: 500 },
      });
      expect(await validateCoupon(t.db, "SAVE5", 2499)).toEqual({
        valid: false,
        message: "Invalid coupon code: this coupon needs a subtotal of at least $25.00.",
      });
    });

    it("applies BLOOM20 from $60.00, capped at $30.00", async () => {
      expect(await validateCoupon(t.db, "BLOOM20", 5999)).toEqual({
        valid: false,
        message: "Invalid coupon code: this coupon needs a subtotal of at least $60.00.",
      });
      expect(await validateCoupon(t.db, "BLOOM20", 6000)).toMatchObject({
        valid: true,
        coupon: { discount_cents: 1200 },
      });
      expect(await validateCoupon(t.db, "BLOOM20", 20_000)).toMatchObject({
        valid: true,
        coupon: { discount_cents: 3000 },
      });
    });

    it("states a coupon's minimum in the shop's currency when given one (by code, by id, in a quote)", async () => {
      const euro = { code: "EUR", symbol: "€", position: "right" as const, decimal_places: 2 };
      const message = "Invalid coupon code: this coupon needs a subtotal of at least 25.00€.";
      expect(await validateCoupon(t.db, "SAVE5", 2499, euro)).toEqual({ valid: false, message });
      const save5 = await validateCoupon(t.db, "SAVE5", 2500);
      expect(save5.valid && (await validateCouponById(t.db, save5.coupon.id, 2499, euro))).toEqual({
        valid: false,
        message,
      });
      const quote = await quoteCheckout(
        t.db,
        quoteInput([{ productId: A, quantity: 1 }], { couponCode: "SAVE5", currency: euro }),
      );
      expect(quote.coupon).toEqual({
        valid: false,
        message: "Invalid coupon code: this coupon needs a subtotal of at least 25.00€.",
      });
    });

    it("answers an unknown code with the spec's message alone", async () => {
      expect(await validateCoupon(t.db, "NOSUCHCODE", 5000)).toEqual({ valid: false, message: "Invalid coupon code" });
    });

    it("refuses an inactive coupon", async () => {
      expect(await validateCoupon(t.db, "RETIRED", 5000)).toEqual({
        valid: false,
        message: "Invalid coupon code: this coupon is no longer active.",
      });
    });

    it("refuses an expired coupon", async () => {
      expect(await validateCoupon(t.db, "SPRING24", 5000)).toEqual({
        valid: false,
        message: "Invalid coupon code: this coupon has expired.",
      });
    });

    it("refuses a coupon that has not started yet", async () => {
      await insertCoupon(t.client, {
        code: "SOON",
        starts_at: new Date(Date.now() + 30 * DAY),
        expires_at: new Date(Date.now() + 60 * DAY),
      });
      expect(await validateCoupon(t.db, "SOON", 5000)).toEqual({
        valid: false,
        message: "Invalid coupon code: this coupon is not valid yet.",
      });
    });

    it("accepts a coupon inside its dates", async () => {
      await insertCoupon(t.client, {
        code: "NOWISH",
        starts_at: new Date(Date.now() - DAY),
        expires_at: new Date(Date.now() + DAY),
      });
      expect(await validateCoupon(t.db, "NOWISH", 5000)).toMatchObject({
        valid: true,
        coupon: { discount_cents: 500 },
      });
    });

    it("refuses a coupon that has been used up", async () => {
      expect(await validateCoupon(t.db, "FIRSTBLOOM", 5000)).toEqual({
        valid: false,
        message: "Invalid coupon code: this coupon has been used up.",
      });
    });

    it("accepts a coupon with uses left", async () => {
      await insertCoupon(t.client, { code: "ONELEFT", usage_limit: 5, usage_count: 4 });
      expect(await validateCoupon(t.db, "ONELEFT", 5000)).toMatchObject({ valid: true });
    });

    it("asks for a code when none is given", async () => {
      expect(await validateCoupon(t.db, "", 5000)).toEqual({ valid: false, message: "Please enter a coupon code" });
    });

    it("validates by id, as /coupons/apply does", async () => {
      const { id } = await one<{ id: number }>(t.client, "SELECT id FROM coupons WHERE code = 'SAVE5'");
      expect(await validateCouponById(t.db, Number(id), 3000)).toMatchObject({
        valid: true,
        coupon: { code: "SAVE5", discount_cents: 500 },
      });
      expect(await validateCouponById(t.db, 999_999, 3000)).toEqual({ valid: false, message: "Invalid coupon code" });
    });
  });
});

// ---------------------------------------------------------------- placing orders

describe("placeOrder", () => {
  let t: TestDb;
  let standardId: number;
  let expressId: number;
  let nextProduct = 20;
  let keys = 0;

  /** A seeded product nobody else in this file touches, with known figures. */
  async function product(values: {
    price?: number;
    sale?: number | null;
    stock: number;
  }): Promise<{ id: number; name: string; sku: string; image: string }> {
    const id = nextProduct++;
    await setProduct(t.client, id, {
      price: values.price ?? 2000,
      sale: values.sale ?? null,
      stock: values.stock,
      active: true,
    });
    return one(t.client, "SELECT id, name, sku, image FROM products WHERE id = ?", [id]);
  }

  let guests = 0;
  // Each order by its own guest address: a guest's orders are limited per address.
  const input = (lines: CartLine[], extra: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
    lines,
    customer: customerOf({ email: `ann.${++guests}@example.com` }),
    shippingMethodId: standardId,
    couponCode: "",
    userId: null,
    idempotencyKey: null,
    // One guest's visitor id: the same key from it is the same order.
    idempotencyScope: "v:5f0c6a52-3a7e-4d2b-9a55-0c8e6f1d2b11",
    ...extra,
  });

  const newKey = () => `key-${++keys}-${crypto.randomUUID()}`;

  /** Everything an order writes, to show that a refused or repeated order wrote nothing. */
  async function snapshot() {
    return {
      orders: await all(t.client, "SELECT * FROM orders ORDER BY id"),
      items: await all(t.client, "SELECT * FROM order_items ORDER BY id"),
      products: await all(t.client, "SELECT id, stock, sold_count FROM products ORDER BY id"),
      coupons: await all(t.client, "SELECT id, usage_count FROM coupons ORDER BY id"),
    };
  }

  const stockOf = async (id: number) =>
    one<{ stock: number; sold_count: number }>(t.client, "SELECT stock, sold_count FROM products WHERE id = ?", [id]);
  const usageOf = async (code: string) =>
    Number(
      (await one<{ usage_count: number }>(t.client, "SELECT usage_count FROM coupons WHERE code = ?", [code]))
        .usage_count,
    );

  /** The database as placeOrder sees it, running `hook` just before the order's write batch (its second batch). */
  function beforeWrite(hook: () => Promise<void>): Database {
    let batches = 0;
    return new Proxy(t.db, {
      get(target, property) {
        if (property === "batch") {
          return async (queries: Parameters<Database["batch"]>[0]) => {
            // The guest's limits, the quote and the delivery days, then the write.
            if (++batches === 4) await hook();
            return target.batch(queries);
          };
        }
        const value = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  }

  beforeAll(async () => {
    t = await createTestDb();
    standardId = Number(
      (await one<{ id: number }>(t.client, "SELECT id FROM shipping_methods WHERE code = 'standard'")).id,
    );
    expressId = Number(
      (await one<{ id: number }>(t.client, "SELECT id FROM shipping_methods WHERE code = 'express'")).id,
    );
  });

  describe("writing an order", () => {
    it("writes the order, its items with snapshotted name, SKU, image and price, as cash on delivery awaiting payment", async () => {
      const rose = await product({ price: 2400, sale: 1800, stock: 10 });
      const tulip = await product({ price: 1500, stock: 5 });
      const before = {
        rose: await stockOf(rose.id),
        tulip: await stockOf(tulip.id),
        welcome: await usageOf("WELCOME10"),
      };
      const key = newKey();

      const placed = await placeOrder(
        t.db,
        input(
          [
            { productId: rose.id, quantity: 2 },
            { productId: tulip.id, quantity: 1 },
          ],
          {
            couponCode: "WELCOME10",
            idempotencyKey: key,
            customer: customerOf({ country: "CA", state: "ON" }),
          },
        ),
      );

      // $18.00 x 2 + $15.00 = $51.00: free standard shipping; WELCOME10 $5.10; GST 5% + ON 8% of $45.90 = $2.30 (2.295) + $3.67 (3.672);
      // total $51.00 + $0 + $5.97 - $5.10 = $51.87.
      expect(placed).toEqual({
        id: expect.any(Number),
        order_number: expect.stringMatching(/^TB-\d{6}-[A-HJ-NP-Z2-9]{5}$/),
        total_cents: 5187,
        delivery_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        created: true,
      });

      const order = await one(t.client, "SELECT * FROM orders WHERE id = ?", [placed.id]);
      expect(order).toMatchObject({
        order_number: placed.order_number,
        user_id: null,
        status: "pending",
        payment_method: "cash_on_delivery",
        payment_status: "pending",
        email: "ann@example.com",
        idempotency_key: key,
        // Whose key it is: a digest of the caller (here the guest's visitor id).
        idempotency_scope: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        subtotal_cents: 5100,
        shipping_cents: 0,
        tax_cents: 597,
        discount_cents: 510,
        total_cents: 5187,
        coupon_code: "WELCOME10",
        shipping_method_id: standardId,
        shipping_method_name: "Standard Delivery",
        notes: "Ring twice",
      });
      expect(Number(order.coupon_id)).toBe(
        Number((await one(t.client, "SELECT id FROM coupons WHERE code = 'WELCOME10'")).id),
      );
      expect(JSON.parse(String(order.shipping_address))).toEqual({ ...ANN, state: "ON", country: "CA" });
      expect(order.billing_address).toBe(order.shipping_address);

      const items = await all(t.client, "SELECT * FROM order_items WHERE order_id = ? ORDER BY id", [placed.id]);
      expect(items).toEqual([
        expect.objectContaining({
          product_id: rose.id,
          product_name: rose.name,
          product_sku: rose.sku,
          product_image: rose.image,
          quantity: 2,
          price_cents: 1800,
          total_cents: 3600,
        }),
        expect.objectContaining({
          product_id: tulip.id,
          product_name: tulip.name,
          product_sku: tulip.sku,
          product_image: tulip.image,
          quantity: 1,
          price_cents: 1500,
          total_cents: 1500,
        }),
      ]);

      expect(await stockOf(rose.id)).toEqual({ stock: before.rose.stock - 2, sold_count: before.rose.sold_count + 2 });
      expect(await stockOf(tulip.id)).toEqual({
        stock: before.tulip.stock - 1,
        sold_count: before.tulip.sold_count + 1,
      });
      expect(await usageOf("WELCOME10")).toBe(before.welcome + 1);
    });

    it("charges what quoteCheckout quotes, whatever was in the cart's cookie", async () => {
      const daisy = await product({ price: 2222, stock: 10 });
      const lines = [{ productId: daisy.id, quantity: 3 }];
      const quote = await quoteCheckout(t.db, {
        lines,
        country: "LK",
        state: "",
        shippingMethodId: expressId,
        couponCode: "SAVE5",
      });
      const placed = await placeOrder(t.db, input(lines, { shippingMethodId: expressId, couponCode: "save5" }));
      expect(placed.total_cents).toBe(quote.totals.total_cents);
      const order = await one(
        t.client,
        "SELECT subtotal_cents, shipping_cents, tax_cents, discount_cents, total_cents, coupon_code FROM orders WHERE id = ?",
        [placed.id],
      );
      // $66.66 + $14.99 express + VAT 18% of $61.66 ($11.0988) - $5.00 = $87.75.
      expect(order).toEqual({
        subtotal_cents: 6666,
        shipping_cents: 1499,
        tax_cents: 1110,
        discount_cents: 500,
        total_cents: 8775,
        coupon_code: "SAVE5",
      });
      expect(quote.totals).toEqual({
        subtotal_cents: 6666,
        shipping_cents: 1499,
        tax_cents: 1110,
        discount_cents: 500,
        total_cents: 8775,
      });
    });

    it("keeps the snapshot when the product changes later", async () => {
      const lily = await product({ price: 3000, stock: 10 });
      const placed = await placeOrder(t.db, input([{ productId: lily.id, quantity: 1 }]));
      await t.client.execute({
        sql: "UPDATE products SET name = 'Renamed', sku = 'RENAMED-1', price_cents = 9900 WHERE id = ?",
        args: [lily.id],
      });
      expect(
        await one(t.client, "SELECT product_name, product_sku, price_cents FROM order_items WHERE order_id = ?", [
          placed.id,
        ]),
      ).toEqual({
        product_name: lily.name,
        product_sku: lily.sku,
        price_cents: 3000,
      });
    });

    it("records the user who placed it, and no coupon when none was used; their saved cart goes", async () => {
      const user = await one<{ id: number }>(t.client, "SELECT id FROM users WHERE email = ?", [CUSTOMER.email]);
      const aster = await product({ stock: 10 });
      await saveCartStatement(t.db, Number(user.id), [{ productId: aster.id, quantity: 1 }]);
      const placed = await placeOrder(t.db, input([{ productId: aster.id, quantity: 1 }], { userId: Number(user.id) }));
      expect(await readSavedCart(t.db, Number(user.id))).toBeNull();
      expect(
        await one(
          t.client,
          "SELECT user_id, coupon_id, coupon_code, discount_cents, idempotency_key FROM orders WHERE id = ?",
          [placed.id],
        ),
      ).toEqual({
        user_id: Number(user.id),
        coupon_id: null,
        coupon_code: null,
        discount_cents: 0,
        idempotency_key: null,
      });
    });

    it("numbers orders TB-YYMMDD-XXXXX with today's UTC date, each number different", async () => {
      const dates = () => new Date().toISOString().slice(2, 10).replace(/-/g, "");
      const firstDay = dates();
      const poppy = await product({ stock: 50 });
      const placed = [];
      for (let i = 0; i < 8; i++) placed.push(await placeOrder(t.db, input([{ productId: poppy.id, quantity: 1 }])));
      const lastDay = dates();
      const numbers = placed.map((p) => p.order_number);
      for (const number of numbers) {
        expect(number).toMatch(/^TB-\d{6}-[A-HJ-NP-Z2-9]{5}$/);
        expect([firstDay, lastDay]).toContain(number.slice(3, 9));
      }
      expect(new Set(numbers).size).toBe(numbers.length);
      expect(new Set(placed.map((p) => p.id)).size).toBe(placed.length);
    });

    it("builds an order number from the date and an alphabet without 0, O, 1 or I", () => {
      const numbers = Array.from({ length: 500 }, () => newOrderNumber(new Date("2026-03-09T23:59:59Z")));
      for (const number of numbers) expect(number).toMatch(/^TB-260309-[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{5}$/);
      expect(new Set(numbers).size).toBeGreaterThan(490);
    });

    it("refuses an empty cart", async () => {
      const before = await snapshot();
      const error = await rejection(placeOrder(t.db, input([])));
      expect(error).toBeInstanceOf(OrderError);
      expect(error.message).toBe("Your cart is empty");
      expect(await snapshot()).toEqual(before);
    });
  });

  describe("idempotency", () => {
    it("answers the same order, writing nothing, for the same key and the same lines", async () => {
      const iris = await product({ stock: 10 });
      const zinnia = await product({ stock: 10 });
      const key = newKey();
      const lines = [
        { productId: iris.id, quantity: 2 },
        { productId: zinnia.id, quantity: 1 },
      ];
      const first = await placeOrder(t.db, input(lines, { idempotencyKey: key, couponCode: "WELCOME10" }));
      expect(first.created).toBe(true);
      const before = await snapshot();

      const again = await placeOrder(t.db, input(lines, { idempotencyKey: key, couponCode: "WELCOME10" }));
      expect(again).toEqual({ ...first, created: false });
      // The same lines in another order are the same order.
      const reordered = await placeOrder(
        t.db,
        input([...lines].reverse(), { idempotencyKey: key, couponCode: "WELCOME10" }),
      );
      expect(reordered).toEqual({ ...first, created: false });
      expect(await snapshot()).toEqual(before);
    });

    it("refuses the same key with different lines (409), writing nothing", async () => {
      const orchid = await product({ stock: 10 });
      const other = await product({ stock: 10 });
      const key = newKey();
      await placeOrder(t.db, input([{ productId: orchid.id, quantity: 1 }], { idempotencyKey: key }));
      const before = await snapshot();

      for (const lines of [
        [{ productId: orchid.id, quantity: 2 }],
        [{ productId: other.id, quantity: 1 }],
        [
          { productId: orchid.id, quantity: 1 },
          { productId: other.id, quantity: 1 },
        ],
      ]) {
        const error = await rejection(placeOrder(t.db, input(lines, { idempotencyKey: key })));
        expect(error).toBeInstanceOf(OrderError);
        expect((error as OrderError).status).toBe(409);
        expect(error.message).toBe(CHECKOUT_MESSAGES.idempotencyReused);
      }
      expect(await snapshot()).toEqual(before);
    });

    it("writes one order when the same key is submitted twice at once", async () => {
      const freesia = await product({ stock: 10 });
      const key = newKey();
      const lines = [{ productId: freesia.id, quantity: 1 }];
      const results = await Promise.all([
        placeOrder(t.db, input(lines, { idempotencyKey: key })),
        placeOrder(t.db, input(lines, { idempotencyKey: key })),
      ]);
      expect(new Set(results.map((r) => r.id)).size).toBe(1);
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(await one(t.client, "SELECT count(*) AS n FROM orders WHERE id = ?", [results[0]!.id])).toEqual({ n: 1 });
      expect(
        await one(
          t.client,
          "SELECT count(*) AS n FROM order_items JOIN products ON products.id = order_items.product_id WHERE products.id = ?",
          [freesia.id],
        ),
      ).toEqual({ n: 1 });
      expect((await stockOf(freesia.id)).stock).toBe(9);
    });

    it("places a new order each time without a key", async () => {
      const clover = await product({ stock: 10 });
      const lines = [{ productId: clover.id, quantity: 1 }];
      const a = await placeOrder(t.db, input(lines));
      const b = await placeOrder(t.db, input(lines));
      expect(a.id).not.toBe(b.id);
      expect((await stockOf(clover.id)).stock).toBe(8);
    });
  });

  describe("refusing an order, writing nothing", () => {
    async function refused(call: Promise<unknown>): Promise<Error> {
      const before = await snapshot();
      const error = await rejection(call);
      expect(error).toBeInstanceOf(DomainError);
      expect(await snapshot()).toEqual(before);
      return error;
    }

    it("refuses a product that is out of stock, naming it", async () => {
      const sold = await product({ stock: 0 });
      const fine = await product({ stock: 10 });
      const error = await refused(
        placeOrder(
          t.db,
          input([
            { productId: fine.id, quantity: 1 },
            { productId: sold.id, quantity: 1 },
          ]),
        ),
      );
      expect(error).toBeInstanceOf(OrderError);
      expect(error.message).toBe(`${sold.name} is out of stock. Please remove it from your cart.`);
    });

    it("refuses a product that no longer exists", async () => {
      const fine = await product({ stock: 10 });
      const error = await refused(
        placeOrder(
          t.db,
          input([
            { productId: fine.id, quantity: 1 },
            { productId: 999_999, quantity: 1 },
          ]),
        ),
      );
      expect(error).toBeInstanceOf(OrderError);
      expect(error.message).toBe("A product in your cart is no longer available. Please remove it from your cart.");
    });

    it("refuses a product taken off sale", async () => {
      const gone = await product({ stock: 10 });
      await setProduct(t.client, gone.id, { active: false });
      const error = await refused(placeOrder(t.db, input([{ productId: gone.id, quantity: 1 }])));
      expect(error).toBeInstanceOf(OrderError);
      expect(error.message).toMatch(/is no longer available\. Please remove it from your cart\.$/);
    });

    it("refuses more than the stock on hand, saying how many are left", async () => {
      const few = await product({ stock: 2 });
      const error = await refused(placeOrder(t.db, input([{ productId: few.id, quantity: 5 }])));
      expect(error).toBeInstanceOf(OrderError);
      expect(error.message).toBe(`Only 2 of ${few.name} left in stock. Please update your cart.`);
      expect((await stockOf(few.id)).stock).toBe(2);
    });

    it("refuses an invalid coupon with its reason", async () => {
      const fine = await product({ stock: 10 });
      for (const [code, message] of [
        ["NOSUCHCODE", "Invalid coupon code"],
        ["FIRSTBLOOM", "Invalid coupon code: this coupon has been used up."],
        ["SPRING24", "Invalid coupon code: this coupon has expired."],
        ["RETIRED", "Invalid coupon code: this coupon is no longer active."],
      ] as const) {
        const error = await refused(
          placeOrder(t.db, input([{ productId: fine.id, quantity: 1 }], { couponCode: code })),
        );
        expect(error).toBeInstanceOf(ValidationError);
        expect((error as ValidationError).errors).toEqual({ coupon_code: [message] });
        expect(error.message).toBe(message);
      }
    });

    it("refuses a shipping method that is not offered", async () => {
      const fine = await product({ stock: 10 });
      const error = await refused(
        placeOrder(t.db, input([{ productId: fine.id, quantity: 1 }], { shippingMethodId: 999_999 })),
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).errors).toEqual({ shipping_method_id: [CHECKOUT_MESSAGES.shippingMethod] });
      expect(error.message).toBe(CHECKOUT_MESSAGES.shippingMethod);
    });

    it("writes nothing when the last units go between the quote and the write (CHECK (stock >= 0))", async () => {
      const last = await product({ stock: 3 });
      const fine = await product({ stock: 10 });
      const db = beforeWrite(async () => {
        await t.client.execute({ sql: "UPDATE products SET stock = 0 WHERE id = ?", args: [last.id] });
      });
      const before = await snapshot();
      const error = await rejection(
        placeOrder(
          db,
          input(
            [
              { productId: fine.id, quantity: 1 },
              { productId: last.id, quantity: 2 },
            ],
            { couponCode: "WELCOME10" },
          ),
        ),
      );
      expect(error).toBeInstanceOf(OrderError);
      expect((error as OrderError).status).toBe(409);
      expect(error.message).toBe(`${last.name} has just sold out. Please remove it from your cart.`);
      const after = await snapshot();
      expect(after.orders).toEqual(before.orders);
      expect(after.items).toEqual(before.items);
      expect(after.coupons).toEqual(before.coupons);
      // Only the stock the other buyer took changed: the decrement of the other line was rolled back with the batch.
      const others = (rows: Array<Record<string, unknown>>) => rows.filter((row) => row.id !== last.id);
      expect(others(after.products)).toEqual(others(before.products));
      expect((await stockOf(last.id)).stock).toBe(0);
    });

    it("says how many are left when some units go between the quote and the write", async () => {
      const last = await product({ stock: 3 });
      const db = beforeWrite(async () => {
        await t.client.execute({ sql: "UPDATE products SET stock = 1 WHERE id = ?", args: [last.id] });
      });
      const error = await rejection(placeOrder(db, input([{ productId: last.id, quantity: 2 }])));
      expect(error).toBeInstanceOf(OrderError);
      expect((error as OrderError).status).toBe(409);
      expect(error.message).toBe(`Only 1 of ${last.name} left in stock. Please update your cart.`);
      expect((await stockOf(last.id)).stock).toBe(1);
    });

    it("writes nothing when the coupon's last use goes between the quote and the write", async () => {
      await insertCoupon(t.client, { code: "LASTUSE", usage_limit: 3, usage_count: 2 });
      const fine = await product({ stock: 10 });
      const db = beforeWrite(async () => {
        await t.client.execute("UPDATE coupons SET usage_count = 3 WHERE code = 'LASTUSE'");
      });
      const before = await snapshot();
      const error = await rejection(
        placeOrder(db, input([{ productId: fine.id, quantity: 1 }], { couponCode: "LASTUSE" })),
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).errors).toEqual({
        coupon_code: ["Invalid coupon code: this coupon has been used up."],
      });
      expect(error.message).toBe("Invalid coupon code: this coupon has been used up.");
      const after = await snapshot();
      expect(after.orders).toEqual(before.orders);
      expect(after.items).toEqual(before.items);
      expect(after.products).toEqual(before.products);
    });
  });

  describe("buyers racing", () => {
    it("sells the last 3 units to exactly 3 of 6 buyers at once, never below zero", async () => {
      const last = await product({ stock: 3 });
      const { sold_count: soldBefore } = await stockOf(last.id);
      const results = await Promise.allSettled(
        Array.from({ length: 6 }, (_, i) =>
          placeOrder(
            t.db,
            input([{ productId: last.id, quantity: 1 }], {
              idempotencyKey: newKey(),
              customer: customerOf({ email: `buyer${i}@example.com` }),
            }),
          ),
        ),
      );
      const won = results.filter((r) => r.status === "fulfilled");
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      expect(won).toHaveLength(3);
      expect(lost).toHaveLength(3);
      for (const { reason } of lost) {
        expect(reason).toBeInstanceOf(OrderError);
        expect((reason as Error).message).toMatch(
          new RegExp(
            `^${last.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} (has just sold out|is out of stock)\\. Please remove it from your cart\\.$`,
          ),
        );
      }
      expect(await stockOf(last.id)).toEqual({ stock: 0, sold_count: soldBefore + 3 });
      expect(
        await one(
          t.client,
          "SELECT count(DISTINCT order_id) AS orders, sum(quantity) AS units FROM order_items WHERE product_id = ?",
          [last.id],
        ),
      ).toEqual({
        orders: 3,
        units: 3,
      });
      // Every order the winners got exists, with its item.
      for (const result of won) {
        const { id } = (result as PromiseFulfilledResult<{ id: number }>).value;
        expect(await one(t.client, "SELECT count(*) AS n FROM order_items WHERE order_id = ?", [id])).toEqual({ n: 1 });
      }
      expect(
        await one(
          t.client,
          "SELECT count(*) AS n FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)",
        ),
      ).toEqual({ n: 0 });
    });

    it("sells to exactly one of three buyers of 2 when 3 are left", async () => {
      const last = await product({ stock: 3 });
      const results = await Promise.allSettled(
        Array.from({ length: 3 }, () => placeOrder(t.db, input([{ productId: last.id, quantity: 2 }]))),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const result of results.filter((r): r is PromiseRejectedResult => r.status === "rejected")) {
        expect(result.reason).toBeInstanceOf(OrderError);
        expect((result.reason as Error).message).toBe(`Only 1 of ${last.name} left in stock. Please update your cart.`);
      }
      expect((await stockOf(last.id)).stock).toBe(1);
    });

    it("redeems a coupon's last 2 uses for exactly 2 of 5 buyers at once", async () => {
      const couponId = await insertCoupon(t.client, { code: "TWOLEFT", usage_limit: 10, usage_count: 8 });
      const plenty = await product({ stock: 50 });
      const results = await Promise.allSettled(
        Array.from({ length: 5 }, () =>
          placeOrder(
            t.db,
            input([{ productId: plenty.id, quantity: 1 }], { couponCode: "TWOLEFT", idempotencyKey: newKey() }),
          ),
        ),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
      for (const result of results.filter((r): r is PromiseRejectedResult => r.status === "rejected")) {
        expect(result.reason).toBeInstanceOf(ValidationError);
        expect((result.reason as ValidationError).errors).toEqual({
          coupon_code: ["Invalid coupon code: this coupon has been used up."],
        });
        expect((result.reason as Error).message).toBe("Invalid coupon code: this coupon has been used up.");
      }
      expect(await usageOf("TWOLEFT")).toBe(10);
      expect(await one(t.client, "SELECT count(*) AS n FROM orders WHERE coupon_id = ?", [couponId])).toEqual({ n: 2 });
      // The losers' stock came back with their batches: only the 2 winners' units left the shelf.
      expect((await stockOf(plenty.id)).stock).toBe(48);
    });
  });
});
