import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import {
  CategoryCreateSchema,
  CategoryUpdateSchema,
  CouponCreateSchema,
  CouponUpdateSchema,
  couponProblems,
  ShippingMethodCreateSchema,
  ShippingMethodUpdateSchema,
  TaxRateCreateSchema,
  TaxRateUpdateSchema,
} from "~/lib/schemas/admin-catalogue";
import { slugify } from "~/lib/slug";
import { fieldErrors } from "~/lib/schemas/query";
import type { Actor } from "../../app/services/audit.server";
import {
  categoriesPage,
  categoryStats,
  createCategory,
  deleteCategory,
  getAdminCategory,
  updateCategory,
} from "~/services/admin/categories.server";
import {
  createCoupon,
  createShippingMethod,
  createTaxRate,
  deleteCoupon,
  deleteShippingMethod,
  deleteTaxRate,
  getCoupon,
  listCoupons,
  listShippingMethods,
  listTaxRatesForStaff,
  updateCoupon,
  updateShippingMethod,
  updateTaxRate,
} from "~/services/admin/checkout-tables.server";
import { listCategories } from "~/services/categories.server";
import { placeOrder, quoteCheckout, validateCoupon } from "~/services/checkout.server";
import { ConflictError, NotFoundError, ValidationError } from "~/services/errors";
import { CheckoutFormSchema } from "~/lib/schemas/checkout";
import { ADMIN } from "../fixtures/accounts";
import { createTestDb, type TestDb } from "./db";
import { WITHOUT_OPTIONS } from "../fixtures/checkout";
import { rejection } from "./fixtures";

// Categories and the checkout's tables as staff keep them, against a real migrated and seeded
// libSQL database: slugs made from names, product counts (on sale and archived apart), delete only
// when empty (and guarded in SQL), stale forms, the coupon, shipping and tax rules, the audit rows,
// and the next checkout quote using a change at once.

let t: TestDb;
let db: Database;
let admin: Actor;
let n = 0;
const unique = () => `${++n}${Math.random().toString(36).slice(2, 7)}`;

async function one<T>(sql: string, args: Array<string | number | null> = []): Promise<T> {
  const row = (await t.client.execute({ sql, args })).rows[0];
  if (!row) throw new Error(`no row for ${sql}`);
  return row as unknown as T;
}
const auditOf = async (entity: string, id: number) =>
  (
    await t.client.execute({
      sql: "SELECT action, summary, changes, actor_email FROM audit_log WHERE entity = ? AND entity_id = ? ORDER BY id",
      args: [entity, String(id)],
    })
  ).rows as unknown as Array<{ action: string; summary: string; changes: string | null; actor_email: string }>;

const parse = <T>(
  schema: { safeParse(v: unknown): { success: boolean; data?: T; error?: any } },
  value: unknown,
): T => {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(JSON.stringify(fieldErrors(result.error)));
  return result.data as T;
};
const errorsOf = (schema: { safeParse(v: unknown): { success: boolean; error?: any } }, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
};

const newCategory = (values: Record<string, unknown> = {}) =>
  createCategory(db, admin, parse(CategoryCreateSchema, { name: `Bouquets ${unique()}`, ...values }));

/** A product of the seed, moved into a category (by SQL, as the products' own service is not ours). */
async function productIn(categoryId: number, { archived = false } = {}) {
  const row = await one<{ id: number }>(
    "SELECT id FROM products WHERE is_active = 1 AND id NOT IN (SELECT id FROM moved) ORDER BY id LIMIT 1",
  );
  await t.client.execute({ sql: "INSERT INTO moved (id) VALUES (?)", args: [row.id] });
  await t.client.execute({
    sql: `UPDATE products SET category_id = ?, is_active = ?, archived_at = ${archived ? "unixepoch()" : "NULL"} WHERE id = ?`,
    args: [categoryId, archived ? 0 : 1, row.id],
  });
  return Number(row.id);
}

beforeAll(async () => {
  t = await createTestDb();
  db = t.db;
  await t.client.execute("CREATE TABLE moved (id INTEGER PRIMARY KEY)");
  const row = await one<{ id: number; name: string; email: string }>(
    "SELECT id, name, email FROM users WHERE email = ?",
    [ADMIN.email],
  );
  admin = { id: Number(row.id), name: row.name, email: row.email };
});

// ---------------------------------------------------------------- categories

describe("slugs", () => {
  it("are made from names: lowercase ASCII words joined by hyphens", () => {
    expect(slugify("Mother's Day")).toBe("mothers-day");
    expect(slugify("  Roses & Tulips!! ")).toBe("roses-and-tulips");
    expect(slugify("Crème Brûlée Blooms")).toBe("creme-brulee-blooms");
    expect(slugify("---")).toBe("");
  });

  it("a category without a slug takes one from its name; a slug in use is a 409; a bad one a 422", async () => {
    const suffix = unique();
    const made = await newCategory({ name: `Sunny Gifts ${suffix}` });
    expect(made.slug).toBe(`sunny-gifts-${suffix}`);
    const given = await newCategory({ slug: `given-${suffix}` });
    expect(given.slug).toBe(`given-${suffix}`);

    const taken = await rejection(newCategory({ name: `Sunny Gifts ${suffix}` }));
    expect(taken).toBeInstanceOf(ConflictError);
    expect(taken.message).toBe(`The slug "sunny-gifts-${suffix}" is already used by another category.`);
    const takenByUpdate = await rejection(
      updateCategory(db, admin, given.id, parse(CategoryUpdateSchema, { slug: made.slug })),
    );
    expect(takenByUpdate).toBeInstanceOf(ConflictError);

    expect(errorsOf(CategoryCreateSchema, { name: "X", slug: "Not A Slug" })).toEqual({
      slug: ["The slug may only contain lowercase letters, numbers and hyphens."],
    });
    expect(errorsOf(CategoryCreateSchema, { name: "  " })).toEqual({ name: ["Name is required"] });
    expect(errorsOf(CategoryCreateSchema, { sort_order: "-1" })).toEqual({
      sort_order: ["Sort order must be at least 0"],
      name: ["Name is required"],
    });
    expect(errorsOf(CategoryCreateSchema, { name: "X", image: "https://evil.example/x.png" })).toEqual({
      image: ["The image must be an uploaded image (/uploads/...) or one of the shop's images (/images/...)."],
    });
    expect(errorsOf(CategoryCreateSchema, { name: "X", image: "/uploads/../secret" })).toHaveProperty("image");
    const noSlug = await rejection(newCategory({ name: "!!!" }));
    expect(noSlug).toBeInstanceOf(ValidationError);
    expect((noSlug as ValidationError).errors).toEqual({
      slug: ["The name must contain letters or numbers to make a slug from; or give a slug."],
    });
  });
});

describe("product counts and stats", () => {
  it("counts products on sale and archived apart, in one statement for the whole list", async () => {
    const category = await newCategory();
    await productIn(category.id);
    await productIn(category.id);
    await productIn(category.id, { archived: true });
    const before = t.timer.queries;
    const { categories, stats } = await categoriesPage(db);
    expect(t.timer.queries - before).toBe(1);
    const row = categories.find((c) => c.id === category.id)!;
    expect(row).toMatchObject({ active_products: 2, archived_products: 1 });
    const empty = categories.filter((c) => c.active_products + c.archived_products === 0).length;
    expect(stats).toEqual({
      total: categories.length,
      active: categories.filter((c) => c.is_active).length,
      inactive: categories.filter((c) => !c.is_active).length,
      with_products: categories.length - empty,
      empty,
    });
    expect(await categoryStats(db)).toEqual(stats);
  });
});

describe("changing a category", () => {
  it("saves every field, records what changed, and refuses a stale version (409) without an audit row", async () => {
    const category = await newCategory({ description: "Old words" });
    const saved = await updateCategory(
      db,
      admin,
      category.id,
      parse(CategoryUpdateSchema, {
        name: "Renamed Blooms",
        description: "New words",
        image: "/uploads/abc.png",
        icon: "🌷",
        sort_order: "7",
        is_active: "false",
        version: String(category.version),
      }),
    );
    expect(saved).toMatchObject({
      name: "Renamed Blooms",
      slug: category.slug,
      description: "New words",
      image: "/uploads/abc.png",
      icon: "🌷",
      sort_order: 7,
      is_active: false,
      version: category.version + 1,
    });
    // Hidden from the shop's list once inactive.
    expect((await listCategories(db)).some((c) => c.id === category.id)).toBe(false);

    const stale = await rejection(
      updateCategory(
        db,
        admin,
        category.id,
        parse(CategoryUpdateSchema, { name: "Too late", version: category.version }),
      ),
    );
    expect(stale).toBeInstanceOf(ConflictError);
    expect(stale.message).toMatch(/Someone else changed this category/);
    expect((await getAdminCategory(db, category.id))!.name).toBe("Renamed Blooms");

    const audit = await auditOf("category", category.id);
    expect(audit.map((a) => a.action)).toEqual(["create", "update"]);
    expect(JSON.parse(audit[1]!.changes!)).toMatchObject({
      name: [category.name, "Renamed Blooms"],
      is_active: [true, false],
      sort_order: [0, 7],
    });
    expect(audit[1]!.actor_email).toBe(ADMIN.email);

    const unknown = await rejection(updateCategory(db, admin, 999_999, parse(CategoryUpdateSchema, { name: "X" })));
    expect(unknown).toBeInstanceOf(NotFoundError);
  });
});

describe("deleting a category", () => {
  it("is refused while any product (on sale or archived) uses it, naming how many", async () => {
    const category = await newCategory();
    await productIn(category.id);
    await productIn(category.id);
    const archivedOnly = await newCategory();
    await productIn(archivedOnly.id, { archived: true });

    const busy = await rejection(deleteCategory(db, admin, category.id));
    expect(busy).toBeInstanceOf(ConflictError);
    expect(busy.message).toBe("This category still has 2 products (active or archived). Move or delete them first.");
    const archived = await rejection(deleteCategory(db, admin, archivedOnly.id));
    expect(archived.message).toBe("This category still has 1 product (active or archived). Move or delete them first.");
    expect(await getAdminCategory(db, category.id)).not.toBeNull();
    expect((await auditOf("category", category.id)).map((a) => a.action)).toEqual(["create"]);
  });

  it("deletes an empty one with its audit row; unknown is a 404", async () => {
    const category = await newCategory();
    expect(await deleteCategory(db, admin, category.id)).toEqual({ id: category.id, name: category.name });
    expect(await getAdminCategory(db, category.id)).toBeNull();
    expect((await auditOf("category", category.id)).map((a) => a.action)).toEqual(["create", "delete"]);
    expect(await rejection(deleteCategory(db, admin, category.id))).toBeInstanceOf(NotFoundError);
  });
});

// ---------------------------------------------------------------- coupons

const couponInput = (values: Record<string, unknown> = {}) =>
  parse(CouponCreateSchema, { code: `TEST${unique()}`, name: "Test coupon", type: "percentage", value: 10, ...values });
const cart = async () => {
  const row = await one<{ id: number; unit_price_cents: number }>(
    // A bouquet without options, not an add-on: a line without a variant is its one variant.
    `SELECT id, unit_price_cents FROM products WHERE is_active = 1 AND is_addon = 0 AND stock >= 20 AND ${WITHOUT_OPTIONS} ORDER BY id DESC LIMIT 1`,
  );
  return { productId: Number(row.id), unit: Number(row.unit_price_cents) };
};

describe("coupon rules", () => {
  it("percentage 1-100 whole, fixed above 0, money not negative, expiry after start, usage limit not below uses", () => {
    const base = { starts_at: null, expires_at: null, usage_limit: null };
    expect(couponProblems({ ...base, type: "percentage", value: 0 })).toEqual({
      value: ["A percentage coupon's value must be a whole number from 1 to 100."],
    });
    expect(couponProblems({ ...base, type: "percentage", value: 101 })).toHaveProperty("value");
    expect(couponProblems({ ...base, type: "percentage", value: 12.5 })).toHaveProperty("value");
    expect(couponProblems({ ...base, type: "percentage", value: 100 })).toEqual({});
    expect(couponProblems({ ...base, type: "fixed", value: 0 })).toEqual({
      value: ["A fixed coupon's value must be more than 0."],
    });
    expect(couponProblems({ ...base, type: "fixed", value: 0.01 })).toEqual({});
    expect(couponProblems({ ...base, type: "fixed", value: 1.005 })).toEqual({
      value: ["Value may have at most 2 decimal places"],
    });
    const day = (d: string) => new Date(`${d}T00:00:00Z`);
    expect(
      couponProblems({ ...base, type: "fixed", value: 5, starts_at: day("2030-01-02"), expires_at: day("2030-01-01") }),
    ).toEqual({ expires_at: ["The expiry date must be after the start date."] });
    expect(couponProblems({ ...base, type: "fixed", value: 5, usage_limit: 2 }, 3)).toEqual({
      usage_limit: ["The usage limit may not be below the 3 uses so far."],
    });

    expect(
      errorsOf(CouponCreateSchema, {
        code: "bad code!",
        name: "",
        type: "half",
        value: "x",
        min_subtotal: "-1",
        max_discount: "abc",
        usage_limit: "0",
        starts_at: "tomorrow",
      }),
    ).toEqual({
      code: ["The code may only contain letters, numbers, hyphens and underscores."],
      name: ["Name is required"],
      type: ["The type must be percentage or fixed."],
      value: ["Value must be a number"],
      min_subtotal: ["Minimum subtotal may not be negative"],
      max_discount: ["Maximum discount must be a number"],
      usage_limit: ["Usage limit must be at least 1"],
      starts_at: ["Start date must be a date"],
    });
    expect(errorsOf(CouponCreateSchema, {})).toEqual({
      code: ["Code is required"],
      name: ["Name is required"],
      type: ["Type is required"],
      value: ["Value is required"],
    });
    // A day from a date input: a start at its first second, an expiry at its last.
    const dates = parse<any>(CouponCreateSchema, {
      code: "A",
      name: "A",
      type: "fixed",
      value: 1,
      starts_at: "2030-01-01",
      expires_at: "2030-01-31",
    });
    expect(dates.starts_at.toISOString()).toBe("2030-01-01T00:00:00.000Z");
    expect(dates.expires_at.toISOString()).toBe("2030-01-31T23:59:59.000Z");
  });

  it("creates a coupon (code in capitals, money in cents) that the next quote applies; a duplicate code is a 409", async () => {
    const code = `SPRING${unique()}`.toUpperCase();
    const coupon = await createCoupon(
      db,
      admin,
      couponInput({ code: code.toLowerCase(), type: "fixed", value: "4.50", min_subtotal: "10", max_discount: "" }),
    );
    expect(coupon).toMatchObject({
      code,
      type: "fixed",
      value: 450,
      min_subtotal_cents: 1000,
      max_discount_cents: null,
      usage_count: 0,
      is_active: true,
    });
    expect((await listCoupons(db)).some((c) => c.id === coupon.id)).toBe(true);
    const dup = await rejection(createCoupon(db, admin, couponInput({ code })));
    expect(dup).toBeInstanceOf(ConflictError);
    expect(dup.message).toBe(`The code "${code}" is already used.`);

    const { productId, unit } = await cart();
    const quote = await quoteCheckout(db, {
      lines: [{ productId, quantity: 2 }],
      country: "LK",
      state: "",
      shippingMethodId: null,
      couponCode: code.toLowerCase(),
    });
    expect(quote.coupon).toMatchObject({ valid: true });
    expect(quote.totals.discount_cents).toBe(Math.min(450, unit * 2));

    await updateCoupon(db, admin, coupon.id, parse(CouponUpdateSchema, { is_active: false }));
    expect(await validateCoupon(db, code, 5000)).toEqual({
      valid: false,
      message: "Invalid coupon code: this coupon is no longer active.",
    });
    const audit = await auditOf("coupon", coupon.id);
    expect(audit.map((a) => a.action)).toEqual(["create", "update"]);
    expect(JSON.parse(audit[1]!.changes!)).toEqual({ is_active: [true, false] });
  });

  it("refuses a usage limit below the uses so far, and a type change that leaves the value wrong", async () => {
    const coupon = await createCoupon(db, admin, couponInput({ usage_limit: 5 }));
    const { productId } = await cart();
    const customer = CheckoutFormSchema.parse({
      firstName: "Ivy",
      lastName: "Stem",
      email: `ivy${unique()}@example.com`,
      address: "12 Flower Lane",
      city: "Colombo",
    });
    for (let i = 0; i < 2; i++) {
      await placeOrder(db, {
        lines: [{ productId, quantity: 1 }],
        customer,
        shippingMethodId: null,
        couponCode: coupon.code,
        userId: null,
        idempotencyKey: null,
      });
    }
    const below = await rejection(updateCoupon(db, admin, coupon.id, parse(CouponUpdateSchema, { usage_limit: 1 })));
    expect(below).toBeInstanceOf(ValidationError);
    expect((below as ValidationError).errors).toEqual({
      usage_limit: ["The usage limit may not be below the 2 uses so far."],
    });
    expect((await updateCoupon(db, admin, coupon.id, parse(CouponUpdateSchema, { usage_limit: 2 }))).usage_limit).toBe(
      2,
    );

    const wrongValue = await rejection(
      updateCoupon(db, admin, coupon.id, parse(CouponUpdateSchema, { type: "percentage", value: 150 })),
    );
    expect((wrongValue as ValidationError).errors).toEqual({
      value: ["A percentage coupon's value must be a whole number from 1 to 100."],
    });

    // Deleting it: the orders placed with it keep its code.
    const removed = await deleteCoupon(db, admin, coupon.id);
    expect(removed).toEqual({ id: coupon.id, code: coupon.code, orders: 2 });
    expect(await getCoupon(db, coupon.id)).toBeNull();
    const kept = await one<{ n: number }>(
      "SELECT count(*) AS n FROM orders WHERE coupon_code = ? AND coupon_id IS NULL",
      [coupon.code],
    );
    expect(Number(kept.n)).toBe(2);
    expect((await auditOf("coupon", coupon.id)).at(-1)!.summary).toBe(
      `Coupon ${coupon.code} deleted (2 past orders keep its code)`,
    );
  });
});

// ---------------------------------------------------------------- shipping and tax

describe("shipping method rules", () => {
  it("min days not above max, money not negative, countries as ISO codes; the next quote uses a change", async () => {
    expect(
      errorsOf(ShippingMethodCreateSchema, {
        code: "x",
        name: "X",
        cost: "-2",
        delivery_days_min: 1,
        delivery_days_max: 2,
        countries: "LK, USA",
      }),
    ).toEqual({
      cost: ["Cost may not be negative"],
      countries: [
        "Each country must be a two-letter ISO code, such as LK or US, separated by commas; leave it empty for every country.",
      ],
    });
    const code = `drone-${unique()}`;
    const tooFew = await rejection(
      createShippingMethod(
        db,
        admin,
        parse(ShippingMethodCreateSchema, { code, name: "Drone", cost: 3, delivery_days_min: 5, delivery_days_max: 2 }),
      ),
    );
    expect((tooFew as ValidationError).errors).toEqual({
      delivery_days_max: ["The maximum delivery days may not be fewer than the minimum."],
    });

    const method = await createShippingMethod(
      db,
      admin,
      parse(ShippingMethodCreateSchema, {
        code: code.toUpperCase(),
        name: "Drone",
        cost: "3.25",
        free_shipping_threshold: "500",
        delivery_days_min: 1,
        delivery_days_max: 2,
        countries: "gb",
        sort_order: 99,
      }),
    );
    expect(method).toMatchObject({
      code,
      cost_cents: 325,
      free_shipping_threshold_cents: 50_000,
      countries: ["GB"],
      is_active: true,
    });
    expect(
      (
        await rejection(
          createShippingMethod(
            db,
            admin,
            parse(ShippingMethodCreateSchema, {
              code,
              name: "Again",
              cost: 1,
              delivery_days_min: 1,
              delivery_days_max: 1,
            }),
          ),
        )
      ).message,
    ).toBe(`The code "${code}" is already used.`);

    const { productId } = await cart();
    const quote = (country: string) =>
      quoteCheckout(db, {
        lines: [{ productId, quantity: 1 }],
        country,
        state: "",
        shippingMethodId: method.id,
        couponCode: "",
      });
    expect((await quote("GB")).shipping).toMatchObject({ id: method.id, cost_cents: 325 });
    expect((await quote("LK")).shipping).toBeNull();

    await updateShippingMethod(
      db,
      admin,
      method.id,
      parse(ShippingMethodUpdateSchema, { cost: "4.10", countries: "" }),
    );
    expect((await quote("LK")).shipping).toMatchObject({ id: method.id, cost_cents: 410 });
    expect((await listShippingMethods(db)).find((m) => m.id === method.id)!.countries).toBeNull();
    await updateShippingMethod(db, admin, method.id, parse(ShippingMethodUpdateSchema, { is_active: false }));
    expect((await quote("LK")).shipping).toBeNull();
    await deleteShippingMethod(db, admin, method.id);
    expect((await auditOf("shipping_method", method.id)).map((a) => a.action)).toEqual([
      "create",
      "update",
      "update",
      "delete",
    ]);
  });
});

describe("tax rate rules", () => {
  it("rate 0-100 with at most 2 decimals, stored in basis points; country two letters; one name per place", async () => {
    expect(errorsOf(TaxRateCreateSchema, { country_code: "USA", name: "X", rate: "7.255" })).toEqual({
      country_code: ["The country must be a two-letter ISO code, such as LK or US."],
      rate: ["The rate may have at most 2 decimal places."],
    });
    expect(errorsOf(TaxRateCreateSchema, { country_code: "US", name: "X", rate: 101 })).toEqual({
      rate: ["The rate must be a percentage from 0 to 100."],
    });
    expect(errorsOf(TaxRateUpdateSchema, { rate: "-1" })).toEqual({
      rate: ["The rate must be a percentage from 0 to 100."],
    });

    const name = `Flower levy ${unique()}`;
    const rate = await createTaxRate(
      db,
      admin,
      parse(TaxRateCreateSchema, { country_code: "sg", state_code: "", name, rate: "2.75" }),
    );
    expect(rate).toMatchObject({ country_code: "SG", state_code: "", name, rate_bps: 275, is_active: true });
    expect(
      (await rejection(createTaxRate(db, admin, parse(TaxRateCreateSchema, { country_code: "SG", name, rate: 1 }))))
        .message,
    ).toBe("A tax rate with this name already exists for this country and state.");

    const { productId, unit } = await cart();
    const quote = () =>
      quoteCheckout(db, {
        lines: [{ productId, quantity: 1 }],
        country: "SG",
        state: "",
        shippingMethodId: null,
        couponCode: "",
      });
    expect((await quote()).tax.lines).toContainEqual({
      name,
      rate_bps: 275,
      amount_cents: Math.round((unit * 275) / 10_000),
    });
    await updateTaxRate(db, admin, rate.id, parse(TaxRateUpdateSchema, { rate: "12.5" }));
    expect((await quote()).tax.lines).toContainEqual({
      name,
      rate_bps: 1250,
      amount_cents: Math.round((unit * 1250) / 10_000),
    });
    expect((await listTaxRatesForStaff(db)).find((r) => r.id === rate.id)!.rate_bps).toBe(1250);
    await deleteTaxRate(db, admin, rate.id);
    expect((await quote()).tax.lines.some((line) => line.name === name)).toBe(false);
    const audit = await auditOf("tax_rate", rate.id);
    expect(audit.map((a) => a.action)).toEqual(["create", "update", "delete"]);
    expect(JSON.parse(audit[1]!.changes!)).toEqual({ rate: [2.75, 12.5] });
  });
});
