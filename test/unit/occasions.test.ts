import { describe, expect, it } from "vitest";
import {
  dueOccurrence,
  nextOccurrence,
  occasionDateLabel,
  occurrenceLabel,
  reminderWindow,
  windowMonths,
} from "~/lib/occasions";
import { occasionSchema, OCCASION_MESSAGES } from "~/lib/schemas/occasions";
import { fieldErrors } from "~/lib/schemas/field-errors";

// The calendar rules of the occasions a shopper saves: their next day, the reminder's window (a
// year's end too), 29 February, and what the form and the API accept.

const yearly = (month: number, day: number) => ({ month, day, year: null, repeats: "yearly" as const });
const once = (year: number, month: number, day: number) => ({ month, day, year, repeats: "once" as const });

describe("an occasion's next day", () => {
  it("is this year's, or next year's once it is past", () => {
    expect(nextOccurrence(yearly(6, 3), "2026-05-01")).toBe("2026-06-03");
    expect(nextOccurrence(yearly(6, 3), "2026-06-03")).toBe("2026-06-03");
    expect(nextOccurrence(yearly(6, 3), "2026-06-04")).toBe("2027-06-03");
  });

  it("is 28 February for a yearly 29 February in a year without one", () => {
    expect(nextOccurrence(yearly(2, 29), "2027-01-10")).toBe("2027-02-28");
    expect(nextOccurrence(yearly(2, 29), "2028-01-10")).toBe("2028-02-29");
    expect(nextOccurrence(yearly(2, 29), "2027-03-01")).toBe("2028-02-29");
  });

  it("is a one-time occasion's date, none once it is past", () => {
    expect(nextOccurrence(once(2027, 6, 3), "2026-12-01")).toBe("2027-06-03");
    expect(nextOccurrence(once(2026, 6, 3), "2026-06-04")).toBeNull();
  });
});

describe("the reminder's window", () => {
  it("runs from tomorrow to N days ahead, over a year's end", () => {
    expect(reminderWindow("2026-12-28", 7)).toEqual({ from: "2026-12-29", to: "2027-01-04" });
    // 28 December + 7 days: 3 January is in it, the 28th itself is not (it is today).
    expect(dueOccurrence(yearly(1, 3), "2026-12-28", 7)).toBe("2027-01-03");
    expect(dueOccurrence(yearly(12, 28), "2026-12-28", 7)).toBeNull();
    expect(dueOccurrence(yearly(1, 5), "2026-12-28", 7)).toBeNull();
    expect(dueOccurrence(once(2027, 1, 3), "2026-12-28", 7)).toBe("2027-01-03");
    expect(dueOccurrence(once(2028, 1, 3), "2026-12-28", 7)).toBeNull();
  });

  it("reminds of a yearly 29 February before the 28th in a year without one", () => {
    expect(dueOccurrence(yearly(2, 29), "2027-02-21", 7)).toBe("2027-02-28");
    expect(dueOccurrence(yearly(2, 29), "2027-02-20", 7)).toBeNull();
  });

  it("is read by month and day in runs of one month, each with its year", () => {
    expect(windowMonths("2026-12-29", "2027-01-04")).toEqual([
      { year: 2026, month: 12, firstDay: 29, lastDay: 31 },
      { year: 2027, month: 1, firstDay: 1, lastDay: 4 },
    ]);
    // A run to February's end reads day 29 too.
    expect(windowMonths("2027-02-22", "2027-03-01")).toEqual([
      { year: 2027, month: 2, firstDay: 22, lastDay: 31 },
      { year: 2027, month: 3, firstDay: 1, lastDay: 1 },
    ]);
  });
});

describe("an occasion's date as shoppers read it", () => {
  it("says every year or the year", () => {
    expect(occasionDateLabel(yearly(2, 14))).toBe("14 February, every year");
    expect(occasionDateLabel(once(2027, 6, 3))).toBe("3 June 2027");
    expect(occasionDateLabel(yearly(2, 29))).toBe("29 February, every year (28 February in other years)");
    expect(occurrenceLabel("2027-02-14")).toBe("Sunday 14 February 2027");
  });
});

describe("the occasion's checks", () => {
  const schema = occasionSchema("2026-11-28");
  const errors = (values: Record<string, unknown>) => {
    const parsed = schema.safeParse(values);
    return parsed.success ? {} : fieldErrors(parsed.error);
  };

  it("takes a form's strings and JSON's numbers; a yearly occasion keeps no year", () => {
    expect(schema.parse({ name: " Mum's birthday ", month: "2", day: "29", repeats: "yearly", year: "1960" })).toEqual({
      name: "Mum's birthday",
      month: 2,
      day: 29,
      year: null,
      repeats: "yearly",
    });
    expect(schema.parse({ name: "Wedding", month: 6, day: 3, repeats: "once", year: 2027 })).toEqual({
      name: "Wedding",
      month: 6,
      day: 3,
      year: 2027,
      repeats: "once",
    });
  });

  it("names each wrong field", () => {
    expect(errors({})).toEqual({
      name: [OCCASION_MESSAGES.name],
      repeats: [OCCASION_MESSAGES.repeats],
      month: [OCCASION_MESSAGES.month],
      day: [OCCASION_MESSAGES.day],
    });
    expect(errors({ name: "x".repeat(61), month: 4, day: 31, repeats: "yearly" })).toEqual({
      name: [OCCASION_MESSAGES.nameLong],
      day: [OCCASION_MESSAGES.noSuchDay],
    });
    expect(errors({ name: "A", month: 2, day: 29, repeats: "once", year: 2027 })).toEqual({
      day: [OCCASION_MESSAGES.noSuchDay],
    });
    expect(errors({ name: "A", month: 6, day: 3, repeats: "once" })).toEqual({ year: [OCCASION_MESSAGES.year] });
  });

  it("wants a one-time occasion after today, within ten years", () => {
    expect(errors({ name: "A", month: 11, day: 28, repeats: "once", year: 2026 })).toEqual({
      year: [OCCASION_MESSAGES.past],
    });
    expect(errors({ name: "A", month: 11, day: 29, repeats: "once", year: 2026 })).toEqual({});
    expect(errors({ name: "A", month: 1, day: 1, repeats: "once", year: 2037 })).toEqual({
      year: [OCCASION_MESSAGES.tooFar],
    });
  });
});
