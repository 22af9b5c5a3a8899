import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { TAGS } from "../../app/lib/cache-tags";
import { addressesFrom } from "../fixtures/accounts";
import { shopper } from "../fixtures/checkout";
import { Pool } from "./fixtures";
import {
  CookieJar,
  get,
  getJson,
  forgetTagVersions,
  markChanged,
  ownQueryCount,
  postForm,
  queryCount,
  visibleText,
  visit,
} from "./helpers";

// Fresh data (docs/decisions/007): every cached read, warmed by reading twice, shows a write at once
// on the next read, on the API and on the page, in the data centre that took the write, with no
// wait. And an unrelated entry stays cached.

const HIT = 'cache;desc="hit"';
const isHit = (response: Response) => (response.headers.get("Server-Timing") ?? "").includes(HIT);
/** Lets the cache's puts (made after the answer, with waitUntil) land. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 60));

const newAddress = addressesFrom((n) => `198.51.100.${n}`);

interface ProductRow {
  id: number;
  slug: string;
  name: string;
  unit_price_cents: number;
  stock: number;
  sold_count: number;
  category_id: number;
}

/** Products with 10 to 90 in stock (so the quantity input's maximum is the stock), one per test. */
const pool = new Pool<ProductRow>();
const take = () => pool.take();

beforeAll(async () => {
  const { results } = await env.DB.prepare(
    "SELECT id, slug, name, unit_price_cents, stock, sold_count, category_id FROM products WHERE is_active = 1 AND stock BETWEEN 10 AND 90 ORDER BY id DESC",
  ).all<ProductRow>();
  pool.fill(results);
});

const productRow = async (id: number) =>
  (await env.DB.prepare(
    "SELECT id, slug, name, unit_price_cents, stock, sold_count, category_id FROM products WHERE id = ?",
  )
    .bind(id)
    .first<ProductRow>())!;

const customer = shopper({ email: "rosa.fresh@example.com" });

async function orderThroughApi(product: ProductRow, quantity: number) {
  const response = await get("/api/orders", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": newAddress() },
    body: JSON.stringify({
      items: [{ product_id: product.id, quantity }],
      // An address of its own: a guest's orders are limited per address.
      customer: { ...customer, email: `rosa.fresh.${crypto.randomUUID().slice(0, 8)}@example.com` },
      payment_method: "cash_on_delivery",
    }),
  });
  expect(response.status).toBe(201);
  return response;
}

/** The product page's quantity input allows at most the stock (under 99): what a shopper can buy. */
function pageStock(html: string): number {
  const input = /<input[^>]*name="quantity"[^>]*>/.exec(html)?.[0] ?? "";
  return Number(/max="(\d+)"/.exec(input)?.[1]);
}

const pageSold = (html: string) => Number(/([\d,]+) sold/.exec(visibleText(html))?.[1]?.replace(/,/g, ""));

/** Reads a path twice, so that the second read comes from the cache, and answers the second. */
async function warm(path: string, init?: RequestInit) {
  await get(path, init).then((response) => response.arrayBuffer());
  await settle();
  const second = await get(path, init);
  return second;
}

describe("an order", () => {
  it("through the API: the product API shows the new stock and sales at once, while another product stays cached", async () => {
    const product = take();
    // Another product of another category: the ordered one is not among its related products.
    const other = pool.takeWhere((p) => p.category_id !== product.category_id);
    const warmed = await warm(`/api/products/slug/${product.slug}`);
    expect(isHit(warmed)).toBe(true);
    expect(((await warmed.json()) as any).data.stock).toBe(product.stock);
    expect(isHit(await warm(`/api/products/slug/${other.slug}`))).toBe(true);

    await orderThroughApi(product, 3);

    const after = await getJson(`/api/products/slug/${product.slug}`);
    expect(after.body.data.stock).toBe(product.stock - 3);
    expect(after.body.data.sold).toBe(product.sold_count + 3);
    expect(after.body.data.in_stock).toBe(true);
    // Not a miss of everything: the other product's answer is still served from the cache.
    const untouched = await get(`/api/products/slug/${other.slug}`);
    expect(isHit(untouched)).toBe(true);
    expect(ownQueryCount(untouched)).toBe(0);
  });

  it("that takes the last units: the API says out of stock, so the next client does not try to buy them", async () => {
    const product = take();
    const stock = (await productRow(product.id)).stock;
    await warm(`/api/products/slug/${product.slug}`);
    await orderThroughApi(product, stock);
    const after = await getJson(`/api/products/slug/${product.slug}`);
    expect(after.body.data).toMatchObject({ stock: 0, in_stock: false });
  });

  it("through the API: the product page and the lists show it at once", async () => {
    const product = take();
    const page = `/product/${product.slug}`;
    const before = await (await warm(page)).text();
    expect(pageStock(before)).toBe(product.stock);
    expect(pageSold(before)).toBe(product.sold_count);
    const list = `/api/products?sort_by=best-sellers&per_page=50`;
    expect(isHit(await warm(list))).toBe(true);

    await orderThroughApi(product, 2);

    const html = await (await get(page)).text();
    expect(pageStock(html)).toBe(product.stock - 2);
    expect(pageSold(html)).toBe(product.sold_count + 2);
    const listed = await getJson(list);
    expect(isHit(listed.response)).toBe(false);
    const row = listed.body.data.data.find((p: { id: number }) => p.id === product.id);
    expect(row).toMatchObject({ stock: product.stock - 2, sold: product.sold_count + 2 });
  });

  it("through the checkout page (a form post without JavaScript): the product page and API show it on the next read", async () => {
    const product = take();
    const page = `/product/${product.slug}`;
    expect(pageStock(await (await warm(page)).text())).toBe(product.stock);
    await warm(`/api/products/slug/${product.slug}`);

    const jar = new CookieJar();
    expect(
      (
        await postForm(jar, "/cart", {
          intent: "add",
          product_id: String(product.id),
          quantity: "4",
          redirectTo: "/checkout",
        })
      ).status,
    ).toBe(302);
    const checkout = await (await visit(jar, "/checkout")).text();
    const key = /name="idempotency_key" value="([^"]+)"/.exec(checkout)![1]!;
    const placed = await postForm(
      jar,
      "/checkout",
      {
        ...customer,
        email: "rosa.page.fresh@example.com",
        idempotency_key: key,
        applied_coupon: "",
        coupon_input: "",
        intent: "place_order",
      },
      { "CF-Connecting-IP": newAddress() },
    );
    expect(placed.status).toBe(302);
    expect(placed.headers.get("Location")).toMatch(/^\/order-confirmation\//);

    expect(pageStock(await (await visit(jar, page)).text())).toBe(product.stock - 4);
    expect((await getJson(`/api/products/slug/${product.slug}`)).body.data.stock).toBe(product.stock - 4);
  });

  it("moves the home page's best sellers: their sold counts on the page and in GET /api/home", async () => {
    const top = (await env.DB.prepare(
      "SELECT id, slug, name, unit_price_cents, stock, sold_count, category_id FROM products WHERE is_active = 1 ORDER BY sold_count DESC, id ASC LIMIT 1",
    ).first<ProductRow>())!;
    const homeSold = (body: any) =>
      body.data.monthly_best_sellers.products.find((p: { id: number }) => p.id === top.id)?.sold;
    const warmedApi = await warm("/api/home");
    expect(isHit(warmedApi)).toBe(true);
    expect(homeSold(await warmedApi.json())).toBe(top.sold_count);
    const warmedPage = await warm("/");
    expect(ownQueryCount(warmedPage)).toBe(0);
    expect(visibleText(await warmedPage.text())).toContain(`${top.sold_count} sold`);

    await orderThroughApi(top, 1);

    expect(homeSold((await getJson("/api/home")).body)).toBe(top.sold_count + 1);
    expect(visibleText(await (await get("/")).text())).toContain(`${top.sold_count + 1} sold`);
  });
});

// ---------------------------------------------------------------- likes and views

interface BlogRow {
  id: number;
  slug: string;
  like_count: number;
  view_count: number;
}

const blogRow = async (slug: string) =>
  (await env.DB.prepare("SELECT id, slug, like_count, view_count FROM blogs WHERE slug = ?")
    .bind(slug)
    .first<BlogRow>())!;

let blogPool: BlogRow[] = [];
beforeAll(async () => {
  const { results } = await env.DB.prepare(
    "SELECT id, slug, like_count, view_count FROM blogs WHERE status = 'published' AND published_at IS NOT NULL ORDER BY id",
  ).all<BlogRow>();
  blogPool = results;
});
const takeBlog = () => {
  const next = blogPool.shift();
  if (!next) throw new Error("the blog pool ran dry");
  return next;
};

/** The like count on the /blog list's card for this post. */
async function listedLikes(slug: string) {
  const html = await (await get("/blog?sort=alphabetical&page=1")).text();
  const cards = [...html.matchAll(/<article class="group relative[\s\S]*?<\/article>/g)].map((m) => m[0]);
  const card = cards.find((c) => c.includes(`href="/blog/${slug}"`));
  return card ? Number(/(\d+) likes?\b/.exec(visibleText(card))?.[1]) : null;
}

describe("a like", () => {
  it("through the API: the article's API answer and the lists show the new count at once; unliking too", async () => {
    const blog = takeBlog();
    const detail = await warm(`/api/blogs/${blog.slug}`);
    expect(isHit(detail)).toBe(true);
    expect(((await detail.json()) as any).data.like_count).toBe(blog.like_count);
    const list = await warm("/api/blogs?per_page=50&sort_by=title");
    expect(isHit(list)).toBe(true);

    const liked = await get(`/api/blogs/${blog.id}/like`, {
      method: "POST",
      headers: { Cookie: `visitor=${crypto.randomUUID()}` },
    });
    expect(((await liked.json()) as any).data.like_count).toBe(blog.like_count + 1);

    expect((await getJson(`/api/blogs/${blog.slug}`)).body.data.like_count).toBe(blog.like_count + 1);
    const listed = (await getJson("/api/blogs?per_page=50&sort_by=title")).body.data.blogs.find(
      (b: { id: number }) => b.id === blog.id,
    );
    expect(listed.like_count).toBe(blog.like_count + 1);
  });

  it("through the page's form post (no JavaScript): the /blog list's card shows it on the next load", async () => {
    const blog = takeBlog();
    const jar = new CookieJar();
    await visit(jar, `/blog/${blog.slug}`);
    await listedLikes(blog.slug);
    await settle();
    const before = await listedLikes(blog.slug);
    const counted = (await blogRow(blog.slug)).like_count;
    expect(before).toBe(counted);

    const response = await postForm(jar, `/blog/${blog.slug}`, { blog_id: String(blog.id), liked: "true" });
    expect(response.status).toBe(302);

    expect(await listedLikes(blog.slug)).toBe(counted + 1);
    expect((await getJson(`/api/blogs/${blog.slug}`)).body.data.like_count).toBe(counted + 1);
    const article = visibleText(await (await visit(jar, `/blog/${blog.slug}`)).text());
    expect(article).toContain(`${counted + 1} ${counted + 1 === 1 ? "like" : "likes"}`);
  });

  it("is the visitor's own in the API: a visitor who liked reads liked=true; the shared cached copy is never theirs", async () => {
    const blog = takeBlog();
    await warm(`/api/blogs/${blog.slug}`);
    const visitor = `visitor=${crypto.randomUUID()}`;
    await get(`/api/blogs/${blog.id}/like`, { method: "POST", headers: { Cookie: visitor } });
    const mine = await getJson(`/api/blogs/${blog.slug}`, { headers: { Cookie: visitor } });
    expect(mine.body.data.liked).toBe(true);
    expect(mine.response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(isHit(mine.response)).toBe(false);
    const stranger = await getJson(`/api/blogs/${blog.slug}`, {
      headers: { Cookie: `visitor=${crypto.randomUUID()}` },
    });
    expect(stranger.body.data.liked).toBe(false);
    const anonymous = await getJson(`/api/blogs/${blog.slug}`);
    expect(anonymous.body.data.liked).toBe(false);
    // A stale or forged token on this public read is a guest, not a 401 (a like with it is refused).
    const stale = await getJson(`/api/blogs/${blog.slug}`, { headers: { Authorization: "Bearer not-a-token" } });
    expect(stale.status).toBe(200);
    expect(stale.body.data).toMatchObject({ slug: blog.slug, liked: false });
    expect(
      (await get(`/api/blogs/${blog.id}/like`, { method: "POST", headers: { Authorization: "Bearer not-a-token" } }))
        .status,
    ).toBe(401);
  });
});

describe("a view", () => {
  it("counted after a new visitor's page view shows in the article's API answer once the isolate's copy of the versions expires (a view bumps no tag)", async () => {
    const blog = takeBlog();
    await warm(`/api/blogs/${blog.slug}`);
    const before = (await blogRow(blog.slug)).view_count;
    await get(`/blog/${blog.slug}`).then((response) => response.arrayBuffer());
    // The view is written after the response: wait for it in the database, then read the API.
    for (let i = 0; i < 100 && (await blogRow(blog.slug)).view_count === before; i++) await settle();
    expect((await blogRow(blog.slug)).view_count).toBe(before + 1);
    await settle();
    // What a reader meets at most a second later: the isolate's copy of the versions has expired.
    forgetTagVersions();
    expect((await getJson(`/api/blogs/${blog.slug}`)).body.data.view_count).toBe(before + 1);
  });
});

// ---------------------------------------------------------------- staff writes (the hook the back office calls)

describe("a change marked with its tags (the back office's hook)", () => {
  it("settings: the shop's name changes on every page and in the API on the next read", async () => {
    await warm("/");
    await warm("/api/settings/public");
    await env.DB.prepare("UPDATE settings SET value = 'Petal Works' WHERE key = 'site_name'").run();
    try {
      await markChanged(TAGS.settings);
      expect(await (await get("/about")).text()).toContain("Petal Works");
      expect((await getJson("/api/settings/public")).body.data.general.site_name).toBe("Petal Works");
    } finally {
      await env.DB.prepare("UPDATE settings SET value = 'Twistbloom' WHERE key = 'site_name'").run();
      await markChanged(TAGS.settings);
    }
  });

  it("a price: the product page, the product API and the lists show the new price on the next read", async () => {
    const product = take();
    const page = `/product/${product.slug}`;
    await warm(page);
    await warm(`/api/products/slug/${product.slug}`);
    await warm("/api/products?per_page=50");
    const newCents = product.unit_price_cents + 1234;
    await env.DB.prepare("UPDATE products SET price_cents = ?, sale_price_cents = NULL WHERE id = ?")
      .bind(newCents, product.id)
      .run();
    await markChanged(TAGS.product(product.id), TAGS.products);
    const shown = `$${(newCents / 100).toFixed(2)}`;
    expect(visibleText(await (await get(page)).text())).toContain(shown);
    expect((await getJson(`/api/products/slug/${product.slug}`)).body.data.unit_price).toBe(newCents / 100);
    const listed = (await getJson("/api/products?per_page=50")).body.data.data.find(
      (p: { id: number }) => p.id === product.id,
    );
    if (listed) expect(listed.unit_price).toBe(newCents / 100);
  });

  it("a change bumping only `all` (an operator's hand edit, a re-seed) makes every entry stale", async () => {
    const product = take();
    await warm(`/api/products/slug/${product.slug}`);
    await env.DB.prepare("UPDATE products SET name = ? WHERE id = ?").bind(`${product.name} Deluxe`, product.id).run();
    await markChanged(TAGS.all);
    expect((await getJson(`/api/products/slug/${product.slug}`)).body.data.name).toBe(`${product.name} Deluxe`);
  });
});

// ---------------------------------------------------------------- the cache layer itself

describe("the edge cache", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("answers a repeated public read from the cache, without the database", async () => {
    const first = await get("/api/categories?with_counts=1");
    expect(first.status).toBe(200);
    const body = await first.json();
    await settle();
    const second = await get("/api/categories?with_counts=1");
    expect(isHit(second)).toBe(true);
    // At most the tag versions are read (once per isolate every second); never the answer's data.
    expect(ownQueryCount(second)).toBe(0);
    expect(queryCount(second)).toBeLessThanOrEqual(1);
    expect(await second.json()).toEqual(body);
  });

  it("tells clients to revalidate, and answers 304 to one that sends the ETag it has", async () => {
    const first = await warm("/api/categories");
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^"[0-9a-f]{24}"$/);
    expect(first.headers.has("Cache-Tag")).toBe(false);
    expect([...first.headers.keys()].filter((name) => name.startsWith("x-edge"))).toEqual([]);
    const again = await get("/api/categories", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const other = await get("/api/categories", { headers: { "If-None-Match": '"0000"' } });
    expect(other.status).toBe(200);
  });

  it("reads the database for the spec's cache-busting _t parameter, and does not keep that answer", async () => {
    await warm("/api/settings/public");
    const url = `/api/settings/public?_t=${Date.now()}`;
    const fresh = await get(url);
    expect(isHit(fresh)).toBe(false);
    expect(ownQueryCount(fresh)).toBe(1);
    await settle();
    expect(isHit(await get(url))).toBe(false);
  });

  it("never caches an error", async () => {
    await warm("/api/products/slug/not-a-product");
    const second = await get("/api/products/slug/not-a-product");
    expect(second.status).toBe(404);
    expect(isHit(second)).toBe(false);
  });

  it("never looks at the cache for the health check or a personal answer", async () => {
    // The health check reads the database itself (SELECT 1), never the cache or its versions.
    const health = await get("/api/health");
    expect(queryCount(health)).toBe(1);
    expect(health.headers.get("Server-Timing")).not.toContain("versions");
    expect(queryCount(await get("/api/health/live"))).toBe(0);
  });

  it("falls back to the database when the cache throws on match and on put: pages and API answer as usual", async () => {
    const cache = (caches as unknown as { default: Cache }).default;
    const product = take();
    await warm(`/api/products/slug/${product.slug}`);
    await warm(`/product/${product.slug}`);
    const match = vi.spyOn(cache, "match").mockRejectedValue(new Error("cache unavailable"));
    const put = vi.spyOn(cache, "put").mockRejectedValue(new Error("cache unavailable"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    // Everything kept so far is stale (the isolate's near copies too): the next reads must reach the cache.
    await markChanged(TAGS.all);
    const api = await getJson(`/api/products/slug/${product.slug}`);
    expect(api.status).toBe(200);
    expect(api.body.data.stock).toBe(product.stock);
    expect(isHit(api.response)).toBe(false);
    const page = await get(`/product/${product.slug}`);
    expect(page.status).toBe(200);
    expect(pageStock(await page.text())).toBe(product.stock);
    expect((await get("/")).status).toBe(200);
    expect((await get("/categories")).status).toBe(200);
    // The Worker did meet the failing cache, and said so in its log.
    expect(match).toHaveBeenCalled();
    await settle();
    expect(put).toHaveBeenCalled();
    expect(logged.mock.calls.some(([line]) => String(line).includes('"msg":"edge cache:'))).toBe(true);
  });

  it("when the tag versions cannot be read, serves nothing from the cache and reads the database", async () => {
    const product = take();
    await warm(`/api/products/slug/${product.slug}`);
    await env.DB.prepare("UPDATE products SET stock = stock - 1 WHERE id = ?").bind(product.id).run();
    await env.DB.exec("ALTER TABLE cache_tags RENAME TO cache_tags_away");
    vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      forgetTagVersions();
      const answer = await getJson(`/api/products/slug/${product.slug}`);
      expect(answer.status).toBe(200);
      expect(isHit(answer.response)).toBe(false);
      expect(answer.body.data.stock).toBe(product.stock - 1);
      expect((await get(`/product/${product.slug}`)).status).toBe(200);
    } finally {
      await env.DB.exec("ALTER TABLE cache_tags_away RENAME TO cache_tags");
    }
  });
});
