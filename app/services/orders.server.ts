import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { orderItems, orders } from "../../db/schema";
import { imageOrPlaceholder } from "./images.server";

export interface OrderItemView {
  id: number;
  product_id: number | null;
  product_name: string;
  product_sku: string;
  quantity: number;
  price_cents: number;
  total_cents: number;
  image: string;
}

export interface OrderView {
  id: number;
  order_number: string;
  status: string;
  payment_method: string;
  payment_status: string;
  email: string;
  subtotal_cents: number;
  shipping_cents: number;
  tax_cents: number;
  discount_cents: number;
  total_cents: number;
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
  quantity: orderItems.quantity,
  price_cents: orderItems.priceCents,
  total_cents: orderItems.totalCents,
};

const selectOrders = (db: Database) => db.select(orderColumns).from(orders);
const selectItems = (db: Database) => db.select(itemColumns).from(orderItems);
type OrderRow = Awaited<ReturnType<typeof selectOrders>>[number];
type ItemRow = Awaited<ReturnType<typeof selectItems>>[number];

/** Orders and their items (read with `orderColumns` and `itemColumns`) as pages and the API show them. */
export function toOrders(rows: OrderRow[], items: ItemRow[]): OrderView[] {
  const byOrder = new Map<number, OrderItemView[]>();
  for (const item of items) {
    const list = byOrder.get(item.order_id) ?? [];
    list.push({
      id: item.id,
      product_id: item.product_id,
      product_name: item.product_name,
      product_sku: item.product_sku,
      quantity: item.quantity,
      price_cents: item.price_cents,
      total_cents: item.total_cents,
      image: imageOrPlaceholder(item.product_image),
    });
    byOrder.set(item.order_id, list);
  }
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString(), items: byOrder.get(row.id) ?? [] }));
}

/** A user's orders, newest first, with their items: one batch of two reads, however many orders there are. */
export async function listMyOrders(db: Database, userId: number): Promise<OrderView[]> {
  const [rows, items] = await db.batch([
    selectOrders(db).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id)),
    selectItems(db)
      .where(inArray(orderItems.orderId, db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))))
      .orderBy(orderItems.id),
  ]);
  return toOrders(rows as OrderRow[], items as ItemRow[]);
}

/** One of the user's orders; another user's order is simply not found (never revealed). */
export async function getMyOrder(db: Database, userId: number, orderId: number): Promise<OrderView | null> {
  const [rows, items] = await db.batch([
    selectOrders(db).where(and(eq(orders.id, orderId), eq(orders.userId, userId))),
    selectItems(db).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id),
  ]);
  // The items are read alongside; they count only when the order is the user's.
  const [order] = toOrders(rows as OrderRow[], items as ItemRow[]);
  return order ?? null;
}

/** Any order by id, for the one who just placed it (the API's answer) and the guest confirmation page. */
export async function getOrder(db: Database, orderId: number): Promise<OrderView | null> {
  const [rows, items] = await db.batch([
    selectOrders(db).where(eq(orders.id, orderId)),
    selectItems(db).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id),
  ]);
  const [order] = toOrders(rows as OrderRow[], items as ItemRow[]);
  return order ?? null;
}

/** An order by its number, with its items: one batch. */
export async function getOrderByNumber(db: Database, orderNumber: string): Promise<OrderView | null> {
  const [rows, items] = await db.batch([
    selectOrders(db).where(eq(orders.orderNumber, orderNumber)),
    selectItems(db)
      .where(
        inArray(
          orderItems.orderId,
          db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber)),
        ),
      )
      .orderBy(orderItems.id),
  ]);
  const [order] = toOrders(rows as OrderRow[], items as ItemRow[]);
  return order ?? null;
}
