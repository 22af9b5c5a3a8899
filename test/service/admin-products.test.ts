import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import {
  AdminProductQuerySchema,
  PRODUCT_MESSAGES,
  ProductCreateSchema,
  ProductUpdateSchema,
} from "~/lib/schemas/admin-products";
import { slugify } from "~/lib/slug";
import { fieldErrors } from "~/lib/schemas/query";
import type { Actor } from "../../app/services/audit.server";
import {
  adminProductsPage,
  createProduct,
  DuplicateFieldError,
  getAdminProduct,
  listAdminProducts,
  productStats,
  setProductArchived,
  updateProduct,
} from "~/services/admin/products.server";
import { ConflictError, NotFoundError, ValidationError } from "~/services/errors";
import { getProductBySlug, listProducts } from "~/services/products.server";
import { priceCart } from "~/services/cart.server";
import { getSitemapEntries } from "~/services/sitemap.server";
import { listCategories } from "~/services/categories.server";
import { ADMIN } from "../fixtures/accounts";
import { actorOf, createTestDb, productQuery, type TestDb } from "./db";
import { rejection } from "./fixtures";

// The back office's products against a real, migrated and seeded libSQL database: slugs (made from
// the name, unique, duplicates refused), SKUs, the rules (422), stale versions (409), archive and
// restore (the shop's lists, page, sitemap, counts and cart follow), the stats, and the audit rows.

let t: TestDb;
let db: Database;
let admin: Actor;
let categoryId: number;
let otherCategoryId: number;

const PNG = "/uploads/" + "a".repeat(64) + ".png";
const WEBP = "/uploads/" + "b".repeat(64) + ".webp";

let n = 0;
/** A new product's body: a SKU of its own. */
const body = (extra: Record<string, unknown> = {}) =>
  ProductCreateSchema.parse({ name: `Test Tulip ${++n}`, sku: `TEST-SVC-${n}`, price: 20, stock: 10, ...extra });
const update = (extra: Record<string, unknown>) => ProductUpdateSchema.parse(extra);

async function auditOf(id: number) {
  return (
    await t.client.execute({
      sql: "SELECT action, summary, changes FROM audit_log WHERE entity = 'product' AND entity_id = ? ORDER BY id",
      args: [String(id)],
    })
  ).rows as unknown as Array<{
    action: string;
    summary: string;
    changes: string | null;
  }>;
}

beforeAll(async () => {
  t = await createTestDb();
  db = t.db;
  admin = await actorOf(t.client, ADMIN.email);
  const cats = (await t.client.execute("SELECT id FROM categories ORDER BY id LIMIT 2")).rows;
  categoryId = Number(cats[0]!.id);
  otherCategoryId = Number(cats[1]!.id);
});

describe("slugs", () => {
  it("are made from the name when empty, and made unique with -2, -3", async () => {
    expect(slugify("  Crème Brûlée & Roses! ")).toBe("creme-brulee-and-roses");
    expect(slugify("!!!")).toBe("");
    const first = await createProduct(db, admin, body({ name: "Sunny Daisy Jar" }));
    const second = await createProduct(db, admin, body({ name: "Sunny Daisy Jar", slug: "" }));
    const third = await createProduct(db, admin, body({ name: "Sunny  daisy JAR" }));
    expect([first.slug, second.slug, third.slug]).toEqual([
      "sunny-daisy-jar",
      "sunny-daisy-jar-2",
      "sunny-daisy-jar-3",
    ]);
  });

  it("refuse a given slug or a SKU already in use with a 409 naming the field", async () => {
    const taken = await createProduct(db, admin, body({ slug: "taken-slug" }));
    const slug = await rejection(createProduct(db, admin, body({ slug: "taken-slug" })));
    expect(slug).toBeInstanceOf(DuplicateFieldError);
    expect(slug).toBeInstanceOf(ConflictError);
    expect(slug.message).toBe("The slug has already been taken.");
    const sku = await rejection(createProduct(db, admin, body({ sku: taken.sku })));
    expect(sku.message).toBe("The SKU has already been taken.");
    // And on an update: another product's slug or SKU.
    const other = await createProduct(db, admin, body());
    expect((await rejection(updateProduct(db, admin, other.id, update({ slug: "taken-slug" })))).message).toBe(
      "The slug has already been taken.",
    );
    expect((await rejection(updateProduct(db, admin, other.id, update({ sku: taken.sku })))).message).toBe(
      "The SKU has already been taken.",
    );
    // Its own slug and SKU are no conflict.
    expect(
      (await updateProduct(db, admin, taken.id, update({ slug: "taken-slug", sku: taken.sku, stock: 3 }))).stock,
    ).toBe(3);
  });

  it("are made again from the name on an update with an empty slug, and kept when left out", async () => {
    const product = await createProduct(db, admin, body({ name: "Lilac Lantern" }));
    const renamed = await updateProduct(db, admin, product.id, update({ name: "Lilac Lamp" }));
    expect(renamed.slug).toBe("lilac-lantern");
    const reslugged = await updateProduct(db, admin, product.id, update({ slug: "" }));
    expect(reslugged.slug).toBe("lilac-lamp");
  });

  it("refuse a slug that is not lowercase letters, numbers and dashes (422)", () => {
    const parsed = ProductCreateSchema.safeParse({ name: "A", sku: "B", price: 1, slug: "Not A Slug" });
    expect(parsed.success).toBe(false);
    expect(fieldErrors(parsed.error!)).toEqual({ slug: [PRODUCT_MESSAGES.slugFormat] });
  });
});

describe("creating and reading", () => {
  it("stores every field, images in order (the first is the main one), colours, category; money in cents", async () => {
    const created = await createProduct(
      db,
      admin,
      body({
        description: "Long text",
        short_description: "Short",
        price: "24.99",
        sale_price: 19.5,
        stock: 7,
        category_id: categoryId,
        weight: 350,
        dimensions: "30 x 20 x 10 cm",
        is_featured: true,
        images: [WEBP, PNG, "/images/placeholder.svg"],
        colors: "Pink, white, pink",
        meta_keywords: "tulip, gift",
      }),
    );
    const product = (await getAdminProduct(db, created.id))!;
    expect(product).toMatchObject({
      price_cents: 2499,
      sale_price_cents: 1950,
      stock: 7,
      category_id: categoryId,
      weight: 350,
      dimensions: "30 x 20 x 10 cm",
      is_featured: true,
      is_active: true,
      status: "active",
      archived_at: null,
      version: 1,
      image: WEBP,
      images: [WEBP, PNG, "/images/placeholder.svg"],
      colors: ["pink", "white"],
      meta_keywords: "tulip, gift",
      description: "Long text",
      short_description: "Short",
    });
    expect(product.category?.id).toBe(categoryId);
    const [audit] = await auditOf(created.id);
    expect(audit).toMatchObject({ action: "create", summary: `Created product ${created.name} (${created.sku})` });
    expect(JSON.parse(audit!.changes!)).toMatchObject({
      price: [0, 24.99],
      images: [[], [WEBP, PNG, "/images/placeholder.svg"]],
    });
    // The shop sees it at once.
    const page = await getProductBySlug(db, created.slug);
    expect(page.images.map((image) => image.url)).toEqual([WEBP, PNG, "/images/placeholder.svg"]);
    expect(page.unit_price_cents).toBe(1950);
  });

  it("answers null for an unknown product, and 404 on a write to one", async () => {
    expect(await getAdminProduct(db, 999_999)).toBeNull();
    expect(await rejection(updateProduct(db, admin, 999_999, update({ stock: 1 })))).toBeInstanceOf(NotFoundError);
    expect(await rejection(setProductArchived(db, admin, 999_999, true))).toBeInstanceOf(NotFoundError);
  });
});

describe("rules", () => {
  it("refuse an empty name, a negative price or stock, a missing SKU or price (422 from the schema)", () => {
    const parsed = ProductCreateSchema.safeParse({ name: "  ", price: -1, stock: -2, sku: "" });
    expect(fieldErrors(parsed.error!)).toEqual({
      name: ["The name field is required."],
      sku: ["The SKU field is required."],
      price: ["The price must be at least 0."],
      stock: ["The stock must be at least 0."],
    });
    expect(fieldErrors(ProductUpdateSchema.safeParse({ price: 10, sale_price: 10 }).error!)).toEqual({
      sale_price: [PRODUCT_MESSAGES.salePriceBelowPrice],
    });
    expect(fieldErrors(ProductUpdateSchema.safeParse({ stock: "1.5", weight: "heavy" }).error!)).toEqual({
      stock: ["The stock must be a whole number."],
      weight: ["The weight must be a whole number."],
    });
  });

  it("refuse a sale price not below the price, an unknown category and an image that is not ours, changing nothing", async () => {
    const product = await createProduct(db, admin, body({ price: 30 }));
    const sale = await rejection(updateProduct(db, admin, product.id, update({ sale_price: 30 })));
    expect(sale).toBeInstanceOf(ValidationError);
    expect((sale as ValidationError).errors).toEqual({ sale_price: [PRODUCT_MESSAGES.salePriceBelowPrice] });
    // The price lowered under an existing sale price is the same rule.
    await updateProduct(db, admin, product.id, update({ sale_price: 25 }));
    expect(
      ((await rejection(updateProduct(db, admin, product.id, update({ price: 20 })))) as ValidationError).errors,
    ).toEqual({
      sale_price: [PRODUCT_MESSAGES.salePriceBelowPrice],
    });
    const bad = await rejection(
      updateProduct(
        db,
        admin,
        product.id,
        update({ category_id: 999_999, images: ["https://evil.example/x.png", PNG] }),
      ),
    );
    expect((bad as ValidationError).errors).toEqual({
      category_id: [PRODUCT_MESSAGES.categoryInvalid],
      images: [PRODUCT_MESSAGES.images],
    });
    expect(await rejection(createProduct(db, admin, body({ images: ["/uploads/not-a-key.png"] })))).toBeInstanceOf(
      ValidationError,
    );
    const after = (await getAdminProduct(db, product.id))!;
    expect(after).toMatchObject({ price_cents: 3000, sale_price_cents: 2500, images: [], version: 2 });
  });
});

describe("updating", () => {
  it("changes the fields given, replaces images and colours, bumps the version and records what changed", async () => {
    const product = await createProduct(db, admin, body({ images: [PNG], colors: ["red"], category_id: categoryId }));
    const updated = await updateProduct(
      db,
      admin,
      product.id,
      update({ price: 12.5, images: [WEBP, PNG], colors: ["blue"], category_id: otherCategoryId, version: 1 }),
    );
    expect(updated).toMatchObject({
      price_cents: 1250,
      images: [WEBP, PNG],
      image: WEBP,
      colors: ["blue"],
      category_id: otherCategoryId,
      version: 2,
      name: product.name,
    });
    const audit = await auditOf(product.id);
    expect(audit.at(-1)).toMatchObject({ action: "update" });
    expect(JSON.parse(audit.at(-1)!.changes!)).toEqual({
      price: [20, 12.5],
      category_id: [categoryId, otherCategoryId],
      images: [[PNG], [WEBP, PNG]],
      colors: [["red"], ["blue"]],
    });
    // Nothing to change: no write, no audit row.
    await updateProduct(db, admin, product.id, update({ price: 12.5 }));
    expect((await getAdminProduct(db, product.id))!.version).toBe(2);
    expect(await auditOf(product.id)).toHaveLength(audit.length);
    // Removing every image leaves no main image.
    expect((await updateProduct(db, admin, product.id, update({ images: [] }))).image).toBeNull();
  });

  it("refuses a stale version (409) and applies nothing of it, not even its audit row", async () => {
    const product = await createProduct(db, admin, body());
    await updateProduct(db, admin, product.id, update({ stock: 4, version: 1 }));
    const stale = await rejection(
      updateProduct(db, admin, product.id, update({ stock: 99, images: [PNG], version: 1 })),
    );
    expect(stale).toBeInstanceOf(ConflictError);
    expect(stale.message).toBe(PRODUCT_MESSAGES.stale);
    expect((await rejection(setProductArchived(db, admin, product.id, true, 1))).message).toBe(PRODUCT_MESSAGES.stale);
    const now = (await getAdminProduct(db, product.id))!;
    expect(now).toMatchObject({ stock: 4, images: [], version: 2, is_active: true });
    expect((await auditOf(product.id)).map((row) => row.action)).toEqual(["create", "update"]);
  });
});

describe("archive and restore", () => {
  it("take the product out of the shop (page, lists, search, sitemap, counts, cart) and bring it back", async () => {
    const product = await createProduct(
      db,
      admin,
      body({ name: "Archivable Aster", category_id: categoryId, stock: 5 }),
    );
    const countOf = async () =>
      (await listCategories(db, { withCounts: true })).find((category) => category.id === categoryId)!.product_count ??
      0;
    const inSearch = async () =>
      (await listProducts(db, productQuery({ search: "Archivable Aster" }))).data.map((row) => row.id);
    const inSitemap = async () =>
      (await getSitemapEntries(db, { kind: "products", number: 1 }))!.some(
        (entry) => entry.path === `/product/${product.slug}`,
      );
    const before = await countOf();
    expect(await inSearch()).toEqual([product.id]);
    expect(await inSitemap()).toBe(true);

    const archived = await setProductArchived(db, admin, product.id, true, 1);
    expect(archived).toMatchObject({ is_active: false, status: "archived", version: 2 });
    expect(archived.archived_at).not.toBeNull();
    expect((await rejection(getProductBySlug(db, product.slug))).message).toBe("Product Not Found");
    expect(await inSearch()).toEqual([]);
    expect(await inSitemap()).toBe(false);
    expect(await countOf()).toBe(before - 1);
    const cart = await priceCart(db, [{ productId: product.id, quantity: 1 }]);
    expect(cart.items[0]).toMatchObject({ status: "unavailable", name: "Archivable Aster" });
    expect(cart.can_checkout).toBe(false);
    // Archiving again changes nothing.
    expect((await setProductArchived(db, admin, product.id, true)).version).toBe(2);

    const restored = await setProductArchived(db, admin, product.id, false);
    expect(restored).toMatchObject({ is_active: true, status: "active", archived_at: null, version: 3 });
    expect((await getProductBySlug(db, product.slug)).id).toBe(product.id);
    expect(await countOf()).toBe(before);
    expect((await auditOf(product.id)).map((row) => row.action)).toEqual(["create", "archive", "restore"]);
  });
});

describe("the list and the stats", () => {
  it("find by name or SKU, category, status and low stock, newest first, in pages", async () => {
    const low = await createProduct(
      db,
      admin,
      body({ name: "Listing Lupin Low", stock: 2, category_id: otherCategoryId }),
    );
    const out = await createProduct(
      db,
      admin,
      body({ name: "Listing Lupin Out", stock: 0, category_id: otherCategoryId }),
    );
    const plenty = await createProduct(
      db,
      admin,
      body({ name: "Listing Lupin Plenty", stock: 50, category_id: otherCategoryId }),
    );
    await setProductArchived(db, admin, out.id, true);
    const ids = async (query: Record<string, string>) =>
      (await listAdminProducts(db, AdminProductQuerySchema.parse(query))).data.map((row) => row.id);
    expect(await ids({ search: "Listing Lupin" })).toEqual([plenty.id, out.id, low.id]);
    expect(await ids({ search: low.sku })).toEqual([low.id]);
    expect(await ids({ search: "Listing Lupin", low_stock: "1" })).toEqual([out.id, low.id]);
    // The threshold is the setting's: raised to 50, the product with 50 left is low too (list and stats).
    const lowBefore = (await productStats(db)).low_stock;
    await t.client.execute("UPDATE settings SET value = '50' WHERE key = 'low_stock_threshold'");
    expect(await ids({ search: "Listing Lupin", low_stock: "1" })).toEqual([plenty.id, out.id, low.id]);
    const raised = await adminProductsPage(db, AdminProductQuerySchema.parse({ search: "Listing Lupin" }));
    expect(raised.lowStockThreshold).toBe(50);
    expect(await productStats(db)).toMatchObject({ low_stock_threshold: 50 });
    expect((await productStats(db)).low_stock).toBeGreaterThan(lowBefore);
    await t.client.execute("UPDATE settings SET value = '5' WHERE key = 'low_stock_threshold'");
    expect(await ids({ search: "Listing Lupin", status: "archived" })).toEqual([out.id]);
    expect(await ids({ search: "Listing Lupin", status: "active" })).toEqual([plenty.id, low.id]);
    const slug = (await t.client.execute({ sql: "SELECT slug FROM categories WHERE id = ?", args: [otherCategoryId] }))
      .rows[0]!.slug as string;
    expect(await ids({ search: "Listing Lupin", category: slug })).toEqual([plenty.id, out.id, low.id]);
    expect(await ids({ search: "Listing Lupin", category: String(categoryId) })).toEqual([]);
    const page = await listAdminProducts(
      db,
      AdminProductQuerySchema.parse({ search: "Listing Lupin", per_page: "2", page: "2" }),
    );
    expect(page).toMatchObject({ current_page: 2, last_page: 2, per_page: 2, from: 3, to: 3, total: 3 });
  });

  it("count every product, the active, archived, low, out of stock, featured and on sale ones", async () => {
    const count = async (where: string) =>
      Number((await t.client.execute(`SELECT count(*) AS n FROM products WHERE ${where}`)).rows[0]!.n);
    const variants = async (where: string) =>
      Number(
        (
          await t.client.execute(
            `SELECT count(*) AS n FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.is_active = 1 AND v.is_active = 1 AND ${where}`,
          )
        ).rows[0]!.n,
      );
    const before = await productStats(db);
    expect(before).toEqual({
      total: await count("1"),
      active: await count("is_active = 1"),
      archived: await count("is_active = 0"),
      // Stock per variant sold (switched on) of an active product.
      low_stock: await variants("v.stock > 0 AND v.stock <= 5"),
      out_of_stock: await variants("v.stock = 0"),
      featured: await count("is_active = 1 AND is_featured = 1"),
      on_sale: await count("is_active = 1 AND sale_price_cents IS NOT NULL AND sale_price_cents < price_cents"),
      low_stock_threshold: 5,
    });
    const product = await createProduct(db, admin, body({ stock: 1, is_featured: true, price: 10, sale_price: 5 }));
    const added = await productStats(db);
    expect(added).toMatchObject({
      total: before.total + 1,
      active: before.active + 1,
      low_stock: before.low_stock + 1,
      featured: before.featured + 1,
      on_sale: before.on_sale + 1,
    });
    await setProductArchived(db, admin, product.id, true);
    expect(await productStats(db)).toMatchObject({
      total: before.total + 1,
      active: before.active,
      archived: before.archived + 1,
      low_stock: before.low_stock,
      featured: before.featured,
    });
  });
});
