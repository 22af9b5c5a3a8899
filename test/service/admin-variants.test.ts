import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { PRODUCT_MESSAGES, ProductCreateSchema, ProductUpdateSchema } from "~/lib/schemas/admin-products";
import { fieldErrors } from "~/lib/schemas/query";
import type { Actor } from "../../app/services/audit.server";
import {
  createProduct,
  DuplicateFieldError,
  getAdminProduct,
  listAdminProducts,
  productStats,
  updateProduct,
} from "~/services/admin/products.server";
import { getDashboard } from "~/services/admin/stats.server";
import { ConflictError, ValidationError } from "~/services/errors";
import { getProductBySlug, listProducts } from "~/services/products.server";
import { AdminProductQuerySchema } from "~/lib/schemas/admin-products";
import { ADMIN } from "../fixtures/accounts";
import { actorOf, createTestDb, productQuery, type TestDb } from "./db";
import { rejection } from "./fixtures";

// The back office's options and variants against a real, migrated and seeded libSQL database: the
// save rules (422 per field, 409 for SKUs and stale versions), nothing half saved, variants left
// out removed or switched off when ordered, the product's figures following its variants, the
// colour filter, the add-on flag, the audit, and the low-stock counts per variant.

let t: TestDb;
let db: Database;
let admin: Actor;

let n = 0;
const body = (extra: Record<string, unknown> = {}) =>
  ProductCreateSchema.parse({ name: `Variant Tulip ${++n}`, sku: `TEST-VAR-${n}`, price: 20, stock: 10, ...extra });
const update = (extra: Record<string, unknown>) => ProductUpdateSchema.parse(extra);
const SIZE = [{ name: "Size", values: ["Small", "Large"] }];
const sized = (sku: string, small: Record<string, unknown> = {}, large: Record<string, unknown> = {}) => [
  { sku: `${sku}-S`, options: { Size: "Small" }, price: 44, stock: 5, ...small },
  { sku: `${sku}-L`, options: { Size: "Large" }, price: 58, stock: 2, ...large },
];

/** The 422's errors of a save that must fail, and proof that nothing of it was saved. */
async function refused(id: number, input: Record<string, unknown>) {
  const before = await getAdminProduct(db, id);
  const error = await rejection(updateProduct(db, admin, id, update(input)));
  expect(error).toBeInstanceOf(ValidationError);
  expect(await getAdminProduct(db, id)).toEqual(before);
  return (error as ValidationError).errors;
}

async function orderLine(productId: number, variantId: number) {
  const user = (await t.client.execute("SELECT id FROM users LIMIT 1")).rows[0]!;
  const order = await t.client.execute({
    sql: `INSERT INTO orders (order_number, user_id, email, status, payment_status, payment_method, subtotal_cents, total_cents, shipping_address, billing_address)
          VALUES (?, ?, 'a@example.com', 'pending', 'pending', 'cod', 100, 100, '{}', '{}') RETURNING id`,
    args: [`ORD-VAR-${++n}`, Number(user.id)],
  });
  await t.client.execute({
    sql: `INSERT INTO order_items (order_id, product_id, product_name, product_sku, variant_id, quantity, price_cents, total_cents)
          VALUES (?, ?, 'x', 'x', ?, 1, 100, 100)`,
    args: [Number(order.rows[0]!.id), productId, variantId],
  });
}

beforeAll(async () => {
  t = await createTestDb();
  db = t.db;
  admin = await actorOf(t.client, ADMIN.email);
});

describe("reading", () => {
  it("gives a product's options and every variant, switched-off ones too, and whether orders refer to each", async () => {
    const seeded = (await t.client.execute("SELECT id FROM products WHERE slug = 'blush-garden-bouquet'")).rows[0]!;
    const product = (await getAdminProduct(db, Number(seeded.id)))!;
    expect(product.options).toEqual([
      { name: "Size", values: ["Bouquet", "Grand"] },
      { name: "Colour", values: ["Pink", "White"] },
    ]);
    expect(product.variants.map((variant) => variant.sku)).toEqual([
      "TB-MOM-001-BQ-PK",
      "TB-MOM-001-BQ-WH",
      "TB-MOM-001-GR-PK",
    ]);
    expect(product.variants[0]).toMatchObject({
      is_active: true,
      ordered: false,
      options: { Size: "Bouquet", Colour: "Pink" },
    });
    expect(product.is_addon).toBe(false);
  });

  it("gives a product without options its one implicit variant", async () => {
    const product = await createProduct(db, admin, body({ price: 12.5, stock: 4 }));
    expect(product.options).toEqual([]);
    expect(product.variants).toEqual([
      expect.objectContaining({ sku: product.sku, options: {}, price_cents: 1250, stock: 4, is_active: true }),
    ]);
  });
});

describe("saving options and variants", () => {
  it("turns a product without options into one with options: the variants set its figures", async () => {
    const product = await createProduct(db, admin, body({ price: 30, stock: 9 }));
    const saved = await updateProduct(
      db,
      admin,
      product.id,
      update({ version: product.version, options: SIZE, variants: sized(product.sku, { sale_price: 40 }) }),
    );
    expect(saved.options).toEqual(SIZE);
    expect(saved.variants.map((variant) => [variant.sku, variant.options, variant.stock])).toEqual([
      [`${product.sku}-S`, { Size: "Small" }, 5],
      [`${product.sku}-L`, { Size: "Large" }, 2],
    ]);
    // The implicit variant is gone (no order referred to it); the product's figures are the cheapest variant's.
    expect(saved).toMatchObject({ price_cents: 4400, sale_price_cents: 4000, stock: 7, version: product.version + 1 });
    const shop = await getProductBySlug(db, saved.slug);
    expect(shop?.options).toEqual(SIZE);
    expect(shop?.variants.map((variant) => variant.sku)).toEqual([`${product.sku}-S`, `${product.sku}-L`]);
  });

  it("never writes the figures of a product with options from the body", async () => {
    const product = await createProduct(db, admin, body({ options: SIZE, variants: sized(`TEST-VAR-FIG-${n}`) }));
    expect(product).toMatchObject({ price_cents: 4400, stock: 7 });
    const saved = await updateProduct(db, admin, product.id, update({ price: 1, stock: 500, name: "Renamed tulip" }));
    expect(saved).toMatchObject({ name: "Renamed tulip", price_cents: 4400, stock: 7 });
  });

  it("updates variants by id, adds those without, and removes those left out", async () => {
    const product = await createProduct(db, admin, body({ options: SIZE, variants: sized(`TEST-VAR-UPD-${n}`) }));
    const [small] = product.variants;
    const saved = await updateProduct(
      db,
      admin,
      product.id,
      update({
        options: [{ name: "Size", values: ["Small", "Large", "Grand"] }],
        variants: [
          { id: small!.id, sku: small!.sku, options: { Size: "Small" }, price: 45.5, stock: 0 },
          { sku: `${small!.sku}-G`, options: { Size: "Grand" }, price: 80, stock: 1, image: "/images/placeholder.svg" },
        ],
      }),
    );
    expect(
      saved.variants.map((variant) => [variant.id === small!.id, variant.options.Size, variant.price_cents]),
    ).toEqual([
      [true, "Small", 4550],
      [false, "Grand", 8000],
    ]);
    expect(saved.variants[1]!.image).toBe("/images/placeholder.svg");
    expect(saved.stock).toBe(1);
  });

  it("switches off a variant left out that past orders refer to, and keeps its SKU taken", async () => {
    const product = await createProduct(db, admin, body({ options: SIZE, variants: sized(`TEST-VAR-ORD-${n}`) }));
    const [small, large] = product.variants;
    await orderLine(product.id, large!.id);
    expect((await getAdminProduct(db, product.id))!.variants[1]!.ordered).toBe(true);
    const saved = await updateProduct(
      db,
      admin,
      product.id,
      update({ variants: [{ id: small!.id, sku: small!.sku, options: { Size: "Small" }, price: 44, stock: 5 }] }),
    );
    expect(saved.variants.map((variant) => [variant.sku, variant.is_active, variant.ordered])).toEqual([
      [small!.sku, true, false],
      [large!.sku, false, true],
    ]);
    expect(saved.stock).toBe(5);
    const again = await rejection(
      updateProduct(
        db,
        admin,
        product.id,
        update({ variants: [{ sku: large!.sku, options: { Size: "Small" }, price: 1 }] }),
      ),
    );
    expect(again).toBeInstanceOf(DuplicateFieldError);
    expect(again.message).toBe(PRODUCT_MESSAGES.skuTaken);
    // The shop no longer sells it; staff can switch it on again.
    expect((await getProductBySlug(db, saved.slug))!.variants.map((variant) => variant.sku)).toEqual([small!.sku]);
    const back = await updateProduct(
      db,
      admin,
      product.id,
      update({
        variants: [
          { id: small!.id, sku: small!.sku, options: { Size: "Small" }, price: 44, stock: 5 },
          { id: large!.id, sku: large!.sku, options: { Size: "Large" }, price: 58, stock: 3, is_active: true },
        ],
      }),
    );
    expect(back.variants.map((variant) => variant.is_active)).toEqual([true, true]);
    expect(back.stock).toBe(8);
  });

  it("switches off the implicit variant of a product that gets options when orders refer to it", async () => {
    const product = await createProduct(db, admin, body());
    await orderLine(product.id, product.variants[0]!.id);
    const saved = await updateProduct(
      db,
      admin,
      product.id,
      update({ options: SIZE, variants: sized(`TEST-VAR-IMP-${n}`) }),
    );
    expect(saved.variants.map((variant) => [variant.options, variant.is_active])).toEqual([
      [{}, false],
      [{ Size: "Small" }, true],
      [{ Size: "Large" }, true],
    ]);
    expect(saved.stock).toBe(7);
  });

  it("keeps the variants whose values still fit when only the options change", async () => {
    const product = await createProduct(db, admin, body({ options: SIZE, variants: sized(`TEST-VAR-OPT-${n}`) }));
    const saved = await updateProduct(
      db,
      admin,
      product.id,
      update({ options: [{ name: "Size", values: ["Large", "Grand"] }] }),
    );
    expect(saved.options).toEqual([{ name: "Size", values: ["Large", "Grand"] }]);
    expect(saved.variants.map((variant) => variant.options)).toEqual([{ Size: "Large" }]);
  });

  it("makes a product without options again from `options: []`: its one variant from the product's figures", async () => {
    const product = await createProduct(db, admin, body({ options: SIZE, variants: sized(`TEST-VAR-BACK-${n}`) }));
    const [small] = product.variants;
    await orderLine(product.id, small!.id);
    const saved = await updateProduct(db, admin, product.id, update({ options: [], price: 25, stock: 4 }));
    expect(saved.options).toEqual([]);
    expect(saved.variants.map((variant) => [variant.sku, variant.options, variant.is_active])).toEqual([
      [small!.sku, { Size: "Small" }, false],
      [product.sku, {}, true],
    ]);
    expect(saved).toMatchObject({ price_cents: 2500, stock: 4 });
    expect(saved.variants[1]).toMatchObject({ price_cents: 2500, stock: 4 });
    // And today's fields work on it again.
    expect((await updateProduct(db, admin, product.id, update({ stock: 9 }))).variants[1]!.stock).toBe(9);
  });

  it("adds a Colour option's values to the product's colours, for the shop's colour filter", async () => {
    const product = await createProduct(
      db,
      admin,
      body({
        colors: ["red"],
        options: [{ name: "Colour", values: ["Teal", "Red"] }],
        variants: [{ sku: `TEST-VAR-COL-${n}`, options: { Colour: "Teal" }, price: 30, stock: 1 }],
      }),
    );
    expect(product.colors).toEqual(["red", "teal"]);
    const found = await listProducts(db, productQuery({ colors: "teal" }));
    expect(found.data.map((row) => row.id)).toContain(product.id);
  });

  it("reads and writes the add-on flag", async () => {
    const product = await createProduct(db, admin, body({ is_addon: true }));
    expect(product.is_addon).toBe(true);
    expect((await updateProduct(db, admin, product.id, update({ is_addon: false }))).is_addon).toBe(false);
  });

  it("records the options and variants in the audit log", async () => {
    const product = await createProduct(db, admin, body());
    await updateProduct(db, admin, product.id, update({ options: SIZE, variants: sized(`TEST-VAR-AUD-${n}`) }));
    const row = (
      await t.client.execute({
        sql: "SELECT summary, changes FROM audit_log WHERE entity = 'product' AND entity_id = ? ORDER BY id DESC LIMIT 1",
        args: [String(product.id)],
      })
    ).rows[0]!;
    expect(String(row.summary)).toBe(`Updated product ${product.name}: options, variants`);
    const changes = JSON.parse(String(row.changes)) as Record<string, unknown[]>;
    expect(changes.options).toEqual(["", "Size: Small, Large"]);
    expect(changes.variants![1]).toEqual([
      `TEST-VAR-AUD-${n}-S (Size: Small): 44, stock 5`,
      `TEST-VAR-AUD-${n}-L (Size: Large): 58, stock 2`,
    ]);
  });
});

describe("the save rules", () => {
  it("refuse bad options with a 422 per field", async () => {
    const product = await createProduct(db, admin, body());
    const parse = (options: unknown) => {
      const parsed = ProductUpdateSchema.safeParse({ options });
      return parsed.success ? {} : fieldErrors(parsed.error);
    };
    expect(parse([{ name: "Size", values: [] }])).toEqual({
      "options.0.values": [PRODUCT_MESSAGES.optionValuesRequired],
    });
    expect(parse([{ name: "Size", values: "" }])).toEqual({
      "options.0.values": [PRODUCT_MESSAGES.optionValuesRequired],
    });
    const many = Array.from({ length: 21 }, (_, i) => `V${i}`);
    expect(parse([{ name: "Size", values: many }])).toEqual({
      "options.0.values": ["An option may have at most 20 values."],
    });
    expect(parse([{ name: "Size", values: ["Small", "small"] }])).toEqual({
      "options.0.values": [PRODUCT_MESSAGES.optionValueTaken],
    });
    expect(parse([{ name: "", values: ["A"] }])).toEqual({ "options.0.name": [PRODUCT_MESSAGES.optionNameRequired] });
    expect(
      parse([
        { name: "Size", values: ["A"] },
        { name: "size", values: ["B"] },
      ]),
    ).toEqual({
      "options.1.name": [PRODUCT_MESSAGES.optionNameTaken],
    });
    const four = ["A", "B", "C", "D"].map((name) => ({ name, values: ["x"] }));
    expect(parse(four)).toEqual({ options: ["A product may have at most 3 options."] });
    expect(parse("Size")).toEqual({ options: [PRODUCT_MESSAGES.optionsList] });
    // Nothing is saved of a body that parses but breaks the variants' rules.
    expect(
      await refused(product.id, { options: SIZE, variants: [{ sku: "X-1", options: { Size: "Huge" }, price: 1 }] }),
    ).toEqual({
      "variants.0.options": [PRODUCT_MESSAGES.variantOptions],
    });
  });

  it("refuse bad variants with a 422 per field, and save nothing", async () => {
    const product = await createProduct(db, admin, body({ options: SIZE, variants: sized(`TEST-VAR-RUL-${n}`) }));
    const parse = (variants: unknown) => {
      const parsed = ProductUpdateSchema.safeParse({ variants });
      return parsed.success ? {} : fieldErrors(parsed.error);
    };
    expect(parse([{ sku: "", options: { Size: "Small" }, price: 10 }])).toEqual({
      "variants.0.sku": [PRODUCT_MESSAGES.skuRequired],
    });
    expect(parse([{ sku: "A", options: { Size: "Small" }, price: 10, sale_price: 10 }])).toEqual({
      "variants.0.sale_price": [PRODUCT_MESSAGES.salePriceBelowPrice],
    });
    expect(parse([{ sku: "A", options: { Size: "Small" }, price: 10, stock: 1.5 }])).toEqual({
      "variants.0.stock": ["The stock must be a whole number."],
    });
    expect(parse([{ sku: "A", options: { Size: "Small" }, price: 10, stock: -1 }])).toEqual({
      "variants.0.stock": ["The stock must be at least 0."],
    });
    expect(parse([{ sku: "A", options: { Size: "Small" } }])).toEqual({
      "variants.0.price": [PRODUCT_MESSAGES.priceRequired],
    });
    const [small, large] = product.variants;
    const keep = { id: small!.id, sku: small!.sku, options: { Size: "Small" }, price: 44 };
    expect(
      await refused(product.id, { variants: [keep, { sku: "NEW-1", options: { Size: "Small" }, price: 1 }] }),
    ).toEqual({
      "variants.1.options": [PRODUCT_MESSAGES.variantOptionsTaken],
    });
    expect(
      await refused(product.id, {
        variants: [keep, { sku: "NEW-2", options: { Size: "Large", Colour: "Red" }, price: 1 }],
      }),
    ).toEqual({
      "variants.1.options": [PRODUCT_MESSAGES.variantOptions],
    });
    expect(await refused(product.id, { variants: [{ ...keep, id: 999_999 }] })).toEqual({
      "variants.0.id": [PRODUCT_MESSAGES.variantUnknown],
    });
    expect(
      await refused(product.id, {
        variants: [
          keep,
          { id: large!.id, sku: large!.sku, options: { Size: "Large" }, price: 1, image: "https://evil.example/x.png" },
        ],
      }),
    ).toEqual({
      "variants.1.image": [PRODUCT_MESSAGES.images],
    });
  });

  it("refuse a variant SKU in use elsewhere, or twice, with the product SKU's 409 wording", async () => {
    const product = await createProduct(db, admin, body({ options: SIZE, variants: sized(`TEST-VAR-SKU-${n}`) }));
    const other = await createProduct(db, admin, body());
    const before = await getAdminProduct(db, product.id);
    const [small] = product.variants;
    for (const [variants, field] of [
      [[{ id: small!.id, sku: other.sku, options: { Size: "Small" }, price: 44 }], "variants.0.sku"],
      [[{ id: small!.id, sku: "TB-MOM-001-BQ-PK", options: { Size: "Small" }, price: 44 }], "variants.0.sku"],
      [
        [
          { id: small!.id, sku: "SAME-SKU", options: { Size: "Small" }, price: 44 },
          { sku: "SAME-SKU", options: { Size: "Large" }, price: 44 },
        ],
        "variants.1.sku",
      ],
    ] as const) {
      const error = await rejection(updateProduct(db, admin, product.id, update({ variants })));
      expect(error).toBeInstanceOf(DuplicateFieldError);
      expect((error as DuplicateFieldError).field).toBe(field);
      expect(error.message).toBe("The SKU has already been taken.");
    }
    expect(await getAdminProduct(db, product.id)).toEqual(before);
    // Another product may not take a variant's SKU as its own either.
    expect((await rejection(createProduct(db, admin, body({ sku: small!.sku })))).message).toBe(
      PRODUCT_MESSAGES.skuTaken,
    );
  });

  it("refuse a stale save with a 409 and save nothing", async () => {
    const product = await createProduct(db, admin, body());
    await updateProduct(db, admin, product.id, update({ name: "Moved on" }));
    const error = await rejection(
      updateProduct(
        db,
        admin,
        product.id,
        update({ version: product.version, options: SIZE, variants: sized(`TEST-VAR-STALE-${n}`) }),
      ),
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toBe(PRODUCT_MESSAGES.stale);
    const now = (await getAdminProduct(db, product.id))!;
    expect(now.options).toEqual([]);
    expect(now.variants).toHaveLength(1);
  });
});

describe("low stock and out of stock", () => {
  it("count the variants sold, and the list's filter finds products with such a variant", async () => {
    const [stats, dashboard] = [await productStats(db), await getDashboard(db)];
    const product = await createProduct(
      db,
      admin,
      body({ options: SIZE, variants: sized(`TEST-VAR-LOW-${n}`, { stock: 0 }, { stock: 100 }) }),
    );
    expect(product.stock).toBe(100);
    const after = await productStats(db);
    expect(after.out_of_stock).toBe(stats.out_of_stock + 1);
    expect(after.low_stock).toBe(stats.low_stock);
    expect((await getDashboard(db)).stats.products.out_of_stock).toBe(dashboard.stats.products.out_of_stock + 1);
    const low = await listAdminProducts(
      db,
      AdminProductQuerySchema.parse({ low_stock: "1", search: product.sku, per_page: "100" }),
    );
    expect(low.data.map((row) => row.id)).toEqual([product.id]);
  });
});
