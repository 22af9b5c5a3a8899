import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "../../app/lib/money";
import { blogs as seedBlogs } from "../../db/seed/data/blog";
import {
  BASE,
  CookieJar,
  decode,
  get,
  getJson,
  markChanged,
  ownQueryCount,
  postForm,
  queryCount,
  visibleText,
  visit,
} from "./helpers";
import { TAGS } from "../../app/lib/cache-tags";
import { ADMIN } from "../fixtures/accounts";
import { apiClient, apiToken } from "./fixtures";

// The crafting blog as a browser (JavaScript on or off) and a token client meet it: /blog with its
// search, sort tabs and pages; /blog/{slug} with its article, likes and views; /api/blogs.

const PER_PAGE = 9;
const ROSES = "how-to-make-pipe-cleaner-roses";
const DAISIES = "pipe-cleaner-daisies-for-kids"; // no reading time in the seed: the default 5 minutes
const DRAFT = seedBlogs.find((blog) => blog.status !== "published")!;
const DATA_ROUTE = "routes%2Fblog.%24slug";
const TABS = ["latest", "popular", "alphabetical"] as const;

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface BlogRow {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  status: string;
  published_at: number | null;
  view_count: number;
  like_count: number;
  tags: string;
  categories: string;
  content_text: string;
}

async function rows(): Promise<BlogRow[]> {
  const { results } = await env.DB.prepare(
    `SELECT b.id, b.slug, b.title, b.excerpt, b.status, b.published_at, b.view_count, b.like_count,
       (SELECT json_group_array(tag) FROM blog_tags WHERE blog_id = b.id) AS tags,
       (SELECT json_group_array(c.name) FROM blog_category_links l JOIN blog_categories c ON c.id = l.category_id
         WHERE l.blog_id = b.id) AS categories,
       b.content_text
     FROM blogs b`,
  ).all<BlogRow>();
  return results;
}

const isPublished = (row: BlogRow) => row.status === "published" && row.published_at !== null;
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The published posts in the order each tab promises (ties broken by id, as the query does). */
async function expectedOrder(tab: (typeof TABS)[number]): Promise<string[]> {
  const published = (await rows()).filter(isPublished);
  const sorted = published.sort((a, b) => {
    if (tab === "latest") return b.published_at! - a.published_at! || b.id - a.id;
    if (tab === "popular") return b.view_count - a.view_count || b.id - a.id;
    return byText(a.title, b.title) || a.id - b.id;
  });
  return sorted.map((row) => row.slug);
}

/**
 * What a search for `term` should find: a published post with a word starting with it (the word
 * being typed is also a prefix) in its title, excerpt, tags, categories or text, newest first.
 */
async function expectedSearch(term: string): Promise<string[]> {
  const word = new RegExp(`(^|[^\\p{L}\\p{N}])${term.toLowerCase()}`, "u");
  const published = (await rows()).filter(isPublished);
  return published
    .filter((row) =>
      [
        row.title,
        row.excerpt,
        row.content_text,
        ...(JSON.parse(row.tags) as string[]),
        ...(JSON.parse(row.categories) as string[]),
      ].some((text) => word.test(text.toLowerCase())),
    )
    .sort((a, b) => b.published_at! - a.published_at! || b.id - a.id)
    .map((row) => row.slug);
}

async function blogRow(slug: string): Promise<BlogRow> {
  const row = (await rows()).find((r) => r.slug === slug);
  if (!row) throw new Error(`no blog ${slug}`);
  return row;
}

async function counts(id: number) {
  return (await env.DB.prepare("SELECT view_count, like_count FROM blogs WHERE id = ?")
    .bind(id)
    .first<{ view_count: number; like_count: number }>())!;
}

async function likeRows(id: number, visitor?: string) {
  const statement = visitor
    ? env.DB.prepare("SELECT count(*) AS n FROM blog_likes WHERE blog_id = ? AND visitor_id = ?").bind(id, visitor)
    : env.DB.prepare("SELECT count(*) AS n FROM blog_likes WHERE blog_id = ?").bind(id);
  return (await statement.first<{ n: number }>())!.n;
}

/**
 * Waits (a bounded number of tries, no clock assertion) until the view count of `id` reaches
 * `target`, for the write the Worker makes after the response; answers the count last seen.
 */
async function viewCountReaching(id: number, target: number): Promise<number> {
  let seen = (await counts(id)).view_count;
  for (let attempt = 0; attempt < 100 && seen < target; attempt++) {
    await pause(20);
    seen = (await counts(id)).view_count;
  }
  return seen;
}

/** The list pages without a search are kept for 300 s; tests that change the data behind the shop's back mark the lists changed. */
const forgetLists = () => markChanged(TAGS.blogs);

interface Card {
  slug: string;
  html: string;
  text: string;
}

/** The blog cards on a page, in order. */
function cardsOf(html: string): Card[] {
  return [...html.matchAll(/<article class="group relative[\s\S]*?<\/article>/g)].map((match) => ({
    slug: /href="\/blog\/([^"?]+)"/.exec(match[0])?.[1] ?? "",
    html: match[0],
    text: visibleText(match[0]),
  }));
}

async function listPage(path: string, init?: RequestInit) {
  await forgetLists();
  const response = await get(path, init);
  const html = await response.text();
  return {
    response,
    status: response.status,
    html,
    text: visibleText(html),
    cards: cardsOf(html),
    slugs: cardsOf(html).map((card) => card.slug),
  };
}

function jsonLd(html: string): Record<string, any>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].flatMap((match) => {
    const data = JSON.parse(match[1] ?? "null");
    return Array.isArray(data) ? data : [data];
  });
}

function metaContent(html: string, key: "name" | "property", value: string): string | null {
  const tag = new RegExp(`<meta ${key}="${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}" content="([^"]*)"`).exec(html);
  return tag ? decode(tag[1]!) : null;
}

function h1(html: string): string {
  return visibleText(/<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "");
}

/** The article's sanitized content, as the page writes it. */
function articleContent(html: string): string {
  const start = html.indexOf('<div class="prose-article mt-8">');
  const end = html.indexOf('<ul class="mt-8 flex flex-wrap gap-2" aria-label="Tags">', start);
  expect(start).toBeGreaterThan(-1);
  return html
    .slice(start + '<div class="prose-article mt-8">'.length, end > -1 ? end : undefined)
    .replace(/<\/div>(?:<div class="mt-8 border-y[\s\S]*)?$/, "");
}

/** Loads a page once so that the site settings are in the edge cache, as they are for every visitor after the first. */
async function warmSettings() {
  await get("/about");
  await settle();
}

let addresses = 0;
const newAddress = () => `203.0.113.${(addresses++ % 250) + 1}-blog-${crypto.randomUUID().slice(0, 8)}`;

/** A registered customer's bearer token, from the JSON API. */
async function bearerToken(): Promise<string> {
  const email = `blog-${crypto.randomUUID().slice(0, 12)}@example.com`;
  const response = await get("/api/auth/register", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", "CF-Connecting-IP": newAddress() },
    body: JSON.stringify({ name: "Fern Reader", email, password: "Secret123", password_confirmation: "Secret123" }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as any).data.token;
}

/** POST or DELETE /api/blogs/{id}/like as a token client or a browser with these cookies. */
async function apiLike(
  id: number | string,
  { method = "POST", cookie, token }: { method?: "POST" | "DELETE"; cookie?: string; token?: string } = {},
) {
  const response = await get(`/api/blogs/${id}/like`, {
    method,
    headers: {
      Accept: "application/json",
      ...(cookie ? { Cookie: cookie } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
  return { status: response.status, body: (await response.json()) as any, response };
}

/** A shopper who has opened the article once (and so has a visitor cookie). */
async function visitorOf(slug: string) {
  const jar = new CookieJar();
  const response = await visit(jar, `/blog/${slug}`);
  expect(response.status).toBe(200);
  expect(jar.get("visitor")).toMatch(/^[0-9a-f-]{36}$/);
  return jar;
}

let published: BlogRow[];
let draftRow: BlogRow;

beforeAll(async () => {
  const all = await rows();
  published = all.filter(isPublished);
  draftRow = all.find((row) => row.slug === DRAFT.slug)!;
});

// ---------------------------------------------------------------- the list page

describe("the blog list page", () => {
  it("has a seed to test with: more than one page of published posts and a draft", () => {
    expect(published.length).toBe(seedBlogs.filter((blog) => blog.status === "published").length);
    expect(published.length).toBeGreaterThan(PER_PAGE);
    expect(published.length).toBeLessThanOrEqual(PER_PAGE * 2);
    expect(draftRow).toMatchObject({ status: "draft", published_at: null });
  });

  it("shows the latest 9 posts as cards with their badge, author, date, reading time, views and likes", async () => {
    const { status, html, text, cards, slugs } = await listPage("/blog");
    expect(status).toBe(200);
    expect(h1(html)).toBe("Crafting Tutorials");
    expect(cards).toHaveLength(PER_PAGE);
    expect(slugs).toEqual((await expectedOrder("latest")).slice(0, PER_PAGE));
    expect(text).toContain(`1-${PER_PAGE} of ${published.length} tutorials`);
    expect(html).toMatch(/<a aria-current="page"[^>]*href="\/blog">Latest<\/a>/);

    const now = await rows();
    for (const card of cards) {
      const seed = seedBlogs.find((blog) => blog.slug === card.slug)!;
      const row = now.find((r) => r.slug === card.slug)!;
      const badge = seed.difficulty.charAt(0).toUpperCase() + seed.difficulty.slice(1);
      const date = new Date(seed.published_at! * 1000).toLocaleDateString("en-US", {
        year: "numeric",
        month: "long",
        day: "numeric",
        timeZone: "UTC",
      });
      expect(card.text).toContain(seed.title);
      expect(card.text).toContain(badge);
      expect(card.text).toContain(`By ${seed.author_name}`);
      expect(card.text).toContain(date);
      expect(card.html).toContain(`dateTime="${new Date(seed.published_at! * 1000).toISOString()}"`);
      expect(card.text).toContain(`${seed.reading_time ?? 5} min read`);
      // Each count is an icon drawn in SVG, hidden from screen readers, and a number they read with its word.
      expect(card.text).toContain(`${row.view_count} ${row.view_count === 1 ? "view" : "views"}`);
      expect(card.text).toContain(`${row.like_count} ${row.like_count === 1 ? "like" : "likes"}`);
      expect(card.html.match(/<svg aria-hidden="true"/g)).toHaveLength(2);
      expect(card.html).not.toMatch(/👁|♥/u);
      expect(card.html).toContain(`src="${seed.featured_image}"`);
    }
    expect(text).not.toContain("Not published");
  });

  it("gives a post without a reading time the default 5 minutes", async () => {
    const order = await expectedOrder("latest");
    const page = Math.floor(order.indexOf(DAISIES) / PER_PAGE) + 1;
    const { cards } = await listPage(page > 1 ? `/blog?page=${page}` : "/blog");
    expect(cards.find((card) => card.slug === DAISIES)?.text).toContain("5 min read");
  });

  it("shows the last page with the rest, and links back but not on", async () => {
    const order = await expectedOrder("latest");
    const { status, html, text, slugs } = await listPage("/blog?page=2");
    expect(status).toBe(200);
    expect(slugs).toEqual(order.slice(PER_PAGE, PER_PAGE * 2));
    expect(text).toContain(`${PER_PAGE + 1}-${order.length} of ${order.length} tutorials`);
    expect(html).toMatch(/<span aria-current="page"[^>]*>2<\/span>/);
    expect(html).toMatch(/<a[^>]*rel="prev"[^>]*href="\/blog">Previous<\/a>/);
    expect(html).not.toMatch(/rel="next"[^>]*>Next<\/a>/);
    // Page 1 links on to page 2, and numbers at most 5 buttons.
    const first = await listPage("/blog");
    expect(first.html).toMatch(/<a[^>]*rel="next"[^>]*href="\/blog\?page=2">Next<\/a>/);
    expect(first.html).toMatch(
      /<a[^>]*aria-label="Page 2"[^>]*href="\/blog\?page=2"|<a[^>]*href="\/blog\?page=2"[^>]*aria-label="Page 2"/,
    );
    expect(first.html).not.toMatch(/rel="prev"[^>]*>Previous<\/a>/);
    expect(
      (
        /<nav aria-label="Pagination"[\s\S]*?<\/nav>/
          .exec(first.html)?.[0]
          .match(/aria-label="Page \d+"|aria-current="page"/g) ?? []
      ).length,
    ).toBeLessThanOrEqual(5);
  });

  it("says a page past the last has no tutorials, and links to the first page", async () => {
    for (const path of ["/blog?page=3", "/blog?page=99"]) {
      const { status, html, text, cards } = await listPage(path);
      expect(status).toBe(200);
      expect(cards).toHaveLength(0);
      expect(text).toContain("No tutorials on this page");
      expect(text).not.toContain("No tutorials yet");
      expect(text).not.toMatch(/- of \d+ tutorials/);
      expect(html).toMatch(/<a[^>]*href="\/blog"[^>]*>Go to the First Page<\/a>/);
    }
  });

  it.each(["0", "abc", "-2", "1.5", "", "9999999"])("falls back to page 1 for page=%j", async (page) => {
    const { status, slugs, text } = await listPage(`/blog?page=${encodeURIComponent(page)}`);
    expect(status).toBe(200);
    expect(slugs).toEqual((await expectedOrder("latest")).slice(0, PER_PAGE));
    expect(text).toContain(`1-${PER_PAGE} of ${published.length} tutorials`);
  });

  it.each([
    ["popular", "Most Popular"],
    ["alphabetical", "Alphabetical"],
  ] as const)("orders the %s tab on both pages, and keeps the tab in the page links", async (tab, label) => {
    const order = await expectedOrder(tab);
    const first = await listPage(`/blog?sort=${tab}`);
    expect(first.status).toBe(200);
    expect(first.slugs).toEqual(order.slice(0, PER_PAGE));
    expect(first.html).toMatch(new RegExp(`<a aria-current="page"[^>]*href="/blog\\?sort=${tab}">${label}</a>`));
    expect(first.html).toMatch(new RegExp(`href="/blog\\?sort=${tab}&amp;page=2"`));
    const second = await listPage(`/blog?sort=${tab}&page=2`);
    expect(second.slugs).toEqual(order.slice(PER_PAGE));
    expect([...first.slugs, ...second.slugs].sort()).toEqual(published.map((row) => row.slug).sort());
  });

  it("sorts Most Popular by views, highest first, and Alphabetical by title, A first", async () => {
    const now = await rows();
    const popular = (await listPage("/blog?sort=popular")).slugs.map(
      (slug) => now.find((row) => row.slug === slug)!.view_count,
    );
    expect(popular).toEqual([...popular].sort((a, b) => b - a));
    const titles = (await listPage("/blog?sort=alphabetical")).slugs.map(
      (slug) => now.find((row) => row.slug === slug)!.title,
    );
    expect(titles).toEqual([...titles].sort(byText));
    const latest = (await listPage("/blog")).slugs.map((slug) => now.find((row) => row.slug === slug)!.published_at!);
    expect(latest).toEqual([...latest].sort((a, b) => b - a));
  });

  it("treats an unknown sort as Latest", async () => {
    const { slugs, html } = await listPage("/blog?sort=likes");
    expect(slugs).toEqual((await expectedOrder("latest")).slice(0, PER_PAGE));
    expect(html).toMatch(/<a aria-current="page"[^>]*href="\/blog">Latest<\/a>/);
  });

  it.each([
    ["in a title", "Fifteen", ["easy-pipe-cleaner-sunflowers"]],
    ["in an excerpt only", "foundation", [ROSES]],
    ["in a tag and in a text", "summer", ["keepsake-wedding-bouquet", "easy-pipe-cleaner-sunflowers"]],
    ["in another tag only", "supplies", ["choosing-the-right-pipe-cleaners"]],
  ])("finds a word %s (%s), in any case", async (_where, term, expected) => {
    expect(await expectedSearch(term)).toEqual(expected);
    for (const spelling of [term, term.toUpperCase(), term.toLowerCase()]) {
      const { status, slugs, html, text } = await listPage(`/blog?search=${encodeURIComponent(spelling)}`);
      expect(status).toBe(200);
      expect(slugs).toEqual(expected);
      expect(text).toContain(
        `1-${expected.length} of ${expected.length} ${expected.length === 1 ? "tutorial" : "tutorials"} matching "${spelling}"`,
      );
      expect(html).toMatch(new RegExp(`<input[^>]*name="search"[^>]*value="${spelling}"`));
    }
  });

  it("searches across title, excerpt and tags together, sorted and paged like the list", async () => {
    const term = "beginner";
    const expected = await expectedSearch(term);
    expect(expected.length).toBeGreaterThan(1);
    const { slugs } = await listPage(`/blog?search=${term}`);
    expect(slugs).toEqual(expected.slice(0, PER_PAGE));
    const alphabetical = await listPage(`/blog?search=${term}&sort=alphabetical`);
    const titles = (await rows())
      .filter((row) => expected.includes(row.slug))
      .sort((a, b) => byText(a.title, b.title) || a.id - b.id);
    expect(alphabetical.slugs).toEqual(titles.map((row) => row.slug));
    // The tabs and the search form keep the search; the form keeps the tab.
    expect(alphabetical.html).toContain(`href="/blog?search=${term}&amp;sort=popular"`);
    expect(alphabetical.html).toContain(`href="/blog?search=${term}"`);
    expect(alphabetical.html).toMatch(/<input type="hidden" name="sort" value="alphabetical"\/>/);
  });

  it("shows the empty state for a search with no match, escaped, with a way back", async () => {
    const { status, cards, text, html } = await listPage("/blog?search=zzzz-no-such-thing");
    expect(status).toBe(200);
    expect(cards).toHaveLength(0);
    expect(text).toContain('No tutorials found for "zzzz-no-such-thing"');
    expect(html).toMatch(/<a[^>]*href="\/blog"[^>]*>Show All Tutorials<\/a>/);

    const hostile = await listPage(`/blog?search=${encodeURIComponent("<img src=x onerror=alert(1)>")}`);
    expect(hostile.status).toBe(200);
    expect(hostile.html).not.toContain("<img src=x onerror");
    expect(hostile.text).toContain('No tutorials found for "<img src=x onerror=alert(1)>"');
  });

  it("takes % and _ in a search literally", async () => {
    for (const term of ["%", "_", "%%"]) {
      const { cards, text } = await listPage(`/blog?search=${encodeURIComponent(term)}`);
      expect(cards).toHaveLength(0);
      expect(text).toContain(`No tutorials found for "${term}"`);
    }
  });

  it("never lists a draft, nor says Not published, in any tab or page or search", async () => {
    for (const tab of TABS) {
      for (const page of [1, 2]) {
        const { html, text } = await listPage(`/blog?sort=${tab}&page=${page}`);
        expect(html).not.toContain(`/blog/${DRAFT.slug}`);
        expect(text).not.toContain(DRAFT.title);
        expect(text).not.toContain("Not published");
      }
    }
    for (const term of ["Poinsettia", "winter", DRAFT.title]) {
      const { cards, text } = await listPage(`/blog?search=${encodeURIComponent(term)}`);
      expect(cards).toHaveLength(0);
      expect(text).toContain(`No tutorials found for "${term}"`);
    }
  });

  it("reads the database in at most 3 statements for a guest's first request, and none once edge-cached", async () => {
    await warmSettings();
    await forgetLists();
    const first = await get("/blog");
    expect(first.status).toBe(200);
    expect(first.headers.getSetCookie()).toEqual([]);
    expect(ownQueryCount(first)).toBeLessThanOrEqual(3);
    await settle();
    const again = await get("/blog");
    expect(ownQueryCount(again)).toBe(0);
    expect(cardsOf(await again.text()).map((card) => card.slug)).toEqual(
      cardsOf(await first.text()).map((card) => card.slug),
    );
    // A search reads live, in the same few statements; its page is then kept whole like the list
    // (its read declares the tutorials' tag: docs/decisions/017), so the same search reads nothing.
    const search = await get("/blog?search=roses");
    expect(ownQueryCount(search)).toBeLessThanOrEqual(3);
    await settle();
    const searchAgain = await get("/blog?search=roses");
    expect(ownQueryCount(searchAgain)).toBe(0);
    expect(cardsOf(await searchAgain.text()).map((card) => card.slug)).toEqual(
      cardsOf(await search.text()).map((card) => card.slug),
    );
  });
});

// ---------------------------------------------------------------- GET /api/blogs

describe("GET /api/blogs", () => {
  const fresh = () => `_t=${crypto.randomUUID()}`;

  it("pages the published posts 9 at a time, in the list's shape", async () => {
    const order = await expectedOrder("latest");
    const first = await getJson(`/api/blogs?${fresh()}`);
    expect(first.status).toBe(200);
    expect(first.body.success).toBe(true);
    expect(first.body.data.blogs.map((blog: any) => blog.slug)).toEqual(order.slice(0, PER_PAGE));
    expect(first.body.data.pagination).toMatchObject({
      current_page: 1,
      last_page: 2,
      per_page: PER_PAGE,
      from: 1,
      to: PER_PAGE,
      total: order.length,
    });
    const second = await getJson(`/api/blogs?page=2&${fresh()}`);
    expect(second.body.data.blogs.map((blog: any) => blog.slug)).toEqual(order.slice(PER_PAGE));
    expect(second.body.data.pagination).toMatchObject({ current_page: 2, from: PER_PAGE + 1, to: order.length });
    const past = await getJson(`/api/blogs?page=3&${fresh()}`);
    expect(past.status).toBe(200);
    expect(past.body.data.blogs).toEqual([]);
    expect(past.body.data.pagination).toMatchObject({ current_page: 3, from: null, to: null, total: order.length });
    for (const blog of [...first.body.data.blogs, ...second.body.data.blogs]) {
      expect(blog.published_at).not.toBeNull();
      expect(blog.formatted_published_date).not.toBe("Not published");
      expect(blog.reading_time).toBeGreaterThan(0);
    }
  });

  it("sorts by views, title or date in either direction", async () => {
    const slugs = async (query: string) =>
      (await getJson(`/api/blogs?per_page=50&${query}&${fresh()}`)).body.data.blogs.map((blog: any) => blog.slug);
    expect(await slugs("sort_by=view_count")).toEqual(await expectedOrder("popular"));
    expect(await slugs("sort_by=title")).toEqual(await expectedOrder("alphabetical"));
    expect(await slugs("sort_by=published_at")).toEqual(await expectedOrder("latest"));
    expect(await slugs("sort_by=published_at&sort_order=asc")).toEqual([...(await expectedOrder("latest"))].reverse());
  });

  it("searches titles, excerpts, tags and text through the index", async () => {
    for (const term of ["Fifteen", "foundation", "summer", "beginner", "BOUQUET"]) {
      const { body } = await getJson(`/api/blogs?per_page=50&search=${term}&${fresh()}`);
      // Without a chosen sort the best matches come first: the same posts, in rank order.
      expect(body.data.blogs.map((blog: any) => blog.slug).sort()).toEqual((await expectedSearch(term)).sort());
    }
  });

  it("never lists a draft, whatever is asked", async () => {
    for (const query of [
      "per_page=50",
      "per_page=50&status=draft",
      "search=poinsettia",
      "tag=winter",
      "sort_by=title&sort_order=desc&per_page=50",
    ]) {
      const { status, body } = await getJson(`/api/blogs?${query}&${fresh()}`);
      expect(status).toBe(200);
      expect(body.data.blogs.map((blog: any) => blog.slug)).not.toContain(DRAFT.slug);
    }
  });

  it("gives an article by slug with its content sanitized, and 404s a draft or an unknown slug", async () => {
    const { status, body } = await getJson(`/api/blogs/${ROSES}`);
    expect(status).toBe(200);
    const seed = seedBlogs.find((blog) => blog.slug === ROSES)!;
    expect(body.data).toMatchObject({
      slug: ROSES,
      title: seed.title,
      content: seed.content,
      author_name: seed.author_name,
      tags: [...seed.tags].sort(),
    });
    expect(body.data.related_products.map((product: any) => product.slug)).toEqual(seed.related_products);
    for (const slug of [DRAFT.slug, "no-such-article"]) {
      const missing = await getJson(`/api/blogs/${slug}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ success: false, message: "Article Not Found" });
    }
  });
});

// ---------------------------------------------------------------- the article page

describe("the blog article page", () => {
  let html: string;
  let response: Response;
  const seed = seedBlogs.find((blog) => blog.slug === ROSES)!;

  beforeAll(async () => {
    response = await get(`/blog/${ROSES}`);
    html = await response.text();
  });

  it("shows the title, breadcrumb, author, date, reading time, difficulty, categories and counts", async () => {
    expect(response.status).toBe(200);
    expect(h1(html)).toBe(seed.title);
    const header = visibleText(/<header class="mt-6">([\s\S]*?)<\/header>/.exec(html)?.[1] ?? "");
    expect(header).toContain(seed.author_name);
    expect(header).toContain("February 3, 2026");
    expect(html).toContain(
      `<time dateTime="${new Date(seed.published_at! * 1000).toISOString()}">February 3, 2026</time>`,
    );
    expect(header).toContain(`${seed.reading_time} min read`);
    expect(header).toContain("Beginner");
    expect(header).toContain("Flower Tutorials");
    expect(header).not.toContain("Not published");
    const row = await blogRow(ROSES);
    expect(header).toMatch(new RegExp(`${row.like_count} likes?`));
    expect(header).toMatch(/\d+ views?/);
    const breadcrumb = /<nav aria-label="Breadcrumb"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
    expect(breadcrumb).toContain('href="/"');
    expect(breadcrumb).toContain('href="/blog"');
    expect(breadcrumb).toMatch(new RegExp(`aria-current="page"[^>]*>${seed.title}<`));
  });

  it("shows the featured image whole, at its own shape, and draws the counts' icons in SVG", () => {
    // The featured image has the title drawn in it: not cropped to a box of another shape.
    const image = new RegExp(`<img[^>]*src="${seed.featured_image}"[^>]*>`).exec(html)?.[0] ?? "";
    expect(image).toContain('width="1200"');
    expect(image).toContain('height="630"');
    expect(image).not.toMatch(/object-cover|aspect-/);
    const header = /<header class="mt-6">([\s\S]*?)<\/header>/.exec(html)?.[1] ?? "";
    expect(header.match(/<svg aria-hidden="true"/g)).toHaveLength(2);
    expect(header).not.toMatch(/👁|♥/u);
  });

  it("shows the sanitized content as stored, and the tags as search links", () => {
    expect(articleContent(html)).toBe(seed.content);
    const tags = /<ul[^>]*aria-label="Tags">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "";
    for (const tag of seed.tags)
      expect(tags).toMatch(new RegExp(`href="/blog\\?search=${tag}"[^>]*>#(?:<!-- -->)?${tag}</a>`));
    expect(visibleText(tags).split(" ")).toEqual([...seed.tags].sort().map((tag) => `#${tag}`));
  });

  it("lists the related products with their prices and Add to Cart forms that come back here", async () => {
    const section = /<section aria-labelledby="related-heading"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    expect(visibleText(section)).toContain("Shop the Tutorial");
    expect(seed.related_products.length).toBeGreaterThan(0);
    for (const slug of seed.related_products) {
      const product = (await getJson(`/api/products/slug/${slug}`)).body.data;
      expect(section).toContain(`href="/product/${slug}"`);
      expect(decode(section)).toContain(product.name);
      expect(section).toContain(formatMoney(product.unit_price_cents));
      if (product.unit_price_cents < product.price_cents)
        expect(section).toContain(`<span class="sr-only">Was </span>${formatMoney(product.price_cents)}</s>`);
      const form = new RegExp(
        `<form method="post" action="/cart"[^>]*><input type="hidden" name="intent" value="add"/><input type="hidden" name="product_id" value="${product.id}"/><input type="hidden" name="redirectTo" value="/blog/${ROSES}"/>`,
      );
      expect(section).toMatch(form);
    }
    expect(section.match(/Add to Cart/g)?.length).toBe(seed.related_products.length);
  });

  it("links the previous (older) and next (newer) published tutorials", async () => {
    const order = await expectedOrder("latest"); // newest first
    const at = order.indexOf(ROSES);
    const older = await blogRow(order[at + 1]!);
    const newer = await blogRow(order[at - 1]!);
    const nav = /<nav aria-label="More tutorials"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
    expect(nav).toMatch(new RegExp(`rel="prev"[^>]*href="/blog/${older.slug}"`));
    expect(decode(visibleText(nav))).toContain(`Previous tutorial ${older.title}`);
    expect(nav).toMatch(new RegExp(`rel="next"[^>]*href="/blog/${newer.slug}"`));
    expect(decode(visibleText(nav))).toContain(`Next tutorial ${newer.title}`);
  });

  it("has no next link on the newest tutorial and no previous link on the oldest", async () => {
    const order = await expectedOrder("latest");
    const newest = await (await get(`/blog/${order[0]}`)).text();
    const newestNav = /<nav aria-label="More tutorials"[\s\S]*?<\/nav>/.exec(newest)?.[0] ?? "";
    expect(newestNav).not.toContain('rel="next"');
    expect(newestNav).toMatch(new RegExp(`rel="prev"[^>]*href="/blog/${order[1]}"`));
    const oldest = await (await get(`/blog/${order.at(-1)}`)).text();
    const oldestNav = /<nav aria-label="More tutorials"[\s\S]*?<\/nav>/.exec(oldest)?.[0] ?? "";
    expect(oldestNav).not.toContain('rel="prev"');
    expect(oldestNav).toMatch(new RegExp(`rel="next"[^>]*href="/blog/${order.at(-2)}"`));
    for (const page of [newest, oldest]) expect(page).not.toContain(`/blog/${DRAFT.slug}`);
  });

  it("shows up to 3 similar published tutorials sharing a tag or a category, never itself", async () => {
    const section = /<section aria-labelledby="similar-heading"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    expect(visibleText(section)).toContain("Similar Tutorials");
    const similar = cardsOf(section).map((card) => card.slug);
    expect(similar.length).toBeGreaterThan(0);
    expect(similar.length).toBeLessThanOrEqual(3);
    expect(similar).not.toContain(ROSES);
    expect(similar).not.toContain(DRAFT.slug);
    for (const slug of similar) {
      const other = seedBlogs.find((blog) => blog.slug === slug)!;
      expect(other.status).toBe("published");
      const shares =
        other.tags.some((tag) => seed.tags.includes(tag)) ||
        other.categories.some((category) => seed.categories.includes(category));
      expect(shares, slug).toBe(true);
    }
  });

  it("describes itself to search engines: BlogPosting and BreadcrumbList JSON-LD, description, keywords, og:image", () => {
    const data = jsonLd(html);
    const posting = data.find((item) => item["@type"] === "BlogPosting");
    expect(posting).toMatchObject({
      "@context": "https://schema.org",
      headline: seed.title,
      description: seed.meta_description,
      image: `${BASE}${seed.og_image}`,
      datePublished: new Date(seed.published_at! * 1000).toISOString(),
      author: { "@type": "Person", name: seed.author_name },
      mainEntityOfPage: `${BASE}/blog/${ROSES}`,
      keywords: seed.meta_keywords,
    });
    const breadcrumb = data.find((item) => item["@type"] === "BreadcrumbList");
    expect(breadcrumb?.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: `${BASE}/` },
      { "@type": "ListItem", position: 2, name: "Blog", item: `${BASE}/blog` },
      { "@type": "ListItem", position: 3, name: seed.title, item: `${BASE}/blog/${ROSES}` },
    ]);
    expect(metaContent(html, "name", "description")).toBe(seed.meta_description);
    expect(metaContent(html, "name", "keywords")).toBe(seed.meta_keywords);
    expect(metaContent(html, "property", "og:image")).toBe(`${BASE}${seed.og_image}`);
    expect(metaContent(html, "property", "og:type")).toBe("article");
    // The stored meta title already names the site: it appears once.
    expect(decode(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? "")).toBe(seed.meta_title);
    expect(metaContent(html, "property", "og:title")).toBe(seed.meta_title);
    expect(html).toContain(`<link rel="canonical" href="${BASE}/blog/${ROSES}"/>`);
  });

  it("offers a Like button that posts back here without JavaScript", async () => {
    const row = await blogRow(ROSES);
    expect(html).toMatch(
      new RegExp(
        `<form method="post" action="/blog/${ROSES}"[^>]*><input type="hidden" name="blog_id" value="${row.id}"/><input type="hidden" name="liked" value="true"/><button type="submit" aria-pressed="false"`,
      ),
    );
    expect(visibleText(html)).toMatch(/\d+ people like this tutorial|1 person likes this tutorial/);
  });

  it("gives a post without a reading time the default 5 minutes", async () => {
    const page = await (await get(`/blog/${DAISIES}`)).text();
    expect(visibleText(/<header class="mt-6">([\s\S]*?)<\/header>/.exec(page)?.[1] ?? "")).toContain("5 min read");
  });

  it.each([
    ["an unknown slug", "no-such-tutorial"],
    ["a draft", DRAFT.slug],
  ])("answers 404 Article Not Found for %s", async (_what, slug) => {
    const before = draftRow ? (await counts(draftRow.id)).view_count : 0;
    const notFound = await get(`/blog/${slug}`);
    expect(notFound.status).toBe(404);
    const page = await notFound.text();
    expect(h1(page)).toBe("Article Not Found");
    expect(page).toMatch(/<a[^>]*href="\/blog"[^>]*>Back to Tutorials<\/a>/);
    expect(metaContent(page, "name", "robots")).toBe("noindex");
    expect(page).not.toContain(DRAFT.content.slice(0, 60));
    expect((await counts(draftRow.id)).view_count).toBe(before);
  });

  it("reads the database in at most 3 statements for a guest's first request", async () => {
    await warmSettings();
    const first = await get(`/blog/${ROSES}`);
    expect(first.status).toBe(200);
    expect(first.headers.getSetCookie().some((cookie) => cookie.startsWith("visitor="))).toBe(true);
    expect(queryCount(first)).toBeLessThanOrEqual(3);
    await first.text();
  });

  it("gives a new visitor an httpOnly SameSite=Lax visitor cookie once, and keeps it", async () => {
    const jar = new CookieJar();
    const first = await visit(jar, `/blog/${ROSES}`);
    const cookie = first.headers.getSetCookie().find((header) => header.startsWith("visitor="))!;
    expect(cookie).toMatch(/^visitor=[0-9a-f-]{36}; /);
    expect(cookie.toLowerCase()).toContain("httponly");
    expect(cookie.toLowerCase()).toContain("samesite=lax");
    expect(cookie.toLowerCase()).toContain("path=/");
    const again = await visit(jar, `/blog/${ROSES}`);
    expect(again.headers.getSetCookie().some((header) => header.startsWith("visitor="))).toBe(false);
  });
});

// ---------------------------------------------------------------- stored HTML

describe("an article written with scripts in its HTML", () => {
  it("is stored clean when staff save it, and renders without anything executable, keeping the safe markup", async () => {
    const slug = `hostile-${crypto.randomUUID().slice(0, 8)}`;
    const content = [
      '<h2 id="intro">Intro</h2><p>Safe text stays.</p>',
      "<script>window.__pwnedScript = 1</script>",
      "<SCRIPT SRC=https://evil.example/__pwnedSrc.js></SCRIPT>",
      '<img src="/images/blog/pompom-dahlias.svg" onerror="window.__pwnedImg = 1" alt="A dahlia">',
      '<a href="javascript:window.__pwnedLink = 1">click</a>',
      '<a href="jav&#x09;ascript:window.__pwnedTab = 1">tab</a>',
      '<a href="javascript&colon;window.__pwnedColon = 1">colon</a>',
      '<iframe src="https://evil.example/__pwnedFrame"></iframe>',
      '<p style="background:url(javascript:window.__pwnedStyle = 1)">styled</p>',
      '<svg onload="window.__pwnedSvg = 1"><script>window.__pwnedSvgScript = 1</script></svg>',
      '<form action="https://evil.example/__pwnedForm"><input name="q"></form>',
      '<a title="t" href="https://example.com/wire">outside</a>',
    ].join("\n");
    // Written as staff write tutorials: the back office sanitizes the HTML as it stores it.
    let ip = 0;
    const { call } = apiClient(() => `203.0.113.${(++ip % 250) + 1}`);
    const token = await apiToken("203.0.113.251", ADMIN);
    const created = await call("POST", "/api/admin/blogs", {
      token,
      body: {
        title: "A Hostile Tutorial",
        slug,
        excerpt: "Nothing to see.",
        content,
        difficulty: "beginner",
        author_name: "Mallory",
        status: "published",
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    try {
      const stored = await env.DB.prepare("SELECT content FROM blogs WHERE id = ?")
        .bind(id)
        .first<{ content: string }>();
      expect(stored!.content).not.toMatch(/__pwned|<script|\son\w+=|javascript/i);
      const response = await get(`/blog/${slug}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(h1(html)).toBe("A Hostile Tutorial");
      // Nowhere on the page, not in the markup nor in the data handed to the browser for hydration.
      expect(html).not.toContain("__pwned");
      const article = articleContent(html);
      expect(article).not.toMatch(/<script|<iframe|<svg|<form|<input|\son\w+=|style=|javascript/i);
      expect(article).toContain('<h2 id="intro">Intro</h2><p>Safe text stays.</p>');
      expect(article).toContain('<img src="/images/blog/pompom-dahlias.svg" alt="A dahlia">');
      expect(article).toContain("<a>click</a>");
      expect(article).toContain("<a>tab</a>");
      expect(article).toContain("<a>colon</a>");
      expect(article).toContain("<p>styled</p>");
      expect(article).toContain(
        '<a rel="noopener noreferrer nofollow" title="t" href="https://example.com/wire">outside</a>',
      );
      // The page shows the HTML exactly as stored, and the API hands out the same.
      expect(article).toBe(stored!.content);
      const api = await getJson(`/api/blogs/${slug}`);
      expect(api.body.data.content).toBe(stored!.content);
    } finally {
      expect((await call("DELETE", `/api/admin/blogs/${id}`, { token })).status).toBe(200);
    }
  });
});

// ---------------------------------------------------------------- likes

describe("liking an article", () => {
  let roses: BlogRow;
  const slug = "kraft-paper-bouquet-wrapping";
  let blog: BlogRow;

  beforeAll(async () => {
    roses = await blogRow(ROSES);
    blog = await blogRow(slug);
  });

  it("likes with a plain form post: 302 back to the article, a toast, and the button pressed", async () => {
    const jar = await visitorOf(slug);
    const before = (await counts(blog.id)).like_count;
    const response = await postForm(jar, `/blog/${slug}`, { blog_id: String(blog.id), liked: "true" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/blog/${slug}`);
    expect((await counts(blog.id)).like_count).toBe(before + 1);
    const page = await (await visit(jar, `/blog/${slug}`)).text();
    expect(visibleText(page)).toContain("Thanks for liking this tutorial!");
    expect(page).toMatch(
      /<input type="hidden" name="liked" value="false"\/><button type="submit" aria-pressed="true"[^>]*><span aria-hidden="true">♥<\/span>Liked<\/button>/,
    );
    expect(visibleText(page)).toContain(`${before + 1} people like this tutorial`);
    // The toast shows once.
    expect(visibleText(await (await visit(jar, `/blog/${slug}`)).text())).not.toContain(
      "Thanks for liking this tutorial!",
    );

    // A second like from the same visitor counts once.
    expect((await postForm(jar, `/blog/${slug}`, { blog_id: String(blog.id), liked: "true" })).status).toBe(302);
    expect((await counts(blog.id)).like_count).toBe(before + 1);

    // Unliking takes it back, once.
    const unlike = await postForm(jar, `/blog/${slug}`, { blog_id: String(blog.id), liked: "false" });
    expect(unlike.status).toBe(302);
    expect((await counts(blog.id)).like_count).toBe(before);
    const after = await (await visit(jar, `/blog/${slug}`)).text();
    expect(visibleText(after)).toContain("Like removed");
    expect(after).toMatch(
      /<button type="submit" aria-pressed="false"[^>]*><span aria-hidden="true">♡<\/span>Like<\/button>/,
    );
    await postForm(jar, `/blog/${slug}`, { blog_id: String(blog.id), liked: "false" });
    expect((await counts(blog.id)).like_count).toBe(before);
  });

  it("gives a visitor who likes before any page view a visitor cookie along with the toast, so the like stays theirs", async () => {
    const jar = new CookieJar();
    const before = (await counts(blog.id)).like_count;
    const response = await postForm(jar, `/blog/${slug}`, { blog_id: String(blog.id), liked: "true" });
    expect(response.status).toBe(302);
    const names = response.headers.getSetCookie().map((cookie) => cookie.split("=")[0]);
    expect(names).toEqual(expect.arrayContaining(["visitor", "toast"]));
    const visitor = jar.get("visitor")!;
    expect(await likeRows(blog.id, `v:${visitor}`)).toBe(1);
    const page = await (await visit(jar, `/blog/${slug}`)).text();
    expect(page).toContain('aria-pressed="true"');
    await postForm(jar, `/blog/${slug}`, { blog_id: String(blog.id), liked: "true" });
    expect((await counts(blog.id)).like_count).toBe(before + 1);
    await postForm(jar, `/blog/${slug}`, { blog_id: String(blog.id), liked: "false" });
    expect((await counts(blog.id)).like_count).toBe(before);
  });

  it("answers JSON to a JavaScript fetcher (respond=data), idempotently", async () => {
    const jar = await visitorOf(slug);
    const before = (await counts(blog.id)).like_count;
    const path = `/blog/${slug}?_data=${DATA_ROUTE}`;
    const liked = await postForm(jar, path, { blog_id: String(blog.id), liked: "true", respond: "data" });
    expect(liked.status).toBe(200);
    expect(liked.headers.get("Content-Type")).toContain("application/json");
    expect(await liked.json()).toEqual({ like_count: before + 1, liked: true });
    const again = await postForm(jar, path, { blog_id: String(blog.id), liked: "true", respond: "data" });
    expect(await again.json()).toEqual({ like_count: before + 1, liked: true });
    const unliked = await postForm(jar, path, { blog_id: String(blog.id), liked: "false", respond: "data" });
    expect(await unliked.json()).toEqual({ like_count: before, liked: false });
    expect((await counts(blog.id)).like_count).toBe(before);
  });

  it("likes through the API for the visitor cookie, answering {like_count, liked}; twice counts once; DELETE unlikes", async () => {
    const before = (await counts(roses.id)).like_count;
    const first = await apiLike(roses.id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, data: { like_count: before + 1, liked: true } });
    expect(first.response.headers.get("Cache-Control")).toBe("no-store");
    const cookie = first.response.headers
      .getSetCookie()
      .find((header) => header.startsWith("visitor="))!
      .split(";")[0]!;
    const second = await apiLike(roses.id, { cookie });
    expect(second.body.data).toEqual({ like_count: before + 1, liked: true });
    // No second visitor id (the write's D1 bookmark may come back: docs/decisions/016).
    expect(second.response.headers.getSetCookie().filter((header) => !header.startsWith("db_bookmark="))).toEqual([]);
    expect((await counts(roses.id)).like_count).toBe(before + 1);

    const unlike = await apiLike(roses.id, { method: "DELETE", cookie });
    expect(unlike.status).toBe(200);
    expect(unlike.body.data).toEqual({ like_count: before, liked: false });
    const unlikeAgain = await apiLike(roses.id, { method: "DELETE", cookie });
    expect(unlikeAgain.body.data).toEqual({ like_count: before, liked: false });
    expect((await counts(roses.id)).like_count).toBe(before);
  });

  it("counts 10 concurrent likes from one visitor once, through the API and the page", async () => {
    const jar = await visitorOf(ROSES);
    const before = (await counts(roses.id)).like_count;
    const api = await Promise.all(Array.from({ length: 10 }, () => apiLike(roses.id, { cookie: jar.header() })));
    expect(api.map((result) => result.status)).toEqual(Array(10).fill(200));
    expect((await counts(roses.id)).like_count).toBe(before + 1);
    expect(await likeRows(roses.id, `v:${jar.get("visitor")}`)).toBe(1);
    expect(api.every((result) => result.body.data.liked === true && result.body.data.like_count === before + 1)).toBe(
      true,
    );

    const page = await Promise.all(
      Array.from({ length: 10 }, () =>
        postForm(jar, `/blog/${ROSES}?_data=${DATA_ROUTE}`, {
          blog_id: String(roses.id),
          liked: "true",
          respond: "data",
        }),
      ),
    );
    expect(page.map((response) => response.status)).toEqual(Array(10).fill(200));
    expect((await counts(roses.id)).like_count).toBe(before + 1);

    const unlikes = await Promise.all(
      Array.from({ length: 10 }, () => apiLike(roses.id, { method: "DELETE", cookie: jar.header() })),
    );
    expect(unlikes.every((result) => result.status === 200)).toBe(true);
    expect((await counts(roses.id)).like_count).toBe(before);
    expect(await likeRows(roses.id, `v:${jar.get("visitor")}`)).toBe(0);
  });

  it("counts different visitors separately", async () => {
    const before = (await counts(roses.id)).like_count;
    const one = await visitorOf(ROSES);
    const two = await visitorOf(ROSES);
    expect(one.get("visitor")).not.toBe(two.get("visitor"));
    await postForm(one, `/blog/${ROSES}`, { blog_id: String(roses.id), liked: "true" });
    const second = await apiLike(roses.id, { cookie: two.header() });
    expect(second.body.data.like_count).toBe(before + 2);
    expect((await counts(roses.id)).like_count).toBe(before + 2);
    // One of them unliking leaves the other's like.
    await postForm(one, `/blog/${ROSES}`, { blog_id: String(roses.id), liked: "false" });
    expect((await counts(roses.id)).like_count).toBe(before + 1);
    expect((await visit(two, `/blog/${ROSES}`)).status).toBe(200);
    expect(await (await visit(two, `/blog/${ROSES}`)).text()).toContain('aria-pressed="true"');
    await apiLike(roses.id, { method: "DELETE", cookie: two.header() });
    expect((await counts(roses.id)).like_count).toBe(before);
  });

  it("counts a bearer user once, from any device, and lets them unlike", async () => {
    const token = await bearerToken();
    const before = (await counts(roses.id)).like_count;
    const laptop = await visitorOf(ROSES);
    const phone = await visitorOf(ROSES);
    const first = await apiLike(roses.id, { token, cookie: laptop.header() });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ like_count: before + 1, liked: true });
    expect(first.response.headers.getSetCookie()).toEqual([]);
    const again = await apiLike(roses.id, { token, cookie: phone.header() });
    expect(again.body.data).toEqual({ like_count: before + 1, liked: true });
    const bare = await apiLike(roses.id, { token });
    expect(bare.body.data).toEqual({ like_count: before + 1, liked: true });
    expect((await counts(roses.id)).like_count).toBe(before + 1);
    const concurrent = await Promise.all(Array.from({ length: 10 }, () => apiLike(roses.id, { token })));
    expect(concurrent.every((result) => result.status === 200)).toBe(true);
    expect((await counts(roses.id)).like_count).toBe(before + 1);
    const unlike = await apiLike(roses.id, { method: "DELETE", token });
    expect(unlike.body.data).toEqual({ like_count: before, liked: false });
    expect((await counts(roses.id)).like_count).toBe(before);
  });

  it("keeps a bearer user's like under their user id, apart from any visitor cookie", async () => {
    const token = await bearerToken();
    const userId = (await getJson("/api/v1/auth/profile", { headers: { Authorization: `Bearer ${token}` } })).body.data
      .id as number;
    expect(userId).toBeGreaterThan(0);
    const jar = await visitorOf(ROSES);
    await apiLike(roses.id, { token, cookie: jar.header() });
    expect(await likeRows(roses.id, `u:${userId}`)).toBe(1);
    expect(await likeRows(roses.id, `v:${jar.get("visitor")}`)).toBe(0);
    await apiLike(roses.id, { method: "DELETE", token });
    expect(await likeRows(roses.id, `u:${userId}`)).toBe(0);
  });

  it("refuses a bearer token that is not valid with 401", async () => {
    const before = (await counts(roses.id)).like_count;
    const refused = await apiLike(roses.id, { token: "not-a-token" });
    expect(refused.status).toBe(401);
    expect((await counts(roses.id)).like_count).toBe(before);
  });

  it("answers 404 for a like on a draft or an unknown id, through the API and the page, and counts nothing", async () => {
    const draftBefore = await counts(draftRow.id);
    for (const id of [draftRow.id, 999999, "abc", 0, "12345678901"]) {
      for (const method of ["POST", "DELETE"] as const) {
        const result = await apiLike(id, { method });
        expect(result.status, `${method} ${id}`).toBe(404);
        expect(result.body).toEqual({ success: false, message: "Article Not Found" });
      }
    }
    for (const id of [draftRow.id, 999999]) {
      const jar = new CookieJar();
      const page = await postForm(jar, `/blog/${ROSES}`, { blog_id: String(id), liked: "true" });
      expect(page.status).toBe(404);
      expect(h1(await page.text())).toBe("Article Not Found");
      const data = await postForm(jar, `/blog/${ROSES}?_data=${DATA_ROUTE}`, {
        blog_id: String(id),
        liked: "true",
        respond: "data",
      });
      expect(data.status).toBe(404);
      await data.text();
    }
    // A blog_id that is not a number goes back to the article with an error toast.
    const jar = new CookieJar();
    const bad = await postForm(jar, `/blog/${ROSES}`, { blog_id: "abc", liked: "true" });
    expect(bad.status).toBe(302);
    expect(bad.headers.get("Location")).toBe(`/blog/${ROSES}`);
    expect(visibleText(await (await visit(jar, `/blog/${ROSES}`)).text())).toContain("Article Not Found");
    expect(await counts(draftRow.id)).toEqual(draftBefore);
    expect(await likeRows(draftRow.id)).toBe(0);
  });
});

// ---------------------------------------------------------------- views

describe("counting views", () => {
  const slug = "fuzzy-spring-tulips";

  it("counts a new visitor's view once, after the response, and not again the same day", async () => {
    const blog = await blogRow(slug);
    const before = (await counts(blog.id)).view_count;
    const jar = new CookieJar();
    const first = await visit(jar, `/blog/${slug}`);
    expect(first.status).toBe(200);
    // The page shows the count as it was: the view is written after the answer.
    expect(visibleText(await first.text())).toContain(`${before} views`);
    expect(await viewCountReaching(blog.id, before + 1)).toBe(before + 1);

    // The same visitor again, the same day: no change. A new visitor after that: one more.
    // (The second visit's write is sent before the third request starts, so once the third
    // visitor's view shows, the second visit's has been handled.)
    expect((await visit(jar, `/blog/${slug}`)).status).toBe(200);
    expect((await visit(new CookieJar(), `/blog/${slug}`)).status).toBe(200);
    expect(await viewCountReaching(blog.id, before + 2)).toBe(before + 2);
    const { results } = await env.DB.prepare(
      "SELECT visitor_id, day FROM blog_views WHERE blog_id = ? AND visitor_id = ?",
    )
      .bind(blog.id, `v:${jar.get("visitor")}`)
      .all<{ visitor_id: string; day: string }>();
    expect(results).toHaveLength(1);
    expect(results[0]!.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("does not count a view of a draft or a missing article", async () => {
    const before = await counts(draftRow.id);
    expect((await get(`/blog/${DRAFT.slug}`)).status).toBe(404);
    // A view of a real article afterwards is written; by then the draft's would have been too.
    const other = await blogRow(slug);
    const otherBefore = (await counts(other.id)).view_count;
    await visit(new CookieJar(), `/blog/${slug}`);
    expect(await viewCountReaching(other.id, otherBefore + 1)).toBe(otherBefore + 1);
    expect(await counts(draftRow.id)).toEqual(before);
    expect(
      (await env.DB.prepare("SELECT count(*) AS n FROM blog_views WHERE blog_id = ?")
        .bind(draftRow.id)
        .first<{ n: number }>())!.n,
    ).toBe(0);
  });
});
