import { z } from "zod";
import { COUPON_TYPES } from "../../lib/schemas/admin-catalogue";
import { toUnits } from "../../lib/money";
import type { AdminCoupon, AdminShippingMethod, AdminTaxRate } from "../admin/checkout-tables.server";

/** The checkout's tables as the back office's API gives them: money in currency units, rates in percent. */

export const AdminCouponSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    type: z.enum(COUPON_TYPES),
    value: z.number().meta({ description: "Whole percent for a percentage coupon; currency units for a fixed one." }),
    min_subtotal: z.number().meta({ description: "In currency units; 0 for none." }),
    max_discount: z.number().nullable().meta({ description: "In currency units; null for no cap." }),
    starts_at: z.string().nullable(),
    expires_at: z.string().nullable(),
    usage_limit: z.number().int().nullable().meta({ description: "Null for no limit." }),
    usage_count: z.number().int().meta({ description: "Uses so far (a cancelled order gives its use back)." }),
    is_active: z.boolean(),
    orders_count: z.number().int().meta({ description: "Orders placed with it; they keep its code if it is deleted." }),
    created_at: z.string().nullable(),
  })
  .meta({ id: "AdminCoupon" });

export const adminCouponJson = (coupon: AdminCoupon): z.output<typeof AdminCouponSchema> => ({
  id: coupon.id,
  code: coupon.code,
  name: coupon.name,
  type: coupon.type,
  value: coupon.type === "percentage" ? coupon.value : toUnits(coupon.value),
  min_subtotal: toUnits(coupon.min_subtotal_cents),
  max_discount: coupon.max_discount_cents === null ? null : toUnits(coupon.max_discount_cents),
  starts_at: coupon.starts_at,
  expires_at: coupon.expires_at,
  usage_limit: coupon.usage_limit,
  usage_count: coupon.usage_count,
  is_active: coupon.is_active,
  orders_count: coupon.orders_count,
  created_at: coupon.created_at,
});

export const AdminShippingMethodSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    description: z.string(),
    cost: z.number().meta({ description: "In currency units." }),
    free_shipping_threshold: z
      .number()
      .nullable()
      .meta({ description: "Free from this subtotal (currency units); null: never free." }),
    delivery_days_min: z.number().int(),
    delivery_days_max: z.number().int(),
    countries: z.array(z.string()).nullable().meta({ description: "ISO codes it serves; null serves every country." }),
    is_active: z.boolean(),
    sort_order: z.number().int(),
  })
  .meta({ id: "AdminShippingMethod" });

export const adminShippingMethodJson = (method: AdminShippingMethod): z.output<typeof AdminShippingMethodSchema> => ({
  id: method.id,
  code: method.code,
  name: method.name,
  description: method.description,
  cost: toUnits(method.cost_cents),
  free_shipping_threshold:
    method.free_shipping_threshold_cents === null ? null : toUnits(method.free_shipping_threshold_cents),
  delivery_days_min: method.delivery_days_min,
  delivery_days_max: method.delivery_days_max,
  countries: method.countries,
  is_active: method.is_active,
  sort_order: method.sort_order,
});

export const AdminTaxRateSchema = z
  .object({
    id: z.number().int(),
    country_code: z.string(),
    state_code: z.string().meta({ description: "Empty: the whole country." }),
    name: z.string(),
    rate: z.number().meta({ description: "Percent (7.25)." }),
    is_active: z.boolean(),
  })
  .meta({ id: "AdminTaxRate" });

export const adminTaxRateJson = (rate: AdminTaxRate): z.output<typeof AdminTaxRateSchema> => ({
  id: rate.id,
  country_code: rate.country_code,
  state_code: rate.state_code,
  name: rate.name,
  rate: rate.rate_bps / 100,
  is_active: rate.is_active,
});
