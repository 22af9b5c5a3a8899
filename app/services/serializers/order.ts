import { z } from "zod";
import { toUnits } from "../../lib/money";
import type { OrderView } from "../orders.server";

/** An order on the wire (the spec's client): money in currency units, addresses as JSON strings. */
export const OrderSchema = z
  .object({
    id: z.number().int(),
    order_number: z.string(),
    status: z.string(),
    created_at: z.string(),
    items: z.array(
      z.object({
        id: z.number().int(),
        product_name: z.string(),
        product_sku: z.string(),
        quantity: z.number().int(),
        price: z.number(),
        total: z.number(),
        product: z.object({
          id: z.number().int().nullable(),
          image: z.string(),
        }),
      }),
    ),
    subtotal: z.number(),
    shipping: z.number(),
    tax: z.number(),
    discount: z.number(),
    total: z.number(),
    coupon_code: z.string().nullable(),
    shipping_method: z.string().nullable(),
    payment_method: z.string(),
    payment_status: z.string(),
    notes: z.string().nullable(),
    shipping_address: z.string().meta({ description: "The address as a JSON string." }),
    billing_address: z.string().meta({ description: "The address as a JSON string." }),
  })
  .meta({ id: "Order" });
export type OrderJson = z.output<typeof OrderSchema>;

export function orderJson(order: OrderView): OrderJson {
  return {
    id: order.id,
    order_number: order.order_number,
    status: order.status,
    created_at: order.created_at,
    items: order.items.map((item) => ({
      id: item.id,
      product_name: item.product_name,
      product_sku: item.product_sku,
      quantity: item.quantity,
      price: toUnits(item.price_cents),
      total: toUnits(item.total_cents),
      product: { id: item.product_id, image: item.image },
    })),
    subtotal: toUnits(order.subtotal_cents),
    shipping: toUnits(order.shipping_cents),
    tax: toUnits(order.tax_cents),
    discount: toUnits(order.discount_cents),
    total: toUnits(order.total_cents),
    coupon_code: order.coupon_code,
    shipping_method: order.shipping_method_name,
    payment_method: order.payment_method,
    payment_status: order.payment_status,
    notes: order.notes,
    shipping_address: order.shipping_address,
    billing_address: order.billing_address,
  };
}
