import { desc, eq, gte, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import {
  contactMessages,
  dailyCustomerFigures,
  dailyOrderFigures,
  orders,
  products,
  reviews,
} from "../../../db/schema";
import { ORDER_STATUSES, type OrderStatus } from "../../lib/order-statuses";
import { LOW_STOCK_THRESHOLD } from "../../lib/constants";
import { toUnits } from "../../lib/money";
import { addDays } from "../../lib/delivery";
import { bookedMap, bookedQuery } from "../delivery.server";
import { isoDate, named } from "../sql";
import { variantStockFigures } from "./products.server";
import { lowStockThreshold } from "./low-stock.server";

export { LOW_STOCK_THRESHOLD };
/** Days in the dashboard's chart of orders per day. */
export const CHART_DAYS = 30;
/** Orders in the dashboard's latest list. */
const LATEST_ORDERS = 8;

export interface ShopStats {
  orders: {
    total: number;
    today: number;
    last_7_days: number;
    last_30_days: number;
    by_status: Record<OrderStatus, number>;
    /** What the orders of each period are worth (cancelled ones left out), in currency units. */
    value: { today: number; last_7_days: number; last_30_days: number };
  };
  /** Placed: every order not cancelled; collected: the cash of paid orders. Currency units. */
  revenue: { placed: number; collected: number };
  products: { total: number; active: number; low_stock: number; out_of_stock: number };
  customers: { total: number; new_last_7_days: number };
  messages: { unread: number };
  /** Reviews waiting for staff to approve or reject them. */
  reviews: { pending: number };
  /** Orders (not cancelled) to deliver today and tomorrow, in the shop's time zone. */
  deliveries: { today: DeliveryCount; tomorrow: DeliveryCount };
}

export interface DeliveryCount {
  /** `YYYY-MM-DD`. */
  date: string;
  orders: number;
}

export interface DayCount {
  /** `YYYY-MM-DD` (UTC). */
  day: string;
  orders: number;
  /** Cents. */
  value_cents: number;
}

export interface LatestOrder {
  id: number;
  order_number: string;
  email: string;
  customer_name: string;
  status: string;
  payment_status: string;
  total_cents: number;
  created_at: string;
}

export interface Dashboard {
  stats: ShopStats;
  /** One entry per day of the last `CHART_DAYS` days, oldest first, days without orders included. */
  days: DayCount[];
  latest: LatestOrder[];
  /** The stock at or under which a variant counts as low (the setting `low_stock_threshold`). */
  lowStockThreshold: number;
}

const int = (expression: ReturnType<typeof sql>) => sql<number>`coalesce(${expression}, 0)`.mapWith(Number);
/** `YYYY-MM-DD` of today (UTC), minus whole days. */
const fromDay = (days: number) => sql`date('now', ${`-${days} days`})`;
const notCancelled = sql`${dailyOrderFigures.status} <> 'cancelled'`;

/**
 * Every figure of the dashboard and `GET /api/admin/stats` in one round trip. The orders' and the
 * customers' figures come from the daily figures the triggers keep (docs/decisions/031-staff.md): a
 * few rows per day instead of every order; then the catalogue's stock, the unread messages and the
 * reviews to approve, the orders per day, the latest orders, and the deliveries of `today` (the
 * shop's, UTC unless said) and tomorrow.
 */
export async function getDashboard(
  db: Database,
  now = new Date(),
  today = now.toISOString().slice(0, 10),
): Promise<Dashboard> {
  const tomorrow = addDays(today, 1);
  const { orders: count, totalCents: value, day } = dailyOrderFigures;
  const byStatus = Object.fromEntries(
    ORDER_STATUSES.map((status) => [
      status,
      int(sql`sum(CASE WHEN ${dailyOrderFigures.status} = ${status} THEN ${count} END)`),
    ]),
  ) as Record<OrderStatus, ReturnType<typeof int>>;
  const inLast = (days: number, what: "count" | "value") =>
    int(
      what === "count"
        ? sql`sum(CASE WHEN ${day} >= ${fromDay(days)} THEN ${count} END)`
        : sql`sum(CASE WHEN ${day} >= ${fromDay(days)} AND ${notCancelled} THEN ${value} END)`,
    );
  const [[orderFigures], [productFigures], [people], perDay, latest, deliveries] = await db.batch([
    db
      .select(
        named({
          total: int(sql`sum(${count})`),
          today: inLast(0, "count"),
          week: inLast(6, "count"),
          month: inLast(29, "count"),
          todayValue: inLast(0, "value"),
          weekValue: inLast(6, "value"),
          monthValue: inLast(29, "value"),
          placed: int(sql`sum(CASE WHEN ${notCancelled} THEN ${value} END)`),
          collected: int(sql`sum(CASE WHEN ${dailyOrderFigures.paymentStatus} = 'paid' THEN ${value} END)`),
          ...byStatus,
        }),
      )
      .from(dailyOrderFigures),
    db
      .select(
        named({
          total: int(sql`count(*)`),
          active: int(sql`sum(${products.isActive})`),
          ...variantStockFigures(),
          lowStockThreshold: lowStockThreshold(),
        }),
      )
      .from(products),
    db
      .select(
        named({
          customers: int(sql`sum(${dailyCustomerFigures.customers})`),
          newCustomers: int(
            sql`sum(CASE WHEN ${dailyCustomerFigures.day} >= ${fromDay(6)} THEN ${dailyCustomerFigures.customers} END)`,
          ),
          unread: int(
            sql`(${db
              .select({ n: sql`count(*)` })
              .from(contactMessages)
              .where(eq(contactMessages.status, "unread"))})`,
          ),
          pendingReviews: int(
            sql`(${db
              .select({ n: sql`count(*)` })
              .from(reviews)
              .where(eq(reviews.status, "pending"))})`,
          ),
        }),
      )
      .from(dailyCustomerFigures),
    db
      .select({
        day,
        orders: int(sql`sum(${count})`).as("orders"),
        valueCents: int(sql`sum(CASE WHEN ${notCancelled} THEN ${value} END)`).as("value_cents"),
      })
      .from(dailyOrderFigures)
      .where(gte(day, sql`${fromDay(CHART_DAYS - 1)}`))
      .groupBy(day),
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        email: orders.email,
        shippingAddress: orders.shippingAddress,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        totalCents: orders.totalCents,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .orderBy(desc(orders.id))
      .limit(LATEST_ORDERS),
    bookedQuery(db, today, tomorrow),
  ]);
  const booked = bookedMap(deliveries);
  const o = orderFigures!;
  const p = productFigures!;
  const stats: ShopStats = {
    orders: {
      total: o.total,
      today: o.today,
      last_7_days: o.week,
      last_30_days: o.month,
      by_status: Object.fromEntries(ORDER_STATUSES.map((status) => [status, o[status]])) as Record<OrderStatus, number>,
      value: { today: toUnits(o.todayValue), last_7_days: toUnits(o.weekValue), last_30_days: toUnits(o.monthValue) },
    },
    revenue: { placed: toUnits(o.placed), collected: toUnits(o.collected) },
    products: { total: p.total, active: p.active, low_stock: p.low_stock, out_of_stock: p.out_of_stock },
    customers: { total: people?.customers ?? 0, new_last_7_days: people?.newCustomers ?? 0 },
    messages: { unread: people?.unread ?? 0 },
    reviews: { pending: people?.pendingReviews ?? 0 },
    deliveries: {
      today: { date: today, orders: booked.get(today) ?? 0 },
      tomorrow: { date: tomorrow, orders: booked.get(tomorrow) ?? 0 },
    },
  };
  return {
    stats,
    days: fillDays(perDay, now),
    latest: latest.map(toLatestOrder),
    lowStockThreshold: p.lowStockThreshold,
  };
}

/** The last `CHART_DAYS` days (UTC) ending today, each with its orders (none if the query had no row). */
function fillDays(rows: { day: string; orders: number; valueCents: number }[], now: Date): DayCount[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: CHART_DAYS }, (_, i) => {
    const day = new Date(today - (CHART_DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    const row = byDay.get(day);
    return { day, orders: row?.orders ?? 0, value_cents: row?.valueCents ?? 0 };
  });
}

function toLatestOrder(row: {
  id: number;
  orderNumber: string;
  email: string;
  shippingAddress: string;
  status: string;
  paymentStatus: string;
  totalCents: number;
  createdAt: Date;
}): LatestOrder {
  let name = "";
  try {
    const address = JSON.parse(row.shippingAddress) as { firstName?: string; lastName?: string };
    name = [address.firstName, address.lastName].filter(Boolean).join(" ");
  } catch {
    name = "";
  }
  return {
    id: row.id,
    order_number: row.orderNumber,
    email: row.email,
    customer_name: name || row.email,
    status: row.status,
    payment_status: row.paymentStatus,
    total_cents: row.totalCents,
    created_at: isoDate(row.createdAt) ?? "",
  };
}
