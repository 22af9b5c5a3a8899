import type { CartChange } from "~/services/cart.server";
import type { AppContext } from "../context.server";
import { saveCartOfViewer } from "./saved-cart.server";
import { cartSetCookie } from "./cart-cookie.server";
import { toasts } from "./toast.server";

type ToastText = string | { message: string; description?: string };

/**
 * How the shop's small actions (the cart's, the wishlist's) answer, always with a toast: a fetcher
 * (JavaScript on, `respond=data`) gets JSON and stays on its page, and the root loader then brings
 * the toast; a plain form post is redirected `back` (post/redirect/get).
 */
export function shopAnswer(
  app: AppContext,
  request: Request,
  { fromFetcher, back }: { fromFetcher: boolean; back: string },
) {
  const { env } = app;
  const toast = toasts(env, request);
  const fail = (message: string, init?: ResponseInit) =>
    fromFetcher
      ? toast.jsonWithError({ ok: false, message }, message, init)
      : toast.redirectWithError(back, message, init);
  const succeed = (text: ToastText, init?: ResponseInit) =>
    fromFetcher
      ? toast.jsonWithSuccess({ ok: true, message: typeof text === "string" ? text : text.message }, text, init)
      : toast.redirectWithSuccess(back, text, init);
  /**
   * A change of the cart: its refusal, or the new cart's cookie with the change's message. A
   * signed-in shopper's cart is saved too (the left-cart reminder's, docs/decisions/037).
   */
  const cartChanged = async (change: CartChange) => {
    if (!change.ok) return fail(change.message);
    await saveCartOfViewer(app, request, change.lines);
    const init = { headers: { "Set-Cookie": await cartSetCookie(env, request, change.lines) } };
    return succeed({ message: change.message, description: change.description }, init);
  };
  return { toast, fail, succeed, cartChanged };
}
