import { createCookie } from "@remix-run/cloudflare";
import { parseId } from "../../lib/ids";
import { sessionSecret } from "../../services/secrets.server";
import { cookieFlags, cookieName, hasCookie } from "../cookies.server";

const PENDING_COOKIE = "wishlist_pending";
const HALF_AN_HOUR = 60 * 30;

/**
 * The product a guest pressed the heart of, kept while they log in: signed, httpOnly, SameSite=Lax,
 * and set only by that heart's own form post (the Worker refuses posts from other sites). The page
 * they come back to (/wishlist/add) saves it by itself, with JavaScript, only when this cookie names
 * the same product: a link from elsewhere to that page never saves anything without a click.
 */
function pendingCookie(env: Env, request: Request) {
  return createCookie(cookieName(env, request, PENDING_COOKIE), {
    ...cookieFlags(env, request),
    maxAge: HALF_AN_HOUR,
    secrets: [sessionSecret(env)],
  });
}

export async function readPendingProduct(env: Env, request: Request): Promise<number | null> {
  if (!hasCookie(env, request, PENDING_COOKIE)) return null;
  try {
    const value: unknown = await pendingCookie(env, request).parse(request.headers.get("Cookie"));
    return typeof value === "string" ? parseId(value) : null;
  } catch {
    return null;
  }
}

export function pendingProductCookie(env: Env, request: Request, productId: number): Promise<string> {
  return pendingCookie(env, request).serialize(String(productId));
}

export function clearPendingProductCookie(env: Env, request: Request): Promise<string> {
  return pendingCookie(env, request).serialize("", { maxAge: 0 });
}
