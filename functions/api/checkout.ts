import { z } from "zod";
import { toUnits } from "../../app/lib/money";
import {
  CouponApplyByCodeSchema,
  CouponApplyByIdSchema,
  CouponApplySchema,
  CouponValidateSchema,
  ShippingCalculateSchema,
  ShippingMethodsSchema,
  TaxCalculateSchema,
  TaxRatesQuerySchema,
} from "../../app/lib/schemas/checkout";
import {
  calculateTax,
  claimCouponAttempt,
  listShippingOptions,
  listTaxRates,
  shippingCostFor,
  validateCoupon,
  validateCouponById,
} from "../../app/services/checkout.server";
import { shopCurrency } from "../../app/http/cache-entries.server";
import { AuthError, isAdmin } from "../../app/services/auth.server";
import { ForbiddenError, ValidationError } from "../../app/services/errors";
import { clientAddress } from "../../app/services/rate-limit.server";
import { fieldErrors } from "../../app/lib/schemas/query";
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
import { apiApp, errors, GUEST_OR_SIGNED_IN_WRITE, json, jsonOrForm, mount, success } from "./openapi";
import { optionalViewer } from "./session";

const tags = ["Checkout"];

/** A lookup: public, never cached, answers `{success, data}` or 422 naming the fields. */
const lookup = (
  method: "get" | "post",
  path: string,
  summary: string,
  request: object,
  data: z.ZodType,
  extra: object = {},
) =>
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
  }) as const;

/** POST /api/shipping/methods and /api/shipping/calculate. */
export const shippingApi = apiApp();
mount(
  shippingApi,
  lookup(
    "post",
    "/methods",
    "The shipping methods for a subtotal and a country, with what each costs",
    { body: jsonOrForm(ShippingMethodsSchema) },
    z.object({ shipping_methods: z.array(ShippingMethodSchema) }),
  ),
  async (c) => {
    const input = await parseBody(c, ShippingMethodsSchema);
    const options = await listShippingOptions(c.var.app.db, input.subtotal, input.country_code);
    return ok(c, { shipping_methods: options.map(shippingJson) });
  },
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
    }),
  ),
  async (c) => {
    const input = await parseBody(c, ShippingCalculateSchema);
    const option = await shippingCostFor(c.var.app.db, input.subtotal, input.shipping_method_id!);
    return ok(c, {
      shipping_cost: toUnits(option.cost_cents),
      shipping_method: shippingJson(option),
    });
  },
);

/** POST /api/tax/calculate and GET /api/tax/rates. */
export const taxApi = apiApp();
mount(
  taxApi,
  lookup(
    "post",
    "/calculate",
    "The tax on a subtotal for a place",
    { body: jsonOrForm(TaxCalculateSchema) },
    TaxCalculationSchema,
  ),
  async (c) => {
    const input = await parseBody(c, TaxCalculateSchema);
    return ok(c, taxJson(await calculateTax(c.var.app.db, input.subtotal, input.country_code, input.state_code)));
  },
);
mount(
  taxApi,
  lookup(
    "get",
    "/rates",
    "The tax rates of a place, the country's first",
    { query: TaxRatesQuerySchema },
    z.array(TaxRateSchema),
  ),
  async (c) => {
    const query = parseQuery(c, TaxRatesQuerySchema);
    const rates = await listTaxRates(c.var.app.db, query.country_code, query.state_code);
    return ok(
      c,
      rates.map((rate) => taxRateJson(rate, query.country_code)),
    );
  },
);

/**
 * POST /api/coupons/validate ({code, subtotal}) and /api/coupons/apply ({code, subtotal}, or
 * staff's {coupon_id, subtotal}). A shopper learns about a code only by typing it, and every code
 * typed counts against the client's limit before it is looked up (429 with Retry-After): the codes
 * cannot be listed by id nor guessed in a loop (docs/decisions/022).
 */
export const couponsApi = apiApp();
mount(
  couponsApi,
  {
    ...lookup(
      "post",
      "/validate",
      "Whether a coupon code applies to a subtotal (attempts limited per client)",
      { body: jsonOrForm(CouponValidateSchema) },
      z.object({
        valid: z.boolean(),
        coupon: CouponSchema.nullable(),
        message: z.string(),
      }),
    ),
    responses: {
      200: json(
        success(z.object({ valid: z.boolean(), coupon: CouponSchema.nullable(), message: z.string() })),
        "The answer.",
      ),
      ...errors(422, 429),
    },
  },
  async (c) => {
    const { db, cache } = c.var.app;
    await claimCouponAttempt(db, clientAddress(c.req.raw));
    const input = await parseBody(c, CouponValidateSchema);
    const check = await validateCoupon(db, input.code, input.subtotal, await shopCurrency(cache));
    return check.valid
      ? ok(c, {
          valid: true,
          coupon: couponJson(check.coupon),
          message: check.message,
        })
      : ok(c, { valid: false, coupon: null, message: check.message });
  },
);

const Loose = z.record(z.string(), z.unknown());

function parsed<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw new ValidationError(fieldErrors(result.error));
  return result.data;
}

mount(
  couponsApi,
  {
    method: "post",
    path: "/apply",
    tags,
    summary:
      "Apply a coupon to a subtotal: by the code typed (anyone, limited per client), or by id (staff only); 422 when it does not apply",
    middleware: optionalViewer,
    security: GUEST_OR_SIGNED_IN_WRITE,
    request: { body: jsonOrForm(CouponApplySchema) },
    responses: {
      200: json(
        success(
          z.object({
            coupon: CouponSchema,
            discount: z.number(),
            subtotal: z.number(),
          }),
          { message: z.string() },
        ),
        "Applied.",
      ),
      ...errors(401, 403, 422, 429),
    },
  },
  async (c) => {
    const { db, cache } = c.var.app;
    const body = await parseBody(c, Loose);
    let check;
    let subtotal: number;
    let field: "code" | "coupon_id";
    if (body.code !== undefined || body.coupon_id === undefined) {
      // A shopper: the code they typed, counted before it is looked up.
      await claimCouponAttempt(db, clientAddress(c.req.raw));
      const input = parsed(CouponApplyByCodeSchema, body);
      check = await validateCoupon(db, input.code, input.subtotal, await shopCurrency(cache));
      subtotal = input.subtotal;
      field = "code";
    } else {
      // By id: it answers the code, so staff only, and who asks is checked before what they sent.
      const viewer = c.var.maybeViewer;
      if (!viewer) throw new AuthError();
      if (!isAdmin(viewer.user))
        throw new ForbiddenError("Applying a coupon by its id is for the shop's staff only. Send the code instead.");
      const input = parsed(CouponApplyByIdSchema, body);
      check = await validateCouponById(db, input.coupon_id!, input.subtotal, await shopCurrency(cache));
      subtotal = input.subtotal;
      field = "coupon_id";
    }
    if (!check.valid) throw new ValidationError({ [field]: [check.message] }, check.message);
    c.header("Cache-Control", "no-store");
    return ok(
      c,
      {
        coupon: couponJson(check.coupon),
        discount: toUnits(check.coupon.discount_cents),
        subtotal: toUnits(subtotal - check.coupon.discount_cents),
      },
      { message: check.message },
    );
  },
);
