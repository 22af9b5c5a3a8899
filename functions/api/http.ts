import type { Context } from "hono";
import type { z } from "zod";
import { fieldErrors, queryRecord } from "../../app/lib/schemas/query";
import { ValidationError } from "../../app/services/errors";
import type { AppContext } from "../context";

/** The Worker hands each request's context to Hono as its env; handlers read it through `c.var.app`. */
export type ApiEnv = {
  Bindings: { app: AppContext };
  Variables: { app: AppContext };
};

export type ApiContext = Context<ApiEnv>;

/** Parses the query string with a schema; a failure becomes a 422 naming the fields. */
export function parseQuery<S extends z.ZodType>(c: ApiContext, schema: S): z.output<S> {
  const result = schema.safeParse(queryRecord(new URL(c.req.url).searchParams));
  if (!result.success) throw new ValidationError(fieldErrors(result.error));
  return result.data;
}

export function cachePublic(c: ApiContext, seconds: number) {
  c.header("Cache-Control", `public, max-age=${seconds}`);
}

export function ok<T>(c: ApiContext, data: T, extra: Record<string, unknown> = {}) {
  return c.json({ success: true, data, ...extra });
}
