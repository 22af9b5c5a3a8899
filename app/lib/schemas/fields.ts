import { z } from "zod";
import { SLUG_PATTERN } from "../slug";

/**
 * The pieces the body schemas share: refusing a value, reading a yes/no, checking a slug, taking
 * one status of a list.
 */

/** Refuses the value with this message (a transform's answer: nothing is made of it). */
export function fail(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
}

/**
 * A yes or no as JSON sends it (true, 1) or as a form does ("1", "true", "yes", "on"; "0", "false",
 * "no", "off", and "" unless `blankIsFalse` is off); undefined for anything else.
 */
export function booleanOf(value: unknown, { blankIsFalse = true } = {}): boolean | undefined {
  if (typeof value === "boolean") return value;
  if (value === 1 || value === 0) return value === 1;
  const word = typeof value === "string" ? value.trim().toLowerCase() : undefined;
  if (word !== undefined && ["1", "true", "yes", "on"].includes(word)) return true;
  if (word !== undefined && ["0", "false", "no", "off"].includes(word)) return false;
  if (word === "" && blankIsFalse) return false;
  return undefined;
}

/** A yes-or-no field (see `booleanOf`), refused with `message` when it is neither. */
export function booleanInput(message: string, options?: { blankIsFalse?: boolean }) {
  return z
    .unknown()
    .transform((value, ctx) => booleanOf(value, options) ?? fail(ctx, message))
    .meta({ type: "boolean" });
}

/** A trimmed slug as given, refused when longer than `max` or not lowercase words and dashes (`formatMessage`). */
export function checkedSlug(slug: string, max: number, formatMessage: string, ctx: z.RefinementCtx): string {
  if (slug.length > max) return fail(ctx, `The slug may not be greater than ${max} characters.`);
  if (!SLUG_PATTERN.test(slug)) return fail(ctx, formatMessage);
  return slug;
}

/** One of `statuses`, required: refused with `messages.statusRequired` when absent, `statusInvalid` when not one. */
export function statusInput<S extends string>(
  statuses: readonly S[],
  messages: { statusRequired: string; statusInvalid: string },
) {
  return z
    .unknown()
    .transform((value, ctx): S => {
      if (value === undefined || value === null || value === "") return fail(ctx, messages.statusRequired);
      if (typeof value !== "string" || !(statuses as readonly string[]).includes(value)) {
        return fail(ctx, messages.statusInvalid);
      }
      return value as S;
    })
    .meta({ type: "string", enum: [...statuses] });
}

/** A body that sets one row's status: `{ status }`, checked as `statusInput` checks it. */
export const statusChange = <S extends string>(
  statuses: readonly S[],
  messages: { statusRequired: string; statusInvalid: string },
) => z.object({ status: statusInput(statuses, messages) });
