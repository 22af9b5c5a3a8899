import { Hono } from "hono";
import { COUNTRIES } from "../../app/lib/constants";
import { toUnits } from "../../app/lib/money";
import {
  CouponApplySchema,
  CouponValidateSchema,
  ShippingCalculateSchema,
  ShippingMethodsSchema,
  TaxCalculateSchema,
  TaxRatesQuerySchema,
} from "../../app/lib/schemas/checkout";
import {
  calculateTax,
  listShippingOptions,
  listTaxRates,
  shippingCostFor,
  validateCoupon,
  validateCouponById,
  type AppliedCoupon,
  type ShippingOption,
} from "../../app/services/checkout.server";
import { ValidationError } from "../../app/services/errors";
import { ok, parseBody, parseQuery, type ApiEnv } from "./http";

const DELIVERED = new Set<string>(COUNTRIES.map((country) => country.code));

/**
 * The lookups quote only for the countries an order can be placed for (POST /api/orders refuses the
 * others), so a client never shows a shipping cost or a tax for an order that will be refused.
 */
function deliveredCountry(code: string): string {
  if (!DELIVERED.has(code)) throw new ValidationError({ country_code: ["Please choose a country we deliver to"] });
  return code;
}

const shippingJson = (option: ShippingOption) => ({
  id: option.id,
  code: option.code,
  name: option.name,
  description: option.description,
  cost: toUnits(option.cost_cents),
  base_cost: toUnits(option.base_cost_cents),
  delivery_days_min: option.delivery_days_min,
  delivery_days_max: option.delivery_days_max,
  free_shipping_threshold: option.free_shipping_threshold_cents === null ? null : toUnits(option.free_shipping_threshold_cents),
});

export const couponJson = (coupon: AppliedCoupon) => ({
  id: coupon.id,
  code: coupon.code,
  name: coupon.name,
  type: coupon.type,
  // Whole percent for a percentage coupon, currency units for a fixed one.
  value: coupon.type === "percentage" ? coupon.value : toUnits(coupon.value),
  discount: toUnits(coupon.discount_cents),
});

/** POST /api/shipping/methods and /api/shipping/calculate. */
export const shippingApi = new Hono<ApiEnv>()
  .post("/methods", async (c) => {
    const input = await parseBody(c, ShippingMethodsSchema);
    const options = await listShippingOptions(c.var.app.db, input.subtotal, deliveredCountry(input.country_code));
    return ok(c, { shipping_methods: options.map(shippingJson) });
  })
  .post("/calculate", async (c) => {
    const input = await parseBody(c, ShippingCalculateSchema);
    const option = await shippingCostFor(c.var.app.db, input.subtotal, input.shipping_method_id!);
    return ok(c, { shipping_cost: toUnits(option.cost_cents), shipping_method: shippingJson(option) });
  });

/** POST /api/tax/calculate and GET /api/tax/rates. */
export const taxApi = new Hono<ApiEnv>()
  .post("/calculate", async (c) => {
    const input = await parseBody(c, TaxCalculateSchema);
    const tax = await calculateTax(c.var.app.db, input.subtotal, deliveredCountry(input.country_code), input.state_code);
    return ok(c, {
      total_tax: toUnits(tax.total_tax_cents),
      tax_breakdown: tax.lines.map((line) => ({ name: line.name, rate: line.rate_bps / 100, amount: toUnits(line.amount_cents) })),
    });
  })
  .get("/rates", async (c) => {
    const query = parseQuery(c, TaxRatesQuerySchema);
    const rates = await listTaxRates(c.var.app.db, deliveredCountry(query.country_code), query.state_code);
    return ok(c, rates.map((rate) => ({ name: rate.name, rate: rate.rate_bps / 100, country_code: query.country_code, state_code: rate.state_code || null })));
  });

/** POST /api/coupons/validate ({code, subtotal}) and /api/coupons/apply ({coupon_id, subtotal}). */
export const couponsApi = new Hono<ApiEnv>()
  .post("/validate", async (c) => {
    const input = await parseBody(c, CouponValidateSchema);
    const check = await validateCoupon(c.var.app.db, input.code, input.subtotal);
    return check.valid
      ? ok(c, { valid: true, coupon: couponJson(check.coupon), message: check.message })
      : ok(c, { valid: false, coupon: null, message: check.message });
  })
  .post("/apply", async (c) => {
    const input = await parseBody(c, CouponApplySchema);
    const check = await validateCouponById(c.var.app.db, input.coupon_id!, input.subtotal);
    if (!check.valid) throw new ValidationError({ coupon_id: [check.message] }, check.message);
    return ok(
      c,
      { coupon: couponJson(check.coupon), discount: toUnits(check.coupon.discount_cents), subtotal: toUnits(input.subtotal - check.coupon.discount_cents) },
      { message: check.message },
    );
  });
