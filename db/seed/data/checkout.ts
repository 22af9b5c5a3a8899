import type { SeedCoupon, SeedShippingMethod, SeedTaxRate } from "../types";

/** Unix seconds for a UTC date and time. */
const utc = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0) =>
  Date.UTC(year, month - 1, day, hour, minute, second) / 1000;

export const shippingMethods: SeedShippingMethod[] = [
  {
    code: "standard",
    name: "Standard Delivery",
    description: "Tracked delivery in 3-5 business days. Free on orders over $50.",
    cost_cents: 599,
    delivery_days_min: 3,
    delivery_days_max: 5,
    free_shipping_threshold_cents: 5000,
    countries: null,
    sort_order: 1,
  },
  {
    code: "express",
    name: "Express Delivery",
    description: "Priority handling and tracked delivery in 1-2 business days.",
    cost_cents: 1499,
    delivery_days_min: 1,
    delivery_days_max: 2,
    free_shipping_threshold_cents: null,
    countries: null,
    sort_order: 2,
  },
  {
    code: "economy",
    name: "Economy Delivery",
    description: "Our lowest-cost option for orders that are not in a hurry, delivered in 7-14 business days.",
    cost_cents: 399,
    delivery_days_min: 7,
    delivery_days_max: 14,
    free_shipping_threshold_cents: null,
    countries: null,
    sort_order: 3,
  },
];

/**
 * Rates for every country the checkout offers. An empty state_code applies to the whole country;
 * United States rates are state-level only (state base sales tax rates).
 */
export const taxRates: SeedTaxRate[] = [
  { country_code: "LK", state_code: "", name: "VAT", rate_bps: 1800 },
  { country_code: "AU", state_code: "", name: "GST", rate_bps: 1000 },
  { country_code: "US", state_code: "CA", name: "California Sales Tax", rate_bps: 725 },
  { country_code: "US", state_code: "NY", name: "New York Sales Tax", rate_bps: 400 },
  { country_code: "US", state_code: "TX", name: "Texas Sales Tax", rate_bps: 625 },
  { country_code: "US", state_code: "FL", name: "Florida Sales Tax", rate_bps: 600 },
  { country_code: "US", state_code: "WA", name: "Washington Sales Tax", rate_bps: 650 },
  { country_code: "CA", state_code: "", name: "GST", rate_bps: 500 },
  { country_code: "CA", state_code: "ON", name: "Ontario HST (provincial portion)", rate_bps: 800 },
  { country_code: "CA", state_code: "QC", name: "Quebec QST", rate_bps: 998 },
  { country_code: "GB", state_code: "", name: "VAT", rate_bps: 2000 },
  { country_code: "IN", state_code: "", name: "GST", rate_bps: 1800 },
  { country_code: "MY", state_code: "", name: "SST", rate_bps: 1000 },
  { country_code: "SG", state_code: "", name: "GST", rate_bps: 900 },
  { country_code: "TH", state_code: "", name: "VAT", rate_bps: 700 },
  { country_code: "AE", state_code: "", name: "VAT", rate_bps: 500 },
];

/** A coupon with the usual terms unless it says otherwise: no minimum, no cap, no limit, always valid, active. */
const coupon = (terms: Pick<SeedCoupon, "code" | "name" | "type" | "value"> & Partial<SeedCoupon>): SeedCoupon => ({
  min_subtotal_cents: 0,
  max_discount_cents: null,
  usage_limit: null,
  usage_count: 0,
  starts_at: null,
  expires_at: null,
  is_active: true,
  ...terms,
});

export const coupons: SeedCoupon[] = [
  coupon({
    code: "WELCOME10",
    name: "Welcome 10% Off",
    type: "percentage",
    value: 10,
  }),
  coupon({
    code: "SAVE5",
    name: "$5 Off Orders Over $25",
    type: "fixed",
    value: 500,
    min_subtotal_cents: 2500,
  }),
  coupon({
    code: "BLOOM20",
    name: "20% Off Orders Over $60",
    type: "percentage",
    value: 20,
    min_subtotal_cents: 6000,
    max_discount_cents: 3000,
    expires_at: utc(2030, 12, 31, 23, 59, 59),
  }),
  coupon({
    code: "SPRING24",
    name: "Spring 2024 Sale",
    type: "percentage",
    value: 15,
    starts_at: utc(2024, 3, 1),
    expires_at: utc(2024, 6, 30, 23, 59, 59),
  }),
  coupon({
    code: "FIRSTBLOOM",
    name: "First Bloom Launch Offer",
    type: "percentage",
    value: 10,
    usage_limit: 100,
    usage_count: 100,
  }),
  coupon({
    code: "RETIRED",
    name: "Retired Promotion",
    type: "percentage",
    value: 10,
    is_active: false,
  }),
];
