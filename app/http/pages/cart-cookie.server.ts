import { createCookie } from "@remix-run/cloudflare";
import { parseCart, serializeCart, type CartLine } from "../../lib/cart";
import { sessionSecret } from "../../services/secrets.server";
import { cookieFlags } from "../cookies.server";

const THIRTY_DAYS = 60 * 60 * 24 * 30;

/** The signed, httpOnly, SameSite=Lax cookie that holds product ids and quantities, never prices. */
export function cartCookie(env: Env, request: Request) {
  return createCookie("cart", { ...cookieFlags(env, request), maxAge: THIRTY_DAYS, secrets: [sessionSecret(env)] });
}

/** The cart lines from the request; a missing, unsigned, tampered or oversized cookie reads as an empty cart. */
export async function readCartLines(env: Env, request: Request): Promise<CartLine[]> {
  const header = request.headers.get("Cookie");
  if (!header || !header.includes("cart=")) return [];
  try {
    return parseCart(await cartCookie(env, request).parse(header));
  } catch {
    return [];
  }
}

export async function cartSetCookie(env: Env, request: Request, lines: CartLine[]): Promise<string> {
  const cookie = cartCookie(env, request);
  return lines.length ? cookie.serialize(serializeCart(lines)) : cookie.serialize("", { maxAge: 0 });
}
