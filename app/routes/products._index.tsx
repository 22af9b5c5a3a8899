import { CACHE_SECONDS } from "~/lib/constants";
import { TAGS } from "~/lib/cache-tags";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { JsonLd } from "~/components/json-ld";
import { toCardProduct } from "~/components/product-card";
import { FieldError } from "~/components/field-error";
import { ProductFilters } from "~/components/product-filters";
import { ProductListing, useListPage } from "~/components/product-listing";
import { absoluteUrl, rootSeo, seoMeta } from "~/lib/seo";
import { parseProductPageParams } from "~/lib/schemas/storefront";
import { listProducts } from "~/services/products.server";
import { cachedData } from "~/http/cache-entries.server";
import { errorBoundary } from "~/components/error-state";
import { useRootData } from "~/components/use-root-data";
import { preloadImage } from "~/components/img";

const PRODUCTS_TITLE = "Shop All Bouquets";
const PRODUCTS_DESCRIPTION =
  "Every handmade pipe-cleaner flower bouquet in the shop: filter by occasion, price, sale and featured picks, and sort by newest, name or price.";
const PRODUCTS_FAILED = "Failed to load products. Please try again.";

/**
 * The filters and sort come from the URL; a value that does not parse is reported under its field
 * and left out. The category list comes from the edge cache (the spec's 7200 s), the page of
 * products and its total from one batch: two statements once the caches are warm.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const url = new URL(request.url);
  const { query, state, errors } = parseProductPageParams(url.searchParams);
  const [categories, page] = await Promise.all([
    app.cache.read(cachedData.categories({ withCounts: false })),
    listProducts(app.db, query, { cards: true }),
  ]);
  // The list is read live: a page kept whole is kept while no product changes (docs/decisions/017).
  app.cache.shows([TAGS.products], CACHE_SECONDS.products);
  return json({
    categories: categories.map(({ name, slug }) => ({ name, slug })),
    state,
    errors,
    page: { ...page, data: page.data.map(toCardProduct) },
  });
}

export const meta: MetaFunction<typeof loader> = ({ matches, location, data }) => [
  ...seoMeta(rootSeo(matches), { title: PRODUCTS_TITLE, description: PRODUCTS_DESCRIPTION, path: location.pathname }),
  ...preloadImage(data?.page.data[0]?.image),
];

function PageHeading() {
  return (
    <div>
      <h1 className="font-display text-3xl font-bold text-bloom-700 sm:text-4xl">{PRODUCTS_TITLE}</h1>
      <p className="mt-2 max-w-2xl text-gray-700">Handmade pipe-cleaner flowers that never wilt, for every occasion.</p>
    </div>
  );
}

export default function ProductsPage() {
  const { categories, state, errors, page } = useLoaderData<typeof loader>();
  const root = useRootData();
  const { pathname, loading } = useListPage();
  const pageErrors = [...(errors.page ?? []), ...(errors.sort ?? [])];
  const origin = root?.origin ?? "";

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading />
      <div className="mt-6 grid gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <div>
          <ProductFilters pathname={pathname} categories={categories} state={state} errors={errors} />
        </div>
        <section aria-labelledby="products-heading" aria-busy={loading || undefined}>
          <h2 id="products-heading" className="sr-only">
            Products
          </h2>
          <ProductListing
            state={state}
            page={page}
            barClassName="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
            notice={<FieldError alert id="products-page-error" messages={pageErrors.length ? pageErrors : undefined} />}
          >
            <JsonLd
              data={{
                "@context": "https://schema.org",
                "@type": "ItemList",
                name: PRODUCTS_TITLE,
                numberOfItems: page.total,
                itemListElement: page.data.map((product, index) => ({
                  "@type": "ListItem",
                  position: (page.from ?? 1) + index,
                  name: product.name,
                  url: absoluteUrl(origin, `/product/${product.slug}`),
                })),
              }}
            />
          </ProductListing>
        </section>
      </div>
    </div>
  );
}

/** A fault while loading (never bad input, which the page reports and ignores): say so, and offer a reload. */
export const ErrorBoundary = errorBoundary({
  failed: { title: PRODUCTS_TITLE, heading: <PageHeading />, message: PRODUCTS_FAILED, link: "retry" },
});
