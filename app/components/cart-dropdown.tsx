import { useFetchers } from "@remix-run/react";
import type { Cart } from "~/services/cart.server";
import type { Currency } from "~/lib/money";
import type { PanelCart } from "~/lib/personal";
import { optionsLabel } from "~/lib/variants";
import { Personal } from "./personal";
import { PriceIn, useCurrency } from "./price";
import { ShopLink } from "./shop-link";
import { LineIcon } from "./line-icon";
import { HeaderPanel } from "./header-panel";
import { useRootData } from "~/components/use-root-data";

/**
 * The item count the header shows: the server's cart plus any add still on its way (optimistic).
 * When a post fails the fetcher settles, the root data is read again and the count falls back.
 */
export function useCartCount(cart: Cart | undefined): number {
  const fetchers = useFetchers();
  let count = cart?.item_count ?? 0;
  for (const fetcher of fetchers) {
    if (fetcher.formAction !== "/cart" || !fetcher.formData) continue;
    const intent = fetcher.formData.get("intent");
    if (intent === "add") count += Math.max(1, Number(fetcher.formData.get("quantity") ?? 1) || 1);
    if (intent === "clear") count = 0;
  }
  return count;
}

/**
 * The header's cart: a <details> panel, so it opens and closes without JavaScript too. Its count
 * and panel are the visitor's parts of the page (docs/decisions/017).
 */
export function CartDropdown() {
  const root = useRootData();
  const cart = root?.cart;
  const count = useCartCount(cart);
  const currency = useCurrency();
  return (
    <HeaderPanel
      className="relative"
      summaryClassName="relative flex cursor-pointer list-none items-center gap-1 rounded-full border border-bloom-200 px-2.5 py-1.5 text-sm font-medium text-gray-800 hover:border-bloom-400 sm:px-3 [&::-webkit-details-marker]:hidden"
      summary={
        <>
          <LineIcon>
            <path d="M6 6h15l-1.5 9h-12z" />
            <path d="M6 6 5 3H2" />
            <circle cx="9" cy="20" r="1.5" />
            <circle cx="18" cy="20" r="1.5" />
          </LineIcon>
          <span className="sr-only sm:not-sr-only">Cart</span>
          <Personal name="cartCount" props={{}}>
            <CartCount count={count} />
          </Personal>
        </>
      }
    >
      <Personal name="cartPanel" props={{ currency }}>
        <CartPanel cart={cart} currency={currency} />
      </Personal>
    </HeaderPanel>
  );
}

/** The header cart's count, and its words for screen readers. */
export function CartCount({ count }: { count: number }) {
  return (
    <>
      <span
        data-testid="cart-count"
        className="ml-1 inline-flex min-w-5 items-center justify-center rounded-full bg-bloom-600 px-1.5 text-xs font-semibold text-white"
      >
        {count}
      </span>
      <span className="sr-only">{count === 1 ? "item" : "items"}</span>
    </>
  );
}

/** The header cart's panel: its lines and total (or "Your cart is empty") and the two links. */
export function CartPanel({ cart, currency }: { cart: PanelCart | null | undefined; currency: Currency }) {
  const items = (cart?.items ?? []).filter((item) => item.product && item.quantity > 0);
  return (
    <div className="absolute right-0 top-full z-50 mt-2 w-[min(20rem,calc(100vw-2rem))] rounded-2xl border border-bloom-100 bg-white p-4 shadow-xl">
      {items.length === 0 || !cart ? (
        <p className="py-4 text-center text-sm text-gray-600">Your cart is empty</p>
      ) : (
        <>
          <ul className="max-h-72 divide-y divide-bloom-50 overflow-y-auto">
            {items.map((item) => (
              <li key={`${item.product_id}.${item.variant_id}`} className="flex justify-between gap-3 py-2 text-sm">
                <span className="flex-1">
                  <ShopLink
                    className="text-gray-900 hover:text-bloom-700"
                    to={`/product/${encodeURIComponent(item.product!.slug)}`}
                  >
                    {item.product!.name}
                  </ShopLink>
                  {Object.keys(item.product!.options).length > 0 ? (
                    <span className="block text-xs text-gray-600">{optionsLabel(item.product!.options)}</span>
                  ) : null}
                </span>
                <span className="whitespace-nowrap text-gray-700">
                  {`${item.quantity} × `}
                  <PriceIn cents={item.product!.unit_price_cents} currency={currency} />
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-3 flex justify-between border-t border-bloom-100 pt-3 text-sm font-semibold">
            <span>Total</span>
            <PriceIn cents={cart.subtotal_cents} currency={currency} />
          </p>
        </>
      )}
      <div className="mt-4 grid grid-cols-2 gap-2 text-sm font-medium">
        <ShopLink
          className="rounded-full border border-bloom-300 px-3 py-2 text-center text-bloom-700 hover:bg-bloom-50"
          to="/cart"
        >
          View Cart
        </ShopLink>
        <ShopLink
          className="rounded-full bg-bloom-600 px-3 py-2 text-center text-white hover:bg-bloom-700"
          to="/checkout"
        >
          Checkout
        </ShopLink>
      </div>
    </div>
  );
}
