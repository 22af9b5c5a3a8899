import { describe, expect, it } from "vitest";
import { DELIVERY_DEFAULTS, shortDeliveryDate, upcomingDays } from "~/lib/delivery";

// The checkout's list of days: from the earliest an order placed at a given moment may ask for, with
// the closed and full days as such and the first available one of the whole window.

// Thursday 10 December 2026, 08:30 in Colombo (UTC+05:30).
const THURSDAY_MORNING = new Date("2026-12-10T03:00:00Z");

describe("upcomingDays", () => {
  it("lists the days from the earliest, Sundays closed, a day at its cap full", () => {
    const rules = { ...DELIVERY_DEFAULTS, maxPerDay: 2 };
    const { days, earliest } = upcomingDays(rules, 4, THURSDAY_MORNING, new Map([["2026-12-12", 2]]));
    expect(days).toEqual([
      { date: "2026-12-12", status: "full", remaining: 0 },
      { date: "2026-12-13", status: "closed", remaining: 0 },
      { date: "2026-12-14", status: "available", remaining: 2 },
      { date: "2026-12-15", status: "available", remaining: 2 },
    ]);
    expect(earliest).toBe("2026-12-14");
  });

  it("stops at the horizon and finds the earliest day past the list", () => {
    const rules = { ...DELIVERY_DEFAULTS, horizonDays: 5, closedDates: ["2026-12-12", "2026-12-14"] };
    const all = upcomingDays(rules, 14, THURSDAY_MORNING, new Map()).days;
    expect(all.map((day) => day.date)).toEqual(["2026-12-12", "2026-12-13", "2026-12-14", "2026-12-15"]);
    const { days, earliest } = upcomingDays(rules, 2, THURSDAY_MORNING, new Map());
    expect(days.map((day) => day.status)).toEqual(["closed", "closed"]);
    expect(earliest).toBe("2026-12-15");
    expect(
      upcomingDays({ ...rules, closedWeekdays: ["Sunday", "Tuesday"] }, 2, THURSDAY_MORNING, new Map()).earliest,
    ).toBeNull();
  });

  it("writes a listed day short", () => {
    expect(shortDeliveryDate("2026-12-12")).toBe("Sat 12 Dec");
    expect(shortDeliveryDate("2026-12-12")).toBe("Sat 12 Dec");
  });
});
