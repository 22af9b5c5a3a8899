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
