import { readCookie, setCookie } from "./cookies.server";

/**
 * Likes and views count people, not requests: a logged-in user is "u:<id>", anyone else the
 * anonymous visitor id in the `visitor` cookie ("v:<uuid>"), given on their first visit.
 */
export const VISITOR_COOKIE = "visitor";
const ONE_YEAR = 60 * 60 * 24 * 365;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Visitor {
  key: string;
  /** Set when the visitor had no id yet: the cookie that gives them one. */
  setCookie: string | null;
}

export function visitorFor(request: Request, env: Env, userId: number | null): Visitor {
  if (userId !== null) return { key: `u:${userId}`, setCookie: null };
  const existing = readCookie(env, request, VISITOR_COOKIE);
  if (existing && UUID.test(existing)) return { key: `v:${existing.toLowerCase()}`, setCookie: null };
  const id = crypto.randomUUID();
  return { key: `v:${id}`, setCookie: setCookie(env, request, VISITOR_COOKIE, id, { maxAge: ONE_YEAR }) };
}

/**
 * Who an order's Idempotency-Key belongs to (docs/decisions/022): the user, else the guest's
 * visitor id from its cookie, else null (the service then scopes it by the order's own details).
 */
export function idempotencyScope(env: Env, request: Request, userId: number | null): string | null {
  if (userId !== null) return `u:${userId}`;
  const existing = readCookie(env, request, VISITOR_COOKIE);
  return existing && UUID.test(existing) ? `v:${existing.toLowerCase()}` : null;
}
