import { log } from "~/services/log.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/cloudflare";
import { json, redirect } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AddToCartForm } from "~/components/add-to-cart";
import { Breadcrumb, type Crumb } from "~/components/breadcrumb";
import { DetailList, type Detail } from "~/components/detail-list";
import { JsonLd } from "~/components/json-ld";
import { Price, useCurrency } from "~/components/price";
import { ProductGallery } from "~/components/product-gallery";
import { ProductOptions } from "~/components/product-options";
import { STOCK_ALERT_INTENT, StockAlert, type StockAlertSent } from "~/components/stock-alert-form";
import { QuantityInput } from "~/components/quantity-input";
import { RelatedProducts, toRelatedProduct } from "~/components/related-products";
import { TitledSection } from "~/components/section";
import { WishlistButton } from "~/components/wishlist-button";
import { RELATED_PRODUCTS_SHOWN } from "~/lib/constants";
import { absoluteUrl, rootSeo, seoMeta } from "~/lib/seo";
import { NotFoundError } from "~/services/errors";
import type { ProductDetail } from "~/services/products.server";
import { cachedData } from "~/http/cache-entries.server";
import { errorBoundary } from "~/components/error-state";
import { REVIEW_INTENT } from "~/components/reviews/review-form";
import { ReviewsSection, type ReviewsData } from "~/components/reviews/reviews-section";
import { reviewCountText, Stars } from "~/components/reviews/stars";
import { Toaster } from "~/components/toaster";
import { featuresOf } from "~/http/features.server";
import {
  formError,
  formFailure,
  formPageHeaders,
  readForm,
  type FormFailure,
  notFoundAs,
} from "~/http/pages/forms.server";
import { requireFeature, requireViewer } from "~/http/pages/guards.server";
import { toasts } from "~/http/pages/toast.server";
import { productReviewsEntry, reviewsPageParam } from "~/http/reviews.server";
import { getSession } from "~/http/session.server";
import { REVIEW_MESSAGES, ReviewInputSchema } from "~/lib/schemas/reviews";
import { fieldErrors } from "~/lib/schemas/query";
import { ConflictError } from "~/services/errors";
import { createReview, findOwnReview, type ReviewPage } from "~/services/reviews.server";
import { useRootData } from "~/components/use-root-data";
import { percentOff, toUnits } from "~/lib/money";
import { chosenVariant, defaultVariant, optionChoices, variantForFields, variantHref } from "~/lib/variants";
import type { AppContext } from "~/http/context.server";
import { mailContext } from "~/http/mail.server";
import { retentionSigner } from "~/http/retention.server";
import { STOCK_ALERT_MESSAGES, StockAlertRequestSchema } from "~/lib/schemas/stock-alerts";
import { clientAddress } from "~/services/rate-limit.server";
import { requestStockAlert } from "~/services/stock-alerts.server";
import { preloadImage } from "~/components/img";

export const PRODUCT_NOT_FOUND = "Product Not Found";
export const PRODUCT_LOAD_ERROR = "Failed to load product. Please try again.";
/** "Only {n} left" from this stock down to 1. */
const LOW_STOCK_THRESHOLD = 5;

/** A back-in-stock request refused with 429 keeps its Retry-After on the page shown again (no JavaScript). */
export const headers = formPageHeaders;

/** `?image=N` (1-based) to an index into the images; anything else shows the first. */
function imageIndexFromParam(value: string | null, count: number): number {
  if (!value || !/^\d{1,3}$/.test(value)) return 0;
  const number = Number(value);
  return number >= 1 && number <= count ? number - 1 : 0;
}

/**
 * What the page shows of the chosen variant (its price, sale badge, stock, SKU and image), or of the
 * product itself when none of its variants is sold (all switched off).
 */
function shownFigures(product: ProductDetail, variantParam: string | null) {
  const variant = chosenVariant(product.variants, variantParam);
  const figures = variant ?? product;
  return {
    variant_id: variant?.id ?? null,
    sku: figures.sku,
    price_cents: figures.price_cents,
    unit_price_cents: figures.unit_price_cents,
    is_on_sale: figures.is_on_sale,
    discount_percent: percentOff(figures.price_cents, figures.sale_price_cents),
    stock: figures.stock,
    image: figures.image,
  };
}

/**
 * The gallery's images (the chosen variant's image first when it is none of the product's) and the
 * main one: `?image=N` when given, else the variant's image.
 */
function galleryOf(product: ProductDetail, image: string, imageParam: string | null) {
  const own = image === product.image || product.images.some((each) => each.url === image);
  const images = own ? product.images : [{ url: image, alt: product.name }, ...product.images];
  if (imageParam !== null) return { images, selected: imageIndexFromParam(imageParam, images.length) };
  return {
    images,
    selected: Math.max(
      images.findIndex((each) => each.url === image),
      0,
    ),
  };
}

/**
 * The product (images, colours, related products: two statements in one round trip), read
 * through the edge cache for the spec's products lifetime. `?image=N` picks the main image.
 * `?variant={id}` picks the variant shown (an unknown or foreign one shows the default); a GET with
 * one field per option (`?Size=Grand&Colour=Pink`, the options' form) is sent to the variant it names.
 * With reviews switched on, a page of its reviews (`?reviews_page=N`) and their summary come
 * through the cache too, kept by the product's tag (one statement when read), and, for a signed-in
 * shopper, whether they have reviewed it already (never cached: it is theirs).
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const slug = params.slug ?? "";
  const url = new URL(request.url);
  const reviewsPage = reviewsPageParam(url.searchParams.get("reviews_page"));
  let product: ProductDetail;
  let page: ReviewPage | null = null;
  try {
    // The reviews are read alongside the product (both kept by the product's tag); whether they
    // show is asked after, when the root loader has read the settings into this isolate's copy
    // (asking at once would read them a second time).
    [product, page] = await Promise.all([
      app.cache.read(cachedData.product(slug)),
      app.cache.read(productReviewsEntry(slug, reviewsPage)).catch((error: unknown) => {
        if (error instanceof NotFoundError) return null;
        throw error;
      }),
    ]);
  } catch (error) {
    if (error instanceof NotFoundError) throw notFoundAs(error, PRODUCT_NOT_FOUND);
    log.error("product page could not be read", error);
    throw json({ message: PRODUCT_LOAD_ERROR }, { status: 500 });
  }
  const named = variantForFields(product.options, product.variants, url.searchParams);
  if (named) throw redirect(variantHref(product.slug, named.id));
  // The product a kept page is about: filling in a shopper's review form needs its id, not a read.
  app.cache.showsSubject(product.id);
  const features = await featuresOf(app);
  let reviews: ReviewsData | null = null;
  if (page && features.reviews) {
    const { viewer } = await getSession(app, request);
    const own = viewer ? await findOwnReview(app.db, { id: product.id }, viewer.user.id) : null;
    reviews = {
      reviews: page.reviews,
      pagination: page.pagination,
      summary: page.summary,
      writer: !viewer ? { kind: "guest" } : own ? { kind: "reviewed", status: own.status } : { kind: "shopper" },
    };
  }
  const shown = shownFigures(product, url.searchParams.get("variant"));
  const gallery = galleryOf(product, shown.image, url.searchParams.get("image"));
  // The choices are worked out here, so the choosing rules never travel to the browser.
  const chosen = product.variants.find((variant) => variant.id === shown.variant_id);
  return json({
    // A variant other than the default one stays in the gallery's links.
    variantPath: chosen && chosen !== defaultVariant(product.variants) ? variantHref(product.slug, chosen.id) : null,
    choices: chosen ? optionChoices(product.options, product.variants, chosen) : null,
    product: {
      ...product,
      images: gallery.images,
      related_products: product.related_products.slice(0, RELATED_PRODUCTS_SHOWN).map(toRelatedProduct),
    },
    shown,
    selectedImage: gallery.selected,
    reviews,
    stockAlerts: features.backInStock,
  });
}

/**
 * `intent=review`: the signed-in shopper's review (a guest goes to log in and comes back). Back to
 * the product with a toast: published at once, or waiting for approval; bad input shows the form
 * again with its messages and the typed values. 404 while reviews are switched off.
 * `intent=stock-alert`: "email me when it's back" (anyone), `stockAlertAction`; 404 while that
 * feature is switched off.
 */
export async function action({ params, request, context }: ActionFunctionArgs) {
  const { app } = context;
  const slug = params.slug ?? "";
  const here = `/product/${slug}`;
  const values = await readForm(request);
  if (values.intent === STOCK_ALERT_INTENT) {
    await requireFeature(app, "backInStock");
    return stockAlertAction(app, request, slug, values);
  }
  await requireFeature(app, "reviews");
  const viewer = await requireViewer(app, request);
  if (values.intent !== REVIEW_INTENT) throw json({ message: "Not found" }, { status: 404 });
  let product: ProductDetail;
  try {
    product = await app.cache.read(cachedData.product(slug));
  } catch (error) {
    throw notFoundAs(error, PRODUCT_NOT_FOUND);
  }
  const parsed = ReviewInputSchema.safeParse(values);
  if (!parsed.success) return formFailure(fieldErrors(parsed.error), REVIEW_MESSAGES.formErrors, values);
  const toast = toasts(app.env, request);
  try {
    const { published } = await createReview(
      app.db,
      product.id,
      { id: viewer.user.id, name: viewer.user.name },
      parsed.data,
    );
    return published
      ? toast.redirectWithSuccess(`${here}#reviews`, REVIEW_MESSAGES.published)
      : toast.redirectWithInfo(`${here}#reviews`, REVIEW_MESSAGES.pending);
  } catch (error) {
    if (error instanceof ConflictError) return toast.redirectWithError(`${here}#reviews`, error.message);
    throw notFoundAs(error, PRODUCT_NOT_FOUND);
  }
}

/**
 * A back-in-stock request (double opt-in, app/services/stock-alerts.server.ts): the same answer for
 * every address, as a toast back on the product (the variant kept), or as data to a fetcher
 * (`respond=data`). A bad address, an item in stock again or not sold: the form again with its
 * message (422); too many requests: 429 with Retry-After.
 */
async function stockAlertAction(app: AppContext, request: Request, slug: string, values: Record<string, string>) {
  const parsed = StockAlertRequestSchema.safeParse(values);
  if (!parsed.success) return formFailure(fieldErrors(parsed.error), STOCK_ALERT_MESSAGES.formErrors, values);
  let page: string;
  try {
    page = await requestStockAlert(app.db, slug, parsed.data, {
      mail: await mailContext(app, request),
      signer: retentionSigner(app.env),
      client: clientAddress(request),
    });
  } catch (error) {
    if (error instanceof NotFoundError) throw notFoundAs(error, PRODUCT_NOT_FOUND);
    return formError(error, values, { unexpected: STOCK_ALERT_MESSAGES.failed });
  }
  const toast = toasts(app.env, request);
  const message = STOCK_ALERT_MESSAGES.requested;
  if (values.respond === "data") return toast.jsonWithSuccess({ ok: true, message } satisfies StockAlertSent, message);
  return toast.redirectWithSuccess(page, message);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location, error }) => {
  const root = rootSeo(matches);
  if (!data) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return seoMeta(root, {
      title: notFound ? PRODUCT_NOT_FOUND : "Failed to load product",
      path: location.pathname,
      noindex: true,
    });
  }
  const { product } = data;
  return [
    ...seoMeta(root, {
      title: product.name,
      description: product.short_description,
      path: location.pathname,
      image: product.image,
      type: "product",
      keywords: product.meta_keywords,
    }),
    ...preloadImage(product.images[data.selectedImage]?.url),
  ];
};

type PageProduct = SerializeFrom<typeof loader>["product"];
type Shown = SerializeFrom<typeof loader>["shown"];

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

/** The rating line under the name (only while reviews are on): stars, "4.7 out of 5", the count linking to the reviews. */
function Rating({
  rating,
  reviews,
  sold,
  showRating,
}: {
  rating: number;
  reviews: number;
  sold: number;
  showRating: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-700" data-testid="product-rating">
      {!showRating ? null : reviews > 0 ? (
        <p className="flex items-center gap-2">
          <Stars rating={rating} average visibleText />
          <span aria-hidden="true">·</span>
          <a href="#reviews" className="underline-offset-2 hover:underline">
            {reviewCountText(reviews)}
          </a>
        </p>
      ) : (
        <p>No reviews yet</p>
      )}
      {sold > 0 ? <p>{`${sold.toLocaleString("en-US")} sold`}</p> : null}
    </div>
  );
}

function ProductFacts({ product, shown }: { product: PageProduct; shown: Shown }) {
  const rows: Detail[] = [{ label: "SKU", value: shown.sku }];
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
                <span
                  aria-hidden="true"
                  className="inline-block size-3.5 rounded-full border border-gray-300"
                  style={{ backgroundColor: SWATCHES[color] }}
                />
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
        <Link
          to={`/categories/${product.category.slug}`}
          className="text-bloom-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-bloom-600"
        >
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
function AddToCart({ product, shown }: { product: PageProduct; shown: Shown }) {
  const inStock = shown.stock > 0;
  return (
    <AddToCartForm
      productId={product.id}
      variantId={shown.variant_id}
      productName={product.name}
      inStock={inStock}
      className="flex flex-wrap items-start gap-x-3 gap-y-2"
      buttonClassName="h-11 min-w-44 flex-1 rounded-full bg-bloom-600 px-6 font-semibold text-white shadow-sm hover:bg-bloom-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-bloom-600 disabled:cursor-not-allowed disabled:bg-gray-200 disabled:text-gray-700 disabled:shadow-none basis-full sm:mt-6 sm:basis-auto sm:flex-none"
    >
      <QuantityInput key={`${product.slug}:${shown.variant_id}`} stock={shown.stock} disabled={!inStock} />
    </AddToCartForm>
  );
}

function productJsonLd(
  product: PageProduct,
  shown: Shown,
  origin: string,
  brand: string,
  currencyCode: string,
  showRating: boolean,
): Record<string, unknown> {
  const url = absoluteUrl(origin, `/product/${product.slug}`);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    image: product.images.map((image) => absoluteUrl(origin, image.url)),
    description: product.description || product.short_description,
    sku: shown.sku,
    brand: { "@type": "Brand", name: brand },
    ...(product.category ? { category: product.category.name } : {}),
    ...(product.weight !== null
      ? { weight: { "@type": "QuantitativeValue", value: product.weight, unitCode: "GRM" } }
      : {}),
    ...(showRating && product.reviews > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.rating,
            reviewCount: product.reviews,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    offers: {
      "@type": "Offer",
      url,
      // The wire's unit price (currency units), written with its cents as schema.org expects.
      price: toUnits(shown.unit_price_cents).toFixed(2),
      priceCurrency: currencyCode,
      availability: shown.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    },
  };
}

export default function ProductPage() {
  const { product, shown, selectedImage, reviews, choices, variantPath, stockAlerts } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const showRating = reviews !== null;
  const root = useRootData();
  const currency = useCurrency();
  const path: `/${string}` = `/product/${product.slug}`;
  const here = variantPath ?? path;
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
          key={`${product.slug}:${shown.variant_id}:${selectedImage}`}
          images={product.images}
          selected={selectedImage}
          hrefFor={(index) => (index === 0 ? here : `${here}${here === path ? "?" : "&"}image=${index + 1}`)}
        />
        <div className="flex min-w-0 flex-col gap-5">
          <div className="flex flex-col gap-3">
            {shown.is_on_sale ? (
              <p className="flex flex-wrap gap-2">
                <span className="rounded-full bg-bloom-600 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-white">
                  On Sale
                </span>
                <span className="rounded-full bg-bloom-100 px-3 py-1 text-xs font-semibold text-bloom-700">{`-${shown.discount_percent}%`}</span>
              </p>
            ) : null}
            <h1 className="font-display text-3xl font-bold text-gray-900 sm:text-4xl">{product.name}</h1>
            <Rating rating={product.rating} reviews={product.reviews} sold={product.sold} showRating={showRating} />
          </div>
          <Price
            cents={shown.unit_price_cents}
            originalCents={shown.is_on_sale ? shown.price_cents : null}
            className="text-2xl [&>s]:text-base"
          />
          <StockStatus stock={shown.stock} />
          {product.short_description ? <p className="text-lg text-gray-700">{product.short_description}</p> : null}
          {choices ? <ProductOptions slug={product.slug} options={choices} /> : null}
          <AddToCart product={product} shown={shown} />
          {stockAlerts && shown.stock <= 0 && shown.variant_id !== null ? (
            <StockAlert
              key={shown.variant_id}
              action={path}
              variantId={shown.variant_id}
              productName={product.name}
              failure={failure?.values.intent === STOCK_ALERT_INTENT ? failure : undefined}
            />
          ) : null}
          <WishlistButton productId={product.id} productName={product.name} size={24} className="self-start" />
          <ProductFacts product={product} shown={shown} />
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
      {reviews ? (
        <ReviewsSection
          data={reviews as ReviewsData}
          path={path}
          failure={failure?.values.intent === REVIEW_INTENT ? failure : undefined}
        />
      ) : null}
      {failure ? <Toaster toast={failure.toast} listen={false} /> : null}
      <RelatedProducts products={product.related_products} />
      <JsonLd
        data={productJsonLd(
          product,
          shown,
          root?.origin ?? "",
          root?.site.name ?? "Twistbloom",
          currency.code,
          showRating,
        )}
      />
    </div>
  );
}

export const ErrorBoundary = errorBoundary({
  notFound: {
    title: PRODUCT_NOT_FOUND,
    message: "The bouquet you are looking for does not exist or is no longer available.",
    link: { to: "/products", label: "Back to Shop" },
  },
  failed: { title: PRODUCT_LOAD_ERROR, link: "retry" },
});
