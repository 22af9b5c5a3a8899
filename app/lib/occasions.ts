import { addDays, formatDeliveryDate } from "./delivery";

/**
 * Occasions a shopper saves on their profile (a birthday, an anniversary), and the calendar rules
 * of their reminders. Dates are `YYYY-MM-DD` in the shop's time zone; everything here is calendar
 * arithmetic, the same on the server and in the browser.
 *
 * A yearly occasion on 29 February falls on 28 February in the years without one: its reminder
 * comes before the 28th, never after the day.
 */

export const OCCASION_REPEATS = ["yearly", "once"] as const;
export type OccasionRepeats = (typeof OCCASION_REPEATS)[number];

/** The most occasions one shopper keeps. */
export const OCCASIONS_MAX = 20;
export const OCCASION_NAME_MAX = 60;
/** How far ahead a one-time occasion may be (years after this one). */
export const OCCASION_YEARS_AHEAD = 10;

/** The setting's default: the reminder goes this many days before. */
export const OCCASION_REMINDER_DAYS = 7;

export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

export interface OccasionDate {
  month: number;
  day: number;
  /** A one-time occasion's year; null for a yearly one. */
  year: number | null;
  repeats: OccasionRepeats;
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The days of a month; February's 29 when `year` is a leap year or not given (a yearly occasion may be on the 29th). */
export function daysInMonth(month: number, year: number | null): number {
  if (month === 2) return year === null || isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const pad = (value: number) => String(value).padStart(2, "0");
const isoDate = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** The day a yearly occasion falls on in `year`: 29 February is the 28th in a year without one. */
function dayInYear(occasion: Pick<OccasionDate, "month" | "day">, year: number): string {
  return isoDate(year, occasion.month, Math.min(occasion.day, daysInMonth(occasion.month, year)));
}

/**
 * The occasion's next day on or after `today` (`YYYY-MM-DD`): a yearly one this year or next, a
 * one-time one its date; null once a one-time occasion is past.
 */
export function nextOccurrence(occasion: OccasionDate, today: string): string | null {
  if (occasion.repeats === "once") {
    const date = isoDate(occasion.year ?? 0, occasion.month, occasion.day);
    return date >= today ? date : null;
  }
  const year = Number(today.slice(0, 4));
  const thisYear = dayInYear(occasion, year);
  return thisYear >= today ? thisYear : dayInYear(occasion, year + 1);
}

/**
 * The days a reminder job run looks at: from tomorrow to `days` days ahead, both included (an
 * occasion is reminded of at most `days` days before it, and not on its day).
 */
export function reminderWindow(today: string, days: number): { from: string; to: string } {
  return { from: addDays(today, 1), to: addDays(today, days) };
}

/** Whether the occasion's next day lies in the reminder window, and which day that is (null if not). */
export function dueOccurrence(occasion: OccasionDate, today: string, days: number): string | null {
  const { from, to } = reminderWindow(today, days);
  const next = nextOccurrence(occasion, from);
  return next !== null && next <= to ? next : null;
}

/**
 * The window as runs of days within one month, for reads by (month, day) on the index: each with
 * its year (a one-time occasion must be in it). A run that reaches the month's end goes on to day
 * 31, so a yearly 29 February is read in a year without one when the 28th is in the window.
 */
export function windowMonths(
  from: string,
  to: string,
): Array<{ year: number; month: number; firstDay: number; lastDay: number }> {
  const runs: Array<{ year: number; month: number; firstDay: number; lastDay: number }> = [];
  let start = from;
  while (start <= to) {
    const year = Number(start.slice(0, 4));
    const month = Number(start.slice(5, 7));
    const monthEnd = isoDate(year, month, daysInMonth(month, year));
    const end = monthEnd < to ? monthEnd : to;
    runs.push({
      year,
      month,
      firstDay: Number(start.slice(8, 10)),
      lastDay: end === monthEnd ? 31 : Number(end.slice(8, 10)),
    });
    start = addDays(end, 1);
  }
  return runs;
}

/** "14 February" */
const dayAndMonth = (month: number, day: number) => `${day} ${MONTH_NAMES[month - 1]}`;

/** The occasion's date as the profile and the mails write it: "14 February, every year", "3 June 2027". */
export function occasionDateLabel(occasion: OccasionDate): string {
  if (occasion.repeats === "once") return `${dayAndMonth(occasion.month, occasion.day)} ${occasion.year}`;
  const label = `${dayAndMonth(occasion.month, occasion.day)}, every year`;
  return occasion.month === 2 && occasion.day === 29 ? `${label} (28 February in other years)` : label;
}

/** One day as a reminder names it: "Sunday 14 February 2027", as the shop writes a delivery date. */
export const occurrenceLabel = formatDeliveryDate;

/** The page a reminder's "Remove this reminder for good" link opens (its token signed by the server). */
export const occasionRemovalPath = (token: string) => `/occasions/remove?token=${encodeURIComponent(token)}`;
