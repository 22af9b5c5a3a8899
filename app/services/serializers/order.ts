import { z } from "zod";
import type { Totals } from "../../lib/checkout";
import type { OptionValues } from "../../lib/variants";
import { toUnits } from "../../lib/money";
import { orderItems, orders } from "../../../db/schema";
import { imageOrPlaceholder } from "../images.server";
import type { RowOf } from "../sql";

export interface OrderItemView {
  id: number;
  product_id: number | null;
  product_name: string;
  product_sku: string;
  /** The variant sold (null once removed), and its option values when sold (`{}` without options). */
  variant_id: number | null;
  options: OptionValues;
  quantity: number;
  price_cents: number;
  total_cents: number;
  image: string;
}

export interface OrderView extends Totals {
  id: number;
  order_number: string;
  status: string;
  payment_method: string;
  payment_status: string;
  email: string;
  coupon_code: string | null;
  shipping_method_name: string | null;
  shipping_address: string;
  billing_address: string;
  notes: string | null;
  created_at: string;
  items: OrderItemView[];
}

/** An order's own fields as the customer's order answers read them (staff read them too). */
export const orderColumns = {
  id: orders.id,
  order_number: orders.orderNumber,
  status: orders.status,
  payment_method: orders.paymentMethod,
  payment_status: orders.paymentStatus,
  email: orders.email,
  subtotal_cents: orders.subtotalCents,
  shipping_cents: orders.shippingCents,
  tax_cents: orders.taxCents,
  discount_cents: orders.discountCents,
  total_cents: orders.totalCents,
  coupon_code: orders.couponCode,
  shipping_method_name: orders.shippingMethodName,
  shipping_address: orders.shippingAddress,
  billing_address: orders.billingAddress,
  notes: orders.notes,
  created_at: orders.createdAt,
};

/** An order line's fields, as the customer's and the staff's order answers read them. */
export const itemColumns = {
  id: orderItems.id,
  order_id: orderItems.orderId,
  product_id: orderItems.productId,
  product_name: orderItems.productName,
  product_sku: orderItems.productSku,
  product_image: orderItems.productImage,
  variant_id: orderItems.variantId,
  variant_options: orderItems.variantOptions,
  quantity: orderItems.quantity,
  price_cents: orderItems.priceCents,
  total_cents: orderItems.totalCents,
};

/** An order line (read with `itemColumns`) as pages and the APIs show it, the customer's and the staff's. */
export function toOrderItem(item: RowOf<typeof itemColumns>): OrderItemView {
  return {
    id: item.id,
    product_id: item.product_id,
    product_name: item.product_name,
    product_sku: item.product_sku,
    variant_id: item.variant_id,
    options: JSON.parse(item.variant_options) as OptionValues,
    quantity: item.quantity,
    price_cents: item.price_cents,
    total_cents: item.total_cents,
    image: imageOrPlaceholder(item.product_image),
  };
}

/** Orders and their items (read with `orderColumns` and `itemColumns`) as pages and the API show them. */
export function toOrders(rows: RowOf<typeof orderColumns>[], items: RowOf<typeof itemColumns>[]): OrderView[] {
  const byOrder = new Map<number, OrderItemView[]>();
  for (const item of items) {
    const list = byOrder.get(item.order_id) ?? [];
    list.push(toOrderItem(item));
    byOrder.set(item.order_id, list);
  }
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString(), items: byOrder.get(row.id) ?? [] }));
}

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
        product_sku: z.string().meta({ description: "The variant's SKU when it was sold." }),
        variant_id: z
          .number()
          .int()
          .nullable()
          .meta({ description: "The variant sold; null once the variant is removed." }),
        options: z
          .record(z.string(), z.string())
          .meta({ description: 'Its option values when sold, { "Size": "Grand" }; {} without options.' }),
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
      variant_id: item.variant_id,
      options: item.options,
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
