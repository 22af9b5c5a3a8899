import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { orderItems, orders } from "../../db/schema";
import { itemColumns, orderColumns, toOrders, type OrderView } from "./serializers/order";

const selectOrders = (db: Database) => db.select(orderColumns).from(orders);
const selectItems = (db: Database) => db.select(itemColumns).from(orderItems);

/** A user's orders, newest first, with their items: one batch of two reads, however many orders there are. */
export async function listMyOrders(db: Database, userId: number): Promise<OrderView[]> {
  const [rows, items] = await db.batch([
    selectOrders(db).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id)),
    selectItems(db)
      .where(inArray(orderItems.orderId, db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))))
      .orderBy(orderItems.id),
  ]);
  return toOrders(rows, items);
}

/** One of the user's orders; another user's order is simply not found (never revealed). */
export async function getMyOrder(db: Database, userId: number, orderId: number): Promise<OrderView | null> {
  const [rows, items] = await db.batch([
    selectOrders(db).where(and(eq(orders.id, orderId), eq(orders.userId, userId))),
    selectItems(db).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id),
  ]);
  // The items are read alongside; they count only when the order is the user's.
  const [order] = toOrders(rows, items);
  return order ?? null;
}

/** Any order by id, for the one who just placed it (the API's answer) and the guest confirmation page. */
export async function getOrder(db: Database, orderId: number): Promise<OrderView | null> {
  const [rows, items] = await db.batch([
    selectOrders(db).where(eq(orders.id, orderId)),
    selectItems(db).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id),
  ]);
  const [order] = toOrders(rows, items);
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
  const [order] = toOrders(rows, items);
  return order ?? null;
}
