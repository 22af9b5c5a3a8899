import { Link, useLocation } from "@remix-run/react";
import { useCallback, useState } from "react";
import { ProductCard, type CardProduct } from "./product-card";
import { QuickView } from "./quick-view";
import { useHydrated } from "./use-hydrated";

/** Cards in the first row or two load at once; the rest lazily, as they scroll into view. */
const EAGER_IMAGES = 4;

/**
 * The product cards of a list page, with their Add to Cart forms and one Quick View dialog. The
 * Quick View buttons appear once JavaScript runs; before that each is a link to the product.
 */
export function ProductGrid({
  products,
  columns = "sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4",
}: {
  products: CardProduct[];
  columns?: string;
}) {
  const hydrated = useHydrated();
  const location = useLocation();
  const [opened, setOpen] = useState<{ product: CardProduct; opener: HTMLElement; at: string } | null>(null);
  const onQuickView = useCallback(
    (product: CardProduct, opener: HTMLElement) => setOpen({ product, opener, at: location.key }),
    [location.key],
  );
  const onClose = useCallback(() => setOpen(null), []);
  // Another page of results (or any navigation) closes the dialog.
  const open = opened?.at === location.key ? opened : null;

  return (
    <>
      <ul className={`grid grid-cols-2 gap-3 sm:gap-6 ${columns}`}>
        {products.map((product, index) => (
          <li key={product.id}>
            <ProductCard
              product={product}
              actions
              imageLoading={index < EAGER_IMAGES ? "eager" : "lazy"}
              imagePriority={index === 0}
              onQuickView={hydrated ? onQuickView : undefined}
            />
          </li>
        ))}
      </ul>
      {open ? <QuickView product={open.product} opener={open.opener} onClose={onClose} /> : null}
    </>
  );
}

/** What a list shows when nothing matches (or the page is past the end). */
export function EmptyProducts({ clearHref }: { clearHref: string }) {
  return (
    <div className="rounded-2xl border border-dashed border-bloom-200 bg-bloom-50 px-6 py-16 text-center">
      <p className="font-display text-2xl font-bold text-gray-900">No products found</p>
      <p className="mt-2 text-gray-700">Try fewer filters or another price range.</p>
      <Link
        to={clearHref}
        className="mt-6 inline-block rounded-full bg-bloom-600 px-6 py-3 font-medium text-white hover:bg-bloom-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-bloom-600"
      >
        Clear All Filters
      </Link>
    </div>
  );
}

/** "1-12 of 50 products", announced politely when the list changes in place. */
export function ProductCount({ from, to, total }: { from: number | null; to: number | null; total: number }) {
  return (
    <p aria-live="polite" className="text-sm text-gray-700">
      {from !== null && to !== null ? (
        `${from}-${to} of ${total} products`
      ) : (
        <span className="sr-only">No products found</span>
      )}
    </p>
  );
}
