import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { AddToCartForm } from "~/components/add-to-cart";
import { Breadcrumb, type Crumb } from "~/components/breadcrumb";
import { DetailList, type Detail } from "~/components/detail-list";
import { JsonLd } from "~/components/json-ld";
import { Price, useCurrency } from "~/components/price";
import { ProductGallery } from "~/components/product-gallery";
import { QuantityInput } from "~/components/quantity-input";
import { RelatedProducts, toRelatedProduct } from "~/components/related-products";
import { TitledSection } from "~/components/section";
import { WishlistButton } from "~/components/wishlist-button";
import { RELATED_PRODUCTS_SHOWN } from "~/lib/constants";
import { absoluteUrl, rootSeo, seoMeta } from "~/lib/seo";
import { NotFoundError } from "~/services/errors";
import type { ProductDetail } from "~/services/products.server";
import type { RootData } from "~/root";
import { cachedData } from "~/http/cache-entries.server";
import { errorBoundary } from "~/components/error-state";

export const PRODUCT_NOT_FOUND = "Product Not Found";
export const PRODUCT_LOAD_ERROR = "Failed to load product. Please try again.";
/** "Only {n} left" from this stock down to 1. */
const LOW_STOCK_THRESHOLD = 5;

/** `?image=N` (1-based) to an index into the images; anything else shows the first. */
function imageIndexFromParam(value: string | null, count: number): number {
  if (!value || !/^\d{1,3}$/.test(value)) return 0;
  const number = Number(value);
  return number >= 1 && number <= count ? number - 1 : 0;
}

/**
 * The product (images, colours, related products: two statements in one round trip), read
 * through the edge cache for the spec's products lifetime. `?image=N` picks the main image.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const slug = params.slug ?? "";
  let product: ProductDetail;
  try {
    product = await app.cache.read(cachedData.product(slug));
  } catch (error) {
    if (error instanceof NotFoundError) throw json({ message: PRODUCT_NOT_FOUND }, { status: 404 });
    console.error(error);
    throw json({ message: PRODUCT_LOAD_ERROR }, { status: 500 });
  }
  const selectedImage = imageIndexFromParam(new URL(request.url).searchParams.get("image"), product.images.length);
  return json({
    product: { ...product, related_products: product.related_products.slice(0, RELATED_PRODUCTS_SHOWN).map(toRelatedProduct) },
    selectedImage,
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location, error }) => {
  const root = rootSeo(matches);
  if (!data) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return seoMeta(root, { title: notFound ? PRODUCT_NOT_FOUND : "Failed to load product", path: location.pathname, noindex: true });
  }
  const { product } = data;
  return seoMeta(root, {
    title: product.name,
    description: product.short_description,
    path: location.pathname,
    image: product.image,
    type: "product",
    keywords: product.meta_keywords,
  });
};

type PageProduct = SerializeFrom<typeof loader>["product"];

function paragraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((part) => part.trim())
    .filter(Boolean);
}

const SWATCHES: Record<string, string> = {
  red: "#dc2626",
  pink: "#f472b6",
  white: "#ffffff",
  yellow: "#facc15",
  orange: "#fb923c",
  purple: "#9333ea",
  lavender: "#c4b5fd",
  blue: "#3b82f6",
  green: "#16a34a",
  peach: "#fdba8c",
  gold: "#d4a017",
  burgundy: "#800020",
};

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function StockStatus({ stock }: { stock: number }) {
  if (stock <= 0) return <p className="font-medium text-gray-700">Out of stock</p>;
  if (stock <= LOW_STOCK_THRESHOLD) return <p className="font-medium text-amber-800">{`Only ${stock} left`}</p>;
  return (
    <p className="flex items-center gap-2 font-medium text-leaf-600">
      <span aria-hidden="true" className="inline-block size-2 rounded-full bg-leaf-600" />
      In stock
    </p>
  );
}

function Rating({ rating, reviews, sold }: { rating: number; reviews: number; sold: number }) {
  const percent = Math.max(0, Math.min(100, (rating / 5) * 100));
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-700">
      {reviews > 0 ? (
        <p className="flex items-center gap-2">
          <span aria-hidden="true" className="relative inline-block text-base leading-none tracking-wider text-gray-300">
            ★★★★★
            <span className="absolute inset-0 overflow-hidden whitespace-nowrap text-amber-500" style={{ width: `${percent}%` }}>
              ★★★★★
            </span>
          </span>
          <span>
            <span className="sr-only">Rated </span>
            {`${rating.toFixed(1)} out of 5`}
          </span>
          <span aria-hidden="true">·</span>
          <span>{`${reviews.toLocaleString("en-US")} ${reviews === 1 ? "review" : "reviews"}`}</span>
        </p>
      ) : (
        <p>No reviews yet</p>
      )}
      {sold > 0 ? <p>{`${sold.toLocaleString("en-US")} sold`}</p> : null}
    </div>
  );
}

function ProductFacts({ product }: { product: PageProduct }) {
  const rows: Detail[] = [{ label: "SKU", value: product.sku }];
  if (product.weight !== null) rows.push({ label: "Weight", value: `${product.weight.toLocaleString("en-US")} g` });
  if (product.dimensions) rows.push({ label: "Dimensions", value: product.dimensions });
  if (product.colors.length) {
    rows.push({
      label: "Colours",
      value: (
        <ul className="flex flex-wrap gap-x-3 gap-y-1">
          {product.colors.map((color) => (
            <li key={color} className="flex items-center gap-1.5">
              {SWATCHES[color] ? (
                <span aria-hidden="true" className="inline-block size-3.5 rounded-full border border-gray-300" style={{ backgroundColor: SWATCHES[color] }} />
              ) : null}
              {capitalize(color)}
            </li>
          ))}
        </ul>
      ),
    });
  }
  if (product.category) {
    rows.push({
      label: "Category",
      value: (
        <Link to={`/categories/${product.category.slug}`} className="text-bloom-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-bloom-600">
          {product.category.name}
        </Link>
      ),
    });
  }
  return (
    <DetailList rows={rows} className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm" rowClassName="contents" />
  );
}

/**
 * The shop's Add to Cart form (a plain post to /cart that comes back here without JavaScript, a
 * fetcher that keeps the page with it) with the quantity selector inside.
 */
function AddToCart({ product }: { product: PageProduct }) {
  const inStock = product.stock > 0;
  return (
    <AddToCartForm
      productId={product.id}
      productName={product.name}
      inStock={inStock}
      className="flex flex-wrap items-start gap-x-3 gap-y-2"
      buttonClassName="h-11 min-w-44 flex-1 rounded-full bg-bloom-600 px-6 font-semibold text-white shadow-sm hover:bg-bloom-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-bloom-600 disabled:cursor-not-allowed disabled:bg-gray-200 disabled:text-gray-700 disabled:shadow-none basis-full sm:mt-6 sm:basis-auto sm:flex-none"
    >
      <QuantityInput key={product.slug} stock={product.stock} disabled={!inStock} />
    </AddToCartForm>
  );
}

function productJsonLd(product: PageProduct, origin: string, brand: string, currencyCode: string): Record<string, unknown> {
  const url = absoluteUrl(origin, `/product/${product.slug}`);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    image: product.images.map((image) => absoluteUrl(origin, image.url)),
    description: product.description || product.short_description,
    sku: product.sku,
    brand: { "@type": "Brand", name: brand },
    ...(product.category ? { category: product.category.name } : {}),
    ...(product.weight !== null ? { weight: { "@type": "QuantitativeValue", value: product.weight, unitCode: "GRM" } } : {}),
    ...(product.reviews > 0
      ? { aggregateRating: { "@type": "AggregateRating", ratingValue: product.rating, reviewCount: product.reviews, bestRating: 5, worstRating: 1 } }
      : {}),
    offers: {
      "@type": "Offer",
      url,
      // The wire's unit price (currency units), written with its cents as schema.org expects.
      price: product.unit_price.toFixed(2),
      priceCurrency: currencyCode,
      availability: product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    },
  };
}

export default function ProductPage() {
  const { product, selectedImage } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData("root") as RootData | undefined;
  const currency = useCurrency();
  const path = `/product/${product.slug}`;
  const description = paragraphs(product.description);
  const crumbs: Crumb[] = [
    { label: "Home", href: "/" },
    { label: "Shop", href: "/products" },
    ...(product.category ? [{ label: product.category.name, href: `/categories/${product.category.slug}` }] : []),
    { label: product.name, href: path },
  ];

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <Breadcrumb items={crumbs} />
      <div className="mt-6 grid gap-8 md:grid-cols-2 md:gap-10 lg:gap-14">
        <ProductGallery
          key={`${product.slug}:${selectedImage}`}
          images={product.images}
          selected={selectedImage}
          hrefFor={(index) => (index === 0 ? path : `${path}?image=${index + 1}`)}
        />
        <div className="flex min-w-0 flex-col gap-5">
          <div className="flex flex-col gap-3">
            {product.is_on_sale ? (
              <p className="flex flex-wrap gap-2">
                <span className="rounded-full bg-bloom-600 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-white">On Sale</span>
                <span className="rounded-full bg-bloom-100 px-3 py-1 text-xs font-semibold text-bloom-700">{`-${product.discount_percent}%`}</span>
              </p>
            ) : null}
            <h1 className="font-display text-3xl font-bold text-gray-900 sm:text-4xl">{product.name}</h1>
            <Rating rating={product.rating} reviews={product.reviews} sold={product.sold} />
          </div>
          <Price
            cents={product.unit_price_cents}
            originalCents={product.is_on_sale ? product.price_cents : null}
            className="text-2xl [&>s]:text-base"
          />
          <StockStatus stock={product.stock} />
          {product.short_description ? <p className="text-lg text-gray-700">{product.short_description}</p> : null}
          <AddToCart product={product} />
          <WishlistButton productId={product.id} productName={product.name} size={24} className="self-start" />
          <ProductFacts product={product} />
        </div>
      </div>
      {description.length ? (
        <TitledSection id="description-heading" title="Description" className="mt-12 max-w-3xl">
          <div className="mt-4 flex flex-col gap-4 leading-relaxed text-gray-700">
            {description.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
        </TitledSection>
      ) : null}
      <RelatedProducts products={product.related_products} />
      <JsonLd data={productJsonLd(product, root?.origin ?? "", root?.site.name ?? "Twistbloom", currency.code)} />
    </div>
  );
}

export const ErrorBoundary = errorBoundary({
  notFound: { title: PRODUCT_NOT_FOUND, message: "The bouquet you are looking for does not exist or is no longer available.", link: { to: "/products", label: "Back to Shop" } },
  failed: { title: PRODUCT_LOAD_ERROR, link: "retry" },
});
