import { OpenAPIHono, z, type RouteConfig } from "@hono/zod-openapi";
import type { Handler, MiddlewareHandler } from "hono";
import type { Cached } from "../../app/http/edge-cache.server";
import type { Database } from "../../db/client";
import { SESSION_COOKIE } from "../../app/http/session.server";
import { cachePublic, ok, parseQuery, type ApiEnv } from "./http";
import { CSRF_HEADER } from "./session";

/**
 * The API's contract as @hono/zod-openapi declares it. Every route is a `createRoute` config (its
 * request schemas, the app/lib ones, and its answers); `mount` puts it in the document and routes the
 * handler. The handler reads its own input with `parseBody`/`parseQuery`, so the 422 answers stay
 * what they are (a body that is not JSON counts as empty, forms are accepted): the declared request
 * schemas describe the input, the helpers enforce it.
 */
export type ApiApp = OpenAPIHono<ApiEnv>;
export const apiApp = (): ApiApp => new OpenAPIHono<ApiEnv>();

export function mount(app: ApiApp, { middleware, hide, ...route }: RouteConfig, handler: Handler<ApiEnv>): ApiApp {
  if (!hide) app.openAPIRegistry.registerPath(route);
  const chain = (middleware ? [middleware].flat() : []) as MiddlewareHandler<ApiEnv>[];
  app.on([route.method.toUpperCase()], [route.path.replaceAll(/\/{(.+?)}/g, "/:$1")], ...chain, handler);
  return app;
}

// ---------------------------------------------------------------- the document's operations

type Operation = { operationId?: string; security?: unknown[] };
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/**
 * `get /api/products/slug/{slug}` → `getProductsSlugBySlug`: a stable name from the method and the
 * path, the same on every build while the route is where it is (what a generated client calls it).
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, "")
    .split("/")
    .flatMap((part) => {
      const name = /^{(.+)}$/.exec(part)?.[1];
      return name ? ["by", ...name.split(/(?=[A-Z])/)] : [part];
    })
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method, ...words].map((word, index) => (index ? word[0]!.toUpperCase() + word.slice(1) : word)).join("");
}

/**
 * What every operation of the document carries, whoever declared its route: an `operationId` (made
 * from its method and path when the route names none) and its `security` (`[]`, public, when the
 * route declares none). Applied once to the built document (docs/decisions/033-openapi-lint.md).
 */
export function completeOperations(paths: Record<string, object>): void {
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = (item as Record<string, Operation | undefined>)[method];
      if (!operation) continue;
      operation.operationId ??= operationIdOf(method, path);
      operation.security ??= [];
    }
  }
}

// ---------------------------------------------------------------- answers

/**
 * Every refusal: `{success: false, message, errors?, request_id?}`; `errors` (field to messages)
 * comes with a 422, `request_id` with a server error (500).
 */
export const ErrorSchema = z
  .object({
    success: z.literal(false),
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    request_id: z.string().optional().meta({
      description:
        "With a server error (500): the request's reference, as in its `X-Request-Id` header, to quote to the shop.",
    }),
  })
  .meta({ id: "Error" });

/** `{success: true, data, ...more}`: the shape of every successful answer. */
export const success = <T extends z.ZodType, M extends z.ZodRawShape = Record<never, z.ZodType>>(data: T, more?: M) =>
  z.object({ success: z.literal(true), data, ...(more as M) });

/** `{success: true, message}` without data (logout, a contact message). */
export const Done = z.object({ success: z.literal(true), message: z.string() });

export const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

const ERRORS = {
  401: "Not signed in: no session, or its token is invalid or expired.",
  403: "Not allowed: the session cookie came without the page's CSRF token (`X-CSRF-Token`), or the caller's role may not do this (a customer on a staff call, an admin on a super-admin one).",
  404: "Not found.",
  409: "A conflict with the data as it stands (stock, a reused Idempotency-Key, a transition the order's status does not allow, a stale form, the last super-admin, a duplicate slug or SKU, a category still in use).",
  413: "The upload is larger than 5,242,880 bytes; nothing was stored.",
  415: "The upload is not a JPEG, PNG or WebP image by its content (whatever its name); nothing was stored.",
  422: "The input is invalid; `errors` names each field with its messages.",
  429: "Too many attempts from this client; `Retry-After` says how many seconds to wait.",
} as const;
export type ErrorStatus = keyof typeof ERRORS;

/** The error answers a route can give, each with the envelope (and Retry-After on a 429). */
export function errors(...statuses: ErrorStatus[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        ...json(ErrorSchema, ERRORS[status]),
        ...(status === 429
          ? {
              headers: {
                "Retry-After": {
                  description: "Seconds to wait.",
                  schema: { type: "integer" as const },
                },
              },
            }
          : {}),
      },
    ]),
  );
}

// ---------------------------------------------------------------- who may call

export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "The token from /api/auth/login or /register.",
  },
  sessionCookie: {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE,
    description: "The browser's session, as the pages sign it in (named `__Host-session` over HTTPS).",
  },
  csrfToken: {
    type: "apiKey",
    in: "header",
    name: CSRF_HEADER,
    description:
      "The page's CSRF token (its `csrf-token` meta): required with the session cookie for every call that changes something.",
  },
} as const;

export type Security = Array<Partial<Record<keyof typeof SECURITY_SCHEMES, string[]>>>;
/** Reads for the signed-in: a bearer token or the session cookie. */
export const SIGNED_IN_READ: Security = [{ bearerAuth: [] }, { sessionCookie: [] }];
/** Changes for the signed-in: a bearer token, or the session cookie with the CSRF header. */
export const SIGNED_IN_WRITE: Security = [{ bearerAuth: [] }, { sessionCookie: [], csrfToken: [] }];
/** Guests too (`{}`); a user is known by the same means as above. */
export const GUEST_OR_SIGNED_IN_READ: Security = [{}, ...SIGNED_IN_READ];
export const GUEST_OR_SIGNED_IN_WRITE: Security = [{}, ...SIGNED_IN_WRITE];

// ---------------------------------------------------------------- public cached reads

/**
 * A public GET the edge may keep (docs/decisions/007): reads its query, loads, marks the answer with
 * its lifetime and tags, answers `{success, data[, message]}`. Declared once here for every such route.
 */
export function publicGet<T, Q extends z.ZodObject = z.ZodObject>(
  app: ApiApp,
  spec: {
    path: string;
    tags: string[];
    summary: string;
    data: z.ZodType;
    cached: Cached<T>;
    load: (db: Database, input: { query: z.output<Q>; params: Record<string, string> }) => Promise<T>;
    query?: Q;
    params?: z.ZodObject;
    message?: string;
    /** Whether a lookup by path can answer 404. */
    notFound?: boolean;
  },
): ApiApp {
  const { path, tags, summary, data, cached, load, query, params, message, notFound } = spec;
  const route = {
    method: "get",
    path,
    tags,
    summary,
    request: { ...(query ? { query } : {}), ...(params ? { params } : {}) },
    responses: {
      200: json(
        success(data, message ? { message: z.string() } : {}),
        "The answer; edge-cached until the data changes.",
      ),
      ...errors(...(notFound ? [404 as const] : []), ...(query ? [422 as const] : [])),
    },
  } satisfies RouteConfig;
  return mount(app, route, async (c) => {
    const value = await load(c.var.app.db, {
      query: (query ? parseQuery(c, query) : {}) as z.output<Q>,
      params: c.req.param() as Record<string, string>,
    });
    cachePublic(c, cached, value);
    return ok(c, value, message ? { message } : {});
  });
}

/** A request body declared as JSON only (`parseBody` still counts what is not JSON as empty). */
export const jsonBody = (schema: z.ZodType) => ({ content: { "application/json": { schema } } });

/** A request body as `parseBody` reads it: JSON, or a form (what is not JSON counts as empty). */
export const jsonOrForm = (schema: z.ZodType) => ({
  content: {
    "application/json": { schema },
    "application/x-www-form-urlencoded": { schema },
  },
});
