import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link, useLoaderData, useSubmit } from "@remix-run/react";
import type { FormEvent } from "react";
import { Breadcrumb } from "~/components/breadcrumb";
import { errorBoundary } from "~/components/error-state";
import { FieldError } from "~/components/field-error";
import { Img } from "~/components/img";
import { Marked } from "~/components/marked-text";
import { Pagination } from "~/components/pagination";
import { useCurrency } from "~/components/price";
import { toCardProduct } from "~/components/product-card";
import { EmptyProducts, ProductCount, ProductGrid } from "~/components/product-grid";
import { useListPage } from "~/components/product-listing";
import { ApplyFilters, FilterCheckbox } from "~/components/product-filters";
import { useHydrated } from "~/components/use-hydrated";
import { PRODUCTS_PAGE_SIZE } from "~/lib/constants";
import { formatMoney, toCents } from "~/lib/money";
import { parseSearchPageParams } from "~/lib/schemas/search";
import { priceRange, SEARCH_MAX_LENGTH, SEARCH_MESSAGES, searchPageHref, type SearchPageState } from "~/lib/search";
import { rootSeo, seoMeta } from "~/lib/seo";
import { popularCategories, searchForShopper, type PopularCategory } from "~/http/search.server";
import type { Facets } from "~/services/search.server";

const SEARCH_TITLE = "Search";
const SEARCH_FAILED = "The search failed. Please try again.";
const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-bloom-600";

/**
 * `/search?q=`: products (a page of 12, ranked, with facets), the best tutorials and the matching
 * categories, from one search of the full-text indexes. Whatever is typed is words: an over-long
 * query is cut (and says so), a bad filter is left out with its message, never an error page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const { query, state, errors } = parseSearchPageParams(new URL(request.url).searchParams, PRODUCTS_PAGE_SIZE);
  const found = await searchForShopper(app, query);
  const notices = query.q.shortened ? [SEARCH_MESSAGES.shortened] : [];
  if (!found) return json({ state, errors, notices, found: null, popular: await popularCategories(app) });
  const { products, ...rest } = found;
  return json({
    state,
    errors,
    notices,
    found: {
      ...rest,
      products: {
        ...products,
        data: products.data.map((hit) => ({ ...toCardProduct(hit), name_marked: hit.name_marked })),
      },
    },
    popular: [] as PopularCategory[],
  });
}

const pageTitle = (q: string) => `Search results for “${q}”`;

export const meta: MetaFunction<typeof loader> = ({ matches, data, location }) =>
  seoMeta(rootSeo(matches), {
    title: data?.found ? pageTitle(data.state.q) : SEARCH_TITLE,
    description: "Search the shop's bouquets, categories and tutorials.",
    path: location.pathname,
    noindex: "follow",
  });

/** The search box of the page: a GET form to itself (a new search starts without filters). */
function SearchForm({ q }: { q: string }) {
  return (
    <form method="get" action="/search" noValidate className="mt-4 flex max-w-xl gap-2">
      <label htmlFor="search-page-q" className="sr-only">
        Search the shop
      </label>
      <input
        id="search-page-q"
        name="q"
        type="search"
        defaultValue={q}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder="Roses, sunflowers, a tutorial…"
        className={`block w-full rounded-full border border-gray-300 px-4 py-2 ${focusRing}`}
      />
      <button
        type="submit"
        className={`rounded-full bg-bloom-600 px-5 py-2 font-medium text-white hover:bg-bloom-700 ${focusRing}`}
      >
        Search
      </button>
    </form>
  );
}

const hasFilters = (state: SearchPageState) =>
  state.categories.length > 0 || state.min_price !== undefined || state.max_price !== undefined || state.on_sale;

/** The page without the filters: the same words, everything else cleared. */
const clearedHref = (state: SearchPageState) => searchPageHref({ q: state.q, categories: [], on_sale: false, page: 1 });

/**
 * The facets as a GET form: categories and "on sale" as checkboxes (the count each would give),
 * the price ranges as links. With JavaScript a change applies at once; without, "Apply Filters".
 */
function SearchFacets({
  state,
  facets,
  errors,
}: {
  state: SearchPageState;
  facets: Facets;
  errors: Record<string, string[]>;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const currency = useCurrency();
  const apply = (form: HTMLFormElement) => submit(form, { replace: true, preventScrollReset: true });
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (hydrated) apply(event.currentTarget);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    apply(event.currentTarget);
  };
  const money = (units: number) => formatMoney(toCents(units), currency);
  const priceErrors = [...(errors.min_price ?? []), ...(errors.max_price ?? [])];
  return (
    <form
      method="get"
      action="/search"
      noValidate
      onChange={onChange}
      onSubmit={onSubmit}
      className="rounded-2xl border border-bloom-100 bg-white p-4 shadow-sm"
      aria-labelledby="search-filters-heading"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="search-filters-heading" className="font-display text-xl font-bold text-gray-900">
          Filters
        </h2>
        <Link to={clearedHref(state)} className={`rounded text-sm font-medium text-bloom-700 underline ${focusRing}`}>
          Clear All Filters
        </Link>
      </div>
      <input type="hidden" name="q" value={state.q} />
      {state.min_price !== undefined ? <input type="hidden" name="min_price" value={state.min_price} /> : null}
      {state.max_price !== undefined ? <input type="hidden" name="max_price" value={state.max_price} /> : null}

      <fieldset className="mt-4" aria-describedby={errors.category ? "search-category-error" : undefined}>
        <legend className="text-sm font-semibold text-gray-900">Category</legend>
        <ul className="mt-2 grid gap-2">
          {facets.categories.map((category) => (
            <li key={category.slug}>
              <FilterCheckbox name="category" value={category.slug} checked={category.selected}>
                {category.name} <span className="text-gray-600">({category.count})</span>
              </FilterCheckbox>
            </li>
          ))}
        </ul>
        <FieldError alert id="search-category-error" messages={errors.category} />
      </fieldset>

      <div className="mt-5">
        <h3 className="text-sm font-semibold text-gray-900">Price</h3>
        <ul className="mt-2 grid gap-1 text-sm">
          {facets.prices.map((bucket) => {
            const label =
              bucket.max === null ? `${money(bucket.min)} and over` : `${money(bucket.min)} to ${money(bucket.max)}`;
            const href = bucket.selected
              ? searchPageHref(state, { min_price: undefined, max_price: undefined })
              : searchPageHref(state, priceRange(bucket));
            return (
              <li key={bucket.min}>
                <Link
                  to={href}
                  aria-current={bucket.selected ? "true" : undefined}
                  preventScrollReset
                  className={`rounded hover:text-bloom-700 hover:underline ${bucket.selected ? "font-semibold text-bloom-800" : "text-gray-800"} ${focusRing}`}
                >
                  {label} <span className="text-gray-600">({bucket.count})</span>
                  {bucket.selected ? <span className="sr-only"> (selected: choose again to clear)</span> : null}
                </Link>
              </li>
            );
          })}
        </ul>
        <FieldError alert id="search-price-error" messages={priceErrors.length ? priceErrors : undefined} />
      </div>

      <div className="mt-5">
        <FilterCheckbox
          name="on_sale"
          value="1"
          checked={facets.on_sale.selected}
          describedBy={errors.on_sale ? "search-on-sale-error" : undefined}
        >
          On sale only <span className="text-gray-600">({facets.on_sale.count})</span>
        </FilterCheckbox>
        <FieldError alert id="search-on-sale-error" messages={errors.on_sale} />
      </div>

      <ApplyFilters hydrated={hydrated} />
    </form>
  );
}

type Found = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["found"]>;

/** The best tutorials (their matched words marked), and a link to all of them on the blog. */
function TutorialHits({ tutorials, words }: { tutorials: Found["tutorials"]; words: string }) {
  if (tutorials.total === 0) return null;
  return (
    <section aria-labelledby="search-tutorials-heading" className="mt-10">
      <h2 id="search-tutorials-heading" className="font-display text-2xl font-bold text-gray-900">
        Tutorials
      </h2>
      <ul className="mt-4 grid gap-4 md:grid-cols-3">
        {tutorials.data.map((tutorial) => (
          <li
            key={tutorial.id}
            className="relative flex gap-3 rounded-2xl border border-bloom-100 bg-white p-3 shadow-sm hover:shadow-md"
          >
            <Img
              src={tutorial.featured_image}
              alt=""
              width={96}
              height={96}
              className="h-16 w-16 rounded-lg object-cover"
            />
            <div className="min-w-0">
              <h3 className="font-medium text-gray-900">
                <Link
                  to={tutorial.url}
                  className={`rounded after:absolute after:inset-0 after:content-[''] hover:text-bloom-700 ${focusRing}`}
                >
                  <Marked pieces={tutorial.title_marked} />
                </Link>
              </h3>
              <p className="mt-1 line-clamp-2 text-sm text-gray-700">
                <Marked pieces={tutorial.snippet} />
              </p>
            </div>
          </li>
        ))}
      </ul>
      {tutorials.total > tutorials.data.length ? (
        <p className="mt-4">
          <Link
            to={`/blog?${new URLSearchParams({ search: words })}`}
            className={`rounded font-medium text-bloom-700 underline ${focusRing}`}
          >
            See all {tutorials.total} tutorials
          </Link>
        </p>
      ) : null}
    </section>
  );
}

/** The categories whose names or descriptions match. */
function CategoryHits({ categories }: { categories: Found["categories"] }) {
  if (categories.length === 0) return null;
  return (
    <section aria-labelledby="search-categories-heading" className="mb-6">
      <h2 id="search-categories-heading" className="text-sm font-semibold text-gray-900">
        Categories
      </h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {categories.map((category) => (
          <li key={category.id}>
            <Link
              to={category.url}
              className={`inline-flex items-center gap-2 rounded-full border border-bloom-200 bg-white py-1 pl-1 pr-3 text-sm text-gray-900 hover:border-bloom-500 ${focusRing}`}
            >
              <Img src={category.image} alt="" width={48} height={48} className="h-7 w-7 rounded-full object-cover" />
              <Marked pieces={category.name_marked} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Before anything is typed: the categories with the most bouquets. */
function PopularCategories({ categories }: { categories: PopularCategory[] }) {
  if (categories.length === 0) return null;
  return (
    <section aria-labelledby="search-popular-heading" className="mt-10">
      <h2 id="search-popular-heading" className="font-display text-2xl font-bold text-gray-900">
        Popular categories
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
        {categories.map((category) => (
          <li key={category.slug}>
            <Link
              to={`/categories/${category.slug}`}
              className={`flex items-center gap-3 rounded-2xl border border-bloom-100 bg-white p-3 shadow-sm hover:shadow-md ${focusRing}`}
            >
              <Img src={category.image} alt="" width={96} height={96} className="h-12 w-12 rounded-lg object-cover" />
              <span>
                <span className="block font-medium text-gray-900">{category.name}</span>
                <span className="text-sm text-gray-600">
                  {category.product_count} {category.product_count === 1 ? "product" : "products"}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Results({ found, state, errors }: { found: Found; state: SearchPageState; errors: Record<string, string[]> }) {
  const { loading } = useListPage();
  const page = found.products.pagination;
  const words = found.corrected ?? found.query;
  return (
    <>
      {found.corrected ? (
        <p className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-gray-900" role="status">
          No results for “{state.q}”. Showing results for <strong className="font-semibold">“{found.corrected}”</strong>
          .
        </p>
      ) : null}
      <div className="mt-6 grid gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <div>
          <SearchFacets state={state} facets={found.facets} errors={errors} />
        </div>
        <section aria-labelledby="search-products-heading" aria-busy={loading || undefined}>
          <h2 id="search-products-heading" className="sr-only">
            Products
          </h2>
          <CategoryHits categories={found.categories} />
          <ProductCount from={page.from} to={page.to} total={page.total} />
          <div className={`mt-6 transition-opacity ${loading ? "opacity-60" : ""}`}>
            {found.products.data.length ? (
              <>
                <ProductGrid products={found.products.data} />
                <Pagination
                  currentPage={page.current_page}
                  lastPage={page.last_page}
                  href={(number) => searchPageHref(state, { page: number })}
                />
              </>
            ) : (
              <EmptyProducts clearHref={hasFilters(state) ? clearedHref(state) : "/search"} />
            )}
          </div>
          <TutorialHits tutorials={found.tutorials} words={words} />
        </section>
      </div>
    </>
  );
}

export default function SearchPage() {
  const { state, errors, notices, found, popular } = useLoaderData<typeof loader>();
  const pageErrors = [...(errors.page ?? []), ...(errors.per_page ?? [])];
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Breadcrumb
        items={[
          { label: "Home", href: "/" },
          { label: SEARCH_TITLE, href: "/search" },
        ]}
      />
      <h1 className="mt-4 font-display text-3xl font-bold text-bloom-700 sm:text-4xl">
        {found ? pageTitle(state.q) : SEARCH_TITLE}
      </h1>
      <SearchForm q={state.q} />
      {notices.map((notice) => (
        <p key={notice} role="status" className="mt-3 rounded-lg bg-amber-50 px-4 py-3 text-gray-900">
          {notice}
        </p>
      ))}
      <FieldError alert id="search-page-error" messages={pageErrors.length ? pageErrors : undefined} />
      {found ? (
        <Results found={found} state={state} errors={errors} />
      ) : (
        <>
          <p className="mt-6 text-gray-700">Type a flower, a colour or an occasion to search the shop.</p>
          <PopularCategories categories={popular} />
        </>
      )}
    </div>
  );
}

/** A fault while searching (never bad input, which the page reports and ignores): say so, and offer a reload. */
export const ErrorBoundary = errorBoundary({
  failed: {
    title: SEARCH_TITLE,
    heading: <h1 className="font-display text-3xl font-bold text-bloom-700">{SEARCH_TITLE}</h1>,
    message: SEARCH_FAILED,
    link: "retry",
  },
});
