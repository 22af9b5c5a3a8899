import { beforeAll, describe, expect, it } from "vitest";
import { getBlogBySlug, listBlogs } from "~/services/blogs.server";
import { getCategory, listCategories } from "~/services/categories.server";
import { NotFoundError } from "~/services/errors";
import { getHomeSections } from "~/services/home.server";
import { getPublicSetting, getPublicSettings } from "~/services/settings.server";
import { buildSeedStatements } from "../../db/seed";
import { blogQuery, createTestDb, type TestDb } from "./db";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});

describe("seed", () => {
  it("is idempotent: running it again changes nothing", async () => {
    const tables = [
      "settings",
      "home_sections",
      "categories",
      "products",
      "product_images",
      "product_colors",
      "blogs",
      "blog_tags",
      "users",
      "user_roles",
      "coupons",
      "shipping_methods",
      "tax_rates",
    ];
    const snapshot = async () =>
      Object.fromEntries(
        await Promise.all(
          tables.map(async (table) => [
            table,
            JSON.stringify((await t.client.execute(`SELECT * FROM ${table} ORDER BY 1, 2`)).rows),
          ]),
        ),
      );
    const before = await snapshot();
    await t.client.batch(await buildSeedStatements(), "write");
    expect(await snapshot()).toEqual(before);
  });
});

describe("settings", () => {
  it("groups public settings by group then key, values typed", async () => {
    const settings = await getPublicSettings(t.db);
    expect(settings.general?.site_name).toBe("Twistbloom");
    expect(settings.currency).toMatchObject({
      currency_code: "USD",
      currency_symbol: "$",
      currency_position: "left",
      currency_decimal_places: 2,
    });
    expect(settings.features?.feature_wishlist).toBe(true);
    expect(settings.store).toBeUndefined();
  });

  it("gives one public setting by key and hides private ones", async () => {
    expect((await getPublicSetting(t.db, "site_name")).value).toBe("Twistbloom");
    await expect(getPublicSetting(t.db, "order_number_prefix")).rejects.toThrow(NotFoundError);
  });
});

describe("categories", () => {
  it("lists categories with product counts that match the catalogue", async () => {
    const categories = await listCategories(t.db, { withCounts: true });
    expect(categories.length).toBeGreaterThanOrEqual(10);
    for (const slug of ["mothers-day", "fathers-day", "wedding", "anniversary", "graduation", "sympathy"]) {
      expect(categories.find((c) => c.slug === slug)?.product_count).toBeGreaterThanOrEqual(3);
    }
    expect((await listCategories(t.db))[0]).not.toHaveProperty("product_count");
  });

  it("finds a category by id or slug", async () => {
    const wedding = await getCategory(t.db, "wedding");
    expect((await getCategory(t.db, String(wedding.id))).slug).toBe("wedding");
    await expect(getCategory(t.db, "nope")).rejects.toThrow(NotFoundError);
  });
});

describe("home", () => {
  it("gives the sections in the spec's shape with live products, in two statements", async () => {
    const before = t.timer.queries;
    const sections = await getHomeSections(t.db);
    expect(t.timer.queries - before).toBe(2);
    expect(Object.keys(sections)).toEqual(
      expect.arrayContaining([
        "hero",
        "shop_by_occasion",
        "monthly_best_sellers",
        "make_it_special",
        "unforgettable_gifts",
        "faq",
      ]),
    );
    const occasions = (sections.shop_by_occasion!.categories as { url: string }[]).map((c) => c.url);
    expect(occasions).toEqual(
      ["mothers-day", "fathers-day", "wedding", "anniversary", "graduation", "sympathy"].map(
        (slug) => `/products?category=${slug}`,
      ),
    );
    const best = sections.monthly_best_sellers!.products as { sold: number; url: string; price: number }[];
    expect(best.length).toBeGreaterThan(0);
    expect(best.every((p, i) => i === 0 || best[i - 1]!.sold >= p.sold)).toBe(true);
    expect(best[0]!.url).toMatch(/^\/product\//);
    const gifts = sections.unforgettable_gifts!.products as { id: number }[];
    expect(gifts.length).toBeGreaterThan(0);
    const featuredIds = (await t.client.execute("SELECT id FROM products WHERE is_featured = 1")).rows.map((row) =>
      Number(row.id),
    );
    expect(gifts.every((p) => featuredIds.includes(p.id))).toBe(true);
  });
});

describe("blogs", () => {
  it("lists published posts only, 9 per page", async () => {
    const page = await listBlogs(t.db, blogQuery());
    expect(page.blogs).toHaveLength(9);
    expect(page.pagination).toMatchObject({ current_page: 1, per_page: 9, from: 1, to: 9 });
    expect(page.pagination.total).toBeGreaterThanOrEqual(12);
    const all = await listBlogs(t.db, blogQuery({ per_page: "50" }));
    expect(all.blogs.every((b) => b.published_at !== null)).toBe(true);
  });

  it("sorts by date, views and title, and filters by difficulty, tag and search", async () => {
    const all = (await listBlogs(t.db, blogQuery({ per_page: "50" }))).blogs;
    const dates = all.map((b) => b.published_at!);
    expect([...dates].sort().reverse()).toEqual(dates);
    const popular = (await listBlogs(t.db, blogQuery({ sort_by: "view_count", per_page: "50" }))).blogs.map(
      (b) => b.view_count,
    );
    expect([...popular].sort((a, b) => b - a)).toEqual(popular);
    const titles = (await listBlogs(t.db, blogQuery({ sort_by: "title", per_page: "50" }))).blogs.map((b) => b.title);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const beginner = (await listBlogs(t.db, blogQuery({ difficulty: "beginner", per_page: "50" }))).blogs;
    expect(beginner.length).toBeGreaterThan(0);
    expect(beginner.every((b) => b.difficulty === "beginner")).toBe(true);
    const tag = all[0]!.tags[0]!;
    const tagged = (await listBlogs(t.db, blogQuery({ tag, per_page: "50" }))).blogs;
    expect(tagged.every((b) => b.tags.includes(tag))).toBe(true);
    const found = (await listBlogs(t.db, blogQuery({ search: all[0]!.title.slice(0, 12) }))).blogs;
    expect(found.map((b) => b.id)).toContain(all[0]!.id);
    expect((await listBlogs(t.db, blogQuery({ search: "%_'" }))).pagination.total).toBe(0);
  });

  it("names each card's own tags and categories", async () => {
    for (const blog of (await listBlogs(t.db, blogQuery({ per_page: "50" }))).blogs) {
      const names = await t.client.execute({
        sql: "SELECT bc.name FROM blog_category_links l JOIN blog_categories bc ON bc.id = l.category_id WHERE l.blog_id = ? ORDER BY bc.name",
        args: [blog.id],
      });
      expect(blog.category_names).toEqual(names.rows.map((row) => row.name));
      const tags = await t.client.execute({
        sql: "SELECT tag FROM blog_tags WHERE blog_id = ? ORDER BY tag",
        args: [blog.id],
      });
      expect(blog.tags).toEqual(tags.rows.map((row) => row.tag));
    }
  });

  it("gives an article with related products, neighbours and similar posts; drafts are not found", async () => {
    const all = (await listBlogs(t.db, blogQuery({ per_page: "50" }))).blogs;
    const middle = all[Math.floor(all.length / 2)]!;
    const blog = await getBlogBySlug(t.db, middle.slug);
    expect(blog.content).toContain("<ol>");
    expect(blog.related_products.length).toBeGreaterThan(0);
    expect(blog.previous_blog).not.toBeNull();
    expect(blog.next_blog).not.toBeNull();
    expect(blog.similar_blogs.every((b) => b.slug !== middle.slug)).toBe(true);
    const draft = await t.client.execute("SELECT slug FROM blogs WHERE status = 'draft' LIMIT 1");
    await expect(getBlogBySlug(t.db, String(draft.rows[0]!.slug))).rejects.toThrow("Article Not Found");
  });
});
