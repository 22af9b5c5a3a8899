import { z } from "zod";
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
} from "../../app/services/checkout.server";
import { shopCurrency } from "../../app/http/cache-entries.server";
import { ValidationError } from "../../app/services/errors";
import {
  couponJson,
  CouponSchema,
  ShippingMethodSchema,
  shippingJson,
  TaxCalculationSchema,
  taxJson,
  taxRateJson,
  TaxRateSchema,
} from "../../app/services/serializers/checkout";
import { ok, parseBody, parseQuery } from "./http";
import { apiApp, errors, json, jsonOrForm, mount, success } from "./openapi";

const tags = ["Checkout"];

/** A lookup: public, never cached, answers `{success, data}` or 422 naming the fields. */
const lookup = (method: "get" | "post", path: string, summary: string, request: object, data: z.ZodType, extra: object = {}) =>
  ({
    method,
    path,
    tags,
    summary,
    request,
    responses: {
      200: json(success(data, extra as z.ZodRawShape), "The answer."),
      ...errors(422),
    },
  } as const);

/** POST /api/shipping/methods and /api/shipping/calculate. */
export const shippingApi = apiApp();
mount(
  shippingApi,
  lookup(
    "post",
    "/methods",
    "The shipping methods for a subtotal and a country, with what each costs",
    { body: jsonOrForm(ShippingMethodsSchema) },
    z.object({ shipping_methods: z.array(ShippingMethodSchema) })
  ),
  async (c) => {
    const input = await parseBody(c, ShippingMethodsSchema);
    const options = await listShippingOptions(c.var.app.db, input.subtotal, input.country_code);
    return ok(c, { shipping_methods: options.map(shippingJson) });
  }
);
mount(
  shippingApi,
  lookup(
    "post",
    "/calculate",
    "What one shipping method costs for a subtotal",
    { body: jsonOrForm(ShippingCalculateSchema) },
    z.object({
      shipping_cost: z.number(),
      shipping_method: ShippingMethodSchema,
    })
  ),
  async (c) => {
    const input = await parseBody(c, ShippingCalculateSchema);
    const option = await shippingCostFor(c.var.app.db, input.subtotal, input.shipping_method_id!);
    return ok(c, {
      shipping_cost: toUnits(option.cost_cents),
      shipping_method: shippingJson(option),
    });
  }
);

/** POST /api/tax/calculate and GET /api/tax/rates. */
export const taxApi = apiApp();
mount(
  taxApi,
  lookup("post", "/calculate", "The tax on a subtotal for a place", { body: jsonOrForm(TaxCalculateSchema) }, TaxCalculationSchema),
  async (c) => {
    const input = await parseBody(c, TaxCalculateSchema);
    return ok(c, taxJson(await calculateTax(c.var.app.db, input.subtotal, input.country_code, input.state_code)));
  }
);
mount(
  taxApi,
  lookup("get", "/rates", "The tax rates of a place, the country's first", { query: TaxRatesQuerySchema }, z.array(TaxRateSchema)),
  async (c) => {
    const query = parseQuery(c, TaxRatesQuerySchema);
    const rates = await listTaxRates(c.var.app.db, query.country_code, query.state_code);
    return ok(
      c,
      rates.map((rate) => taxRateJson(rate, query.country_code))
    );
  }
);

/** POST /api/coupons/validate ({code, subtotal}) and /api/coupons/apply ({coupon_id, subtotal}). */
export const couponsApi = apiApp();
mount(
  couponsApi,
  lookup(
    "post",
    "/validate",
    "Whether a coupon code applies to a subtotal",
    { body: jsonOrForm(CouponValidateSchema) },
    z.object({
      valid: z.boolean(),
      coupon: CouponSchema.nullable(),
      message: z.string(),
    })
  ),
  async (c) => {
    const input = await parseBody(c, CouponValidateSchema);
    const { db, cache } = c.var.app;
    const check = await validateCoupon(db, input.code, input.subtotal, await shopCurrency(cache));
    return check.valid
      ? ok(c, {
          valid: true,
          coupon: couponJson(check.coupon),
          message: check.message,
        })
      : ok(c, { valid: false, coupon: null, message: check.message });
  }
);
mount(
  couponsApi,
  lookup(
    "post",
    "/apply",
    "Apply a coupon (by id) to a subtotal; 422 when it does not apply",
    { body: jsonOrForm(CouponApplySchema) },
    z.object({
      coupon: CouponSchema,
      discount: z.number(),
      subtotal: z.number(),
    }),
    { message: z.string() }
  ),
  async (c) => {
    const input = await parseBody(c, CouponApplySchema);
    const { db, cache } = c.var.app;
    const check = await validateCouponById(db, input.coupon_id!, input.subtotal, await shopCurrency(cache));
    if (!check.valid) throw new ValidationError({ coupon_id: [check.message] }, check.message);
    return ok(
      c,
      {
        coupon: couponJson(check.coupon),
        discount: toUnits(check.coupon.discount_cents),
        subtotal: toUnits(input.subtotal - check.coupon.discount_cents),
      },
      { message: check.message }
    );
  }
);
