import { z } from "zod";
import { OCCASION_MESSAGES } from "../form-messages";
import {
  daysInMonth,
  OCCASION_NAME_MAX,
  OCCASION_REPEATS,
  OCCASION_YEARS_AHEAD,
  type OccasionDate,
} from "../occasions";

/**
 * An occasion as the profile's form and the API send it: one schema for both (a form's fields are
 * strings, JSON's numbers), checked against `today` (the shop's date, `YYYY-MM-DD`), since a
 * one-time occasion must be after it. A yearly occasion has no year (one sent is ignored), and may
 * be on 29 February (its reminder then comes before the 28th in other years).
 */

export { OCCASION_MESSAGES };

export interface OccasionInput extends OccasionDate {
  name: string;
}

/** A whole number from JSON (a number) or a form (up to 4 digits); undefined for anything else. */
function wholeNumber(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isInteger(value) ? value : undefined;
  if (typeof value !== "string" || !/^\s*\d{1,4}\s*$/.test(value)) return undefined;
  return Number(value);
}

const inRange = (value: number | undefined, min: number, max: number): value is number =>
  value !== undefined && value >= min && value <= max;

const pad = (value: number) => String(value).padStart(2, "0");

/** What the fields are as received: every check is in the transform, so that one message comes per field. */
const OccasionFields = z.object({
  name: z.unknown().optional(),
  month: z.unknown().optional(),
  day: z.unknown().optional(),
  year: z.unknown().optional(),
  repeats: z.unknown().optional(),
});

export function occasionSchema(today: string) {
  const thisYear = Number(today.slice(0, 4));
  return OccasionFields.transform((values, ctx): OccasionInput => {
    const errors: Partial<Record<keyof OccasionInput, string>> = {};
    const name = typeof values.name === "string" ? values.name.trim() : "";
    if (name === "") errors.name = OCCASION_MESSAGES.name;
    else if (name.length > OCCASION_NAME_MAX) errors.name = OCCASION_MESSAGES.nameLong;

    const repeats = OCCASION_REPEATS.find((choice) => choice === values.repeats);
    if (!repeats) errors.repeats = OCCASION_MESSAGES.repeats;

    const month = wholeNumber(values.month);
    if (!inRange(month, 1, 12)) errors.month = OCCASION_MESSAGES.month;

    const once = repeats === "once";
    const year = once ? wholeNumber(values.year) : undefined;
    if (once && year === undefined) errors.year = OCCASION_MESSAGES.year;
    else if (once && year! > thisYear + OCCASION_YEARS_AHEAD) errors.year = OCCASION_MESSAGES.tooFar;

    const day = wholeNumber(values.day);
    if (!inRange(day, 1, 31)) errors.day = OCCASION_MESSAGES.day;
    else if (inRange(month, 1, 12) && day > daysInMonth(month, once ? (year ?? null) : null))
      errors.day = OCCASION_MESSAGES.noSuchDay;
    else if (once && year !== undefined && !errors.month && `${year}-${pad(month!)}-${pad(day)}` <= today)
      errors.year = OCCASION_MESSAGES.past;

    for (const [path, message] of Object.entries(errors)) ctx.addIssue({ code: "custom", path: [path], message });
    return { name, month: month ?? 0, day: day ?? 0, year: once ? (year ?? null) : null, repeats: repeats ?? "yearly" };
  });
}

/** The body's declared shape in the OpenAPI document (what `occasionSchema` accepts). */
export const OccasionBodySchema = z.object({
  name: z.string().min(1).max(OCCASION_NAME_MAX).meta({ description: 'What the day is: "Mum\'s birthday".' }),
  month: z.number().int().min(1).max(12),
  day: z.number().int().min(1).max(31).meta({
    description:
      "A real day of the month; 29 February is allowed for a yearly occasion (reminded before the 28th in other years).",
  }),
  repeats: z
    .enum(OCCASION_REPEATS)
    .meta({ description: "`yearly`, or `once` for one day (which must be after today)." }),
  year: z
    .number()
    .int()
    .nullable()
    .optional()
    .meta({
      description: `A one-time occasion's year (at most ${OCCASION_YEARS_AHEAD} years ahead); ignored for a yearly one.`,
    }),
});
