import { useFetchers } from "@remix-run/react";
import { useRef } from "react";
import type { Cart } from "~/services/cart.server";
import { cartCountLabel, cartPanelHtml } from "~/lib/personal";
import { useCurrency } from "./price";
import { useRoutedClicks } from "./shop-link";
import { useCloseOnNavigate } from "./use-close-on-navigate";
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
 * and panel are the page's per-visitor parts: the panel's markup comes from `cartPanelHtml`, which
 * the Worker also uses to fill them into a kept page (docs/decisions/017).
 */
export function CartDropdown() {
  const root = useRootData();
  const cart = root?.cart;
  const count = useCartCount(cart);
  const currency = useCurrency();
  const ref = useRef<HTMLDetailsElement>(null);
  const routed = useRoutedClicks();
  useCloseOnNavigate(ref);
  return (
    <details ref={ref} className="relative">
      <summary className="relative flex cursor-pointer list-none items-center gap-1 rounded-full border border-bloom-200 px-2.5 py-1.5 text-sm font-medium text-gray-800 hover:border-bloom-400 sm:px-3 [&::-webkit-details-marker]:hidden">
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 6h15l-1.5 9h-12z" />
          <path d="M6 6 5 3H2" />
          <circle cx="9" cy="20" r="1.5" />
          <circle cx="18" cy="20" r="1.5" />
        </svg>
        <span className="sr-only sm:not-sr-only">Cart</span>
        <span
          data-testid="cart-count"
          className="ml-1 inline-flex min-w-5 items-center justify-center rounded-full bg-bloom-600 px-1.5 text-xs font-semibold text-white"
        >
          {count}
        </span>
        <span data-cart-count-label="" className="sr-only">
          {cartCountLabel(count)}
        </span>
      </summary>
      {/* Markup React does not build (the same string the Worker fills in): its links go through the router. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- the panel only listens for its links' clicks, which bubble up to it */}
      <div
        data-cart-panel=""
        className="absolute right-0 top-full z-50 mt-2 w-[min(20rem,calc(100vw-2rem))] rounded-2xl border border-bloom-100 bg-white p-4 shadow-xl"
        onClick={routed}
        dangerouslySetInnerHTML={{ __html: cartPanelHtml(cart, currency) }}
      />
    </details>
  );
}
