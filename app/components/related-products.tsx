import { Link } from "@remix-run/react";
import type { Product } from "~/services/products.server";
import { PlacedImg, squareProductImage } from "./img";
import { Price } from "./price";
import { CardList, TitledSection } from "./section";

const RELATED_CARD_IMAGE = squareProductImage(400);

/** What a related-product card shows; the loader sends no more than this. */
export type RelatedProduct = Pick<
  Product,
  | "id"
  | "name"
  | "slug"
  | "image"
  | "price_cents"
  | "unit_price_cents"
  | "price_max_cents"
  | "is_on_sale"
  | "discount_percent"
  | "in_stock"
>;

export function toRelatedProduct(product: RelatedProduct): RelatedProduct {
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    image: product.image,
    price_cents: product.price_cents,
    unit_price_cents: product.unit_price_cents,
    price_max_cents: product.price_max_cents,
    is_on_sale: product.is_on_sale,
    discount_percent: product.discount_percent,
    in_stock: product.in_stock,
  };
}

function RelatedProductCard({ product }: { product: RelatedProduct }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-bloom-100 bg-white shadow-sm transition hover:shadow-md focus-within:shadow-md">
      <PlacedImg place={RELATED_CARD_IMAGE} src={product.image}>
        {product.is_on_sale ? (
          <span className="absolute left-3 top-3 rounded-full bg-bloom-600 px-2 py-0.5 text-xs font-semibold text-white">
            {`-${product.discount_percent}%`}
          </span>
        ) : null}
      </PlacedImg>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="font-medium text-gray-900">
          {/* The link covers the whole card (the ::after overlay); its name is the product's. */}
          <Link
            to={`/product/${product.slug}`}
            className="rounded after:absolute after:inset-0 after:content-[''] group-hover:text-bloom-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-bloom-600"
          >
            {product.name}
          </Link>
        </h3>
        <Price
          cents={product.unit_price_cents}
          originalCents={product.is_on_sale ? product.price_cents : null}
          maxCents={product.price_max_cents}
        />
        {!product.in_stock ? <p className="text-sm font-medium text-gray-600">Out of stock</p> : null}
      </div>
    </article>
  );
}

/** "You may also like": other products from the same category, each linking to its page. */
export function RelatedProducts({ products }: { products: RelatedProduct[] }) {
  if (products.length === 0) return null;
  return (
    <TitledSection id="related-heading" title="Related Products" className="mt-16">
      <CardList items={products} className="mt-6 grid grid-cols-1 gap-6 min-[480px]:grid-cols-2 md:grid-cols-3">
        {(product) => <RelatedProductCard product={product} />}
      </CardList>
    </TitledSection>
  );
}
