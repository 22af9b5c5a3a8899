import { z } from "zod";
import { toUnits } from "../../lib/money";
import type { AppliedCoupon, ShippingOption, TaxResult } from "../../lib/checkout";

/**
 * Shipping options, coupons and taxes on the wire: money in currency units (24.99), rates in
 * percent. Each serializer returns exactly what the schema next to it declares.
 */
export const ShippingMethodSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    description: z.string(),
    cost: z.number().meta({
      description: "What this order pays: 0 once the subtotal reaches the free threshold.",
    }),
    base_cost: z.number(),
    delivery_days_min: z.number().int(),
    delivery_days_max: z.number().int(),
    free_shipping_threshold: z.number().nullable(),
  })
  .meta({ id: "ShippingMethod" });

export function shippingJson(option: ShippingOption): z.output<typeof ShippingMethodSchema> {
  return {
    id: option.id,
    code: option.code,
    name: option.name,
    description: option.description,
    cost: toUnits(option.cost_cents),
    base_cost: toUnits(option.base_cost_cents),
    delivery_days_min: option.delivery_days_min,
    delivery_days_max: option.delivery_days_max,
    free_shipping_threshold:
      option.free_shipping_threshold_cents === null ? null : toUnits(option.free_shipping_threshold_cents),
  };
}

export const CouponSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    type: z.enum(["percentage", "fixed"]),
    value: z.number().meta({
      description: "Whole percent for a percentage coupon, currency units for a fixed one.",
    }),
    discount: z.number(),
  })
  .meta({ id: "Coupon" });

export function couponJson(coupon: AppliedCoupon): z.output<typeof CouponSchema> {
  return {
    id: coupon.id,
    code: coupon.code,
    name: coupon.name,
    type: coupon.type,
    value: coupon.type === "percentage" ? coupon.value : toUnits(coupon.value),
    discount: toUnits(coupon.discount_cents),
  };
}

export const TaxCalculationSchema = z.object({
  total_tax: z.number(),
  tax_breakdown: z.array(
    z.object({
      name: z.string(),
      rate: z.number().meta({ description: "Percent." }),
      amount: z.number(),
    }),
  ),
});

export function taxJson(tax: TaxResult): z.output<typeof TaxCalculationSchema> {
  return {
    total_tax: toUnits(tax.total_tax_cents),
    tax_breakdown: tax.lines.map((line) => ({
      name: line.name,
      rate: line.rate_bps / 100,
      amount: toUnits(line.amount_cents),
    })),
  };
}

export const TaxRateSchema = z.object({
  name: z.string(),
  rate: z.number().meta({ description: "Percent." }),
  country_code: z.string(),
  state_code: z.string().nullable(),
});

export function taxRateJson(
  rate: { name: string; rate_bps: number; state_code: string | null },
  country: string,
): z.output<typeof TaxRateSchema> {
  return {
    name: rate.name,
    rate: rate.rate_bps / 100,
    country_code: country,
    state_code: rate.state_code || null,
  };
}
