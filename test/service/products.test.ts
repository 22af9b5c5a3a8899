import { beforeAll, describe, expect, it } from "vitest";
import { getProductBySlug, listFeaturedProducts, listProducts, type Product } from "~/services/products.server";
import { NotFoundError } from "~/services/errors";
import { createTestDb, productQuery, type TestDb } from "./db";

let t: TestDb;
let all: Product[];

beforeAll(async () => {
  t = await createTestDb();
  all = (await listProducts(t.db, productQuery({ per_page: "50" }))).data;
});

const isSorted = (values: (number | string)[], direction: "asc" | "desc") =>
  values.every((value, i) => i === 0 || (direction === "asc" ? values[i - 1]! <= value : values[i - 1]! >= value));

describe("listProducts: pagination", () => {
  it("gives the first page of 12 with from, to and the total", async () => {
    const page = await listProducts(t.db, productQuery());
    expect(page.data).toHaveLength(12);
    expect(page).toMatchObject({ current_page: 1, per_page: 12, from: 1, to: 12 });
    expect(page.total).toBeGreaterThanOrEqual(48);
    expect(page.last_page).toBe(Math.ceil(page.total / 12));
  });

  it("gives the last page with the remainder", async () => {
    const first = await listProducts(t.db, productQuery());
    const last = await listProducts(t.db, productQuery({ page: String(first.last_page) }));
    const remainder = first.total - (first.last_page - 1) * 12;
    expect(last.data).toHaveLength(remainder);
    expect(last.to).toBe(first.total);
  });

  it("gives an empty page past the end, with the real total", async () => {
    const past = await listProducts(t.db, productQuery({ page: "999" }));
    expect(past.data).toEqual([]);
    expect(past.from).toBeNull();
    expect(past.total).toBeGreaterThanOrEqual(48);
  });

  it("never shows a product twice across pages", async () => {
    const ids: number[] = [];
    for (let page = 1; page <= 5; page++) {
      ids.push(
        ...(await listProducts(t.db, productQuery({ page: String(page), per_page: "10", sort_by: "price" }))).data.map(
          (p) => p.id,
        ),
      );
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("reads the page and the total in one batch of two statements", async () => {
    const before = t.timer.queries;
    await listProducts(t.db, productQuery({ categories: "wedding", on_sale: "1" }));
    expect(t.timer.queries - before).toBe(2);
  });
});

describe("listProducts: filters", () => {
  it("filters by category slugs and ids, comma separated", async () => {
    const wedding = await listProducts(t.db, productQuery({ categories: "wedding" }));
    expect(wedding.total).toBeGreaterThanOrEqual(3);
    expect(wedding.data.every((p) => p.category?.slug === "wedding")).toBe(true);
    const weddingId = wedding.data[0]!.category!.id;
    const both = await listProducts(t.db, productQuery({ categories: `${weddingId},anniversary`, per_page: "50" }));
    expect(new Set(both.data.map((p) => p.category?.slug))).toEqual(new Set(["wedding", "anniversary"]));
  });

  it("gives an empty result for an unknown category", async () => {
    const none = await listProducts(t.db, productQuery({ categories: "no-such-category" }));
    expect(none).toMatchObject({ data: [], total: 0, from: null, to: null, last_page: 1 });
  });

  it("filters by the price a shopper pays, between min and max", async () => {
    const page = await listProducts(t.db, productQuery({ min_price: "20", max_price: "40", per_page: "50" }));
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data.every((p) => p.unit_price >= 20 && p.unit_price <= 40)).toBe(true);
    const expected = all.filter((p) => p.unit_price >= 20 && p.unit_price <= 40).length;
    expect(page.total).toBe(expected);
  });

  it("filters by colour", async () => {
    const red = await listProducts(t.db, productQuery({ colors: "red", per_page: "50" }));
    expect(red.total).toBeGreaterThan(0);
    for (const product of red.data) {
      expect((await getProductBySlug(t.db, product.slug)).colors).toContain("red");
    }
  });

  it("filters on sale, featured and in stock", async () => {
    const sale = await listProducts(t.db, productQuery({ on_sale: "true", per_page: "50" }));
    expect(sale.total).toBeGreaterThan(0);
    expect(sale.data.every((p) => p.is_on_sale && p.sale_price! < p.price)).toBe(true);
    const featured = await listProducts(t.db, productQuery({ featured: "1", per_page: "50" }));
    expect(featured.data.every((p) => p.is_featured)).toBe(true);
    const inStock = await listProducts(t.db, productQuery({ in_stock: "1", per_page: "50" }));
    expect(inStock.data.every((p) => p.stock > 0)).toBe(true);
    const outOfStock = await listProducts(t.db, productQuery({ in_stock: "0", per_page: "50" }));
    expect(outOfStock.total).toBeGreaterThanOrEqual(1);
    expect(inStock.total + outOfStock.total).toBe(all.length);
  });

  it("searches words through the index: any text is words, never syntax", async () => {
    const target = all[0]!;
    const word = target.name.split(" ")[0]!;
    const found = await listProducts(t.db, productQuery({ search: word.toLowerCase(), per_page: "50" }));
    expect(found.data.map((p) => p.id)).toContain(target.id);
    // Word forms: "roses" finds every bouquet named Rose, best matches first without a chosen sort.
    const roses = await listProducts(t.db, productQuery({ search: "roses", per_page: "50" }));
    const named = all.filter((p) => /\brose\b/i.test(p.name)).map((p) => p.id);
    expect(named.length).toBeGreaterThan(0);
    expect(
      roses.data
        .slice(0, named.length)
        .map((p) => p.id)
        .sort(),
    ).toEqual(named.sort());
    for (const search of ["%", "_", "'", '"', "*", "(", "🌸", "-"]) {
      expect((await listProducts(t.db, productQuery({ search, per_page: "50" }))).total).toBe(0);
    }
    for (const search of ["' OR 1=1 --", "NEAR(", '"rose', "rose*", "rose AND NOT", "(rose", "100%", "花束"]) {
      await expect(listProducts(t.db, productQuery({ search, per_page: "50" }))).resolves.toBeTruthy();
    }
  });
});

describe("listProducts: sorts", () => {
  it("sorts newest first by default", async () => {
    const page = await listProducts(t.db, productQuery({ per_page: "50" }));
    expect(
      isSorted(
        page.data.map((p) => p.created_at!),
        "desc",
      ),
    ).toBe(true);
  });

  it("sorts by name A-Z and by price both ways", async () => {
    const byName = await listProducts(t.db, productQuery({ sort_by: "name", per_page: "50" }));
    expect(
      isSorted(
        byName.data.map((p) => p.name),
        "asc",
      ),
    ).toBe(true);
    const cheap = await listProducts(t.db, productQuery({ sort_by: "price", per_page: "50" }));
    expect(
      isSorted(
        cheap.data.map((p) => p.unit_price),
        "asc",
      ),
    ).toBe(true);
    const dear = await listProducts(t.db, productQuery({ sort_by: "price", sort_order: "desc", per_page: "50" }));
    expect(
      isSorted(
        dear.data.map((p) => p.unit_price),
        "desc",
      ),
    ).toBe(true);
  });

  it("sorts best sellers by units sold", async () => {
    const best = await listProducts(t.db, productQuery({ sort_by: "best-sellers", per_page: "50" }));
    expect(
      isSorted(
        best.data.map((p) => p.sold),
        "desc",
      ),
    ).toBe(true);
  });
});

describe("featured and detail", () => {
  it("lists featured products up to the limit", async () => {
    const featured = await listFeaturedProducts(t.db, 8);
    expect(featured).toHaveLength(8);
    expect(featured.every((p) => p.is_featured)).toBe(true);
  });

  it("gives a product with its images, category and up to 4 related products from its category, never itself", async () => {
    const slug = all.find((p) => p.category?.slug === "wedding")!.slug;
    const before = t.timer.queries;
    const product = await getProductBySlug(t.db, slug);
    expect(t.timer.queries - before).toBe(2);
    expect(product.images.length).toBeGreaterThanOrEqual(2);
    expect(product.images.length).toBeLessThanOrEqual(4);
    expect(product.category?.slug).toBe("wedding");
    expect(product.related_products.length).toBeGreaterThan(0);
    expect(product.related_products.length).toBeLessThanOrEqual(4);
    expect(product.related_products.every((p) => p.category?.slug === "wedding" && p.slug !== slug)).toBe(true);
  });

  it("throws Product Not Found for an unknown slug", async () => {
    await expect(getProductBySlug(t.db, "no-such-bouquet")).rejects.toThrow(NotFoundError);
    await expect(getProductBySlug(t.db, "no-such-bouquet")).rejects.toThrow("Product Not Found");
  });
});
