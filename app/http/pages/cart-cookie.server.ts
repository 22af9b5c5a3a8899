import { createCookie } from "@remix-run/cloudflare";
import { parseCart, serializeCart, type CartLine } from "../../lib/cart";
import { sessionSecret } from "../../services/secrets.server";
import { cookieFlags, cookieName, hasCookie } from "../cookies.server";

const CART_COOKIE = "cart";
const THIRTY_DAYS = 60 * 60 * 24 * 30;

/** The signed, httpOnly, SameSite=Lax cookie that holds product ids and quantities, never prices. */
export function cartCookie(env: Env, request: Request) {
  return createCookie(cookieName(env, request, CART_COOKIE), {
    ...cookieFlags(env, request),
    maxAge: THIRTY_DAYS,
    secrets: [sessionSecret(env)],
  });
}

/** The cart lines from the request; a missing, unsigned, tampered or oversized cookie reads as an empty cart. */
export async function readCartLines(env: Env, request: Request): Promise<CartLine[]> {
  if (!hasCookie(env, request, CART_COOKIE)) return [];
  try {
    return parseCart(await cartCookie(env, request).parse(request.headers.get("Cookie")));
  } catch {
    return [];
  }
}

export async function cartSetCookie(env: Env, request: Request, lines: CartLine[]): Promise<string> {
  const cookie = cartCookie(env, request);
  return lines.length ? cookie.serialize(serializeCart(lines)) : cookie.serialize("", { maxAge: 0 });
}
