import type { z } from "zod";
import { fieldErrors } from "~/lib/schemas/query";

// Reading a schema's verdict, shared by the schema tests.

/** The field errors a parse gives ({} when it passes). */
export function errorsOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

/** The parsed value; throws with the field errors when the parse fails. */
export function dataOf<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(`expected a pass, got ${JSON.stringify(fieldErrors(result.error))}`);
  return result.data;
}
