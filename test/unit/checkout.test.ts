import { describe, expect, it } from "vitest";
import {
  couponDiscountCents,
  orderTotals,
  ratePercent,
  shippingCostCents,
  taxLines,
  type CouponRule,
} from "~/lib/checkout";

const standard = { cost_cents: 599, free_shipping_threshold_cents: 5000 };
const express = { cost_cents: 1499, free_shipping_threshold_cents: null };

describe("shippingCostCents", () => {
  it("charges the method's cost below its free threshold", () => {
    expect(shippingCostCents(standard, 0)).toBe(599);
    expect(shippingCostCents(standard, 2500)).toBe(599);
    expect(shippingCostCents(standard, 4999)).toBe(599);
  });

  it("is free at the threshold and above it", () => {
    expect(shippingCostCents(standard, 5000)).toBe(0);
    expect(shippingCostCents(standard, 5001)).toBe(0);
    expect(shippingCostCents(standard, 1_000_000)).toBe(0);
  });

  it("always charges a method without a threshold", () => {
    expect(shippingCostCents(express, 0)).toBe(1499);
    expect(shippingCostCents(express, 1_000_000)).toBe(1499);
  });

  it("treats a threshold of 0 as always free", () => {
    expect(shippingCostCents({ cost_cents: 399, free_shipping_threshold_cents: 0 }, 0)).toBe(0);
  });
});

describe("couponDiscountCents", () => {
  const percent = (value: number, max: number | null = null): CouponRule => ({
    type: "percentage",
    value,
    max_discount_cents: max,
  });
  const fixed = (cents: number, max: number | null = null): CouponRule => ({
    type: "fixed",
    value: cents,
    max_discount_cents: max,
  });

  it("takes a whole percentage of the subtotal", () => {
    expect(couponDiscountCents(percent(10), 5000)).toBe(500);
    expect(couponDiscountCents(percent(20), 12_345)).toBe(2469);
    expect(couponDiscountCents(percent(100), 4321)).toBe(4321);
  });

  it("rounds a percentage to the nearest cent, half up", () => {
    expect(couponDiscountCents(percent(10), 1234)).toBe(123); // 123.4
    expect(couponDiscountCents(percent(10), 1235)).toBe(124); // 123.5
    expect(couponDiscountCents(percent(10), 1236)).toBe(124); // 123.6
    expect(couponDiscountCents(percent(15), 999)).toBe(150); // 149.85
    expect(couponDiscountCents(percent(10), 5)).toBe(1); // 0.5
    expect(couponDiscountCents(percent(10), 4)).toBe(0); // 0.4
  });

  it("caps a percentage at the coupon's maximum discount", () => {
    // BLOOM20: 20% capped at $30.
    expect(couponDiscountCents(percent(20, 3000), 10_000)).toBe(2000);
    expect(couponDiscountCents(percent(20, 3000), 15_000)).toBe(3000);
    expect(couponDiscountCents(percent(20, 3000), 20_000)).toBe(3000);
    expect(couponDiscountCents(percent(20, 3000), 14_999)).toBe(3000); // 2999.8 rounds to 3000
  });

  it("takes a fixed amount off", () => {
    expect(couponDiscountCents(fixed(500), 2500)).toBe(500);
    expect(couponDiscountCents(fixed(500), 10_000)).toBe(500);
  });

  it("caps a fixed amount at the coupon's maximum too", () => {
    expect(couponDiscountCents(fixed(1000, 700), 10_000)).toBe(700);
  });

  it("never takes more than the subtotal", () => {
    expect(couponDiscountCents(fixed(500), 300)).toBe(300);
    expect(couponDiscountCents(fixed(500), 0)).toBe(0);
    expect(couponDiscountCents(percent(100), 0)).toBe(0);
    expect(couponDiscountCents(fixed(5000, 9000), 1999)).toBe(1999);
  });

  it("is never negative", () => {
    expect(couponDiscountCents(percent(10), 0)).toBe(0);
    expect(couponDiscountCents(fixed(500, 0), 1000)).toBe(0);
  });
});

describe("taxLines", () => {
  it("gives one line per rate, in the order given, each on the taxable amount", () => {
    const lines = taxLines(
      [
        { name: "GST", rate_bps: 500 },
        { name: "Ontario HST (provincial portion)", rate_bps: 800 },
      ],
      10_000,
    );
    expect(lines).toEqual([
      { name: "GST", rate_bps: 500, amount_cents: 500 },
      { name: "Ontario HST (provincial portion)", rate_bps: 800, amount_cents: 800 },
    ]);
  });

  it("rounds each line to the cent on its own", () => {
    // 7.25% of $19.99 = 144.9275 cents; 18% of $0.03 = 0.54 cents; 6.25% of $0.08 = 0.5 cents.
    expect(taxLines([{ name: "California Sales Tax", rate_bps: 725 }], 1999)[0]!.amount_cents).toBe(145);
    expect(taxLines([{ name: "VAT", rate_bps: 1800 }], 3)[0]!.amount_cents).toBe(1);
    expect(taxLines([{ name: "Texas Sales Tax", rate_bps: 625 }], 8)[0]!.amount_cents).toBe(1);
    expect(taxLines([{ name: "Texas Sales Tax", rate_bps: 625 }], 7)[0]!.amount_cents).toBe(0);
    // Two lines each rounded: 5% and 9.98% of $0.10 are 0.5 and 0.998 cents.
    expect(
      taxLines(
        [
          { name: "GST", rate_bps: 500 },
          { name: "Quebec QST", rate_bps: 998 },
        ],
        10,
      ).map((l) => l.amount_cents),
    ).toEqual([1, 1]);
  });

  it("gives no lines without rates", () => {
    expect(taxLines([], 10_000)).toEqual([]);
  });

  it("charges nothing on a zero or negative taxable amount", () => {
    expect(taxLines([{ name: "VAT", rate_bps: 1800 }], 0)[0]!.amount_cents).toBe(0);
    expect(taxLines([{ name: "VAT", rate_bps: 1800 }], -500)[0]!.amount_cents).toBe(0);
  });
});

describe("orderTotals", () => {
  it("is subtotal + shipping + tax - discount", () => {
    expect(orderTotals({ subtotal_cents: 4000, shipping_cents: 599, tax_cents: 648, discount_cents: 400 })).toEqual({
      subtotal_cents: 4000,
      shipping_cents: 599,
      tax_cents: 648,
      discount_cents: 400,
      total_cents: 4847,
    });
  });

  it("adds nothing when shipping, tax and discount are zero", () => {
    expect(orderTotals({ subtotal_cents: 7500, shipping_cents: 0, tax_cents: 0, discount_cents: 0 }).total_cents).toBe(
      7500,
    );
  });

  it("keeps every part as given", () => {
    const parts = { subtotal_cents: 12_345, shipping_cents: 1499, tax_cents: 895, discount_cents: 2469 };
    const totals = orderTotals(parts);
    expect(totals).toMatchObject(parts);
    expect(totals.total_cents).toBe(12_345 + 1499 + 895 - 2469);
  });

  it("never goes below zero", () => {
    expect(orderTotals({ subtotal_cents: 100, shipping_cents: 0, tax_cents: 0, discount_cents: 500 }).total_cents).toBe(
      0,
    );
  });
});

describe("ratePercent", () => {
  it.each([
    [1800, "18%"],
    [1000, "10%"],
    [725, "7.25%"],
    [625, "6.25%"],
    [998, "9.98%"],
    [650, "6.5%"],
    [500, "5%"],
    [5, "0.05%"],
    [0, "0%"],
    [10_000, "100%"],
  ])("shows %i basis points as %s", (bps, text) => {
    expect(ratePercent(bps)).toBe(text);
  });
});
