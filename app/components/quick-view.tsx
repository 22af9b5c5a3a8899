import { Link } from "@remix-run/react";
import { useEffect, useId, useRef, type KeyboardEvent } from "react";
import type { ImgPlace } from "./img";
import { Price } from "./price";
import { openChoices } from "~/lib/variants";
import { AddToCartForm, ProductPicture, productHref, type CardProduct } from "./product-card";
import { ProductOptions } from "./product-options";

const QUICK_VIEW_IMAGE: ImgPlace = {
  frame: "relative mx-auto aspect-square w-full max-w-64 overflow-hidden rounded-xl bg-bloom-50 sm:max-w-none",
  width: 800,
  height: 800,
  className: "h-full w-full object-cover",
  loading: "eager",
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function stockText(product: CardProduct): string {
  return product.in_stock ? `In stock (${product.stock} available)` : "Out of stock";
}

/**
 * A product's essentials in a modal dialog, from the data the page already has. Focus moves to
 * its Close button, stays inside while it is open (Tab wraps), and returns to `opener` when it
 * closes (Close, Escape, or a click on the backdrop).
 */
export function QuickView({
  product,
  opener,
  onClose,
}: {
  product: CardProduct;
  opener: HTMLElement | null;
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    }
    closeRef.current?.focus();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = overflow;
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [opener]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== "Tab") return;
    const dialog = dialogRef.current;
    if (!dialog) return;
    const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (element) => element.getClientRects().length > 0,
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || !dialog.contains(document.activeElement))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (document.activeElement === last || !dialog.contains(document.activeElement))) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the dialog keeps Tab inside itself
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={onClose}
      onClick={(event) => {
        // A click on the dialog element itself is a click on its backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-auto w-[calc(100%-1.5rem)] max-w-3xl overflow-hidden rounded-2xl bg-white p-0 text-gray-900 shadow-xl backdrop:bg-gray-900/60"
    >
      <div className="relative max-h-[calc(100dvh-3rem)] overflow-y-auto">
        <button
          ref={closeRef}
          type="button"
          onClick={onClose}
          className="absolute right-3 top-3 z-10 rounded-full border border-gray-200 bg-white px-3 py-1.5 text-sm font-medium text-gray-800 hover:border-bloom-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-bloom-600"
        >
          Close
        </button>
        <div className="grid gap-6 p-4 sm:grid-cols-2 sm:p-6">
          <ProductPicture product={product} place={QUICK_VIEW_IMAGE} alt={product.name} />
          <div className="flex flex-col gap-3">
            {product.category ? (
              <p className="pr-20 text-xs uppercase tracking-wide text-gray-600">{product.category.name}</p>
            ) : null}
            <h2 id={titleId} className="pr-20 font-display text-2xl font-bold text-gray-900">
              {product.name}
            </h2>
            <Price
              cents={product.unit_price_cents}
              originalCents={product.is_on_sale ? product.price_cents : null}
              maxCents={product.price_max_cents}
              className="text-lg"
            />
            <p id={descriptionId} className="text-gray-700">
              {product.short_description}
            </p>
            <p className={`text-sm font-medium ${product.in_stock ? "text-leaf-600" : "text-gray-700"}`}>
              {stockText(product)}
            </p>
            {/* The product page's own form: "Show" opens the product at the variant these values name. */}
            <ProductOptions slug={product.slug} options={openChoices(product.options ?? [])} navigateOnChange={false} />
            <div className="mt-auto grid gap-2 pt-2">
              <AddToCartForm product={product} />
              <Link
                to={productHref(product)}
                className="block rounded-full border border-bloom-200 px-4 py-2 text-center text-sm font-medium text-bloom-700 hover:border-bloom-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-bloom-600"
              >
                View Details
              </Link>
            </div>
          </div>
        </div>
      </div>
    </dialog>
  );
}
