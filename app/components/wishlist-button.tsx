import { useFetcher, useLocation } from "@remix-run/react";
import type { FormEvent } from "react";
import { featureFlags } from "~/lib/features";
import { HEART_PATH } from "~/components/icons";
import type { PartProps } from "~/lib/personal";
import { submitForData } from "~/components/submit-for-data";
import { useRootData } from "~/components/use-root-data";
import { Personal } from "./personal";

/**
 * The heart, everywhere a product can be saved (cards, the Quick View, the product page). Without
 * JavaScript it is a plain form post to /wishlist that comes back to this page with a toast; with
 * it a fetcher posts it and the heart fills (or empties) at once, falling back to what the server
 * holds if it refuses. Whether it is filled comes from the root loader's `wishlist` (the viewer's
 * saved ids), so the cached public data of the page stays the same for everyone. A guest's press
 * goes to the login page, and back with the product saved. Nothing shows while the wishlist is off.
 */
export function WishlistButton({
  productId,
  productName,
  className = "",
  size = 20,
}: {
  productId: number;
  productName: string;
  className?: string;
  size?: number;
}) {
  const root = useRootData();
  const location = useLocation();
  // One fetcher per product: a card and its Quick View show the same heart.
  const fetcher = useFetcher({ key: `wishlist-${productId}` });
  if (!root || !featureFlags(root.site.features).wishlist) return null;
  const stored = root.wishlist.includes(productId);
  // While a signed-in shopper's post is on its way, it shows what it asked for.
  const sending = root.viewer && fetcher.state !== "idle" ? fetcher.formData?.get("intent") : undefined;
  const saved = sending === "add" ? true : sending === "remove" ? false : stored;
  const props = { productId, productName, className, size, redirectTo: `${location.pathname}${location.search}` };
  // The visitor's part of a page the edge keeps whole (docs/decisions/017).
  return (
    <Personal name="heart" props={props}>
      <HeartForm {...props} saved={saved} onSubmit={submitForData(fetcher, "/wishlist")} />
    </Personal>
  );
}

/** The heart's form, saved or not. */
export function HeartForm({
  productId,
  productName,
  className,
  size,
  redirectTo,
  saved,
  onSubmit,
}: PartProps["heart"] & { saved: boolean; onSubmit?: (event: FormEvent<HTMLFormElement>) => void }) {
  const label = saved ? `Remove ${productName} from your wishlist` : `Save ${productName} to your wishlist`;
  return (
    <form method="post" action="/wishlist" noValidate className={className} data-heart={productId} onSubmit={onSubmit}>
      <input type="hidden" name="intent" value={saved ? "remove" : "add"} />
      <input type="hidden" name="product_id" value={productId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        aria-pressed={saved}
        aria-label={label}
        title={label}
        className={`flex items-center justify-center rounded-full border bg-white/90 p-2 shadow-sm transition hover:border-bloom-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-bloom-600 ${
          saved ? "border-bloom-300 text-bloom-600" : "border-gray-200 text-gray-700"
        }`}
      >
        <svg
          aria-hidden="true"
          width={size}
          height={size}
          viewBox="0 0 24 24"
          fill={saved ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        >
          <path d={HEART_PATH} />
        </svg>
      </button>
    </form>
  );
}
