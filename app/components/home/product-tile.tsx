import { Link } from "@remix-run/react";
import { Img } from "~/components/img";
import { Price } from "~/components/price";
import type { HomeProduct } from "~/services/home.server";

const count = new Intl.NumberFormat("en-US");

function RatingStars({ rating }: { rating: number }) {
  const percent = Math.max(0, Math.min(100, (rating / 5) * 100));
  const row = (className: string) => (
    <span className={`flex ${className}`}>
      {[0, 1, 2, 3, 4].map((index) => (
        <svg key={index} width="14" height="14" viewBox="0 0 20 20" fill="currentColor" className="shrink-0">
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </span>
  );
  return (
    <span aria-hidden="true" className="relative inline-flex">
      {row("text-gray-300")}
      <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${percent}%` }}>
        {row("text-amber-500")}
      </span>
    </span>
  );
}

/**
 * A bouquet as the home page's product rows show it: picture, name (the link), rating, how many
 * sold, and the price through the shared formatter, with the old price struck through on sale.
 */
export function HomeProductTile({ product }: { product: HomeProduct }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-bloom-100 bg-white shadow-sm transition focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-bloom-600 hover:shadow-md">
      <div className="relative aspect-square overflow-hidden bg-bloom-50">
        <Img
          src={product.image ?? "/images/placeholder.svg"}
          alt={product.name}
          width={400}
          height={400}
          className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
        />
        {product.isOnSale ? (
          <span className="absolute left-3 top-3 rounded-full bg-bloom-600 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-white">
            Sale
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <h3 className="font-medium leading-snug text-gray-900">
          <Link
            to={product.url}
            prefetch="intent"
            className="outline-none after:absolute after:inset-0 after:content-[''] group-hover:text-bloom-700"
          >
            {product.name}
          </Link>
        </h3>
        {product.reviews > 0 ? (
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-gray-600">
            <RatingStars rating={product.rating} />
            <span className="sr-only">Rated {product.rating.toFixed(1)} out of 5,</span>
            <span>
              {count.format(product.reviews)} {product.reviews === 1 ? "review" : "reviews"}
            </span>
          </p>
        ) : null}
        <div className="mt-auto flex flex-wrap items-baseline justify-between gap-2 pt-1">
          <Price cents={product.price_cents} originalCents={product.original_price_cents} />
          {product.sold > 0 ? <span className="text-xs text-gray-600">{count.format(product.sold)} sold</span> : null}
        </div>
      </div>
    </article>
  );
}
