import type { z } from "zod";

/**
 * Field name to its messages, from a failed parse. Kept apart from the schemas (it only reads the
 * error), so the form components that use it do not load the schema library on pages that have no
 * schema of their own.
 */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * The one message of a form or body refused on a single field that speaks for itself (a delivery
 * date's sentence, the card's length): the answer's message or toast says it. Null otherwise.
 */
export function loneMessage(errors: Record<string, string[] | undefined>, fields: readonly string[]): string | null {
  const [only, ...others] = Object.keys(errors);
  return only !== undefined && others.length === 0 && fields.includes(only) ? (errors[only]?.[0] ?? null) : null;
}
