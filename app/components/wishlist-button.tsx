import { useFetcher, useLocation } from "@remix-run/react";
import { featureFlags } from "~/lib/features";
import { HEART_PATH } from "~/components/icons";
import { submitForData } from "~/components/submit-for-data";
import { heart } from "~/lib/personal";
import { useRootData } from "~/components/use-root-data";

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
  const label = heart.label(saved, productName);
  // Marked for the Worker, which fills the visitor's hearts into a page the edge keeps whole (docs/decisions/017).
  return (
    <fetcher.Form
      method="post"
      action="/wishlist"
      noValidate
      className={className}
      data-heart={productId}
      onSubmit={submitForData(fetcher, "/wishlist")}
    >
      <input type="hidden" name="intent" value={heart.intent(saved)} />
      <input type="hidden" name="product_id" value={productId} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        aria-pressed={saved}
        aria-label={label}
        title={label}
        data-name={productName}
        className={heart.buttonClass(saved)}
      >
        <svg
          aria-hidden="true"
          width={size}
          height={size}
          viewBox="0 0 24 24"
          fill={heart.fill(saved)}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        >
          <path d={HEART_PATH} />
        </svg>
      </button>
    </fetcher.Form>
  );
}
