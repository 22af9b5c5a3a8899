import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { blogCategories as seedBlogCategories, blogs as seedBlogs } from "../../db/seed/data/blog";
import { textOfHtml } from "../../app/lib/schemas/admin-blogs";
import { products as seedProducts } from "../../db/seed/data/products";
import { axeViolations } from "./axe";
import { BASE_URL, cartCount, MODES, newPage, open, settle, useBrowser } from "./browser";

const PAGE_SIZE = 9;
const PUBLISHED = seedBlogs.filter((blog) => blog.status === "published" && blog.published_at !== null);
const TOTAL = PUBLISHED.length;
/** Newest first, as the Latest tab lists them. */
const LATEST = [...PUBLISHED].sort((a, b) => b.published_at! - a.published_at!);
/** Code-unit order, as the Alphabetical tab (SQLite's binary collation) lists them. */
const ALPHABETICAL = PUBLISHED.map((blog) => blog.title).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** A term, and the posts with a word starting with it in their title, excerpt, tags, categories or text. */
const TERM = "rose";
const CATEGORY_NAMES = new Map(seedBlogCategories.map((category) => [category.slug, category.name]));
const MATCHES = PUBLISHED.filter((blog) =>
  [
    blog.title,
    blog.excerpt,
    textOfHtml(blog.content),
    ...blog.tags,
    ...blog.categories.map((slug) => CATEGORY_NAMES.get(slug) ?? ""),
  ].some((text) => new RegExp(`(^|[^\\p{L}\\p{N}])${TERM}`, "u").test(text.toLowerCase())),
);

const browser = useBrowser();

const cards = (page: Page) => page.locator("main article");
const cardTitles = (page: Page) => page.locator("main article h2").allInnerTexts();
const countText = (page: Page) => page.getByText(/^\d+-\d+ of \d+ tutorials?/).innerText();
const sortTabs = (page: Page) => page.getByRole("navigation", { name: "Sort tutorials" });
const likeButton = (page: Page) => page.getByRole("button", { name: /^Liked?$/ });
const likeCountText = (page: Page) => page.getByTestId("like-button-count").innerText();
const likeSentence = (count: number) => `${count} ${count === 1 ? "person likes" : "people like"} this tutorial`;
const parseLikes = (text: string) => Number(/^(\d+) /.exec(text)?.[1] ?? Number.NaN);
const marked = (page: Page) => page.evaluate(() => (window as unknown as { blogMarker?: number }).blogMarker);
const ascending = (values: string[]) =>
  values.every((value, index) => index === 0 || values[index - 1]!.localeCompare(value) <= 0);

describe.each(MODES)("the blog ($name)", ({ javaScriptEnabled }) => {
  it("searches the tutorials, keeping the term in the URL and the box", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await open(page, "/blog", javaScriptEnabled);
    expect(await cards(page).count()).toBe(PAGE_SIZE);

    await page.getByLabel("Search tutorials").fill(TERM);
    await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/blog" && url.searchParams.get("search") === TERM);
    await expect.poll(() => cards(page).count()).toBe(MATCHES.length);
    expect(MATCHES.length).toBeGreaterThan(0);
    expect(await countText(page)).toBe(
      `1-${MATCHES.length} of ${MATCHES.length} ${MATCHES.length === 1 ? "tutorial" : "tutorials"} matching "${TERM}"`,
    );
    expect((await cardTitles(page)).sort()).toEqual(MATCHES.map((blog) => blog.title).sort());
    expect(await page.getByLabel("Search tutorials").inputValue()).toBe(TERM);

    // The term survives a change of tab.
    await sortTabs(page).getByRole("link", { name: "Alphabetical" }).click();
    await page.waitForURL(
      (url) => url.searchParams.get("sort") === "alphabetical" && url.searchParams.get("search") === TERM,
    );
    await expect
      .poll(() => sortTabs(page).getByRole("link", { name: "Alphabetical" }).getAttribute("aria-current"))
      .toBe("page");
    expect(await cardTitles(page)).toEqual(
      MATCHES.map((blog) => blog.title).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    await context.close();
  });

  it("switches the sort tabs: Latest, Most Popular, Alphabetical", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await open(page, "/blog", javaScriptEnabled);
    const tab = (name: string) => sortTabs(page).getByRole("link", { name, exact: true });
    expect(await tab("Latest").getAttribute("aria-current")).toBe("page");
    expect(await tab("Most Popular").getAttribute("aria-current")).toBeNull();
    const latest = await cardTitles(page);
    expect(latest).toEqual(LATEST.slice(0, PAGE_SIZE).map((blog) => blog.title));
    const dates = await page
      .locator("main article time")
      .evaluateAll((times) => times.map((time) => time.getAttribute("datetime") ?? ""));
    expect(dates).toHaveLength(PAGE_SIZE);
    expect(dates.every((date, index) => index === 0 || Date.parse(dates[index - 1]!) >= Date.parse(date))).toBe(true);

    await tab("Most Popular").click();
    await page.waitForURL((url) => url.pathname === "/blog" && url.searchParams.get("sort") === "popular");
    await expect.poll(() => tab("Most Popular").getAttribute("aria-current")).toBe("page");
    expect(await tab("Latest").getAttribute("aria-current")).toBeNull();
    const popular = await cardTitles(page);
    expect(popular).toHaveLength(PAGE_SIZE);
    expect(popular).not.toEqual(latest);
    const views = (
      await page
        .locator("main article")
        .getByText(/^\d+ views?$/)
        .allTextContents()
    ).map((text) => Number.parseInt(text, 10));
    expect(views).toHaveLength(PAGE_SIZE);
    expect(views.every((count, index) => index === 0 || views[index - 1]! >= count)).toBe(true);

    await tab("Alphabetical").click();
    await page.waitForURL((url) => url.pathname === "/blog" && url.searchParams.get("sort") === "alphabetical");
    await expect.poll(() => tab("Alphabetical").getAttribute("aria-current")).toBe("page");
    expect(await tab("Most Popular").getAttribute("aria-current")).toBeNull();
    const alphabetical = await cardTitles(page);
    expect(alphabetical).toEqual(ALPHABETICAL.slice(0, PAGE_SIZE));
    expect(ascending(alphabetical)).toBe(true);
    expect(alphabetical).not.toEqual(latest);

    await tab("Latest").click();
    await page.waitForURL((url) => url.pathname === "/blog" && url.search === "");
    await expect.poll(() => tab("Latest").getAttribute("aria-current")).toBe("page");
    expect(await cardTitles(page)).toEqual(latest);
    await context.close();
  });

  it("pages to page 2 and back with Previous", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await open(page, "/blog", javaScriptEnabled);
    const firstPage = await cardTitles(page);
    expect(await countText(page)).toBe(`1-${PAGE_SIZE} of ${TOTAL} tutorials`);
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    expect(await pagination.getByRole("link", { name: "Previous" }).count()).toBe(0);

    await pagination.getByRole("link", { name: "Next" }).click();
    await page.waitForURL((url) => url.pathname === "/blog" && url.searchParams.get("page") === "2");
    await expect.poll(() => countText(page)).toBe(`${PAGE_SIZE + 1}-${TOTAL} of ${TOTAL} tutorials`);
    const secondPage = await cardTitles(page);
    expect(secondPage).toEqual(LATEST.slice(PAGE_SIZE).map((blog) => blog.title));
    expect(secondPage.some((title) => firstPage.includes(title))).toBe(false);
    expect(await pagination.locator('[aria-current="page"]').innerText()).toBe("2");
    expect(await pagination.getByRole("link", { name: "Next" }).count()).toBe(0);

    await pagination.getByRole("link", { name: "Previous" }).click();
    await page.waitForURL((url) => url.pathname === "/blog" && !url.searchParams.has("page"));
    await expect.poll(() => countText(page)).toBe(`1-${PAGE_SIZE} of ${TOTAL} tutorials`);
    expect(await cardTitles(page)).toEqual(firstPage);

    await pagination.getByRole("link", { name: "Page 2" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await expect.poll(() => cardTitles(page)).toEqual(secondPage);
    await context.close();
  });

  it("shows the empty state for a search with no results, with a way back to every tutorial", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await open(page, "/blog", javaScriptEnabled);
    const term = "zebra origami";
    await page.getByLabel("Search tutorials").fill(term);
    await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("search") === term);
    const empty = page.getByText(`No tutorials found for "${term}"`, { exact: true });
    await empty.waitFor();
    expect(await cards(page).count()).toBe(0);
    expect(await page.getByRole("navigation", { name: "Pagination" }).count()).toBe(0);

    await page.getByRole("link", { name: "Show All Tutorials" }).click();
    await page.waitForURL((url) => url.pathname === "/blog" && url.search === "");
    await expect.poll(() => cards(page).count()).toBe(PAGE_SIZE);
    await empty.waitFor({ state: "detached" });
    await context.close();
  });

  it("opens an article from its card, with its details, and walks to the previous and next tutorials", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await open(page, "/blog", javaScriptEnabled);
    const blog = LATEST[0]!;
    await cards(page).first().getByRole("link", { name: blog.title, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/blog/${blog.slug}`);
    await settle(page, javaScriptEnabled);

    await expect.poll(() => page.locator("h1").innerText()).toBe(blog.title);
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    expect(await breadcrumb.getByRole("link", { name: "Home" }).getAttribute("href")).toBe("/");
    expect(await breadcrumb.getByRole("link", { name: "Blog" }).getAttribute("href")).toBe("/blog");
    expect(await breadcrumb.locator('[aria-current="page"]').innerText()).toBe(blog.title);
    const header = await page.locator("main article header").first().innerText();
    expect(header).toContain(blog.author_name);
    expect(header).toContain(`${blog.reading_time ?? 5} min read`);
    expect(Date.parse((await page.locator("main article header time").first().getAttribute("datetime")) ?? "")).toBe(
      blog.published_at! * 1000,
    );
    const tags = page.getByRole("list", { name: "Tags" });
    expect(await tags.getByRole("link").allInnerTexts()).toEqual(blog.tags.map((tag) => `#${tag}`).sort());
    expect(await page.locator(".prose-article h2").count()).toBeGreaterThan(0);
    expect(await page.locator(".prose-article script").count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Similar Tutorials" }).isVisible()).toBe(true);

    const index = LATEST.indexOf(blog);
    const older = LATEST[index + 1]!;
    const more = page.getByRole("navigation", { name: "More tutorials" });
    await more.getByRole("link", { name: new RegExp(`Previous tutorial\\s*${escapeRegExp(older.title)}`) }).click();
    await page.waitForURL((url) => url.pathname === `/blog/${older.slug}`);
    await expect.poll(() => page.locator("h1").innerText()).toBe(older.title);

    await more.getByRole("link", { name: new RegExp(`Next tutorial\\s*${escapeRegExp(blog.title)}`) }).click();
    await page.waitForURL((url) => url.pathname === `/blog/${blog.slug}`);
    await expect.poll(() => page.locator("h1").innerText()).toBe(blog.title);
    await context.close();
  });

  it("likes an article (count +1, Liked) and unlikes it", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    const blog = LATEST[1]!;
    const path = `/blog/${blog.slug}`;
    await open(page, path, javaScriptEnabled);
    const before = parseLikes(await likeCountText(page));
    expect(before).toBeGreaterThanOrEqual(blog.like_count);
    expect(await likeCountText(page)).toBe(likeSentence(before));
    expect(await likeButton(page).innerText()).toContain("Like");
    expect(await likeButton(page).getAttribute("aria-pressed")).toBe("false");

    if (javaScriptEnabled) await page.evaluate(() => ((window as unknown as { blogMarker: number }).blogMarker = 42));
    // With JavaScript the count changes before the server answers: wait for the answer itself before
    // leaving the page (networkidle may already have been reached and would not wait).
    const liked = javaScriptEnabled
      ? page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === path)
      : null;
    await likeButton(page).click();
    await liked;
    await expect.poll(() => likeCountText(page)).toBe(likeSentence(before + 1));
    await expect.poll(() => likeButton(page).getAttribute("aria-pressed")).toBe("true");
    expect((await likeButton(page).innerText()).trim()).toMatch(/Liked$/);
    expect(new URL(page.url()).pathname).toBe(path);
    if (javaScriptEnabled) {
      expect(new URL(page.url()).search).toBe("");
      expect(await marked(page)).toBe(42);
      await page.waitForLoadState("networkidle");
    }

    // The like is the server's, not only the page's.
    await open(page, path, javaScriptEnabled);
    expect(await likeCountText(page)).toBe(likeSentence(before + 1));
    expect(await likeButton(page).getAttribute("aria-pressed")).toBe("true");

    if (javaScriptEnabled) await page.evaluate(() => ((window as unknown as { blogMarker: number }).blogMarker = 43));
    const unliked = javaScriptEnabled
      ? page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === path)
      : null;
    await likeButton(page).click();
    await unliked;
    await expect.poll(() => likeCountText(page)).toBe(likeSentence(before));
    await expect.poll(() => likeButton(page).getAttribute("aria-pressed")).toBe("false");
    expect((await likeButton(page).innerText()).trim()).toMatch(/Like$/);
    expect(new URL(page.url()).pathname).toBe(path);
    if (javaScriptEnabled) {
      expect(await marked(page)).toBe(43);
      await page.waitForLoadState("networkidle");
    }

    await open(page, path, javaScriptEnabled);
    expect(await likeCountText(page)).toBe(likeSentence(before));
    expect(await likeButton(page).getAttribute("aria-pressed")).toBe("false");
    await context.close();
  });

  it("follows a product from Shop the Tutorial to its page and adds it to the cart", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    const blog = LATEST[0]!;
    await open(page, `/blog/${blog.slug}`, javaScriptEnabled);
    const shop = page.getByRole("region", { name: "Shop the Tutorial" });
    const related = blog.related_products.map((slug) => seedProducts.find((product) => product.slug === slug)!);
    expect(await shop.locator("article h3").allInnerTexts()).toEqual(related.map((product) => product.name));
    for (const text of await shop.locator("article").allInnerTexts()) expect(text).toMatch(/\$\d+\.\d{2}/);
    expect(await shop.getByRole("button", { name: /^Add to Cart/ }).count()).toBe(
      // A bouquet sold in sizes or colours offers Choose Options instead.
      related.filter((product) => product.stock > 0 && !product.options).length,
    );
    expect(await cartCount(page)).toBe("0");

    const product = related.find((item) => item.stock >= 5)!;
    await shop.getByRole("link", { name: product.name, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/product/${product.slug}`);
    await settle(page, javaScriptEnabled);
    await expect.poll(() => page.locator("h1").innerText()).toBe(product.name);

    await page
      .locator("main")
      .getByRole("button", { name: /^Add to Cart/ })
      .first()
      .click();
    await expect.poll(() => cartCount(page)).toBe("1");
    expect(new URL(page.url()).pathname).toBe(`/product/${product.slug}`);
    await context.close();
  });

  it("adds a product to the cart from the article's own card, staying on the article", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    const blog = LATEST[0]!;
    const path = `/blog/${blog.slug}`;
    await open(page, path, javaScriptEnabled);
    if (javaScriptEnabled) await page.evaluate(() => ((window as unknown as { blogMarker: number }).blogMarker = 7));
    const product = blog.related_products
      .map((slug) => seedProducts.find((item) => item.slug === slug)!)
      .find((item) => item.stock >= 5 && !item.options)!;
    const card = page
      .getByRole("region", { name: "Shop the Tutorial" })
      .locator("article", { has: page.getByRole("link", { name: product.name, exact: true }) });
    await card.getByRole("button", { name: /^Add to Cart/ }).click();
    await expect.poll(() => cartCount(page)).toBe("1");
    expect(new URL(page.url()).pathname).toBe(path);
    if (javaScriptEnabled) expect(await marked(page)).toBe(7);
    await context.close();
  });
});

describe("the Like button with JavaScript", () => {
  it("changes at once, before the server answers", async () => {
    const { context, page } = await newPage(browser(), true);
    const blog = LATEST[2]!;
    const path = `/blog/${blog.slug}`;
    await open(page, path, true);
    const before = parseLikes(await likeCountText(page));
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === path && url.searchParams.has("_data"),
      async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        await held;
        await route.continue();
      },
    );
    await likeButton(page).click();
    await expect.poll(() => likeCountText(page)).toBe(likeSentence(before + 1));
    expect(await likeButton(page).getAttribute("aria-pressed")).toBe("true");
    release();
    await page.waitForLoadState("networkidle");
    expect(await likeCountText(page)).toBe(likeSentence(before + 1));
    expect(await likeButton(page).getAttribute("aria-pressed")).toBe("true");
    await context.close();
  });
});

describe("accessibility of the blog", () => {
  for (const path of ["/blog", `/blog/${LATEST[0]!.slug}`]) {
    it(`${path} has no axe violations`, async () => {
      // axe is injected as a script tag, which the pages' nonce-based Content-Security-Policy would refuse.
      const context = await browser().newContext({ baseURL: BASE_URL, bypassCSP: true });
      const page = await context.newPage();
      await open(page, path, true);
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });
  }
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
