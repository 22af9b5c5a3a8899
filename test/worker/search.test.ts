import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN, CUSTOMER } from "../fixtures/accounts";
import { SEARCH_MESSAGES, SUGGESTIONS_MAX } from "../../app/lib/search";
import { decode, get, getJson, readTagVersions, roundTrips, visibleText, visit } from "./helpers";
import { apiClient, apiToken, loggedIn } from "./fixtures";

// The shoppers' search as they see it: /search (results, facets, pages, a typo corrected, the
// empty and over-long queries, bad input), GET /api/search and /api/search/suggest, and what
// staff see of the searches that found nothing (/admin/searches, GET /api/admin/search-misses).

let counter = 0;
const newIp = () => `203.0.113.${(counter++ % 250) + 1}`;
const { call } = apiClient(newIp);

let adminToken: string;
let customerToken: string;

beforeAll(async () => {
  [adminToken, customerToken] = await Promise.all([apiToken(newIp(), ADMIN), apiToken(newIp(), CUSTOMER)]);
});

async function searchPage(query: string) {
  const response = await get(`/search${query}`);
  const html = await response.text();
  return { status: response.status, html, text: visibleText(html) };
}

/** The product names of a page's cards, marks and all, as a shopper reads them. */
const cardNames = (html: string) =>
  [...html.matchAll(/<h3[^>]*><a[^>]*href="\/product\/[^"]+"[^>]*>([\s\S]*?)<\/a><\/h3>/g)].map(([, name]) =>
    decode(name!.replace(/<[^>]+>/g, "")),
  );

const BAD_INPUTS = [
  '"rose',
  "rose*",
  "*",
  "rose NEAR tulip",
  "NEAR(rose tulip)",
  "-rose",
  "rose -",
  "(rose",
  "rose)]}",
  "x".repeat(1000),
  "🌹 rose 🌻",
  "'; DROP TABLE products; --",
  "rose' OR 1=1 --",
  "AND OR NOT",
  "^rose:*",
];

describe("/search", () => {
  it("shows products with the matched words marked, tutorials and the count, noindex but followed", async () => {
    const { status, html, text } = await searchPage("?q=roses");
    expect(status).toBe(200);
    expect(html).toContain("<title>Search results for “roses” | ");
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
    const names = cardNames(html);
    expect(names.length).toBeGreaterThan(0);
    // The name weighs most: the best matches are named so; others say it in their descriptions.
    expect(names[0]!.toLowerCase()).toContain("rose");
    expect(html).toMatch(/<mark[^>]*>Roses?<\/mark>/);
    expect(text).toMatch(new RegExp(`1-${names.length} of \\d+ products`));
    expect(text).toContain("How to Make Pipe-Cleaner Roses That Look Real");
    expect(text).toContain("Search results for “roses”");
  });

  it("pages the products 12 at a time, and sends to the blog for all the tutorials", async () => {
    const first = await searchPage("?q=bouquet");
    const total = Number(/of (\d+) products/.exec(first.text)?.[1]);
    expect(total).toBeGreaterThan(12);
    expect(cardNames(first.html)).toHaveLength(12);
    expect(first.html).toContain('href="/search?q=bouquet&amp;page=2"');
    const second = await searchPage("?q=bouquet&page=2");
    expect(second.text).toContain(`13-${Math.min(24, total)} of ${total} products`);
    expect(cardNames(second.html).some((name) => cardNames(first.html).includes(name))).toBe(false);
    expect(first.text).toMatch(/See all \d+ tutorials/);
    expect(first.html).toContain('href="/blog?search=bouquet"');
  });

  it("filters by a category facet, with each facet's count, and Clear All Filters keeps the words", async () => {
    const all = await getJson("/api/search?q=rose");
    const facet = all.body.data.facets.categories[0];
    expect(facet.count).toBeGreaterThan(0);
    const { html, text } = await searchPage(`?q=rose&category=${facet.slug}`);
    expect(text).toContain(`of ${facet.count} products`);
    expect(html).toMatch(new RegExp(`<input type="checkbox"[^>]*checked="" value="${facet.slug}"`));
    expect(html).toContain('href="/search?q=rose">Clear All Filters');
    const onSale = await getJson("/api/search?q=rose&on_sale=1");
    expect(onSale.body.data.products.pagination.total).toBe(all.body.data.facets.on_sale.count);
    const bucket = all.body.data.facets.prices.find((price: { count: number }) => price.count > 0);
    const priced = await getJson(
      `/api/search?q=rose&min_price=${bucket.min}${bucket.max === null ? "" : `&max_price=${bucket.max}`}`,
    );
    expect(priced.body.data.products.pagination.total).toBe(bucket.count);
    expect(priced.body.data.facets.prices.find((price: { selected: boolean }) => price.selected).min).toBe(bucket.min);
  });

  it("answers in at most 3 round trips, a typo's second search included", async () => {
    for (const path of ["/search?q=rose", "/search?q=lavendar", "/search?q=zzqxv", "/search"]) {
      await (await get(path)).text();
      const again = await get(path);
      await again.text();
      // The tag versions' read (once a second for any request) is not the page's own.
      expect(roundTrips(again) - (readTagVersions(again) ? 1 : 0)).toBeLessThanOrEqual(3);
    }
    const suggested = await get("/api/search/suggest?q=tuli");
    await suggested.text();
    expect(roundTrips(suggested) - (readTagVersions(suggested) ? 1 : 0)).toBe(1);
  });

  it("says what a typo meant, and shows its results", async () => {
    const { text, html } = await searchPage("?q=lavendar");
    expect(text).toMatch(/No results for “lavendar”\. Showing results for “lavender” ?\./);
    expect(cardNames(html).some((name) => name.includes("Lavender"))).toBe(true);
  });

  it("shows the spec's empty state with Clear All Filters when nothing matches", async () => {
    const { status, text, html } = await searchPage("?q=zzqxv");
    expect(status).toBe(200);
    expect(text).toContain("No products found");
    expect(html).toMatch(/href="\/search"[^>]*>Clear All Filters/);
  });

  it("without words, shows the search form and the popular categories", async () => {
    for (const query of ["", "?q=", "?q=%20%20", "?q=***"]) {
      const { status, html, text } = await searchPage(query);
      expect(status).toBe(200);
      expect(html).toContain("<title>Search | ");
      expect(text).toContain("Popular categories");
      expect(html).toMatch(/<form[^>]*action="\/search"/);
      expect(html).toContain('name="q"');
      expect(html).toContain('href="/categories/');
    }
  });

  it("cuts a query over 100 characters, and says so", async () => {
    const long = `rose ${"a".repeat(200)}`;
    const { status, html, text } = await searchPage(`?q=${long}`);
    expect(status).toBe(200);
    expect(text).toContain(SEARCH_MESSAGES.shortened);
    expect(html).toContain(`value="rose ${"a".repeat(95)}"`);
  });

  it("leaves out a bad filter, with its message, and searches with the rest", async () => {
    const { status, text } = await searchPage("?q=rose&min_price=abc&page=zero&on_sale=maybe");
    expect(status).toBe(200);
    expect(text).toContain("The min price must be a number.");
    expect(text).toContain("The page must be an integer.");
    expect(text).toContain("The on sale field must be true or false.");
    expect(text).toMatch(/of \d+ products/);
  });

  it.each(BAD_INPUTS)("never fails on %j", async (q) => {
    const page = await searchPage(`?${new URLSearchParams({ q })}`);
    expect(page.status).toBe(200);
    const api = await getJson(`/api/search?${new URLSearchParams({ q })}`);
    expect(api.status).toBe(200);
    expect(api.body.success).toBe(true);
    const suggest = await getJson(`/api/search/suggest?${new URLSearchParams({ q })}`);
    expect(suggest.status).toBe(200);
    expect(suggest.body.data.suggestions.length).toBeLessThanOrEqual(SUGGESTIONS_MAX);
  });
});

describe("GET /api/search", () => {
  it("answers the page's search, null without words, and never cached", async () => {
    const { status, body, response } = await getJson("/api/search?q=sunflower");
    expect(status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(body.data.query).toBe("sunflower");
    expect(body.data.products.data[0].name_marked.some((piece: { mark: boolean }) => piece.mark)).toBe(true);
    expect(body.data.tutorials.total).toBeGreaterThan(0);
    expect((await getJson("/api/search?q=")).body.data).toBeNull();
  });

  it("cuts an over-long q and says so in `message`; a bad filter is a 422", async () => {
    const long = await getJson(`/api/search?q=${"rose ".repeat(200)}`);
    expect(long.status).toBe(200);
    expect(long.body.message).toBe(SEARCH_MESSAGES.shortened);
    const bad = await getJson("/api/search?q=rose&max_price=-1");
    expect(bad.status).toBe(422);
    expect(bad.body.errors.max_price).toEqual(["The max price must be at least 0."]);
  });
});

describe("GET /api/search/suggest", () => {
  it("gives at most 8 products, categories and tutorials with their image, url and price", async () => {
    const { status, body } = await getJson("/api/search/suggest?q=ros");
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data.query).toBe("ros");
    const suggestions = body.data.suggestions as Array<Record<string, any>>;
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(SUGGESTIONS_MAX);
    for (const suggestion of suggestions) {
      expect(["product", "category", "tutorial"]).toContain(suggestion.type);
      expect(suggestion.url).toMatch(/^\/(product|categories|blog)\//);
      expect(suggestion.image).toBeTruthy();
      expect(suggestion.price === null).toBe(suggestion.type !== "product");
    }
    expect(suggestions.some((suggestion) => suggestion.type === "tutorial")).toBe(true);
  });

  it("gives none for an empty q, and cuts a 1,000-character one with a message", async () => {
    expect((await getJson("/api/search/suggest?q=")).body.data).toEqual({ query: "", suggestions: [] });
    expect((await getJson("/api/search/suggest")).body.data.suggestions).toEqual([]);
    const long = await getJson(`/api/search/suggest?q=${"r".repeat(1000)}`);
    expect(long.status).toBe(200);
    expect(long.body.message).toBe(SEARCH_MESSAGES.shortened);
  });
});

describe("the searches that found nothing", () => {
  it("are counted (the words only) and listed for staff, on the page and in the API", async () => {
    const terms = `qzxwv${Date.now().toString(36)}`;
    await searchPage(`?q=${terms}`);
    await getJson(`/api/search?q=${terms}`);
    let row: { searches: number } | null = null;
    for (let i = 0; i < 50 && (row?.searches ?? 0) < 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      row = await env.DB.prepare("SELECT sum(searches) AS searches FROM search_misses WHERE terms = ?")
        .bind(terms)
        .first<{ searches: number }>();
    }
    expect(row?.searches).toBe(2);

    const listed = await call("GET", "/api/admin/search-misses", { token: adminToken });
    expect(listed.status).toBe(200);
    const miss = listed.body.data.find((entry: { terms: string }) => entry.terms === terms);
    expect(miss).toEqual({ terms, searches: 2, last_searched: new Date().toISOString().slice(0, 10) });

    const admin = await loggedIn(ADMIN, newIp());
    const page = await visit(admin, "/admin/searches");
    expect(page.status).toBe(200);
    const text = visibleText(await page.text());
    expect(text).toContain("What shoppers searched for and did not find");
    expect(text).toContain(terms);
  });

  it("a search that found something is not counted", async () => {
    await searchPage("?q=tulip");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const row = await env.DB.prepare("SELECT count(*) AS n FROM search_misses WHERE terms = 'tulip'").first<{
      n: number;
    }>();
    expect(row?.n).toBe(0);
  });

  it("are for staff only: a customer is refused, a guest asked to sign in", async () => {
    expect((await call("GET", "/api/admin/search-misses", { token: customerToken })).status).toBe(403);
    expect((await call("GET", "/api/admin/search-misses")).status).toBe(401);
    const customer = await loggedIn(CUSTOMER, newIp());
    const page = await visit(customer, "/admin/searches");
    expect([302, 403, 404]).toContain(page.status);
    expect(visibleText(await page.text())).not.toContain("did not find");
  });
});
