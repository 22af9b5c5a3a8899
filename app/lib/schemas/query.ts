import { z } from "zod";
import { fieldErrors } from "./field-errors";

export { fieldErrors };

/**
 * Field parsers for URL query strings (always strings or absent), with messages that name the
 * field. Empty values count as absent, so a GET form's blank inputs are simply ignored.
 */
type Raw = string | string[] | undefined;

/** A query value: absent, one string, or several when the key repeats. */
const raw = () => z.union([z.string(), z.array(z.string())]).optional();

const first = (value: Raw): string | undefined => {
  const text = Array.isArray(value) ? value[0] : value;
  // Control characters (a NUL would cut a LIKE pattern short in SQLite) are never meaningful here.
  const trimmed = text?.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return trimmed ? trimmed : undefined;
};

const label = (field: string) => field.replace(/_/g, " ");

export function optionalNumber(field: string, { min = 0, max = 1_000_000 } = {}) {
  return raw().transform((value, ctx) => {
    const text = first(value);
    if (text === undefined) return undefined;
    const number = Number(text);
    if (!/^-?\d+(\.\d+)?$/.test(text) || !Number.isFinite(number)) {
      ctx.addIssue({ code: "custom", message: `The ${label(field)} must be a number.` });
      return z.NEVER;
    }
    if (number < min) {
      ctx.addIssue({ code: "custom", message: `The ${label(field)} must be at least ${min}.` });
      return z.NEVER;
    }
    if (number > max) {
      ctx.addIssue({ code: "custom", message: `The ${label(field)} may not be greater than ${max}.` });
      return z.NEVER;
    }
    return number;
  });
}

/** A whole number of at least `min`; above `clampTo` it is clamped (the spec's maximum). */
export function integerParam(
  field: string,
  { fallback, min = 1, clampTo }: { fallback: number; min?: number; clampTo?: number },
) {
  return raw().transform((value, ctx) => {
    const text = first(value);
    if (text === undefined) return fallback;
    if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
      ctx.addIssue({ code: "custom", message: `The ${label(field)} must be an integer.` });
      return z.NEVER;
    }
    const number = Number(text);
    if (number < min) {
      ctx.addIssue({ code: "custom", message: `The ${label(field)} must be at least ${min}.` });
      return z.NEVER;
    }
    return clampTo !== undefined ? Math.min(number, clampTo) : number;
  });
}

export function optionalBoolean(field: string) {
  return raw().transform((value, ctx) => {
    const text = first(value)?.toLowerCase();
    if (text === undefined) return undefined;
    if (["1", "true", "yes", "on"].includes(text)) return true;
    if (["0", "false", "no", "off"].includes(text)) return false;
    ctx.addIssue({ code: "custom", message: `The ${label(field)} field must be true or false.` });
    return z.NEVER;
  });
}

export function enumParam<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  return raw().transform((value, ctx) => {
    const text = first(value);
    if (text === undefined) return undefined;
    if (!(values as readonly string[]).includes(text)) {
      ctx.addIssue({ code: "custom", message: `The selected ${label(field)} is invalid.` });
      return z.NEVER;
    }
    return text as T[number];
  });
}

export function searchParam(field: string, maxLength: number) {
  return raw().transform((value, ctx) => {
    const text = first(value);
    if (text === undefined) return undefined;
    if (text.length > maxLength) {
      ctx.addIssue({ code: "custom", message: `The ${label(field)} may not be greater than ${maxLength} characters.` });
      return z.NEVER;
    }
    return text;
  });
}

/** A price range's check: a max price below the min price is refused under `max_price`. */
export function checkPriceRange(query: { min_price?: number; max_price?: number }, ctx: z.RefinementCtx) {
  if (query.min_price !== undefined && query.max_price !== undefined && query.max_price < query.min_price) {
    ctx.addIssue({
      code: "custom",
      path: ["max_price"],
      message: "The max price must be greater than or equal to the min price.",
    });
  }
}

/** A comma-separated list (or repeated parameter), trimmed, without blanks or duplicates. */
export function listParam(field: string, { maxItems = 20, maxLength = 60 } = {}) {
  return raw().transform((value, ctx) => {
    const parts = (Array.isArray(value) ? value : value === undefined ? [] : [value])
      .flatMap((part) => part.split(","))
      .map((part) => part.trim())
      .filter(Boolean);
    const unique = [...new Set(parts)];
    if (unique.length > maxItems || unique.some((part) => part.length > maxLength)) {
      ctx.addIssue({ code: "custom", message: `The ${label(field)} list is too long.` });
      return z.NEVER;
    }
    return unique;
  });
}

/** Turns a query string into the record the schemas read: repeated keys become arrays. */
export function queryRecord(params: URLSearchParams): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    record[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return record;
}

/**
 * A list page's query from its GET form: the filters that are valid apply, one that is not is left
 * out and its message given (shown under it), so a bad filter never costs the page.
 */
export function lenientQuery<S extends z.ZodType>(
  schema: S,
  params: URLSearchParams,
): { query: z.output<S>; errors: Record<string, string[]> } {
  const record = queryRecord(params);
  const parsed = schema.safeParse(record);
  if (parsed.success) return { query: parsed.data, errors: {} };
  const errors = fieldErrors(parsed.error);
  const rest = Object.fromEntries(Object.entries(record).filter(([key]) => !(key in errors)));
  return { query: schema.parse(rest), errors };
}
