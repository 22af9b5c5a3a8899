import { beforeAll, describe, expect, it } from "vitest";
import { listProducts, productListStatements, productPageIds } from "~/services/products.server";
import { createTestDb, productQuery, type TestDb } from "./db";

// The products list at the size of a real shop (~5,000 products): every filter and sort the products
// page and GET /api/products offer reads through an index (EXPLAIN QUERY PLAN: never a SCAN of
// products; the default order never sorted in a temporary tree), and the pages hold what they held.

const GROWN = 5_000;
let t: TestDb;
let slugs: string[];
let firstCategoryId: number;

beforeAll(async () => {
  t = await createTestDb();
  // Deterministic rows: six categories, prices 10.00-99.99, every 7th on sale, every 50th an add-on,
  // every 17th archived, a colour each.
  await t.client.execute(`INSERT INTO products (category_id, name, slug, sku, short_description, description,
      price_cents, sale_price_cents, stock, is_addon, is_featured, is_active, sold_count, created_at, updated_at)
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${GROWN})
    SELECT (SELECT min(id) FROM categories) + i % 6, 'Grown ' || i, 'grown-' || i, 'GROWN-' || i, 'Short ' || i,
      'A long description ' || i, 1000 + (i * 37) % 9000, CASE WHEN i % 7 = 0 THEN 900 END, i % 13, i % 50 = 0,
      i % 11 = 0, i % 17 <> 0, i % 97, 1700000000 + (i % 400) * 60, 1700000000 + i * 60
    FROM n`);
  await t.client.execute(`INSERT OR IGNORE INTO product_colors (product_id, color)
    SELECT id, CASE id % 3 WHEN 0 THEN 'red' WHEN 1 THEN 'blue' ELSE 'white' END FROM products`);
  const rows = (await t.client.execute("SELECT id, slug FROM categories ORDER BY id LIMIT 2")).rows;
  slugs = rows.map((row) => String(row.slug));
  firstCategoryId = Number(rows[0]!.id);
});

const SORTS = [
  { sort_by: "created_at", sort_order: "desc" },
  { sort_by: "name", sort_order: "asc" },
  { sort_by: "price", sort_order: "asc" },
  { sort_by: "best-sellers", sort_order: "desc" },
];

const filters = (): Record<string, string>[] => [
  {},
  { categories: slugs[0]! },
  { categories: slugs.join(",") },
  { min_price: "20", max_price: "60" },
  { categories: slugs[0]!, min_price: "20", max_price: "60" },
  { on_sale: "1" },
  { featured: "1" },
  { in_stock: "1" },
  { colors: "red" },
  { addons: "1" },
  { page: "300" },
];

async function planOf(statement: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql, params } = statement.toSQL();
  const plan = await t.client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: params as never });
  return plan.rows.map((row) => String(row.detail)).join("\n");
}

describe("the products list at 5,000 products", () => {
  it("reads every filter and sort through an index, never a scan of products", async () => {
    for (const sort of SORTS) {
      for (const filter of filters()) {
        const query = productQuery({ per_page: "12", ...sort, ...filter });
        const [page, count] = productListStatements(t.db, query, { cards: true });
        const ids = await planOf(productPageIds(query));
        const label = JSON.stringify({ ...sort, ...filter });
        for (const plan of [ids, await planOf(page), await planOf(count)]) {
          expect(plan, label).toMatch(/SEARCH products USING (COVERING )?INDEX products_/);
          expect(plan, label).not.toMatch(/SCAN products/);
        }
        // The page's products are read by id: the 12 of them, never the skipped ones.
        expect(await planOf(page), label).toContain("SEARCH products USING INTEGER PRIMARY KEY (rowid=?)");
        // The default order of the whole list, a category's page and a deep page: the index's own order.
        const inIndexOrder = sort.sort_by === "created_at" && !filter.min_price && !filter.categories?.includes(",");
        // Each sort on the whole list, and price on a category, walk their own index in order.
        const ownIndex =
          Object.keys(filter).length === 0 || (sort.sort_by === "price" && !filter.categories?.includes(","));
        if (inIndexOrder || ownIndex) expect(ids, label).not.toContain("USE TEMP B-TREE FOR ORDER BY");
        // ...and a deep page of the whole list (add-ons too) or of a category skips index entries, not
        // table rows. Not by price: SQLite reads a virtual column (unit_price_cents) from the row.
        const byIndexAlone = Object.keys(filter).every((key) => ["page", "addons"].includes(key));
        const categoryPage = Object.keys(filter).join() === "categories" && !filter.categories!.includes(",");
        if (sort.sort_by !== "price" && (byIndexAlone || (categoryPage && sort.sort_by === "created_at")))
          expect(ids, label).toMatch(/USING COVERING INDEX products_(list|category)_/);
      }
    }
  });

  it("keeps the pages' contents: every product once, in order, and cards as the API's products without the description", async () => {
    const all = productQuery({ per_page: "100" });
    const first = await listProducts(t.db, all);
    expect(first.total).toBeGreaterThan(4_000);
    const seen: Array<{ id: number; created_at: string | null }> = [];
    for (let page = 1; page <= first.last_page; page++) {
      const { data } = await listProducts(t.db, { ...all, page });
      seen.push(...data.map(({ id, created_at }) => ({ id, created_at })));
    }
    expect(seen).toHaveLength(first.total);
    expect(new Set(seen.map((row) => row.id)).size).toBe(first.total);
    const ordered = [...seen].sort((a, b) => (b.created_at ?? "").localeCompare(a.created_at ?? "") || b.id - a.id);
    expect(seen).toEqual(ordered);

    for (const filter of filters()) {
      const query = productQuery({ per_page: "12", ...filter });
      const full = await listProducts(t.db, query);
      const cards = await listProducts(t.db, query, { cards: true });
      expect(cards.data, JSON.stringify(filter)).toEqual(full.data.map((product) => ({ ...product, description: "" })));
      expect(full.data.every((product) => product.description.length > 0)).toBe(true);
    }

    // One category (an equality) and the same category named twice (a list) give the same page.
    for (const sort of SORTS) {
      const one = await listProducts(t.db, productQuery({ ...sort, categories: slugs[0]!, page: "3" }));
      const twice = await listProducts(
        t.db,
        productQuery({ ...sort, categories: `${slugs[0]},${firstCategoryId}`, page: "3" }),
      );
      expect(one.data.map((product) => product.id)).toEqual(twice.data.map((product) => product.id));
      expect(one.total).toBe(twice.total);
      expect(one.data.every((product) => product.category?.slug === slugs[0])).toBe(true);
    }
  });
});
