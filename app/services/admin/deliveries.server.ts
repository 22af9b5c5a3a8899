import type { Database } from "../../../db/client";
import {
  addDays,
  DELIVERY_DAYS_LISTED,
  DELIVERY_SETTING_KEYS,
  deliveryWindow,
  isIsoDate,
  weekdayOf,
} from "../../lib/delivery";
import { STAFF_DELIVERY_MESSAGES as MESSAGES, staffDeliveries, type StaffDeliveries } from "../../lib/staff-deliveries";
import type { Actor } from "../audit.server";
import { rulesAndBookings } from "../delivery.server";
import { ConflictError, ValidationError } from "../errors";
import { updateSettings } from "./settings.server";

/**
 * The coming delivery days for staff (`/admin/deliveries`, `GET /api/admin/deliveries`) and the
 * closing or reopening of one day, which is a change of the setting `delivery_closed_dates` made
 * through the settings' own service: checked, audited and tagged like any setting change, so the
 * checkout sees it at once. Orders already booked on a closed day stay as they are.
 */

/**
 * The next days from today in the shop's time zone, with their bookings: one round trip (the rules
 * and the bookings in one batch). Today anywhere is within a day of today in UTC, so one range
 * read covers the listed days wherever the shop is.
 */
export async function listStaffDeliveries(db: Database, now = new Date()): Promise<StaffDeliveries> {
  const utc = now.toISOString().slice(0, 10);
  const { rules, booked } = await rulesAndBookings(db, addDays(utc, -1), addDays(utc, DELIVERY_DAYS_LISTED));
  return staffDeliveries(rules, now, booked);
}

/**
 * Closes (`closed`) or reopens a day by adding it to or removing it from the closed dates. A date
 * not written `YYYY-MM-DD` or before today is a 422 under `date`; a day already so changes nothing.
 * Answers what staff read: the change done, and for a closed day the orders booked on it, which stay.
 */
export async function setDeliveryDayClosed(
  db: Database,
  actor: Actor,
  date: string,
  closed: boolean,
  now = new Date(),
): Promise<{ changed: boolean; message: string }> {
  if (!isIsoDate(date)) throw new ValidationError({ date: [MESSAGES.dateFormat] }, MESSAGES.dateFormat);
  // Another day closed or reopened at the same moment makes the write a conflict: read again and retry.
  for (let attempt = 1; ; attempt++) {
    try {
      return await changeClosedDates(db, actor, date, closed, now);
    } catch (error) {
      if (error instanceof ConflictError && attempt < 3) continue;
      throw error;
    }
  }
}

async function changeClosedDates(db: Database, actor: Actor, date: string, closed: boolean, now: Date) {
  const { rules, booked } = await rulesAndBookings(db, date, date);
  if (date < deliveryWindow(rules, now).today)
    throw new ValidationError({ date: [MESSAGES.past(date)] }, MESSAGES.past(date));
  if (rules.closedDates.includes(date) === closed)
    return { changed: false, message: closed ? MESSAGES.alreadyClosed(date) : MESSAGES.notClosed(date) };
  const dates = closed ? [...rules.closedDates, date] : rules.closedDates.filter((known) => known !== date);
  await updateSettings(db, actor, { [DELIVERY_SETTING_KEYS.closedDates]: dates });
  return {
    changed: true,
    message: closed
      ? MESSAGES.closed(date, booked.get(date) ?? 0)
      : `${MESSAGES.opened(date)}${rules.closedWeekdays.includes(weekdayOf(date)) ? MESSAGES.stillClosed(date) : ""}`,
  };
}
