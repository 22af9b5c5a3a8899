import { log } from "~/services/log.server";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useId, useState, type FormEvent } from "react";
import { PlacedImg, type ImgPlace } from "~/components/img";
import { CardList } from "~/components/section";
import { rootSeo, seoMeta } from "~/lib/seo";
import type { Category } from "~/services/categories.server";
import { cachedData } from "~/http/cache-entries.server";
import { errorBoundary } from "~/components/error-state";

const CATEGORY_CARD_IMAGE: ImgPlace = {
  frame: "aspect-[3/2] overflow-hidden bg-bloom-50",
  width: 600,
  height: 400,
  className: "h-full w-full object-cover transition duration-300 group-hover:scale-105",
};

export const CATEGORIES_ERROR = "Unable to load categories. Please try again later.";
export const NO_CATEGORIES = "No categories found";

const FOCUS_RING = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-bloom-600";
const MAX_QUERY_LENGTH = 100;

type CategoryCard = Pick<Category, "id" | "name" | "slug" | "description" | "image"> & { product_count: number };

function normalizeQuery(value: string | null | undefined): string {
  return (value ?? "").trim().slice(0, MAX_QUERY_LENGTH);
}

/** The categories whose name or description contains the words of the query, in any case. */
function filterCategories<T extends { name: string; description: string }>(items: T[], query: string): T[] {
  const words = query.toLocaleLowerCase("en-US").split(/\s+/).filter(Boolean);
  if (words.length === 0) return items;
  return items.filter((item) => {
    const haystack = `${item.name} ${item.description}`.toLocaleLowerCase("en-US");
    return words.every((word) => haystack.includes(word));
  });
}

/**
 * Every active category with its product count, through the edge cache (the spec's 7200 s), and
 * the ones matching `?q`: a plain GET form filters here, without JavaScript. The page keeps the
 * whole list so that, with JavaScript, it filters as the shopper types without asking again.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const q = normalizeQuery(new URL(request.url).searchParams.get("q"));
  let categories: CategoryCard[];
  try {
    const all = await app.cache.read(cachedData.categories({ withCounts: true }));
    categories = all.map(({ id, name, slug, description, image, product_count }) => ({
      id,
      name,
      slug,
      description,
      image,
      product_count: product_count ?? 0,
    }));
  } catch (error) {
    log.error("categories could not be read", error);
    throw json({ message: CATEGORIES_ERROR }, { status: 500 });
  }
  const matching = filterCategories(categories, q).map((category) => category.id);
  return json({ q, categories, matching });
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  seoMeta(rootSeo(matches), {
    title: "Shop by Category",
    description:
      "Browse handmade pipe-cleaner bouquets by occasion: Mother's Day, weddings, anniversaries, graduations, sympathy, birthdays and more.",
    path: "/categories",
    noindex: Boolean(data?.q),
  });

function productCountText(count: number): string {
  return `${count} ${count === 1 ? "product" : "products"}`;
}

function CategoryCardView({ category, eager }: { category: CategoryCard; eager: boolean }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-bloom-100 bg-white shadow-sm transition focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-bloom-600 hover:-translate-y-0.5 hover:shadow-md">
      <PlacedImg place={CATEGORY_CARD_IMAGE} src={category.image} loading={eager ? "eager" : "lazy"} />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h2 className="font-display text-xl font-bold text-gray-900">
          <Link
            to={`/categories/${category.slug}`}
            prefetch="intent"
            className="outline-none after:absolute after:inset-0 after:content-[''] group-hover:text-bloom-700"
          >
            {category.name}
          </Link>
        </h2>
        <p className="flex-1 text-sm leading-relaxed text-gray-600">{category.description}</p>
        <p className="mt-2 inline-flex w-fit items-center rounded-full bg-bloom-50 px-3 py-1 text-sm font-medium text-bloom-700">
          {productCountText(category.product_count)}
        </p>
      </div>
    </article>
  );
}

export default function Categories() {
  const { q, categories, matching } = useLoaderData<typeof loader>();
  const [query, setQuery] = useState(q);
  const inputId = useId();
  const statusId = useId();

  // A new ?q from the server (a plain form post, the back button) replaces what was typed.
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    setQuery(q);
  }

  const matchingIds = new Set(matching);
  const visible =
    query === q
      ? categories.filter((category) => matchingIds.has(category.id))
      : filterCategories(categories, normalizeQuery(query));

  function onInput(value: string) {
    setQuery(value);
    // Keep the address shareable without a round trip: the list is already here.
    const url = new URL(window.location.href);
    const trimmed = normalizeQuery(value);
    if (trimmed) url.searchParams.set("q", trimmed);
    else url.searchParams.delete("q");
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}`);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // With JavaScript the grid already shows the matches; without it the browser sends the GET form.
    event.preventDefault();
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:py-14">
      <header className="mx-auto max-w-3xl text-center">
        <h1 className="font-display text-4xl font-bold text-gray-900 sm:text-5xl">Shop by Category</h1>
        <p className="mt-4 text-base text-gray-600 sm:text-lg">
          Every bouquet is twisted by hand for a moment that matters. Pick an occasion to see the arrangements made for
          it.
        </p>
      </header>

      <form
        method="get"
        action="/categories"
        role="search"
        onSubmit={onSubmit}
        className="mx-auto mt-8 flex max-w-xl flex-col gap-2 sm:flex-row"
      >
        <label htmlFor={inputId} className="sr-only">
          Search categories
        </label>
        <input
          id={inputId}
          type="search"
          name="q"
          value={query}
          onChange={(event) => onInput(event.currentTarget.value)}
          maxLength={MAX_QUERY_LENGTH}
          placeholder="Search categories, e.g. wedding"
          autoComplete="off"
          aria-describedby={statusId}
          className="min-w-0 flex-1 rounded-full border border-gray-300 bg-white px-5 py-3 text-base text-gray-900 placeholder:text-gray-500 focus:border-bloom-600 focus:outline-2 focus:outline-offset-1 focus:outline-bloom-600"
        />
        <button
          type="submit"
          className={`rounded-full bg-bloom-600 px-6 py-3 font-semibold text-white transition hover:bg-bloom-700 ${FOCUS_RING}`}
        >
          Search
        </button>
      </form>
      <p id={statusId} role="status" className="mt-3 text-center text-sm text-gray-600">
        {normalizeQuery(query)
          ? `${visible.length} of ${categories.length} ${categories.length === 1 ? "category" : "categories"} match “${normalizeQuery(query)}”`
          : `${categories.length} ${categories.length === 1 ? "category" : "categories"}`}
      </p>

      {visible.length > 0 ? (
        <CardList items={visible} className="mt-10 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {(category, index) => <CategoryCardView category={category} eager={index < 3} />}
        </CardList>
      ) : (
        <div className="mx-auto mt-10 max-w-md rounded-2xl border border-dashed border-bloom-200 bg-bloom-50/60 px-6 py-12 text-center">
          <h2 className="font-display text-2xl font-bold text-gray-900">{NO_CATEGORIES}</h2>
          <p className="mt-2 text-gray-600">Try another word, or browse every category.</p>
          <Link
            to="/categories"
            onClick={() => setQuery("")}
            className={`mt-6 inline-block rounded-full border-2 border-bloom-600 px-5 py-2 font-semibold text-bloom-700 hover:bg-white ${FOCUS_RING}`}
          >
            Show all categories
          </Link>
        </div>
      )}

      <section aria-labelledby="more-title" className="mt-16 rounded-3xl bg-bloom-50 px-6 py-10 text-center sm:px-12">
        <h2 id="more-title" className="font-display text-2xl font-bold text-gray-900 sm:text-3xl">
          Not sure where to start?
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-gray-600">
          See every bouquet in one place, or tell us about your occasion and we will twist something just for it.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            to="/products"
            prefetch="intent"
            className={`rounded-full bg-bloom-600 px-6 py-3 font-semibold text-white hover:bg-bloom-700 ${FOCUS_RING}`}
          >
            Browse all products
          </Link>
          <Link
            to="/contact"
            prefetch="intent"
            className={`rounded-full border-2 border-bloom-600 bg-white px-6 py-3 font-semibold text-bloom-700 hover:bg-bloom-50 ${FOCUS_RING}`}
          >
            Contact us
          </Link>
        </div>
      </section>
    </div>
  );
}

export const ErrorBoundary = errorBoundary({
  failed: { title: "Shop by Category", message: CATEGORIES_ERROR, link: "retry" },
});
