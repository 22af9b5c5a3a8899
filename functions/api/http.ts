import type { Context } from "hono";
import type { z } from "zod";
import { fieldErrors, queryRecord } from "../../app/lib/schemas/query";
import { parseId } from "../../app/lib/ids";
import { NotFoundError, ValidationError } from "../../app/services/errors";
import type { Viewer } from "../../app/services/auth.server";
import { cacheHeaders, type Cached } from "../../app/http/edge-cache.server";
import type { AppContext } from "../context";

/** The Worker hands each request's context to Hono as its env; handlers read it through `c.var.app`. */
export type ApiEnv = {
  Bindings: { app: AppContext };
  /** `viewer` is set by the `authenticated` middleware, on the routes that use it. */
  Variables: { app: AppContext; viewer: Viewer; maybeViewer: Viewer | null };
};

export type ApiContext = Context<ApiEnv>;

/** Parses the query string with a schema; a failure becomes a 422 naming the fields. */
export function parseQuery<S extends z.ZodType>(c: ApiContext, schema: S): z.output<S> {
  const result = schema.safeParse(queryRecord(new URL(c.req.url).searchParams));
  if (!result.success) throw new ValidationError(fieldErrors(result.error));
  return result.data;
}

/**
 * Marks a public answer as one the edge may keep: its lifetime and the tags of `value`, as
 * `cachedAnswers` declares them (docs/decisions/007). The client is told to revalidate every time.
 */
export function cachePublic<T>(c: ApiContext, cached: Cached<T>, value: T, options?: { anonymousOnly?: boolean }) {
  for (const [name, header] of Object.entries(cacheHeaders(cached, value, options))) c.header(name, header);
}

export function ok<T>(c: ApiContext, data: T, extra: Record<string, unknown> = {}) {
  return c.json({ success: true, data, ...extra });
}

/**
 * The JSON body, parsed with a schema; a failure becomes a 422 naming the fields. A body that is
 * not JSON (or a form) counts as empty, so the answer lists what is required.
 */
export async function parseBody<S extends z.ZodType>(c: ApiContext, schema: S): Promise<z.output<S>> {
  return validateBody(schema, await readBody(c));
}

/**
 * The request's body as an object (JSON, or a form's fields), `{}` when it is neither: for a route
 * that must look at what is asked (who may ask it) before it validates it (`validateBody`).
 */
export async function readBody(c: ApiContext): Promise<Record<string, unknown>> {
  let body: unknown = {};
  const type = c.req.header("Content-Type") ?? "";
  try {
    if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      body = Object.fromEntries(await c.req.formData());
    } else {
      const text = await c.req.text();
      body = text ? JSON.parse(text) : {};
    }
  } catch {
    body = {};
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) body = {};
  return body as Record<string, unknown>;
}

/** The body checked against the schema: its data, or a 422 with the field errors. */
export function validateBody<S extends z.ZodType>(schema: S, body: Record<string, unknown>): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw new ValidationError(fieldErrors(result.error));
  return result.data;
}

/** The row id in the path's `name` parameter: one that is not an id is simply not found. */
export function pathId(c: ApiContext, notFound: string, name = "id"): number {
  const id = parseId(c.req.param(name));
  if (id === null) throw new NotFoundError(notFound);
  return id;
}

/** What a lookup found; nothing is a 404 with the given message. */
export function found<T>(value: T | null | undefined, notFound: string): T {
  if (!value) throw new NotFoundError(notFound);
  return value;
}
