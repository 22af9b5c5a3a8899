import { describe, expect, it } from "vitest";
import {
  addDays,
  DELIVERY_DEFAULTS,
  DELIVERY_MESSAGES,
  deliveryDay,
  deliveryDays,
  deliveryRules,
  deliveryWindow,
  earliestAvailable,
  formatDeliveryDate,
  isIsoDate,
  refusal,
  shopClock,
  shortDeliveryDate,
  weekdayOf,
  type DeliveryRules,
} from "~/lib/delivery";

// The instants below are fixed inputs of pure functions: they say which moment "now" is, and no
// assertion depends on the clock of the machine running the test.
const at = (iso: string) => new Date(iso);
const rules = (extra: Partial<DeliveryRules> = {}): DeliveryRules => ({ ...DELIVERY_DEFAULTS, ...extra });
const none = new Map<string, number>();

describe("calendar dates", () => {
  it("accepts only real dates written YYYY-MM-DD", () => {
    expect(isIsoDate("2026-12-12")).toBe(true);
    expect(isIsoDate("2028-02-29")).toBe(true);
    for (const bad of [
      "2026-02-30",
      "2027-02-29",
      "2026-13-01",
      "2026-12-1",
      "12/12/2026",
      "2026-12-12T00:00",
      "",
      20261212,
    ])
      expect(isIsoDate(bad)).toBe(false);
  });

  it("moves across months, years and leap days", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(weekdayOf("2026-12-13")).toBe("Sunday");
  });

  it("writes a date as the contract does", () => {
    expect(formatDeliveryDate("2026-12-11")).toBe("Friday 11 December 2026");
    expect(formatDeliveryDate("2027-01-03")).toBe("Sunday 3 January 2027");
    expect(shortDeliveryDate("2026-12-11")).toBe("Fri 11 Dec");
  });
});

describe("the shop's clock", () => {
  it("reads today and the time in the shop's time zone, not the server's", () => {
    // 20:00 UTC is 01:30 the next day in Colombo (UTC+5:30).
    expect(shopClock(at("2026-11-27T20:00:00Z"), "Asia/Colombo")).toEqual({ date: "2026-11-28", minutes: 90 });
    expect(shopClock(at("2026-11-27T20:00:00Z"), "America/Los_Angeles")).toEqual({ date: "2026-11-27", minutes: 720 });
  });

  it("follows daylight saving time in a zone that has it", () => {
    // New York: UTC-5 until 2 a.m. on 8 March 2026, UTC-4 after.
    expect(shopClock(at("2026-03-08T06:59:00Z"), "America/New_York")).toEqual({ date: "2026-03-08", minutes: 119 });
    expect(shopClock(at("2026-03-08T07:00:00Z"), "America/New_York")).toEqual({ date: "2026-03-08", minutes: 180 });
    // And back on 1 November 2026.
    expect(shopClock(at("2026-11-01T05:30:00Z"), "America/New_York")).toEqual({ date: "2026-11-01", minutes: 90 });
    expect(shopClock(at("2026-11-01T06:30:00Z"), "America/New_York")).toEqual({ date: "2026-11-01", minutes: 90 });
  });
});

describe("the delivery window", () => {
  it("starts at today plus the lead days and ends at today plus the horizon, included", () => {
    const now = at("2026-12-01T04:00:00Z"); // Tuesday 1 December, 09:30 in Colombo
    expect(deliveryWindow(rules(), now)).toEqual({ today: "2026-12-01", earliest: "2026-12-03", latest: "2027-01-30" });
    expect(deliveryWindow(rules({ leadDays: 0 }), now).earliest).toBe("2026-12-01");
    const days = deliveryDays(rules(), now, "2027-01-29", "2027-01-31", none);
    expect(days.map((day) => day.status)).toEqual(["available", "available", "too_late"]);
  });

  it("moves the earliest date a day later from the cutoff on, in the shop's time zone", () => {
    const cutoff = rules({ cutoff: "13:00" });
    // 12:59 and 13:00 in Colombo are 07:29 and 07:30 UTC.
    expect(deliveryWindow(cutoff, at("2026-12-01T07:29:00Z")).earliest).toBe("2026-12-03");
    expect(deliveryWindow(cutoff, at("2026-12-01T07:30:00Z")).earliest).toBe("2026-12-04");
    // After midnight in Colombo (18:30 UTC) it is a new day, before its cutoff: today + lead again.
    expect(deliveryWindow(cutoff, at("2026-12-01T18:29:00Z")).earliest).toBe("2026-12-04");
    expect(deliveryWindow(cutoff, at("2026-12-01T18:30:00Z")).earliest).toBe("2026-12-04");
    expect(deliveryWindow(cutoff, at("2026-12-02T07:30:00Z")).earliest).toBe("2026-12-05");
  });

  it("applies the cutoff in local time on both sides of a daylight-saving change", () => {
    const ny = rules({ timeZone: "America/New_York", cutoff: "13:00", leadDays: 1 });
    // 17:30 UTC is 12:30 EST on Saturday 7 March (before the cutoff) and 13:30 EDT on Sunday 8 March (after).
    expect(deliveryWindow(ny, at("2026-03-07T17:30:00Z")).earliest).toBe("2026-03-08");
    expect(deliveryWindow(ny, at("2026-03-08T17:30:00Z")).earliest).toBe("2026-03-10");
  });

  it("a same-day shop with a cutoff: before it today, after it tomorrow", () => {
    const sameDay = rules({ leadDays: 0, cutoff: "10:00", closedWeekdays: [] });
    expect(deliveryWindow(sameDay, at("2026-12-01T04:00:00Z")).earliest).toBe("2026-12-01");
    expect(deliveryWindow(sameDay, at("2026-12-01T05:00:00Z")).earliest).toBe("2026-12-02");
  });
});

describe("what a day is", () => {
  const now = at("2026-12-01T04:00:00Z"); // earliest 2026-12-03, latest 2027-01-30
  const window = deliveryWindow(rules(), now);

  it("is closed on a closed weekday or a closed date", () => {
    const holidays = rules({ closedDates: ["2026-12-25"] });
    const days = deliveryDays(holidays, now, "2026-12-05", "2026-12-07", none);
    expect(days).toEqual([
      { date: "2026-12-05", status: "available", remaining: 40 },
      { date: "2026-12-06", status: "closed", remaining: 0 },
      { date: "2026-12-07", status: "available", remaining: 40 },
    ]);
    expect(deliveryDay("2026-12-25", holidays, window, 0).status).toBe("closed");
  });

  it("is full at the cap, counts what is left below it, and has no cap at 0", () => {
    const booked = new Map([
      ["2026-12-04", 40],
      ["2026-12-05", 39],
    ]);
    expect(deliveryDays(rules(), now, "2026-12-04", "2026-12-05", booked)).toEqual([
      { date: "2026-12-04", status: "full", remaining: 0 },
      { date: "2026-12-05", status: "available", remaining: 1 },
    ]);
    expect(deliveryDay("2026-12-04", rules({ maxPerDay: 0 }), window, 500)).toEqual({
      date: "2026-12-04",
      status: "available",
      remaining: null,
    });
  });

  it("takes the first of too_soon, too_late, closed, full", () => {
    const everything = rules({ closedWeekdays: ["Wednesday", "Sunday"], closedDates: ["2027-02-01"], maxPerDay: 1 });
    // 2 December: too soon and a closed Wednesday and full.
    expect(deliveryDay("2026-12-02", everything, window, 5).status).toBe("too_soon");
    // 1 February 2027: too late and a closed date and full.
    expect(deliveryDay("2027-02-01", everything, window, 5).status).toBe("too_late");
    // 9 December: a closed Wednesday and full.
    expect(deliveryDay("2026-12-09", everything, window, 5).status).toBe("closed");
  });

  it("answers each refusal with the contract's sentence", () => {
    const closed = rules({ closedDates: ["2026-12-25"], maxPerDay: 1 });
    const say = (date: string, booked = 0) => refusal(deliveryDay(date, closed, window, booked), closed, window);
    expect(say("2026-12-02")).toBe("We cannot deliver that soon. The earliest date is Thursday 3 December 2026.");
    expect(say("2027-01-31")).toBe("We take orders up to Saturday 30 January 2027.");
    expect(say("2026-12-06")).toBe("We do not deliver on Sundays.");
    expect(say("2026-12-25")).toBe("We are closed on Friday 25 December 2026.");
    expect(say("2026-12-04", 1)).toBe("We are fully booked on Friday 4 December 2026. Please choose another day.");
    expect(say("2026-12-04")).toBeNull();
    expect(DELIVERY_MESSAGES.required).toBe("Please choose a delivery date.");
  });

  it("gives an order without a date the first available day", () => {
    // 3 December is full, 4 December available.
    expect(earliestAvailable(rules({ maxPerDay: 2 }), now, new Map([["2026-12-03", 2]]))).toBe("2026-12-04");
    // The whole window closed: none.
    expect(earliestAvailable(rules({ closedWeekdays: [...weekdays] }), now, none)).toBeNull();
  });
});

const weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

describe("the rules from the settings", () => {
  it("reads each setting and falls back to its default when it is missing or broken", () => {
    expect(deliveryRules({})).toEqual(DELIVERY_DEFAULTS);
    expect(
      deliveryRules({
        delivery: {
          delivery_time_zone: "Europe/London",
          delivery_lead_days: 0,
          delivery_cutoff: "09:30",
          delivery_closed_weekdays: ["Saturday", "Funday"],
          delivery_closed_dates: ["2026-12-25", "not a date"],
          delivery_max_per_day: 0,
          delivery_horizon_days: 30,
        },
      }),
    ).toEqual({
      timeZone: "Europe/London",
      leadDays: 0,
      cutoff: "09:30",
      closedWeekdays: ["Saturday"],
      closedDates: ["2026-12-25"],
      maxPerDay: 0,
      horizonDays: 30,
    });
    expect(
      deliveryRules({
        delivery: { delivery_time_zone: "Mars/Olympus", delivery_lead_days: -1, delivery_cutoff: "25:00" },
      }),
    ).toMatchObject({ timeZone: "Asia/Colombo", leadDays: 2, cutoff: null });
  });
});
