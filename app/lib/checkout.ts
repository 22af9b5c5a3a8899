import { applyRate } from "./money";

/**
 * Checkout arithmetic, in integer cents, pure (the server computes every figure; the browser only
 * shows them): shipping after its free threshold, coupon discounts, tax lines, and the spec's
 * total = subtotal + shipping + tax - discount.
 */
export interface ShippingMethodRule {
  cost_cents: number;
  free_shipping_threshold_cents: number | null;
}

export function shippingCostCents(method: ShippingMethodRule, subtotalCents: number): number {
  if (method.free_shipping_threshold_cents !== null && subtotalCents >= method.free_shipping_threshold_cents) return 0;
  return method.cost_cents;
}

export interface CouponRule {
  type: "percentage" | "fixed";
  /** Whole percent, or cents for a fixed coupon. */
  value: number;
  max_discount_cents: number | null;
}

/** A percentage of the subtotal (capped by the coupon's maximum) or a fixed amount; never more than the subtotal. */
export function couponDiscountCents(coupon: CouponRule, subtotalCents: number): number {
  let discount = coupon.type === "percentage" ? applyRate(subtotalCents, coupon.value * 100) : coupon.value;
  if (coupon.max_discount_cents !== null) discount = Math.min(discount, coupon.max_discount_cents);
  return Math.max(0, Math.min(discount, subtotalCents));
}

export interface TaxRateRule {
  name: string;
  rate_bps: number;
}

export interface TaxLine {
  name: string;
  rate_bps: number;
  amount_cents: number;
}

/** One line per rate that applies, each rounded to the cent, on the taxable amount. */
export function taxLines(rates: TaxRateRule[], taxableCents: number): TaxLine[] {
  return rates.map((rate) => ({
    name: rate.name,
    rate_bps: rate.rate_bps,
    amount_cents: applyRate(Math.max(0, taxableCents), rate.rate_bps),
  }));
}

export interface TaxResult {
  total_tax_cents: number;
  lines: TaxLine[];
}

/**
 * The tax on an amount: its lines and their sum. The checkout charges the rates of the shopper's
 * place; the cart page shows the spec's flat cart rate (lib/cart) by the same rule.
 */
export function taxOn(rates: TaxRateRule[], taxableCents: number): TaxResult {
  const lines = taxLines(rates, taxableCents);
  return { total_tax_cents: lines.reduce((sum, line) => sum + line.amount_cents, 0), lines };
}

/** A tax line's label: "VAT (18%)". */
export const taxLabel = (rate: TaxRateRule) => `${rate.name} (${ratePercent(rate.rate_bps)})`;

export interface Totals {
  subtotal_cents: number;
  shipping_cents: number;
  tax_cents: number;
  discount_cents: number;
  total_cents: number;
}

export function orderTotals(parts: Omit<Totals, "total_cents">): Totals {
  const total = parts.subtotal_cents + parts.shipping_cents + parts.tax_cents - parts.discount_cents;
  return { ...parts, total_cents: Math.max(0, total) };
}

/** Percent text for a rate in basis points: 725 is "7.25%". */
export function ratePercent(rateBps: number): string {
  return `${Number((rateBps / 100).toFixed(2))}%`;
}

/** Where a tax rate applies: "US-CA", or "US" for the whole country. */
export const taxPlace = (rate: { country_code: string; state_code: string }) =>
  rate.state_code ? `${rate.country_code}-${rate.state_code}` : rate.country_code;

export interface ShippingOption {
  id: number;
  code: string;
  name: string;
  description: string;
  /** What this order pays: 0 once the subtotal reaches the free threshold. */
  cost_cents: number;
  base_cost_cents: number;
  delivery_days_min: number;
  delivery_days_max: number;
  free_shipping_threshold_cents: number | null;
}

export interface AppliedCoupon {
  id: number;
  code: string;
  name: string;
  type: "percentage" | "fixed";
  /** Whole percent, or cents for a fixed coupon. */
  value: number;
  discount_cents: number;
}
