import { Link } from "@remix-run/react";
import { AddToCartForm as AddToCartFormBase } from "./add-to-cart";
import type { MouseEvent } from "react";
import type { Product, ProductListItem } from "~/services/products.server";
import { PlacedImg, squareProductImage, type ImgPlace } from "./img";
import { Price } from "./price";
import { WishlistButton } from "./wishlist-button";
import { RatingBadge } from "./reviews/stars";
import { Marked } from "./marked-text";
import type { MarkedText } from "~/lib/search";

const PRODUCT_CARD_IMAGE = squareProductImage(800);

/** What a card (and its Quick View) shows: a product without its long texts, so pages send less. */
export type CardProduct = Pick<
  Product,
  | "id"
  | "name"
  | "slug"
  | "short_description"
  | "price_cents"
  | "unit_price_cents"
  | "price_max_cents"
  | "is_on_sale"
  | "discount_percent"
  | "image"
  | "category"
  | "stock"
  | "in_stock"
  | "is_featured"
  | "reviews"
  | "rating"
> &
  /** A list's product carries its options (the Quick View offers them); others have none to offer. */
  Partial<Pick<ProductListItem, "options">> & {
    /** A search result's name, its matched words marked. */
    name_marked?: MarkedText[];
  };

export function toCardProduct(product: CardProduct): CardProduct {
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    short_description: product.short_description,
    price_cents: product.price_cents,
    unit_price_cents: product.unit_price_cents,
    price_max_cents: product.price_max_cents,
    is_on_sale: product.is_on_sale,
    discount_percent: product.discount_percent,
    image: product.image,
    category: product.category,
    stock: product.stock,
    in_stock: product.in_stock,
    is_featured: product.is_featured,
    reviews: product.reviews,
    rating: product.rating,
    options: product.options ?? [],
  };
}

export const productHref = (product: Pick<Product, "slug">) => `/product/${product.slug}`;

const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-bloom-600";

/** "Sale", "-N%", "Featured" and "Out of stock", as the card and the Quick View show them. */
export function ProductBadges({ product, className = "" }: { product: CardProduct; className?: string }) {
  if (!product.is_on_sale && !product.is_featured && product.in_stock) return null;
  return (
    <ul className={`flex flex-wrap gap-1 text-xs font-semibold ${className}`}>
      {product.is_on_sale ? (
        <>
          <li className="rounded-full bg-bloom-600 px-2 py-0.5 text-white">Sale</li>
          {product.discount_percent > 0 ? (
            <li className="rounded-full bg-bloom-700 px-2 py-0.5 text-white">-{product.discount_percent}%</li>
          ) : null}
        </>
      ) : null}
      {product.is_featured ? <li className="rounded-full bg-amber-100 px-2 py-0.5 text-amber-900">Featured</li> : null}
      {!product.in_stock ? <li className="rounded-full bg-gray-800 px-2 py-0.5 text-white">Out of stock</li> : null}
    </ul>
  );
}

/** The product's picture with its badges and its heart over it, as the card and the Quick View show it. */
export function ProductPicture({
  product,
  place,
  alt,
  loading,
  priority,
}: {
  product: CardProduct;
  place: ImgPlace;
  alt?: string;
  loading?: "eager" | "lazy";
  priority?: boolean;
}) {
  return (
    <PlacedImg place={place} src={product.image} alt={alt} loading={loading} priority={priority}>
      <ProductBadges product={product} className="absolute left-2 top-2 right-12" />
      <WishlistButton productId={product.id} productName={product.name} className="absolute right-2 top-2 z-10" />
    </PlacedImg>
  );
}

/**
 * Adds one of the product to the cart: a plain form post without JavaScript, a fetcher with it. A
 * product sold in sizes or colours is chosen on its page first: "Choose Options" links there.
 */
export function AddToCartForm({ product, className = "" }: { product: CardProduct; className?: string }) {
  if (product.options?.length)
    return (
      <Link
        to={productHref(product)}
        className={`block w-full rounded-full bg-bloom-600 px-4 py-2 text-center text-sm font-medium text-white hover:bg-bloom-700 ${focusRing} ${className}`}
      >
        Choose Options<span className="sr-only">: {product.name}</span>
      </Link>
    );
  return (
    <AddToCartFormBase
      productId={product.id}
      productName={product.name}
      inStock={product.in_stock}
      className={className}
      buttonClassName={`w-full rounded-full px-4 py-2 text-sm font-medium ${focusRing} ${
        product.in_stock ? "bg-bloom-600 text-white hover:bg-bloom-700" : "cursor-not-allowed bg-gray-200 text-gray-700"
      }`}
    />
  );
}

export interface ProductCardProps {
  product: CardProduct;
  /** Show Add to Cart and Quick View under the price (the product lists do; the home page does not). */
  actions?: boolean;
  /**
   * Opens the Quick View. Without it (on the server, and until the page has hydrated) Quick View is
   * a plain link to the product page.
   */
  onQuickView?: (product: CardProduct, opener: HTMLElement) => void;
  /** "eager" for the cards above the fold. */
  imageLoading?: "eager" | "lazy";
  /** For the first card of a list, the page's largest image. */
  imagePriority?: boolean;
}

export function ProductCard({
  product,
  actions = false,
  onQuickView,
  imageLoading = "lazy",
  imagePriority = false,
}: ProductCardProps) {
  const href = productHref(product);
  const quickViewClass = `block w-full rounded-full border border-bloom-200 bg-white px-4 py-2 text-center text-sm font-medium text-bloom-700 hover:border-bloom-500 ${focusRing}`;
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-2xl border border-bloom-100 bg-white shadow-sm transition hover:shadow-md">
      <ProductPicture product={product} place={PRODUCT_CARD_IMAGE} loading={imageLoading} priority={imagePriority} />
      <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
        {product.category ? (
          <p className="text-xs uppercase tracking-wide text-gray-600">{product.category.name}</p>
        ) : null}
        <h3 className="font-medium text-gray-900">
          {/* The name's link covers the whole card; the buttons below sit above it. */}
          <Link
            to={href}
            className={`rounded after:absolute after:inset-0 after:content-[''] hover:text-bloom-700 ${focusRing}`}
          >
            {product.name_marked ? <Marked pieces={product.name_marked} /> : product.name}
          </Link>
        </h3>
        <RatingBadge rating={product.rating} reviews={product.reviews} />
        <Price
          cents={product.unit_price_cents}
          originalCents={product.is_on_sale ? product.price_cents : null}
          maxCents={product.price_max_cents}
        />
        {actions ? (
          <div className="relative z-10 mt-auto grid gap-2 pt-3">
            <AddToCartForm product={product} />
            {onQuickView ? (
              <button
                type="button"
                className={quickViewClass}
                aria-haspopup="dialog"
                onClick={(event: MouseEvent<HTMLButtonElement>) => onQuickView(product, event.currentTarget)}
              >
                Quick View<span className="sr-only">: {product.name}</span>
              </button>
            ) : (
              <Link to={href} className={quickViewClass}>
                Quick View<span className="sr-only">: {product.name}</span>
              </Link>
            )}
          </div>
        ) : null}
      </div>
    </article>
  );
}
