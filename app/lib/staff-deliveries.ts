import {
  addDays,
  DELIVERY_DAYS_LISTED,
  deliveryDay,
  deliveryWindow,
  formatDeliveryDate,
  weekdayOf,
  type DayStatus,
  type DeliveryRules,
} from "./delivery";

/**
 * The staff's view of the coming delivery days (gifting.md section 4, `/admin/deliveries` and
 * `GET /api/admin/deliveries`): each day from today in the shop's time zone with the orders booked
 * on it, what it can still take, and whether and why it is closed. Pure: the page and the API
 * share it and its sentences.
 */

export interface StaffDeliveryDay {
  date: string;
  /** Orders (not cancelled) to deliver that day. */
  booked: number;
  /** Orders the day can still take: null without a daily cap, 0 when closed or full. */
  remaining: number | null;
  status: "available" | "full" | "closed";
  /** Why a closed day is closed ("Closed on Sundays", "Closed (holiday)"); null when open. */
  reason: string | null;
  /** Whether the day is one of the closed dates: staff may reopen it. */
  closed_date: boolean;
  /** What the checkout makes of the day for an order placed now (too_soon before the earliest date). */
  checkout_status: DayStatus;
}

export interface StaffDeliveries {
  /** Today in the shop's time zone. */
  today: string;
  time_zone: string;
  /** The daily cap: 0 for none. */
  max_per_day: number;
  days: StaffDeliveryDay[];
}

export const STAFF_DELIVERY_MESSAGES = {
  closedWeekday: (date: string) => `Closed on ${weekdayOf(date)}s`,
  closedDate: "Closed (holiday)",
  noCap: "No cap",
  bookedStay: (booked: number) =>
    `${booked} order${booked === 1 ? "" : "s"} already booked stay${booked === 1 ? "s" : ""}.`,
  closed: (date: string, booked: number) =>
    `Deliveries closed on ${formatDeliveryDate(date)}.${booked > 0 ? ` ${STAFF_DELIVERY_MESSAGES.bookedStay(booked)}` : ""}`,
  alreadyClosed: (date: string) => `${formatDeliveryDate(date)} is already closed.`,
  opened: (date: string) => `Deliveries reopened on ${formatDeliveryDate(date)}.`,
  stillClosed: (date: string) => ` It stays closed: we do not deliver on ${weekdayOf(date)}s.`,
  notClosed: (date: string) => `${formatDeliveryDate(date)} is not a closed date.`,
  past: (date: string) => `${formatDeliveryDate(date)} is in the past: only today and later days can change.`,
  dateFormat: "The date must be a date written YYYY-MM-DD, such as 2026-12-12.",
} as const;

/** Whether the shop's rules close a day, and why (a closed weekday is said first). */
export function closedReason(date: string, rules: DeliveryRules): string | null {
  if (rules.closedWeekdays.includes(weekdayOf(date))) return STAFF_DELIVERY_MESSAGES.closedWeekday(date);
  if (rules.closedDates.includes(date)) return STAFF_DELIVERY_MESSAGES.closedDate;
  return null;
}

/** The next `DELIVERY_DAYS_LISTED` days from today (the shop's time zone), with the orders booked on each. */
export function staffDeliveries(rules: DeliveryRules, now: Date, booked: ReadonlyMap<string, number>): StaffDeliveries {
  const window = deliveryWindow(rules, now);
  const last = addDays(window.today, DELIVERY_DAYS_LISTED - 1);
  // Staff see each day as it stands, whatever the lead days and horizon say to a shopper.
  const open = { earliest: window.today, latest: last };
  const days: StaffDeliveryDay[] = [];
  for (let date = window.today; date <= last; date = addDays(date, 1)) {
    const count = booked.get(date) ?? 0;
    const day = deliveryDay(date, rules, open, count);
    days.push({
      date,
      booked: count,
      remaining: rules.maxPerDay > 0 ? day.remaining : null,
      status: day.status as StaffDeliveryDay["status"],
      reason: closedReason(date, rules),
      closed_date: rules.closedDates.includes(date),
      checkout_status: deliveryDay(date, rules, window, count).status,
    });
  }
  return { today: window.today, time_zone: rules.timeZone, max_per_day: rules.maxPerDay, days };
}
