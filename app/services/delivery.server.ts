import { and, count, eq, gte, lte, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { orders, settings } from "../../db/schema";
import {
  addDays,
  daysBetween,
  DELIVERY_MESSAGES,
  DELIVERY_RANGE_MAX_DAYS,
  deliveryDay,
  deliveryDays,
  deliveryRules,
  deliveryWindow,
  earliestAvailable,
  refusal,
  type DeliveryDay,
  type DeliveryRules,
} from "../lib/delivery";
import { ValidationError } from "./errors";
import { groupSettings } from "./settings.server";
import { guardBroken, guardStatement } from "./sql";

/**
 * Delivery dates against the database: the orders booked per day (not cancelled, through
 * `orders_delivery_idx`), the rules from the settings, the date an order gets, and the statement
 * that holds a day's capacity inside the order's batch.
 */

/** Orders booked (not cancelled) per delivery day from `from` to `to`, included: one indexed range read. */
export const bookedQuery = (db: Database, from: string, to: string) =>
  db
    .select({ date: sql<string>`${orders.deliveryDate}`, booked: count() })
    .from(orders)
    .where(and(gte(orders.deliveryDate, from), lte(orders.deliveryDate, to), ne(orders.status, "cancelled")))
    .groupBy(orders.deliveryDate);

export const bookedMap = (rows: Array<{ date: string; booked: number }>) =>
  new Map(rows.map((row) => [row.date, row.booked]));

/** The delivery settings, read from the database (placing an order never trusts a cached copy). */
const rulesQuery = (db: Database) =>
  db
    .select({ key: settings.key, value: settings.value, type: settings.type, group: settings.group })
    .from(settings)
    .where(eq(settings.group, "delivery"));

export async function readDeliveryRules(db: Database): Promise<DeliveryRules> {
  return deliveryRules(groupSettings(await rulesQuery(db)));
}

/** The rules, read from the database, and the orders booked per day from `from` to `to`: one round trip. */
export async function rulesAndBookings(
  db: Database,
  from: string,
  to: string,
): Promise<{ rules: DeliveryRules; booked: Map<string, number> }> {
  const [rows, bookedRows] = await db.batch([rulesQuery(db), bookedQuery(db, from, to)]);
  return { rules: deliveryRules(groupSettings(rows)), booked: bookedMap(bookedRows) };
}

/**
 * The days of a range with what each is now, for rules the caller has (the public settings,
 * cached): from today in the shop's time zone when `from` is absent, to the last day orders are
 * taken for (at most the longest range) when `to` is absent. A range ending before it starts, or
 * longer than `DELIVERY_RANGE_MAX_DAYS`, is a 422 under `to`.
 */
export async function deliveryCalendar(
  db: Database,
  rules: DeliveryRules,
  range: { from: string | null; to: string | null },
  now = new Date(),
): Promise<DeliveryDay[]> {
  const window = deliveryWindow(rules, now);
  const from = range.from ?? window.today;
  const longest = addDays(from, DELIVERY_RANGE_MAX_DAYS - 1);
  const to = range.to ?? (window.latest < from ? from : window.latest < longest ? window.latest : longest);
  const refuse = (message: string): never => {
    throw new ValidationError({ to: [message] }, message);
  };
  if (to < from) refuse(DELIVERY_MESSAGES.rangeOrder);
  if (daysBetween(from, to) + 1 > DELIVERY_RANGE_MAX_DAYS) refuse(DELIVERY_MESSAGES.range);
  return deliveryDays(rules, now, from, to, bookedMap(await bookedQuery(db, from, to)));
}

/**
 * The date an order is delivered: the one asked for when the rules allow it now, or (none asked)
 * the earliest available. A refused date is a 422 with the contract's sentence under
 * `delivery_date`. Reads the rules and the days' bookings in one round trip.
 */
export async function chooseDeliveryDate(
  db: Database,
  requested: string | null,
  now = new Date(),
): Promise<{ date: string; rules: DeliveryRules }> {
  // Every day an order could ask for, whatever the rules: from yesterday (UTC) on.
  const { rules, booked } = await rulesAndBookings(db, addDays(now.toISOString().slice(0, 10), -1), "9999-12-31");
  const refuse = (message: string): never => {
    throw new ValidationError({ delivery_date: [message] }, message);
  };
  if (requested === null) {
    const first = earliestAvailable(rules, now, booked);
    return first ? { date: first, rules } : refuse(DELIVERY_MESSAGES.noneAvailable);
  }
  const window = deliveryWindow(rules, now);
  const day = deliveryDay(requested, rules, window, booked.get(requested) ?? 0);
  const message = refusal(day, rules, window);
  return message ? refuse(message) : { date: requested, rules };
}

/**
 * The last word on a day's capacity, inside the order's batch after the order's insert: fails the
 * batch when the day now holds more orders (not cancelled) than the cap. SQLite runs the batch as
 * one transaction, so of two orders racing for the last slot the second sees the first: exactly
 * one wins.
 */
export function capacityGuard(db: Database, date: string, maxPerDay: number) {
  return guardStatement(
    db,
    "delivery-capacity",
    sql`(SELECT count(*) FROM ${orders} WHERE ${orders.deliveryDate} = ${date} AND ${orders.status} != 'cancelled') > ${maxPerDay}`,
  );
}

export const capacityBroken = guardBroken;

/** The sentence of a day taken by another order meanwhile. */
export function fullyBooked(date: string): ValidationError {
  const message = DELIVERY_MESSAGES.full(date);
  return new ValidationError({ delivery_date: [message] }, message);
}
