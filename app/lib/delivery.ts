import type { SettingsByGroup } from "./site";

/**
 * Delivery dates (gifting.md section 4): the shop's rules, as settings of the group `delivery`,
 * and what they make of a day. Pure and time-zone exact: "today" and the cutoff are read in the
 * shop's time zone (Intl), and every date after that is calendar arithmetic on `YYYY-MM-DD`, which
 * no daylight-saving change can shift. The page, the API and the order share these rules and their
 * sentences.
 */

export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface DeliveryRules {
  timeZone: string;
  leadDays: number;
  /** `HH:MM`, or null for no cutoff. */
  cutoff: string | null;
  closedWeekdays: Weekday[];
  closedDates: string[];
  /** 0: no cap. */
  maxPerDay: number;
  horizonDays: number;
}

export const DELIVERY_DEFAULTS: DeliveryRules = {
  timeZone: "Asia/Colombo",
  leadDays: 2,
  cutoff: null,
  closedWeekdays: ["Sunday"],
  closedDates: [],
  maxPerDay: 40,
  horizonDays: 60,
};

/** The settings' keys, as `/admin/settings` and `PUT /api/admin/settings` name them. */
export const DELIVERY_SETTING_KEYS = {
  timeZone: "delivery_time_zone",
  leadDays: "delivery_lead_days",
  cutoff: "delivery_cutoff",
  closedWeekdays: "delivery_closed_weekdays",
  closedDates: "delivery_closed_dates",
  maxPerDay: "delivery_max_per_day",
  horizonDays: "delivery_horizon_days",
} as const;

/** The longest range `GET /api/delivery/dates` answers. */
export const DELIVERY_RANGE_MAX_DAYS = 92;
/** The days the checkout lists under its date input. */
export const DELIVERY_DAYS_LISTED = 14;

export type DayStatus = "available" | "full" | "closed" | "too_soon" | "too_late";

export interface DeliveryDay {
  date: string;
  status: DayStatus;
  /** Orders the day can still take: null without a cap, 0 unless available. */
  remaining: number | null;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A real calendar date written `YYYY-MM-DD` (not 2026-02-30). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A time of day `HH:MM` (24 hours). */
export const isTimeOfDay = (value: string) => TIME.test(value);

const knownZones = new Map<string, boolean>();

/** Whether the runtime knows this IANA time zone (each name asked once: a page reads the rules on every request). */
export function isTimeZone(value: string): boolean {
  if (!value) return false;
  let known = knownZones.get(value);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: value });
      known = true;
    } catch {
      known = false;
    }
    // Bounded: the names asked are the settings' (a handful), never a visitor's.
    if (knownZones.size < 100) knownZones.set(value, known);
  }
  return known;
}

export const isWeekday = (value: unknown): value is Weekday =>
  typeof value === "string" && (WEEKDAYS as readonly string[]).includes(value);

const wholeNumber = (value: unknown, fallback: number, max: number) =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= max ? value : fallback;

/** The rules from the public settings (`groupSettings`), each missing or broken one at its default. */
export function deliveryRules(settings: SettingsByGroup): DeliveryRules {
  const group = settings.delivery ?? {};
  const value = (key: keyof typeof DELIVERY_SETTING_KEYS) => group[DELIVERY_SETTING_KEYS[key]];
  const zone = value("timeZone");
  const cutoff = value("cutoff");
  const weekdays = value("closedWeekdays");
  const dates = value("closedDates");
  return {
    timeZone: typeof zone === "string" && isTimeZone(zone) ? zone : DELIVERY_DEFAULTS.timeZone,
    leadDays: wholeNumber(value("leadDays"), DELIVERY_DEFAULTS.leadDays, 365),
    cutoff: typeof cutoff === "string" && isTimeOfDay(cutoff.trim()) ? cutoff.trim() : null,
    closedWeekdays: Array.isArray(weekdays) ? weekdays.filter(isWeekday) : DELIVERY_DEFAULTS.closedWeekdays,
    closedDates: Array.isArray(dates) ? dates.filter(isIsoDate) : DELIVERY_DEFAULTS.closedDates,
    maxPerDay: wholeNumber(value("maxPerDay"), DELIVERY_DEFAULTS.maxPerDay, 100_000),
    horizonDays: wholeNumber(value("horizonDays"), DELIVERY_DEFAULTS.horizonDays, 730),
  };
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** The last clock read: a page asks for it on every request, and it only changes once a minute. */
let lastClock: { timeZone: string; minute: number; clock: { date: string; minutes: number } } | undefined;

/** The date (`YYYY-MM-DD`) and the minutes since midnight it is in a time zone at an instant. */
export function shopClock(now: Date, timeZone: string): { date: string; minutes: number } {
  // Every zone's offset today is whole minutes: within one minute of UTC the answer is the same.
  const minute = Math.floor(now.getTime() / 60_000);
  if (lastClock?.timeZone === timeZone && lastClock.minute === minute) return lastClock.clock;
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    zoneFormats.set(timeZone, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(now)) parts[part.type] = part.value;
  const clock = {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
  lastClock = { timeZone, minute, clock };
  return clock;
}

const toUtc = (date: string) => {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day);
};
const DAY_MS = 86_400_000;

/** A calendar date moved by whole days. */
export const addDays = (date: string, days: number) => new Date(toUtc(date) + days * DAY_MS).toISOString().slice(0, 10);

/** Whole days from one date to another. */
export const daysBetween = (from: string, to: string) => Math.round((toUtc(to) - toUtc(from)) / DAY_MS);

export const weekdayOf = (date: string): Weekday => WEEKDAYS[new Date(toUtc(date)).getUTCDay()]!;

/**
 * The first and last days an order placed now may ask for: today (in the shop's time zone) plus
 * the lead days, one more at or after the cutoff; today plus the horizon, included.
 */
export function deliveryWindow(rules: DeliveryRules, now: Date): { today: string; earliest: string; latest: string } {
  const clock = shopClock(now, rules.timeZone);
  const [hours, minutes] = (rules.cutoff ?? "").split(":").map(Number);
  const afterCutoff = rules.cutoff !== null && clock.minutes >= hours! * 60 + minutes!;
  return {
    today: clock.date,
    earliest: addDays(clock.date, rules.leadDays + (afterCutoff ? 1 : 0)),
    latest: addDays(clock.date, rules.horizonDays),
  };
}

/**
 * What a day is for an order placed now, with the orders already booked on it. Where several
 * apply, the first of too_soon, too_late, closed, full wins.
 */
export function deliveryDay(
  date: string,
  rules: DeliveryRules,
  window: { earliest: string; latest: string },
  booked: number,
): DeliveryDay {
  const status: DayStatus =
    date < window.earliest
      ? "too_soon"
      : date > window.latest
        ? "too_late"
        : rules.closedWeekdays.includes(weekdayOf(date)) || rules.closedDates.includes(date)
          ? "closed"
          : rules.maxPerDay > 0 && booked >= rules.maxPerDay
            ? "full"
            : "available";
  const remaining = status !== "available" ? 0 : rules.maxPerDay > 0 ? rules.maxPerDay - booked : null;
  return { date, status, remaining };
}

/** Every day from `from` to `to`, included, with the orders booked on each (a day not in `booked` has none). */
export function deliveryDays(
  rules: DeliveryRules,
  now: Date,
  from: string,
  to: string,
  booked: ReadonlyMap<string, number>,
): DeliveryDay[] {
  const window = deliveryWindow(rules, now);
  const days: DeliveryDay[] = [];
  for (let date = from; date <= to; date = addDays(date, 1))
    days.push(deliveryDay(date, rules, window, booked.get(date) ?? 0));
  return days;
}

/**
 * The first `count` days of the window (the checkout's list; none past the latest) and its first
 * available day (an order without a date gets it), walking the window only as far as they need.
 */
export function upcomingDays(
  rules: DeliveryRules,
  count: number,
  now: Date,
  booked: ReadonlyMap<string, number>,
): { days: DeliveryDay[]; earliest: string | null } {
  const window = deliveryWindow(rules, now);
  const days: DeliveryDay[] = [];
  let earliest: string | null = null;
  for (let date = window.earliest; date <= window.latest; date = addDays(date, 1)) {
    const day = deliveryDay(date, rules, window, booked.get(date) ?? 0);
    if (days.length < count) days.push(day);
    if (earliest === null && day.status === "available") earliest = date;
    if (days.length >= count && earliest !== null) break;
  }
  return { days, earliest };
}

/** The first available day of the window (an order without a date gets it), or null when none is. */
export const earliestAvailable = (rules: DeliveryRules, now: Date, booked: ReadonlyMap<string, number>) =>
  upcomingDays(rules, 0, now, booked).earliest;

let longFormat: Intl.DateTimeFormat | undefined;

/** "Friday 12 December 2026", as the contract writes a delivery date. */
export function formatDeliveryDate(date: string): string {
  longFormat ??= new Intl.DateTimeFormat("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  const parts: Record<string, string> = {};
  for (const part of longFormat.formatToParts(new Date(toUtc(date)))) parts[part.type] = part.value;
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
}

let shortFormat: Intl.DateTimeFormat | undefined;
const shortDates = new Map<string, string>();

/** "Fri 12 Dec": a day in the checkout's list (each written once: the list is the same days all day). */
export function shortDeliveryDate(date: string): string {
  let written = shortDates.get(date);
  if (written === undefined) {
    shortFormat ??= new Intl.DateTimeFormat("en-GB", {
      weekday: "short",
      day: "numeric",
      month: "short",
      timeZone: "UTC",
    });
    written = shortFormat.format(new Date(toUtc(date))).replace(",", "");
    // A few days a day; started afresh now and then so it never grows without bound.
    if (shortDates.size >= 400) shortDates.clear();
    shortDates.set(date, written);
  }
  return written;
}

export const DELIVERY_MESSAGES = {
  required: "Please choose a delivery date.",
  format: "The delivery date must be a date written YYYY-MM-DD, such as 2026-12-12.",
  tooSoon: (earliest: string) => `We cannot deliver that soon. The earliest date is ${formatDeliveryDate(earliest)}.`,
  weekday: (date: string) => `We do not deliver on ${weekdayOf(date)}s.`,
  closed: (date: string) => `We are closed on ${formatDeliveryDate(date)}.`,
  full: (date: string) => `We are fully booked on ${formatDeliveryDate(date)}. Please choose another day.`,
  tooLate: (latest: string) => `We take orders up to ${formatDeliveryDate(latest)}.`,
  range: `Please ask for at most ${DELIVERY_RANGE_MAX_DAYS} days.`,
  rangeOrder: "The last date may not be before the first.",
  dateFormat: (field: string) => `The ${field} date must be a date written YYYY-MM-DD, such as 2026-12-12.`,
  noneAvailable: "We have no delivery date left in the coming weeks. Please contact us.",
} as const;

/** The contract's sentence for a day that cannot be chosen (null for an available day). */
export function refusal(day: DeliveryDay, rules: DeliveryRules, window: { earliest: string; latest: string }) {
  switch (day.status) {
    case "too_soon":
      return DELIVERY_MESSAGES.tooSoon(window.earliest);
    case "too_late":
      return DELIVERY_MESSAGES.tooLate(window.latest);
    case "closed":
      return rules.closedWeekdays.includes(weekdayOf(day.date))
        ? DELIVERY_MESSAGES.weekday(day.date)
        : DELIVERY_MESSAGES.closed(day.date);
    case "full":
      return DELIVERY_MESSAGES.full(day.date);
    default:
      return null;
  }
}
