import { sign, verifySignature } from "./signature.server";

/**
 * Every cookie the shop sets has the same flags: HttpOnly, SameSite=Lax, Path=/, and Secure in
 * production or over HTTPS. The session, visitor, cart and toast cookies all take them from here.
 */
export interface CookieFlags {
  httpOnly: true;
  sameSite: "lax";
  path: "/";
  secure: boolean;
}

export function cookieFlags(env: Env, request: Request): CookieFlags {
  return { httpOnly: true, sameSite: "lax", path: "/", secure: env.ENVIRONMENT === "production" || new URL(request.url).protocol === "https:" };
}

/** A `Set-Cookie` value; `maxAge` in seconds (0 clears it; none: it ends with the browser). */
export function setCookie(env: Env, request: Request, name: string, value: string, { maxAge }: { maxAge?: number } = {}): string {
  const parts = [`${name}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (maxAge !== undefined) parts.push(`Max-Age=${maxAge}`);
  if (cookieFlags(env, request).secure) parts.push("Secure");
  return parts.join("; ");
}

export function clearCookie(env: Env, request: Request, name: string): string {
  return setCookie(env, request, name, "", { maxAge: 0 });
}

/** One cookie's value from the request, or null. */
export function readCookie(request: Request, name: string): string | null {
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
  const value = readCookie(request, BOOKMARK_COOKIE);
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
