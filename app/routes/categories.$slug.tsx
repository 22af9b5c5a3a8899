import { CACHE_SECONDS } from "~/lib/constants";
import { TAGS } from "~/lib/cache-tags";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json, redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/components/breadcrumb";
import { Img } from "~/components/img";
import { toCardProduct } from "~/components/product-card";
import { FieldError } from "~/components/field-error";
import { ProductListing, useListPage } from "~/components/product-listing";
import { TitledSection } from "~/components/section";
import { rootSeo, seoMeta } from "~/lib/seo";
import { parseProductPageParams, type ProductPageState } from "~/lib/schemas/storefront";
import { NotFoundError } from "~/services/errors";
import { listProducts } from "~/services/products.server";
import { cachedData } from "~/http/cache-entries.server";

/** A slug (or a numeric id) as the URL may carry one; anything else cannot be a category. */
const SLUG = /^[a-z0-9][a-z0-9-]{0,59}$/;

const notFound = () => new Response(null, { status: 404, statusText: "Not Found" });

/**
 * The category (from the edge cache, the spec's 7200 s) and a page of its products with the total
 * (one batch) are read side by side: two statements once the cache is warm. An unknown or inactive
 * category is a 404, which the root's boundary shows as "Page Not Found"; a numeric id is sent on
 * to the category's slug.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const slug = params.slug ?? "";
  if (!SLUG.test(slug)) throw notFound();
  const url = new URL(request.url);
  const { query, state, errors } = parseProductPageParams(url.searchParams, slug);
  const [category, page] = await Promise.all([
    app.cache.read(cachedData.category(slug)).catch((error: unknown) => {
      throw error instanceof NotFoundError ? notFound() : error;
    }),
    listProducts(app.db, query, { cards: true }),
  ]);
  // The list is read live: a page kept whole is kept while no product changes (docs/decisions/017).
  app.cache.shows([TAGS.products], CACHE_SECONDS.products);
  if (category.slug !== slug) throw redirect(`/categories/${category.slug}${url.search}`, 301);
  // The links of this page stay on it: the category is its path, not a filter.
  const pageState: ProductPageState = { ...state, categories: [] };
  return json({
    category: { name: category.name, slug: category.slug, description: category.description, image: category.image },
    state: pageState,
    errors,
    page: { ...page, data: page.data.map(toCardProduct) },
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  data
    ? seoMeta(rootSeo(matches), {
        title: data.category.name,
        description: data.category.description,
        path: `/categories/${data.category.slug}`,
        image: data.category.image,
      })
    : seoMeta(rootSeo(matches), { title: "Page Not Found", path: location.pathname, noindex: true });

export default function CategoryPage() {
  const { category, state, errors, page } = useLoaderData<typeof loader>();
  const { loading } = useListPage();
  const pageErrors = Object.values(errors).flat();

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Breadcrumb
        items={[
          { label: "Home", href: "/" },
          { label: "Categories", href: "/categories" },
          { label: category.name, href: `/categories/${category.slug}` },
        ]}
      />
      <div className="mt-6 grid items-center gap-6 overflow-hidden rounded-2xl bg-bloom-50 md:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="p-6 sm:p-8">
          <h1 className="font-display text-3xl font-bold text-bloom-700 sm:text-4xl">{category.name}</h1>
          <p className="mt-3 max-w-2xl text-gray-700">{category.description}</p>
        </div>
        <Img src={category.image} alt="" width={600} height={400} loading="eager" className="h-auto w-full" />
      </div>

      <TitledSection
        id="category-products-heading"
        title={`${category.name} bouquets`}
        busy={loading}
        className="mt-10"
      >
        <ProductListing
          state={state}
          page={page}
          barClassName="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
          notice={<FieldError alert id="category-page-error" messages={pageErrors.length ? pageErrors : undefined} />}
          columns="sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4"
        />
      </TitledSection>
    </div>
  );
}
