import { Link } from "@remix-run/react";
import type { Product } from "~/services/products.server";
import { Price } from "./price";

export function ProductCard({ product }: { product: Product }) {
  return (
    <article className="group flex flex-col overflow-hidden rounded-2xl border border-bloom-100 bg-white shadow-sm transition hover:shadow-md">
      <Link to={`/product/${product.slug}`} className="relative block aspect-square bg-bloom-50">
        {product.image ? (
          <img
            src={product.image}
            alt={product.name}
            width={400}
            height={400}
            loading="lazy"
            className="h-full w-full object-cover"
          />
        ) : null}
        {product.is_on_sale ? (
          <span className="absolute left-3 top-3 rounded-full bg-bloom-600 px-2 py-0.5 text-xs font-semibold text-white">
            -{product.discount_percent}%
          </span>
        ) : null}
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-4">
        {product.category ? <p className="text-xs uppercase tracking-wide text-gray-500">{product.category.name}</p> : null}
        <h3 className="font-medium text-gray-900">
          <Link to={`/product/${product.slug}`} className="hover:text-bloom-600">
            {product.name}
          </Link>
        </h3>
        <Price cents={product.unit_price_cents} originalCents={product.is_on_sale ? product.price_cents : null} />
        {!product.in_stock ? <p className="text-sm font-medium text-gray-500">Out of stock</p> : null}
      </div>
    </article>
  );
}
