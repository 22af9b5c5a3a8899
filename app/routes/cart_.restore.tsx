import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { submitButtonClass } from "~/components/form";
import { Price } from "~/components/price";
import { mergeCarts } from "~/lib/cart";
import { CART_RESTORE_MESSAGES } from "~/lib/form-messages";
import { pageMeta } from "~/lib/seo";
import { optionsLabel } from "~/lib/variants";
import { cartSetCookie, readCartLines } from "~/http/pages/cart-cookie.server";
import { readForm } from "~/http/pages/forms.server";
import { linkToken, mailedLinkData, mailedLinkHeaders } from "~/http/pages/mailed-link.server";
import { toasts } from "~/http/pages/toast.server";
import { saveCartOfViewer } from "~/http/pages/saved-cart.server";
import { cartRestoreSigner } from "~/http/saved-cart.server";
import { cartRestorePath, readCartRestoreToken, readSavedCart, restoreView } from "~/services/saved-carts.server";

export const meta = pageMeta({ title: "Restore your cart", path: "/cart/restore", noindex: true });

export const headers = mailedLinkHeaders;

/**
 * The left-cart reminder's link: the saved cart's lines as sold now, and a button that restores
 * them. Opening it changes nothing (mail scanners open links); a link mailed about an older
 * version of the cart says so and shows the current one. The signed link is the authority, so it
 * works signed out too.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const token = linkToken(request);
  const view = await restoreView(app.db, cartRestoreSigner(app.env), token);
  const items =
    view.state === "current" || view.state === "changed"
      ? view.cart.items.map((item) => ({
          key: `${item.product_id}.${item.variant_id ?? ""}`,
          name: item.name ?? "A product no longer sold",
          options: item.product ? optionsLabel(item.product.options) : "",
          quantity: item.requested_quantity,
          total_cents: item.line_total_cents,
          status: item.status,
        }))
      : [];
  return mailedLinkData({ token, state: view.state, items });
}

/**
 * Puts the saved cart's lines into the cart cookie, merged with what it holds now (`mergeCarts`: a
 * line in both keeps the larger quantity), and goes to /cart with a toast. Only product ids,
 * variant ids and quantities come back; prices are the cart's, as ever.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const values = await readForm(request);
  const token = values.token ?? "";
  const toast = toasts(app.env, request);
  const target = await readCartRestoreToken(cartRestoreSigner(app.env), token);
  if (!target) return toast.redirectWithError(cartRestorePath(token), CART_RESTORE_MESSAGES.invalid);
  const [saved, current] = await Promise.all([readSavedCart(app.db, target.userId), readCartLines(app.env, request)]);
  if (!saved?.lines.length) return toast.redirectWithError(cartRestorePath(token), CART_RESTORE_MESSAGES.gone);
  const lines = mergeCarts(current, saved.lines);
  await saveCartOfViewer(app, request, lines);
  return toast.redirectWithSuccess("/cart", CART_RESTORE_MESSAGES.restored, {
    headers: { "Set-Cookie": await cartSetCookie(app.env, request, lines) },
  });
}

const STATUS_TEXT = {
  ok: null,
  reduced: null,
  out_of_stock: "Out of stock",
  unavailable: "No longer available",
} as const;

export default function CartRestorePage() {
  const { token, state, items } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  const notice = "rounded-lg px-3 py-2 text-sm";
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="font-display text-3xl font-bold text-gray-900">Restore your cart</h1>
      {state === "invalid" || state === "gone" ? (
        <>
          <p role="alert" className={`mt-6 bg-red-50 text-red-800 ${notice}`}>
            {state === "invalid" ? CART_RESTORE_MESSAGES.invalid : CART_RESTORE_MESSAGES.gone}
          </p>
          <p className="mt-4 text-sm">
            <Link to="/cart" className="font-medium text-bloom-700 underline hover:text-bloom-800">
              Go to your cart
            </Link>
          </p>
        </>
      ) : (
        <>
          {state === "changed" ? (
            <p role="status" className={`mt-6 bg-amber-50 text-amber-900 ${notice}`}>
              {CART_RESTORE_MESSAGES.changed}
            </p>
          ) : null}
          <ul aria-label="Your saved cart" className="mt-6 divide-y divide-bloom-100 border-y border-bloom-100">
            {items.map((item) => (
              <li key={item.key} className="flex justify-between gap-4 py-3">
                <div>
                  <p className="font-medium text-gray-900">{item.name}</p>
                  {item.options ? <p className="text-sm text-gray-700">{item.options}</p> : null}
                  <p className="text-sm text-gray-700">Quantity: {item.quantity}</p>
                </div>
                <p className="text-right text-sm">{STATUS_TEXT[item.status] ?? <Price cents={item.total_cents} />}</p>
              </li>
            ))}
          </ul>
          <Form method="post" action="/cart/restore" noValidate className="mt-6">
            <input type="hidden" name="token" value={token} />
            <button type="submit" className={submitButtonClass} disabled={busy}>
              {busy ? "Restoring…" : "Restore my cart"}
            </button>
          </Form>
        </>
      )}
    </div>
  );
}
