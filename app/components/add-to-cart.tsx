import { useFetcher, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { submitForData } from "~/components/submit-for-data";

/**
 * Add to Cart, everywhere it appears. Without JavaScript it is a plain form post to /cart that comes
 * back to this page; with JavaScript a fetcher posts it, the page stays, and the header's count
 * rises at once (see useCartCount), falling back if the server refuses.
 */
export function AddToCartForm({
  productId,
  variantId = null,
  productName,
  inStock,
  children,
  className = "",
  buttonClassName = "w-full rounded-full bg-bloom-600 px-4 py-2 text-sm font-medium text-white hover:bg-bloom-700 disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-600",
}: {
  productId: number;
  /** The variant chosen on the product page; a card posts none. */
  variantId?: number | null;
  productName: string;
  inStock: boolean;
  /** Extra fields, such as a quantity input; without one the quantity is 1. */
  children?: ReactNode;
  className?: string;
  buttonClassName?: string;
}) {
  const fetcher = useFetcher({ key: `add-to-cart-${productId}` });
  const location = useLocation();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      action="/cart"
      noValidate
      className={className}
      onSubmit={submitForData(fetcher, "/cart")}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="product_id" value={productId} />
      {variantId === null ? null : <input type="hidden" name="variant_id" value={variantId} />}
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {children ?? <input type="hidden" name="quantity" value="1" />}
      <button type="submit" disabled={!inStock || busy} className={buttonClassName}>
        {!inStock ? "Out of stock" : busy ? "Adding…" : "Add to Cart"}
        <span className="sr-only">: {productName}</span>
      </button>
    </fetcher.Form>
  );
}
