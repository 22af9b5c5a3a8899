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
  /** The day it is delivered (`YYYY-MM-DD`); null for an order placed before delivery dates. */
  delivery_date: string | null;
  invoice_number: string | null;
  /** A gift: the recipient (its `shipping_address`), the card's message, whether the packing slip hides prices. */
  gift: OrderGift | null;
  items: OrderItemView[];
}

export interface GiftRecipient {
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

export interface OrderGift {
  recipient: GiftRecipient;
  message: string | null;
  hide_prices: boolean;
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
  delivery_date: orders.deliveryDate,
  invoice_number: orders.invoiceNumber,
  is_gift: orders.isGift,
  gift_message: orders.giftMessage,
  gift_hide_prices: orders.giftHidePrices,
};

/** The recipient of a gift, from the order's `shipping_address` (the spec's JSON string). */
export function giftRecipient(shippingAddress: string): GiftRecipient {
  let address: Record<string, unknown> = {};
  try {
    address = JSON.parse(shippingAddress) as Record<string, unknown>;
  } catch {
    // An address that is not JSON: its fields are empty.
  }
  const field = (key: string) => (typeof address[key] === "string" ? (address[key] as string) : "");
  return {
    firstName: field("firstName"),
    lastName: field("lastName"),
    phone: field("phone"),
    address: field("address"),
    city: field("city"),
    state: field("state"),
    zipCode: field("zipCode"),
    country: field("country"),
  };
}

/** An order row's gift fields as one `gift` (null when not a gift). */
export function orderGift(row: {
  is_gift: boolean;
  gift_message: string | null;
  gift_hide_prices: boolean;
  shipping_address: string;
}): OrderGift | null {
  return row.is_gift
    ? { recipient: giftRecipient(row.shipping_address), message: row.gift_message, hide_prices: row.gift_hide_prices }
    : null;
}

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
  return rows.map(({ is_gift, gift_message, gift_hide_prices, ...row }) => ({
    ...row,
    created_at: row.created_at.toISOString(),
    gift: orderGift({ is_gift, gift_message, gift_hide_prices, shipping_address: row.shipping_address }),
    items: byOrder.get(row.id) ?? [],
  }));
}

export const GiftRecipientSchema = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    country: z.string(),
  })
  .meta({ id: "GiftRecipient" });

export const GiftSchema = z
  .object({
    recipient: GiftRecipientSchema,
    message: z.string().nullable().meta({ description: "The card's message as typed: text, newlines kept." }),
    hide_prices: z.boolean().meta({ description: "The packing slip leaves the prices out." }),
  })
  .meta({ id: "OrderGift" });

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
    shipping_address: z.string().meta({ description: "Where the parcel goes (a gift's recipient), as a JSON string." }),
    billing_address: z.string().meta({ description: "The customer who pays, as a JSON string." }),
    delivery_date: z
      .string()
      .nullable()
      .meta({ description: "The day it is delivered, `YYYY-MM-DD`; null for an order placed before delivery dates." }),
    invoice_number: z
      .string()
      .nullable()
      .meta({ description: "`INV-2026-000042`: sequential per year, never reused." }),
    gift: GiftSchema.nullable().meta({
      description: "A gift's recipient, card message and packing-slip choice; null when not a gift.",
    }),
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
    delivery_date: order.delivery_date,
    invoice_number: order.invoice_number,
    gift: order.gift,
  };
}
