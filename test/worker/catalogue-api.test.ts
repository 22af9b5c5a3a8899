import { describe, expect, it } from "vitest";
import { get, getJson, ownQueryCount, queryCount } from "./helpers";

describe("GET /api/health", () => {
  it("answers ok with a Server-Timing header", async () => {
    const { status, body, response } = await getJson("/api/health");
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, data: { status: "ok" } });
    // The database is asked once (SELECT 1, decision 032).
    expect(response.headers.get("Server-Timing")).toMatch(
      /^db;desc="1 query in 1 round trip";dur=[\d.]+, total;dur=[\d.]+$/,
    );
    // The liveness check touches nothing.
    const live = await getJson("/api/health/live");
    expect(live.body).toEqual({ success: true, data: { status: "ok" } });
    expect(live.response.headers.get("Server-Timing")).toMatch(
      /^db;desc="0 queries in 0 round trips";dur=[\d.]+, total;dur=[\d.]+$/,
    );
  });
});

describe("settings", () => {
  it("GET /api/settings/public groups public settings; clients revalidate it (ETag), the edge keeps it", async () => {
    const { status, body, response } = await getJson("/api/settings/public");
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data.general.site_name).toBe("Twistbloom");
    expect(body.data.currency.currency_code).toBe("USD");
    expect(body.data.store).toBeUndefined();
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    expect(response.headers.get("ETag")).toMatch(/^"[0-9a-f]{24}"$/);
  });

  it("GET /api/settings/key/{key} gives a public setting and 404s a private or unknown one", async () => {
    expect((await getJson("/api/settings/key/site_name")).body.data.value).toBe("Twistbloom");
    const hidden = await getJson("/api/settings/key/admin_email");
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ success: false, message: "Setting not found" });
  });
});

describe("GET /api/home", () => {
  it("gives the home sections in data and the currency beside it", async () => {
    const { status, body } = await getJson("/api/home");
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.currency).toEqual({ code: "USD", symbol: "$", position: "left", decimal_places: 2 });
    expect(body.data.hero.is_active).toBe(true);
    expect(body.data.shop_by_occasion.categories).toHaveLength(6);
    expect(body.data.monthly_best_sellers.products.length).toBeGreaterThan(0);
    expect(body.data.faq.items.length).toBeGreaterThan(0);
  });
});

describe("categories", () => {
  it("GET /api/categories lists categories; with_counts=1 adds product_count", async () => {
    const plain = await getJson("/api/categories");
    expect(plain.status).toBe(200);
    expect(plain.body.data.length).toBeGreaterThanOrEqual(10);
    expect(plain.body.data[0]).not.toHaveProperty("product_count");
    expect(plain.response.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    const counted = await getJson("/api/categories?with_counts=1");
    expect(counted.body.data.every((c: { product_count: number }) => c.product_count >= 0)).toBe(true);
  });

  it("GET /api/categories/{id or slug} finds one and 404s an unknown one", async () => {
    const bySlug = await getJson("/api/categories/wedding");
    expect(bySlug.body.data).toMatchObject({ slug: "wedding", name: expect.any(String) });
    const byId = await getJson(`/api/categories/${bySlug.body.data.id}`);
    expect(byId.body.data.slug).toBe("wedding");
    const missing = await getJson("/api/categories/no-such-thing");
    expect(missing.status).toBe(404);
    expect(missing.body.success).toBe(false);
  });

  it("rejects a bad with_counts with 422", async () => {
    const { status, body } = await getJson("/api/categories?with_counts=perhaps");
    expect(status).toBe(422);
    expect(body.errors.with_counts).toBeDefined();
  });
});

describe("GET /api/products", () => {
  it("gives the first page in the spec's list shape, money in currency units, in at most 2 queries", async () => {
    const { status, body, response } = await getJson("/api/products");
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({ current_page: 1, per_page: 12, from: 1, to: 12 });
    expect(body.data.data).toHaveLength(12);
    const product = body.data.data[0];
    expect(product).toMatchObject({
      id: expect.any(Number),
      name: expect.any(String),
      slug: expect.any(String),
      sku: expect.any(String),
      price: expect.any(Number),
      category: { id: expect.any(Number), name: expect.any(String), slug: expect.any(String) },
    });
    expect(Number.isInteger(product.price * 100 + 1e-9 - 1e-9)).toBe(true);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    expect(ownQueryCount(response)).toBeLessThanOrEqual(2);
  });

  it("applies every filter of the spec together", async () => {
    const { status, body } = await getJson(
      "/api/products?categories=wedding,anniversary&min_price=10&max_price=200&sort_by=price&sort_order=desc&in_stock=1&per_page=50",
    );
    expect(status).toBe(200);
    const prices = body.data.data.map((p: { unit_price: number }) => p.unit_price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(
      body.data.data.every(
        (p: { category: { slug: string }; stock: number }) =>
          ["wedding", "anniversary"].includes(p.category.slug) && p.stock > 0,
      ),
    ).toBe(true);
  });

  it("clamps per_page to 50", async () => {
    const { status, body } = await getJson("/api/products?per_page=100000");
    expect(status).toBe(200);
    expect(body.data.per_page).toBe(50);
    expect(body.data.data.length).toBeLessThanOrEqual(50);
  });

  it("answers past the last page with an empty list", async () => {
    const { status, body } = await getJson("/api/products?page=500");
    expect(status).toBe(200);
    expect(body.data.data).toEqual([]);
    expect(body.data.from).toBeNull();
  });

  it.each([
    ["min_price=abc", "min_price"],
    ["max_price=12abc", "max_price"],
    ["page=-2", "page"],
    ["page=abc", "page"],
    ["per_page=0", "per_page"],
    ["sort_by=random", "sort_by"],
    ["sort_order=sideways", "sort_order"],
    ["featured=sometimes", "featured"],
    ["min_price=90&max_price=10", "max_price"],
    [`search=${"x".repeat(101)}`, "search"],
  ])("answers %s with 422 naming the field", async (query, field) => {
    const { status, body } = await getJson(`/api/products?${query}`);
    expect(status).toBe(422);
    expect(body.success).toBe(false);
    expect(body.message).toBe("The given data was invalid.");
    expect(Object.keys(body.errors)).toEqual([field]);
  });

  it.each(["%", "'", "\"';--", "100%_off", "花束", "🌸", "\u0000", "' OR 1=1 --"])(
    "searches for %j literally, without an error",
    async (search) => {
      const { status, body } = await getJson(`/api/products?per_page=50&search=${encodeURIComponent(search)}`);
      expect(status).toBe(200);
      const term = search.replace(/\u0000/g, "").toLowerCase();
      for (const product of body.data.data as { name: string; short_description: string; sku: string }[]) {
        expect(
          [product.name, product.short_description, product.sku].some((text) => text.toLowerCase().includes(term)),
        ).toBe(true);
      }
      if (search === "%" || search === "100%_off") expect(body.data.total).toBe(0);
    },
  );
});

describe("GET /api/products/featured", () => {
  it("gives 8 featured products by default and honours limit", async () => {
    const byDefault = await getJson("/api/products/featured");
    expect(byDefault.body.data).toHaveLength(8);
    expect(byDefault.body.data.every((p: { is_featured: boolean }) => p.is_featured)).toBe(true);
    expect((await getJson("/api/products/featured?limit=3")).body.data).toHaveLength(3);
    expect((await getJson("/api/products/featured?limit=-1")).status).toBe(422);
  });
});

describe("GET /api/products/slug/{slug}", () => {
  it("gives the product with images, category and related products, in at most 2 queries", async () => {
    const list = await getJson("/api/products?categories=wedding&per_page=1");
    const slug = list.body.data.data[0].slug;
    const { status, body, response } = await getJson(`/api/products/slug/${slug}`);
    expect(status).toBe(200);
    expect(body.data.slug).toBe(slug);
    expect(body.data.images.length).toBeGreaterThanOrEqual(2);
    expect(body.data.images[0]).toMatchObject({ url: expect.stringMatching(/^\/images\//), alt: expect.any(String) });
    expect(body.data.related_products.length).toBeLessThanOrEqual(4);
    expect(body.data.related_products.some((p: { slug: string }) => p.slug === slug)).toBe(false);
    expect(queryCount(response)).toBeLessThanOrEqual(2);
  });

  it("404s an unknown slug with the spec's text", async () => {
    const { status, body } = await getJson("/api/products/slug/no-such-bouquet");
    expect(status).toBe(404);
    expect(body).toEqual({ success: false, message: "Product Not Found" });
  });
});

describe("blogs", () => {
  it("GET /api/blogs gives published posts, 9 per page, in the spec's shape", async () => {
    const { status, body } = await getJson("/api/blogs");
    expect(status).toBe(200);
    expect(body.data.blogs).toHaveLength(9);
    expect(body.data.pagination).toMatchObject({ current_page: 1, per_page: 9, from: 1, to: 9 });
    expect(body.data.blogs[0]).toMatchObject({
      slug: expect.any(String),
      difficulty: expect.any(String),
      author_name: expect.any(String),
      reading_time: expect.any(Number),
      view_count: expect.any(Number),
      like_count: expect.any(Number),
      tags: expect.any(Array),
      category_names: expect.any(Array),
    });
  });

  it("filters and sorts, and rejects a bad difficulty or sort", async () => {
    expect((await getJson("/api/blogs?sort_by=title&difficulty=beginner&featured=0")).status).toBe(200);
    expect((await getJson("/api/blogs?difficulty=expert")).status).toBe(422);
    expect((await getJson("/api/blogs?sort_by=likes")).status).toBe(422);
    expect((await getJson("/api/blogs?category_id=abc")).status).toBe(422);
  });

  it("GET /api/blogs/{slug} gives the article, and 404s a draft or unknown slug", async () => {
    const list = await getJson("/api/blogs?per_page=1");
    const slug = list.body.data.blogs[0].slug;
    const { status, body } = await getJson(`/api/blogs/${slug}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      slug,
      content: expect.any(String),
      related_products: expect.any(Array),
      similar_blogs: expect.any(Array),
    });
    const missing = await getJson("/api/blogs/no-such-article");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, message: "Article Not Found" });
  });
});

describe("unknown API paths", () => {
  it("answers a JSON 404 for an unknown path or method", async () => {
    for (const path of ["/api/nope", "/api", "/api/products/slug"]) {
      const { status, body } = await getJson(path);
      expect(status).toBe(404);
      expect(body).toEqual({ success: false, message: "Not found" });
    }
    const post = await get("/api/products", { method: "POST" });
    expect(post.status).toBe(404);
    expect(await post.json()).toMatchObject({ success: false });
  });
});
