import { Link } from "@remix-run/react";
import { Img } from "~/components/img";
import { Price } from "~/components/price";
import { RatingBadge } from "~/components/reviews/stars";
import type { HomeProduct } from "~/services/home.server";

const count = new Intl.NumberFormat("en-US");

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
        <RatingBadge rating={product.rating} reviews={product.reviews} />
        <div className="mt-auto flex flex-wrap items-baseline justify-between gap-2 pt-1">
          <Price
            cents={product.price_cents}
            originalCents={product.original_price_cents}
            maxCents={product.price_max_cents}
          />
          {product.sold > 0 ? <span className="text-xs text-gray-600">{count.format(product.sold)} sold</span> : null}
        </div>
      </div>
    </article>
  );
}
