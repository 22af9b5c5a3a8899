import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { applyMigrations, openLibsql } from "../../db/libsql";
import { mkdtemp, readdir, copyFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BlogCreateSchema, BlogUpdateSchema } from "~/lib/schemas/admin-blogs";
import { CategoryUpdateSchema } from "~/lib/schemas/admin-catalogue";
import { ProductCreateSchema, ProductUpdateSchema } from "~/lib/schemas/admin-products";
import { plainText } from "~/lib/search";
import type { Actor } from "../../app/services/audit.server";
import { createBlog, deleteBlog, toggleBlogStatus, updateBlog } from "~/services/admin/blogs.server";
import { updateCategory } from "~/services/admin/categories.server";
import { createProduct, setProductArchived, updateProduct } from "~/services/admin/products.server";
import { listBlogs } from "~/services/blogs.server";
import { listProducts } from "~/services/products.server";
import {
  recordSearchMiss,
  removeOldSearchMisses,
  searchCatalogue,
  suggest,
  topSearchMisses,
  type CatalogueSearchQuery,
} from "~/services/search.server";
import { ADMIN } from "../fixtures/accounts";
import { actorOf, blogQuery, createTestDb, productQuery, type TestDb } from "./db";

// The shoppers' search against a real, migrated and seeded libSQL database: ranking (the name
// weighted most), word forms, prefixes, typos, facets, and the index kept in step with every write
// (create, edit, archive, restore, delete, publish), whatever path made it.

let t: TestDb;
let db: Database;
let admin: Actor;

const query = (q: string, extra: Partial<CatalogueSearchQuery> = {}): CatalogueSearchQuery => ({
  q,
  page: 1,
  per_page: 12,
  categories: [],
  ...extra,
});
const names = async (q: string, extra: Partial<CatalogueSearchQuery> = {}) =>
  (await searchCatalogue(db, query(q, extra)))?.products.data.map((product) => product.name) ?? [];
const tutorialTitles = async (q: string) =>
  (await searchCatalogue(db, query(q)))?.tutorials.data.map((tutorial) => tutorial.title) ?? [];

let n = 0;
const productBody = (extra: Record<string, unknown> = {}) =>
  ProductCreateSchema.parse({ name: `Zinnia Test ${++n}`, sku: `SEARCH-${n}`, price: 20, stock: 5, ...extra });

beforeAll(async () => {
  t = await createTestDb();
  db = t.db;
  admin = await actorOf(t.client, ADMIN.email);
});

describe("finding", () => {
  it("finds word forms and ranks a match in the name above one in the description", async () => {
    const found = await names("roses");
    expect(found.slice(0, 5)).toEqual(
      expect.arrayContaining(["Dozen Red Forever Roses", "Single Forever Rose", "Diploma Rose Trio"]),
    );
    // Every product named Rose comes before any that only mentions roses further down.
    const named = found.filter((name) => /\brose/i.test(name));
    expect(found.slice(0, named.length)).toEqual(named);
    expect(await names("sunflowers")).toEqual(
      expect.arrayContaining([
        "Sunny Desk Sunflowers",
        "Bright Future Sunflower Cone",
        "Sunflower & Daisy Starter Kit",
      ]),
    );
  });

  it("matches the last word as a prefix while it is typed, and requires every word", async () => {
    expect(await names("lavend")).toEqual(expect.arrayContaining(["Mama's Lavender Posy", "Lavender Field Vase"]));
    expect(await names("lavender vas")).toContain("Lavender Field Vase");
    expect(await names("lavender zebra")).toEqual([]);
  });

  it("marks the matched words and finds tutorials and categories beside products", async () => {
    const found = (await searchCatalogue(db, query("tulips")))!;
    const hit = found.products.data[0]!;
    expect(hit.name_marked.some((piece) => piece.mark && /tulip/i.test(piece.text))).toBe(true);
    expect(plainText(hit.name_marked)).toBe(hit.name);
    expect(found.tutorials.data.map((tutorial) => tutorial.title)).toContain("Fuzzy Spring Tulips with Cupped Petals");
    expect(found.tutorials.data[0]!.title_marked.some((piece) => piece.mark)).toBe(true);
    expect((await tutorialTitles("wrap kraft paper"))[0]).toBe("Wrap a Bouquet in Kraft Paper Like a Florist");
  });

  it("corrects typos from the titles and says what it searched", async () => {
    for (const [typed, meant, expected] of [
      ["lavendar", "lavender", "Lavender Field Vase"],
      ["sunflwer", "sunflower", "Bright Future Sunflower Cone"],
    ] as const) {
      const found = (await searchCatalogue(db, query(typed)))!;
      expect(found.corrected).toBe(meant);
      expect(found.missed).toBe(false);
      expect(found.products.data.map((product) => product.name)).toContain(expected);
    }
    const nothing = (await searchCatalogue(db, query("qwxzv plonk")))!;
    expect(nothing).toMatchObject({ corrected: null, missed: true });
    expect(nothing.products.pagination.total).toBe(0);
  });

  it("counts facets and filters by category, price and sale", async () => {
    const all = (await searchCatalogue(db, query("bouquet", { per_page: 50 })))!;
    const total = all.products.pagination.total;
    expect(total).toBeGreaterThan(5);
    expect(all.facets.categories.reduce((sum, facet) => sum + facet.count, 0)).toBeLessThanOrEqual(total);
    expect(all.facets.prices.reduce((sum, facet) => sum + facet.count, 0)).toBe(total);
    const category = all.facets.categories[0]!;
    const inCategory = (await searchCatalogue(db, query("bouquet", { categories: [category.slug], per_page: 50 })))!;
    expect(inCategory.products.pagination.total).toBe(category.count);
    expect(inCategory.products.data.every((product) => product.category?.slug === category.slug)).toBe(true);
    expect(inCategory.facets.categories.find((facet) => facet.slug === category.slug)?.selected).toBe(true);
    // Each facet counts what the other filters leave: a chosen category keeps the other categories'
    // counts, and narrows the prices and the sale count to itself.
    expect(inCategory.facets.categories.map(({ slug, count }) => ({ slug, count }))).toEqual(
      all.facets.categories.map(({ slug, count }) => ({ slug, count })),
    );
    expect(inCategory.facets.prices.reduce((sum, facet) => sum + facet.count, 0)).toBe(category.count);
    expect(inCategory.facets.on_sale.count).toBeLessThanOrEqual(category.count);
    const cheap = all.facets.prices.find((facet) => facet.count > 0)!;
    const priced = (await searchCatalogue(
      db,
      query("bouquet", { min_price: cheap.min, max_price: cheap.max ?? undefined, per_page: 50 }),
    ))!;
    expect(priced.products.pagination.total).toBe(cheap.count);
    const sale = (await searchCatalogue(db, query("bouquet", { on_sale: true, per_page: 50 })))!;
    expect(sale.products.pagination.total).toBe(all.facets.on_sale.count);
    expect(sale.products.data.every((product) => product.is_on_sale)).toBe(true);
  });

  it("pages through the products in rank order without repeating one", async () => {
    const first = (await searchCatalogue(db, query("bouquet", { per_page: 3 })))!;
    const second = (await searchCatalogue(db, query("bouquet", { per_page: 3, page: 2 })))!;
    const both = [...first.products.data, ...second.products.data].map((product) => product.id);
    expect(new Set(both).size).toBe(6);
    expect(first.products.pagination).toMatchObject({ current_page: 1, per_page: 3 });
  });

  it("treats any text as words: never an error", async () => {
    for (const q of [
      '"',
      "*",
      "NEAR(rose",
      "-rose",
      "(((",
      "rose)",
      "' OR 1=1 --",
      "🌸",
      "x".repeat(1000),
      "AND OR NOT",
    ]) {
      await expect(searchCatalogue(db, query(q))).resolves.toBeDefined();
      await expect(suggest(db, q)).resolves.toBeTruthy();
    }
    expect(await searchCatalogue(db, query("*** 🌸"))).toBeNull();
  });

  it("suggests up to 8 products, categories and tutorials while typing", async () => {
    const { suggestions } = await suggest(db, "ros");
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(8);
    const product = suggestions.find((suggestion) => suggestion.type === "product")!;
    expect(product.url).toMatch(/^\/product\//);
    expect(typeof product.price).toBe("number");
    expect(suggestions.some((suggestion) => suggestion.type === "tutorial")).toBe(true);
    expect((await suggest(db, "lavendar")).suggestions.map((s) => s.title)).toContain("Lavender Field Vase");
    expect(await suggest(db, "   ")).toEqual({ query: "", suggestions: [] });
  });

  it("suggests by titles, and leaves the add-ons to the cart as the lists do", async () => {
    await createProduct(
      db,
      admin,
      productBody({ name: "Copper Wire Posy", description: "<p>Wrapped in quillwort ribbon.</p>" }),
    );
    expect(await names("quillwort")).toEqual(["Copper Wire Posy"]);
    expect((await suggest(db, "quillwo")).suggestions).toEqual([]);
    expect((await suggest(db, "copper wi")).suggestions.map((s) => s.title)).toEqual(["Copper Wire Posy"]);
    expect(await names("kraft gift box")).toEqual([]);
    expect((await suggest(db, "kraft gift")).suggestions).toEqual([]);
  });

  it("uses the same index for the product and blog lists", async () => {
    const list = await listProducts(db, productQuery({ search: "roses", per_page: "50" }));
    expect(list.data.map((product) => product.name)).toContain("Single Forever Rose");
    const blogs = await listBlogs(db, blogQuery({ search: "sunflowers" }));
    expect(blogs.blogs.map((blog) => blog.title)).toContain("Easy Pipe-Cleaner Sunflowers in Fifteen Minutes");
  });
});

describe("the index follows every write", () => {
  it("finds a new product at once, an edited one by its new words, an archived one no more", async () => {
    const product = await createProduct(
      db,
      admin,
      productBody({ name: "Marmalade Quokkaberry Jar", colors: ["orange"] }),
    );
    expect(await names("quokkaberry")).toEqual(["Marmalade Quokkaberry Jar"]);
    expect(await names("quokkaberry orange")).toEqual(["Marmalade Quokkaberry Jar"]);
    await updateProduct(
      db,
      admin,
      product.id,
      ProductUpdateSchema.parse({ name: "Apricot Zorbleflower Jar", version: product.version }),
    );
    expect(await names("quokkaberry")).toEqual([]);
    expect(await names("zorbleflower")).toEqual(["Apricot Zorbleflower Jar"]);
    const archived = await setProductArchived(db, admin, product.id, true);
    expect(await names("zorbleflower")).toEqual([]);
    expect((await suggest(db, "zorblefl")).suggestions).toEqual([]);
    await setProductArchived(db, admin, product.id, false, archived.version);
    expect(await names("zorbleflower")).toEqual(["Apricot Zorbleflower Jar"]);
    await t.client.execute({ sql: "DELETE FROM products WHERE id = ?", args: [product.id] });
    expect(await names("zorbleflower")).toEqual([]);
    const left = await t.client.execute("SELECT count(*) AS n FROM search_titles WHERE title LIKE '%Zorbleflower%'");
    expect(Number(left.rows[0]!.n)).toBe(0);
  });

  it("follows a category's new name into its products", async () => {
    const row = (
      await t.client.execute(
        "SELECT c.id, c.version FROM products p JOIN categories c ON c.id = p.category_id WHERE p.name = 'Single Forever Rose'",
      )
    ).rows[0]!;
    await updateCategory(
      db,
      admin,
      Number(row.id),
      CategoryUpdateSchema.parse({ name: "Quetzal Corner", version: Number(row.version) }),
    );
    expect(await names("quetzal")).toContain("Single Forever Rose");
    expect((await searchCatalogue(db, query("quetzal")))!.categories.map((hit) => hit.name)).toEqual([
      "Quetzal Corner",
    ]);
  });

  it("finds a tutorial once published, by its words without markup, and not once deleted", async () => {
    const blog = await createBlog(
      db,
      admin,
      BlogCreateSchema.parse({
        title: "Twisting a Xeranthemum",
        excerpt: "Everlasting paper daisies.",
        content: "<p>Wrap the <strong>chenille</strong> stem twice &amp; fluff the petals.</p>",
        status: "draft",
        tags: ["everlasting"],
      }),
    );
    expect(await tutorialTitles("xeranthemum")).toEqual([]);
    const published = await toggleBlogStatus(db, admin, blog.id);
    expect(await tutorialTitles("xeranthemum")).toEqual(["Twisting a Xeranthemum"]);
    expect((await tutorialTitles("fluff chenille petals"))[0]).toBe("Twisting a Xeranthemum");
    expect((await tutorialTitles("everlasting"))[0]).toBe("Twisting a Xeranthemum");
    // Markup is not words: "strong" is only a tag here.
    expect(await tutorialTitles("strong")).not.toContain("Twisting a Xeranthemum");
    await updateBlog(
      db,
      admin,
      blog.id,
      BlogUpdateSchema.parse({ title: "Twisting a Helichrysum", version: published.version }),
    );
    expect(await tutorialTitles("xeranthemum")).toEqual([]);
    expect(await tutorialTitles("helichrysum")).toEqual(["Twisting a Helichrysum"]);
    await deleteBlog(db, admin, blog.id);
    expect(await tutorialTitles("helichrysum")).toEqual([]);
  });
});

describe("what shoppers did not find", () => {
  it("counts the words per day and lists the most searched of the last 30 days", async () => {
    await recordSearchMiss(db, "blue orchid", "2026-11-20");
    await recordSearchMiss(db, "blue orchid", "2026-11-27");
    await recordSearchMiss(db, "blue orchid", "2026-11-27");
    await recordSearchMiss(db, "peony vase", "2026-11-27");
    await recordSearchMiss(db, "old words", "2026-10-01");
    const top = await topSearchMisses(db, "2026-11-27");
    expect(top[0]).toEqual({ terms: "blue orchid", searches: 3, last_searched: "2026-11-27" });
    expect(top.map((miss) => miss.terms)).toEqual(["blue orchid", "peony vase"]);
    // The nightly job keeps 90 days.
    await removeOldSearchMisses(db, new Date("2027-01-15T03:00:00Z"));
    const kept = await t.client.execute("SELECT DISTINCT day FROM search_misses ORDER BY day");
    expect(kept.rows.map((row) => row.day)).toEqual(["2026-11-20", "2026-11-27"]);
  });
});

describe("the migration", () => {
  it("indexes the tutorials saved before it, their words without markup", async () => {
    const dir = await mkdtemp(join(tmpdir(), "search-migration-"));
    const files = (await readdir(join(import.meta.dirname, "../../migrations")))
      .filter((file) => file.endsWith(".sql"))
      .sort();
    const migration = files.find((file) => file.endsWith("_search.sql"))!;
    const before = files.filter((file) => file < migration);
    for (const file of before) await copyFile(join(import.meta.dirname, "../../migrations", file), join(dir, file));
    const client = openLibsql(":memory:");
    await applyMigrations(client, dir);
    await client.execute(
      "INSERT INTO blogs (slug, title, excerpt, content, author_name, status, published_at) VALUES ('old', 'Old Post', '', '<h2>Bend</h2><p>the &amp; <a href=\"/x\">stem</a> <b>gently</b></p>', 'A', 'published', 1)",
    );
    for (const file of files.filter((file) => file >= migration))
      await copyFile(join(import.meta.dirname, "../../migrations", file), join(dir, file));
    await applyMigrations(client, dir);
    const row = (await client.execute("SELECT content_text FROM blogs WHERE slug = 'old'")).rows[0]!;
    expect(String(row.content_text).replace(/\s+/g, " ")).toBe("Bend the & stem gently");
    const found = await client.execute("SELECT rowid FROM tutorial_search WHERE tutorial_search MATCH 'gently'");
    expect(found.rows).toHaveLength(1);
    const markup = await client.execute("SELECT rowid FROM tutorial_search WHERE tutorial_search MATCH 'href'");
    expect(markup.rows).toHaveLength(0);
  });
});
