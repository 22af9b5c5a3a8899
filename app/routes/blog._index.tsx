import { log } from "~/services/log.server";
import { TAGS } from "~/lib/cache-tags";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { BlogCardView, CARD_GRID } from "~/components/blog-card";
import { CardList } from "~/components/section";
import { Pagination } from "~/components/pagination";
import { BLOG_PAGE_SIZE, CACHE_SECONDS } from "~/lib/constants";
import { BlogListQuerySchema } from "~/lib/schemas/catalog";
import { rootSeo, seoMeta } from "~/lib/seo";
import { listBlogs } from "~/services/blogs.server";
import { cachedData } from "~/http/cache-entries.server";
import { errorBoundary } from "~/components/error-state";
import { preloadImage } from "~/components/img";

export const BLOGS_ERROR = "Failed to load blogs";

/** The sort tabs: Latest, Most Popular, Alphabetical, as `?sort=` values. */
export const BLOG_TABS = [
  { value: "latest", label: "Latest", sortBy: "published_at" },
  { value: "popular", label: "Most Popular", sortBy: "view_count" },
  { value: "alphabetical", label: "Alphabetical", sortBy: "title" },
] as const;
type TabValue = (typeof BLOG_TABS)[number]["value"];

/** All state in the URL: search, sort tab and page; anything unknown falls back to the default. */
function readState(url: URL) {
  const search = (url.searchParams.get("search") ?? "")
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, 100);
  const sortParam = url.searchParams.get("sort");
  const tab = BLOG_TABS.find((t) => t.value === sortParam) ?? BLOG_TABS[0];
  const pageText = url.searchParams.get("page") ?? "1";
  const page = /^\d{1,6}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1;
  return { search, tab, page };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const { search, tab, page } = readState(new URL(request.url));
  const query = BlogListQuerySchema.parse({
    page: String(page),
    per_page: String(BLOG_PAGE_SIZE),
    search: search || undefined,
    sort_by: tab.sortBy,
  });
  try {
    const result = search ? await listBlogs(app.db, query) : await app.cache.read(cachedData.blogs(query));
    // A search is read live: a page kept whole is kept while no tutorial changes (docs/decisions/017).
    if (search) app.cache.shows([TAGS.blogs], CACHE_SECONDS.content);
    return json({ search, sort: tab.value as TabValue, ...result });
  } catch (error) {
    log.error("articles could not be read", error);
    throw json({ message: BLOGS_ERROR }, { status: 500 });
  }
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [
  ...seoMeta(rootSeo(matches), {
    title: data?.search ? `Tutorials matching "${data.search}"` : "Crafting Tutorials",
    description:
      "Step-by-step pipe-cleaner flower tutorials, from a first rose to wedding bouquets: materials, techniques and patterns from our studio.",
    path: "/blog",
    noindex: Boolean(data?.search) || (data?.pagination.current_page ?? 1) > 1,
  }),
  ...preloadImage(data?.blogs[0]?.featured_image),
];

function href(search: string, sort: TabValue, page: number): string {
  const params = new URLSearchParams();
  if (search) params.set("search", search);
  if (sort !== "latest") params.set("sort", sort);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `/blog?${text}` : "/blog";
}

export default function BlogListPage() {
  const { search, sort, blogs, pagination } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <header className="max-w-2xl">
        <h1 className="font-display text-4xl font-bold text-gray-900">Crafting Tutorials</h1>
        <p className="mt-3 text-gray-700">
          Learn to twist your own everlasting flowers, one stem at a time, with the patterns we use in the studio.
        </p>
      </header>
      <div className="mt-8 flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <Form method="get" action="/blog" role="search" className="flex w-full max-w-md gap-2">
          <label htmlFor="blog-search" className="sr-only">
            Search tutorials
          </label>
          <input
            id="blog-search"
            type="search"
            name="search"
            defaultValue={search}
            maxLength={100}
            placeholder="Search tutorials"
            className="block w-full rounded-full border border-gray-300 px-4 py-2 focus:outline-none focus:ring-2 focus:ring-bloom-500"
          />
          {sort !== "latest" ? <input type="hidden" name="sort" value={sort} /> : null}
          <button
            type="submit"
            className="rounded-full bg-bloom-600 px-5 py-2 font-medium text-white hover:bg-bloom-700"
          >
            Search
          </button>
        </Form>
        <nav aria-label="Sort tutorials">
          <ul className="flex gap-2 text-sm font-medium">
            {BLOG_TABS.map((tab) => (
              <li key={tab.value}>
                <Link
                  to={href(search, tab.value, 1)}
                  aria-current={tab.value === sort ? "page" : undefined}
                  className={`inline-block rounded-full border px-4 py-2 ${tab.value === sort ? "border-bloom-600 bg-bloom-600 text-white" : "border-gray-200 text-gray-700 hover:border-bloom-300 hover:text-bloom-700"}`}
                >
                  {tab.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {blogs.length > 0 ? (
        <p className="mt-6 text-sm text-gray-600" aria-live="polite">
          {pagination.from}-{pagination.to} of {pagination.total} {pagination.total === 1 ? "tutorial" : "tutorials"}
          {search ? ` matching "${search}"` : ""}
        </p>
      ) : null}
      {blogs.length === 0 && pagination.total > 0 ? (
        // Past the last page: there are tutorials, just none this far.
        <div className="mt-10 rounded-2xl border border-bloom-100 bg-bloom-50 p-10 text-center">
          <p className="text-lg font-semibold text-gray-900">No tutorials on this page</p>
          <p className="mt-2 text-gray-700">
            There {pagination.last_page === 1 ? "is only 1 page" : `are only ${pagination.last_page} pages`} of
            tutorials{search ? ` matching "${search}"` : ""}.
          </p>
          <Link
            to={href(search, sort, 1)}
            className="mt-6 inline-block rounded-full bg-bloom-600 px-6 py-2.5 font-medium text-white hover:bg-bloom-700"
          >
            Go to the First Page
          </Link>
        </div>
      ) : blogs.length === 0 ? (
        <div className="mt-10 rounded-2xl border border-bloom-100 bg-bloom-50 p-10 text-center">
          <p className="text-lg font-semibold text-gray-900">
            {search ? `No tutorials found for "${search}"` : "No tutorials yet"}
          </p>
          <p className="mt-2 text-gray-700">
            {search ? "Try another word, or browse them all." : "Check back soon for new patterns."}
          </p>
          {search ? (
            <Link
              to="/blog"
              className="mt-6 inline-block rounded-full bg-bloom-600 px-6 py-2.5 font-medium text-white hover:bg-bloom-700"
            >
              Show All Tutorials
            </Link>
          ) : null}
        </div>
      ) : (
        <CardList items={blogs} className={CARD_GRID}>
          {(blog, index) => <BlogCardView blog={blog} eager={index < 3} priority={index === 0} />}
        </CardList>
      )}
      <Pagination
        currentPage={pagination.current_page}
        lastPage={pagination.last_page}
        href={(page) => href(search, sort, page)}
      />
    </div>
  );
}

export const ErrorBoundary = errorBoundary({
  failed: { title: BLOGS_ERROR, message: "Please try again in a moment.", link: "retry" },
});
