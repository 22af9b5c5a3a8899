import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { orderItems, orders } from "../../db/schema";
import { itemColumns, orderColumns, toOrders, type OrderView } from "./serializers/order";

const selectOrders = (db: Database) => db.select(orderColumns).from(orders);
const selectItems = (db: Database) => db.select(itemColumns).from(orderItems);

/** The orders `where` picks, in `order`, with their items: one batch of two reads, however many orders there are. */
async function readOrders(db: Database, where: SQL | undefined, order: SQL[] = []): Promise<OrderView[]> {
  const [rows, items] = await db.batch([
    selectOrders(db)
      .where(where)
      .orderBy(...order),
    selectItems(db)
      .where(inArray(orderItems.orderId, db.select({ id: orders.id }).from(orders).where(where)))
      .orderBy(orderItems.id),
  ]);
  return toOrders(rows, items);
}

/** A user's orders, newest first, with their items. */
export function listMyOrders(db: Database, userId: number): Promise<OrderView[]> {
  return readOrders(db, eq(orders.userId, userId), [desc(orders.createdAt), desc(orders.id)]);
}

/** One of the user's orders; another user's order is simply not found (never revealed). */
export async function getMyOrder(db: Database, userId: number, orderId: number): Promise<OrderView | null> {
  const [order] = await readOrders(db, and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return order ?? null;
}

/** Any order by id, for the one who just placed it (the API's answer) and the guest confirmation page. */
export async function getOrder(db: Database, orderId: number): Promise<OrderView | null> {
  const [order] = await readOrders(db, eq(orders.id, orderId));
  return order ?? null;
}

/** An order by its number, with its items: one batch. */
export async function getOrderByNumber(db: Database, orderNumber: string): Promise<OrderView | null> {
  const [order] = await readOrders(db, eq(orders.orderNumber, orderNumber));
  return order ?? null;
}
