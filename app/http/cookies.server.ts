import { sign, verifySignature } from "./signature.server";

/**
 * Whether the request reached the shop over HTTPS: always in production, else when its URL is
 * https or Cloudflare marks it so (`CF-Visitor: {"scheme":"https"}`, which it sets on every request
 * it forwards). A local run over plain http is not.
 */
export function overHttps(env: Env, request: Request): boolean {
  if (env.ENVIRONMENT === "production" || new URL(request.url).protocol === "https:") return true;
  const visitor = request.headers.get("CF-Visitor");
  if (!visitor || visitor.length > 200) return false;
  try {
    const parsed: unknown = JSON.parse(visitor);
    return typeof parsed === "object" && parsed !== null && (parsed as { scheme?: unknown }).scheme === "https";
  } catch {
    return false;
  }
}

/**
 * The name a shop cookie has on the wire: over HTTPS, `__Host-` and the name, which the browser
 * only accepts Secure, for Path=/ and without a Domain, so no subdomain and no plain-http page can
 * set or shadow it; over plain http (local runs) the name as is. Every cookie the shop sets or reads
 * (session, visitor, cart, toast, wishlist, OAuth state, D1 bookmark) goes through here.
 */
export function cookieName(env: Env, request: Request, name: string): string {
  return overHttps(env, request) ? `__Host-${name}` : name;
}

/**
 * Every cookie the shop sets has the same flags: HttpOnly, SameSite=Lax, Path=/, and Secure over
 * HTTPS. The session, visitor, cart and toast cookies all take them from here, and their name from
 * `cookieName`.
 */
export interface CookieFlags {
  httpOnly: true;
  sameSite: "lax";
  path: "/";
  secure: boolean;
}

export function cookieFlags(env: Env, request: Request): CookieFlags {
  return { httpOnly: true, sameSite: "lax", path: "/", secure: overHttps(env, request) };
}

/** A `Set-Cookie` value for the shop's cookie `name`; `maxAge` in seconds (0 clears it; none: it ends with the browser). */
export function setCookie(
  env: Env,
  request: Request,
  name: string,
  value: string,
  { maxAge }: { maxAge?: number } = {},
): string {
  const parts = [`${cookieName(env, request, name)}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (maxAge !== undefined) parts.push(`Max-Age=${maxAge}`);
  if (cookieFlags(env, request).secure) parts.push("Secure");
  return parts.join("; ");
}

export function clearCookie(env: Env, request: Request, name: string): string {
  return setCookie(env, request, name, "", { maxAge: 0 });
}

/** The shop's cookie `name` from the request (under its `cookieName`), or null. */
export function readCookie(env: Env, request: Request, name: string): string | null {
  return readRawCookie(request, cookieName(env, request, name));
}

/** Whether the request carries the shop's cookie `name` at all (empty or not). */
export function hasCookie(env: Env, request: Request, name: string): boolean {
  const header = request.headers.get("Cookie");
  if (!header) return false;
  const wire = cookieName(env, request, name);
  return header.split(";").some((part) => {
    const eq = part.indexOf("=");
    return eq > 0 && part.slice(0, eq).trim() === wire;
  });
}

/** remix-toast's flash session (app/http/pages/toast.server.ts), read by the root loader and the kept pages. */
export const TOAST_COOKIE = "toast";

/** One cookie's value from the request by its exact name on the wire, or null. */
function readRawCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/**
 * The shopper's D1 bookmark (docs/decisions/016): where their last write left the database, so
 * that their next reads, from any replica, see it. Short-lived: replicas catch up within seconds,
 * and after that the shopper reads from anywhere again.
 */
export const BOOKMARK_COOKIE = "db_bookmark";
export const BOOKMARK_MAX_AGE = 300;
const BOOKMARK_PURPOSE = "d1-bookmark";
/** What a bookmark may look like (D1's are hex groups and dashes): anything else is not read. */
const BOOKMARK_SHAPE = /^[0-9A-Za-z-]{1,200}$/;

/**
 * The bookmark the request's cookie carries, or null when there is none or it is not one this
 * shop signed (forged, garbage, another secret's): such a cookie is ignored, never an error.
 */
export async function readBookmarkCookie(env: Env, request: Request): Promise<string | null> {
  const value = readCookie(env, request, BOOKMARK_COOKIE);
  if (!value) return null;
  const dot = value.lastIndexOf(".");
  if (dot <= 0) return null;
  const bookmark = value.slice(0, dot);
  if (!BOOKMARK_SHAPE.test(bookmark)) return null;
  try {
    return (await verifySignature(env, BOOKMARK_PURPOSE, bookmark, value.slice(dot + 1))) ? bookmark : null;
  } catch {
    return null;
  }
}

/** The `Set-Cookie` that hands `bookmark` back, signed (a forged bookmark could send reads to wait on a future state). */
export async function bookmarkCookie(env: Env, request: Request, bookmark: string): Promise<string> {
  const signature = await sign(env, BOOKMARK_PURPOSE, bookmark);
  return setCookie(env, request, BOOKMARK_COOKIE, `${bookmark}.${signature}`, { maxAge: BOOKMARK_MAX_AGE });
}
