import { createCookie } from "@remix-run/cloudflare";
import { parseId } from "../../lib/ids";
import { sessionSecret } from "../../services/secrets.server";
import { cookieFlags } from "../cookies.server";

const HALF_AN_HOUR = 60 * 30;

/**
 * The product a guest pressed the heart of, kept while they log in: signed, httpOnly, SameSite=Lax,
 * and set only by that heart's own form post (the Worker refuses posts from other sites). The page
 * they come back to (/wishlist/add) saves it by itself, with JavaScript, only when this cookie names
 * the same product: a link from elsewhere to that page never saves anything without a click.
 */
function pendingCookie(env: Env, request: Request) {
  return createCookie("wishlist_pending", { ...cookieFlags(env, request), maxAge: HALF_AN_HOUR, secrets: [sessionSecret(env)] });
}

export async function readPendingProduct(env: Env, request: Request): Promise<number | null> {
  const header = request.headers.get("Cookie");
  if (!header || !header.includes("wishlist_pending=")) return null;
  try {
    const value: unknown = await pendingCookie(env, request).parse(header);
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
