import { z } from "zod";

/**
 * The serializer of a shape whose every field the service already gives under the same name: it
 * copies the schema's fields and drops whatever else the value carries (what only pages need). So a
 * field is written once, in the schema, and the type the service returns is the schema's.
 */
export function wireShape<S extends z.ZodObject>(schema: S) {
  const keys = Object.keys(schema.shape) as Array<keyof z.output<S> & string>;
  return (value: z.output<S>): z.output<S> => {
    const wire: Partial<z.output<S>> = {};
    for (const key of keys) wire[key] = value[key];
    return wire as z.output<S>;
  };
}

/** How many rows each status holds: a whole number under each status's name, in the statuses' order. */
export function statusCountsSchema<S extends string>(statuses: readonly S[]) {
  return z.object(Object.fromEntries(statuses.map((status) => [status, z.number().int()])) as Record<S, z.ZodNumber>);
}

/** When a row was made and last changed, as ISO times (null where the row has none). */
export const timestampsShape = {
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
};
