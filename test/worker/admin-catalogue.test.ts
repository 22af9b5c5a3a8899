import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN, CUSTOMER, OWNER } from "../fixtures/accounts";
import { apiClient, apiToken, loggedIn } from "./fixtures";
import { CookieJar, errorsUnder, get, getJson, postForm, postMultipart, visibleText, visit } from "./helpers";

// Categories and the checkout's tables on the Worker: every call of /api/admin/categories,
// /coupons, /shipping-methods and /tax-rates as a guest (401), a customer (403) and staff; every bad
// input (422 with errors, 409 for a duplicate or a category in use, a stale version); what the shop
// and the checkout show right after each write (its category pages and API, product cards, the
// next quote); the audit rows; and the back-office pages' forms, with a real PNG upload and a text
// file named .png. This file's database is its own; seeded rows changed here are put back.

let counter = 0;
const tag = () => `${++counter}${crypto.randomUUID().slice(0, 6)}`;
const newIp = () => `2001:db8:15:${(counter++).toString(16)}::c`;
const { call } = apiClient(newIp);

const FIX = "Please fix the errors in the form";
const WRONG_TYPE = "The file must be an image of type image/jpeg, image/png or image/webp.";
/** A real 1x1 PNG. */
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

let adminToken: string;
let ownerToken: string;
let customerToken: string;
beforeAll(async () => {
  adminToken = await apiToken(newIp(), ADMIN);
  ownerToken = await apiToken(newIp(), OWNER);
  customerToken = await apiToken(newIp(), CUSTOMER);
});

const admin = (method: string, path: string, body?: unknown) =>
  call(method, `/api/admin${path}`, { token: adminToken, ...(body === undefined ? {} : { body }) });
const auditActions = async (entity: string, id: number) => {
  const { body } = await call("GET", `/api/admin/audit?entity=${entity}&entity_id=${id}`, { token: adminToken });
  return (body.data.data as Array<{ action: string }>).map((entry) => entry.action).reverse();
};

/** A multipart form post as a browser without JavaScript sends it, keeping cookies. */
async function postFields(jar: CookieJar, path: string, fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return postMultipart(jar, path, form);
}

/** The seeded products' ids that use a category, by SQL. */
const productsOf = async (categoryId: number) =>
  (
    await env.DB.prepare("SELECT id, slug FROM products WHERE category_id = ? ORDER BY id")
      .bind(categoryId)
      .all<{ id: number; slug: string }>()
  ).results;

// ---------------------------------------------------------------- who may call

describe("who may call the catalogue's and the checkout's admin calls", () => {
  const PATHS = ["/categories", "/coupons", "/shipping-methods", "/tax-rates"];

  it("refuses a guest (401) and a customer (403) on every call; answers staff without storing", async () => {
    const calls: Array<[string, string]> = [["GET", "/categories/stats"]];
    for (const path of PATHS)
      calls.push(["GET", path], ["POST", path], ["GET", `${path}/1`], ["PUT", `${path}/1`], ["DELETE", `${path}/1`]);
    for (const [method, path] of calls) {
      const body = method === "POST" || method === "PUT" ? {} : undefined;
      expect((await call(method, `/api/admin${path}`, { body })).status, `${method} ${path}`).toBe(401);
      const customer = await call(method, `/api/admin${path}`, { body, token: customerToken });
      expect(customer.status, `${method} ${path}`).toBe(403);
      expect(customer.body).toEqual({ success: false, message: "This action is for the shop's staff only." });
    }
    for (const token of [adminToken, ownerToken]) {
      for (const path of [...PATHS, "/categories/stats"]) {
        const staff = await call("GET", `/api/admin${path}`, { token });
        expect(staff.status).toBe(200);
        expect(staff.body.success).toBe(true);
        expect(staff.response.headers.get("Cache-Control")).toContain("no-store");
      }
    }
  });

  it("answers 404 for unknown or malformed ids", async () => {
    const messages: Record<string, string> = {
      "/categories": "Category not found",
      "/coupons": "Coupon not found",
      "/shipping-methods": "Shipping method not found",
      "/tax-rates": "Tax rate not found",
    };
    for (const [path, message] of Object.entries(messages)) {
      for (const id of ["999999", "abc"]) {
        for (const method of ["GET", "PUT", "DELETE"]) {
          const answer = await admin(method, `${path}/${id}`, method === "PUT" ? { name: "Anything" } : undefined);
          expect(answer.status, `${method} ${path}/${id}`).toBe(404);
          expect(answer.body).toEqual({ success: false, message });
        }
      }
    }
  });
});

// ---------------------------------------------------------------- categories

describe("/api/admin/categories", () => {
  it("lists every category with its products on sale and archived; stats add up", async () => {
    const { body } = await admin("GET", "/categories");
    const wedding = body.data.find((c: { slug: string }) => c.slug === "wedding");
    const active = (await env.DB.prepare("SELECT count(*) AS n FROM products WHERE category_id = ? AND is_active = 1")
      .bind(wedding.id)
      .first<{ n: number }>())!.n;
    expect(wedding).toMatchObject({
      name: expect.any(String),
      active_products: active,
      archived_products: 0,
      product_count: active,
      is_active: true,
      version: expect.any(Number),
    });
    const stats = (await admin("GET", "/categories/stats")).body.data;
    expect(stats.total).toBe(body.data.length);
    expect(stats.active + stats.inactive).toBe(stats.total);
    expect(stats.with_products + stats.empty).toBe(stats.total);
    expect(stats.empty).toBe(body.data.filter((c: { product_count: number }) => c.product_count === 0).length);
  });

  it("creates one (201, slug from the name) that the shop lists at once; a taken slug is 409; bad input 422", async () => {
    const name = `Paper Peonies ${tag()}`;
    // The shop's list, read (and cached) before the write.
    expect((await getJson("/api/categories")).body.data.some((c: { name: string }) => c.name === name)).toBe(false);
    const created = await admin("POST", "/categories", {
      name,
      description: "Soft and round.",
      image: "/images/categories/wedding.jpg",
      icon: "🌸",
      sort_order: 3,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ success: true, message: "Category created." });
    const category = created.body.data;
    expect(category).toMatchObject({
      name,
      slug: name.toLowerCase().replace(/ /g, "-"),
      image: "/images/categories/wedding.jpg",
      icon: "🌸",
      sort_order: 3,
      is_active: true,
      version: 1,
      product_count: 0,
    });

    const shop = await getJson("/api/categories?with_counts=1");
    expect(shop.body.data.find((c: { id: number }) => c.id === category.id)).toMatchObject({
      name,
      slug: category.slug,
      product_count: 0,
    });
    expect((await getJson(`/api/categories/${category.slug}`)).status).toBe(200);
    expect(visibleText(await (await get("/categories")).text())).toContain(name);
    expect((await get(`/categories/${category.slug}`)).status).toBe(200);

    const again = await admin("POST", "/categories", { name });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      success: false,
      message: `The slug "${category.slug}" is already used by another category.`,
    });

    const bad = await admin("POST", "/categories", {
      name: "",
      slug: "Bad Slug",
      image: "https://example.com/x.png",
      sort_order: -1,
      is_active: "perhaps",
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      name: ["Name is required"],
      slug: ["The slug may only contain lowercase letters, numbers and hyphens."],
      image: ["The image must be an uploaded image (/uploads/...) or one of the shop's images (/images/...)."],
      sort_order: ["Sort order must be at least 0"],
      is_active: ["Active must be true or false"],
    });
    expect((await admin("POST", "/categories", {})).body.errors).toEqual({ name: ["Name is required"] });
    const notJson = await call("POST", "/api/admin/categories", { raw: "{not json", token: adminToken });
    expect(notJson.status).toBe(422);
    expect(await auditActions("category", category.id)).toEqual(["create"]);
  });

  it("changes one with its version; a stale version is 409 and changes nothing; the shop and product cards follow at once", async () => {
    // A seeded category with products: renamed, then put back.
    const { body } = await admin("GET", "/categories");
    const seeded = body.data.find(
      (c: { product_count: number; is_active: boolean }) => c.product_count > 0 && c.is_active,
    );
    const [product] = await productsOf(seeded.id);
    // Read (and cache) the pages and answers first.
    expect((await getJson(`/api/products/slug/${product!.slug}`)).body.data.category.name).toBe(seeded.name);
    expect(visibleText(await (await get(`/categories/${seeded.slug}`)).text())).toContain(seeded.name);
    const productsPage = visibleText(await (await get("/products")).text());
    expect(productsPage).toContain(seeded.name);

    const renamed = `Renamed ${tag()}`;
    const saved = await admin("PUT", `/categories/${seeded.id}`, { name: renamed, version: seeded.version });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ name: renamed, slug: seeded.slug, version: seeded.version + 1 });
    expect((await getJson(`/api/products/slug/${product!.slug}`)).body.data.category.name).toBe(renamed);
    expect((await getJson(`/api/categories/${seeded.id}`)).body.data.name).toBe(renamed);
    expect(visibleText(await (await get(`/categories/${seeded.slug}`)).text())).toContain(renamed);
    expect(visibleText(await (await get("/products")).text())).toContain(renamed);

    const stale = await admin("PUT", `/categories/${seeded.id}`, { name: "Too late", version: seeded.version });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      "Someone else changed this category since you opened it. Reload the page to see their changes, then make yours again.",
    );
    expect((await admin("GET", `/categories/${seeded.id}`)).body.data.name).toBe(renamed);

    const taken = await admin("PUT", `/categories/${seeded.id}`, {
      slug: "wedding" === seeded.slug ? "birthday" : "wedding",
    });
    expect(taken.status).toBe(409);
    expect((await admin("PUT", `/categories/${seeded.id}`, { name: "  " })).body.errors).toEqual({
      name: ["Name is required"],
    });
    expect((await admin("PUT", `/categories/${seeded.id}`, { version: "x" })).body.errors).toEqual({
      version: ["The version must be a whole number of at least 1."],
    });

    // Hidden: it leaves the shop's list and its page is not found.
    await admin("PUT", `/categories/${seeded.id}`, { is_active: false });
    expect((await getJson("/api/categories")).body.data.some((c: { id: number }) => c.id === seeded.id)).toBe(false);
    expect((await get(`/categories/${seeded.slug}`)).status).toBe(404);

    const restored = await admin("PUT", `/categories/${seeded.id}`, { name: seeded.name, is_active: true });
    expect(restored.body.data).toMatchObject({ name: seeded.name, is_active: true });
    expect((await getJson(`/api/products/slug/${product!.slug}`)).body.data.category.name).toBe(seeded.name);
    const audit = await call("GET", `/api/admin/audit?entity=category&entity_id=${seeded.id}`, { token: adminToken });
    expect(audit.body.data.data[audit.body.data.data.length - 1]).toMatchObject({
      action: "update",
      actor: { email: ADMIN.email },
      changes: { name: [seeded.name, renamed] },
    });
    expect(audit.body.data.data).toHaveLength(3);
  });

  it("refuses to delete a category products use (409 naming how many, archived ones too); deletes an empty one", async () => {
    const { body } = await admin("GET", "/categories");
    const used = body.data.find((c: { product_count: number }) => c.product_count > 0);
    const refused = await admin("DELETE", `/categories/${used.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      success: false,
      message: `This category still has ${used.product_count} ${used.product_count === 1 ? "product" : "products"} (active or archived). Move or delete them first.`,
    });

    // A new category holding one archived product only: still refused.
    const holder = (await admin("POST", "/categories", { name: `Holder ${tag()}` })).body.data;
    const [moved] = await productsOf(used.id);
    await env.DB.prepare("UPDATE products SET category_id = ?, is_active = 0, archived_at = unixepoch() WHERE id = ?")
      .bind(holder.id, moved!.id)
      .run();
    const archivedOnly = await admin("DELETE", `/categories/${holder.id}`);
    expect(archivedOnly.status).toBe(409);
    expect(archivedOnly.body.message).toBe(
      "This category still has 1 product (active or archived). Move or delete them first.",
    );
    expect((await admin("GET", `/categories/${holder.id}`)).body.data).toMatchObject({
      active_products: 0,
      archived_products: 1,
    });
    await env.DB.prepare("UPDATE products SET category_id = ?, is_active = 1, archived_at = NULL WHERE id = ?")
      .bind(used.id, moved!.id)
      .run();

    const emptied = await admin("DELETE", `/categories/${holder.id}`);
    expect(emptied.status).toBe(200);
    expect(emptied.body).toEqual({
      success: true,
      data: { id: holder.id },
      message: `Category "${holder.name}" deleted.`,
    });
    expect((await admin("GET", `/categories/${holder.id}`)).status).toBe(404);
    expect((await getJson(`/api/categories/${holder.slug}`)).status).toBe(404);
    expect(await auditActions("category", holder.id)).toEqual(["create", "delete"]);
  });
});

// ---------------------------------------------------------------- coupons

/** The checkout's coupon check, as the checkout page calls it. */
const validate = (code: string, subtotal = 100) => call("POST", "/api/coupons/validate", { body: { code, subtotal } });

describe("/api/admin/coupons", () => {
  it("creates a coupon the checkout accepts at once; deactivated, it is refused at once", async () => {
    const code = `BLOOM${tag()}`.toUpperCase();
    const created = await admin("POST", "/coupons", {
      code: code.toLowerCase(),
      name: "Spring bunch",
      type: "percentage",
      value: 15,
      min_subtotal: 20,
      max_discount: 12.5,
      expires_at: "2099-12-31",
      usage_limit: 10,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      code,
      name: "Spring bunch",
      type: "percentage",
      value: 15,
      min_subtotal: 20,
      max_discount: 12.5,
      starts_at: null,
      expires_at: "2099-12-31T23:59:59.000Z",
      usage_limit: 10,
      usage_count: 0,
      is_active: true,
    });
    const id = created.body.data.id;
    expect((await admin("GET", "/coupons")).body.data.some((c: { id: number }) => c.id === id)).toBe(true);
    expect((await admin("GET", `/coupons/${id}`)).body.data.code).toBe(code);

    const applies = await validate(code.toLowerCase(), 100);
    expect(applies.body.data).toMatchObject({ valid: true, coupon: { code, discount: 12.5 } });
    const below = await validate(code, 10);
    expect(below.body.data.valid).toBe(false);

    const off = await admin("PUT", `/coupons/${id}`, { is_active: false });
    expect(off.status).toBe(200);
    expect(off.body.data.is_active).toBe(false);
    expect((await validate(code)).body.data).toEqual({
      valid: false,
      coupon: null,
      message: "Invalid coupon code: this coupon is no longer active.",
    });

    const fixed = await admin("PUT", `/coupons/${id}`, {
      is_active: true,
      type: "fixed",
      value: 7.25,
      max_discount: null,
    });
    expect(fixed.body.data).toMatchObject({ type: "fixed", value: 7.25, max_discount: null });
    expect((await validate(code, 50)).body.data.coupon.discount).toBe(7.25);
    expect(await auditActions("coupon", id)).toEqual(["create", "update", "update"]);
  });

  it("refuses bad input with 422 per field, a taken code with 409, a limit below the uses so far", async () => {
    const bad = await admin("POST", "/coupons", {
      code: "has space",
      name: "",
      type: "bogus",
      value: "ten",
      min_subtotal: -5,
      max_discount: "1.234",
      usage_limit: 0,
      starts_at: "2030-02-30",
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      code: ["The code may only contain letters, numbers, hyphens and underscores."],
      name: ["Name is required"],
      type: ["The type must be percentage or fixed."],
      value: ["Value must be a number"],
      min_subtotal: ["Minimum subtotal may not be negative"],
      max_discount: ["Maximum discount may have at most 2 decimal places"],
      usage_limit: ["Usage limit must be at least 1"],
      starts_at: ["Start date must be a date"],
    });
    const base = { name: "Rule test", type: "percentage", value: 10 };
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ value: 101 }, { value: ["A percentage coupon's value must be a whole number from 1 to 100."] }],
      [{ value: 0 }, { value: ["A percentage coupon's value must be a whole number from 1 to 100."] }],
      [{ type: "fixed", value: 0 }, { value: ["A fixed coupon's value must be more than 0."] }],
      [
        { starts_at: "2030-01-10", expires_at: "2030-01-01" },
        { expires_at: ["The expiry date must be after the start date."] },
      ],
    ];
    for (const [change, errors] of cases) {
      const answer = await admin("POST", "/coupons", { ...base, code: `RULE${tag()}`, ...change });
      expect(answer.status, JSON.stringify(change)).toBe(422);
      expect(answer.body.errors).toEqual(errors);
    }
    const taken = await admin("POST", "/coupons", { ...base, code: "welcome10" });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('The code "WELCOME10" is already used.');

    // A coupon used twice: its limit may not go under 2.
    const code = `USED${tag()}`.toUpperCase();
    const id = (await admin("POST", "/coupons", { ...base, code, usage_limit: 5 })).body.data.id;
    await env.DB.prepare("UPDATE coupons SET usage_count = 2 WHERE id = ?").bind(id).run();
    const under = await admin("PUT", `/coupons/${id}`, { usage_limit: 1 });
    expect(under.status).toBe(422);
    expect(under.body.errors).toEqual({ usage_limit: ["The usage limit may not be below the 2 uses so far."] });
    const renamedToTaken = await admin("PUT", `/coupons/${id}`, { code: "SAVE5" });
    expect(renamedToTaken.status).toBe(409);
    expect((await admin("GET", `/coupons/${id}`)).body.data).toMatchObject({ usage_limit: 5, usage_count: 2, code });
  });

  it("deletes a coupon; orders placed with it keep its code", async () => {
    const code = `GONE${tag()}`.toUpperCase();
    const id = (await admin("POST", "/coupons", { code, name: "Short-lived", type: "fixed", value: 1 })).body.data.id;
    // A past order placed with it (written directly: placing one is the checkout's own test).
    await env.DB.prepare(
      "INSERT INTO orders (order_number, email, subtotal_cents, total_cents, coupon_id, coupon_code, shipping_address, billing_address) VALUES (?, 'kept@example.com', 1000, 900, ?, ?, '{}', '{}')",
    )
      .bind(`TB-000000-${tag().slice(0, 5).toUpperCase()}`, id, code)
      .run();
    expect((await admin("GET", `/coupons/${id}`)).body.data.orders_count).toBe(1);
    const removed = await admin("DELETE", `/coupons/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true, data: { id }, message: "Coupon deleted." });
    expect((await admin("GET", `/coupons/${id}`)).status).toBe(404);
    const kept = await env.DB.prepare("SELECT coupon_id, coupon_code FROM orders WHERE coupon_code = ?")
      .bind(code)
      .first<{ coupon_id: number | null; coupon_code: string }>();
    expect(kept).toEqual({ coupon_id: null, coupon_code: code });
    expect((await validate(code)).body.data).toEqual({ valid: false, coupon: null, message: "Invalid coupon code" });
    expect(await auditActions("coupon", id)).toEqual(["create", "delete"]);
  });
});

// ---------------------------------------------------------------- shipping methods

const methodsFor = async (country: string, subtotal = 20) =>
  (await call("POST", "/api/shipping/methods", { body: { subtotal, country_code: country, state_code: "" } })).body.data
    .shipping_methods as Array<{ id: number; cost: number; name: string }>;

describe("/api/admin/shipping-methods", () => {
  it("adds a method the next quote offers; a changed cost shows at once; inactive or deleted, it is gone", async () => {
    const code = `bike-${tag()}`;
    const created = await admin("POST", "/shipping-methods", {
      code,
      name: "Bicycle courier",
      description: "Same city.",
      cost: 3.5,
      free_shipping_threshold: 40,
      delivery_days_min: 0,
      delivery_days_max: 1,
      countries: ["lk"],
      sort_order: 50,
    });
    expect(created.status).toBe(201);
    const method = created.body.data;
    expect(method).toMatchObject({
      code,
      cost: 3.5,
      free_shipping_threshold: 40,
      countries: ["LK"],
      is_active: true,
      delivery_days_min: 0,
      delivery_days_max: 1,
    });
    expect((await methodsFor("LK")).find((m) => m.id === method.id)).toMatchObject({
      name: "Bicycle courier",
      cost: 3.5,
    });
    expect((await methodsFor("LK", 45)).find((m) => m.id === method.id)!.cost).toBe(0);
    expect((await methodsFor("GB")).some((m) => m.id === method.id)).toBe(false);

    await admin("PUT", `/shipping-methods/${method.id}`, { cost: "4.75", countries: "LK, GB" });
    expect((await methodsFor("LK")).find((m) => m.id === method.id)!.cost).toBe(4.75);
    expect((await methodsFor("GB")).some((m) => m.id === method.id)).toBe(true);
    const calculated = await call("POST", "/api/shipping/calculate", {
      body: { subtotal: 10, shipping_method_id: method.id },
    });
    expect(calculated.body.data.shipping_cost).toBe(4.75);

    await admin("PUT", `/shipping-methods/${method.id}`, { is_active: false });
    expect((await methodsFor("LK")).some((m) => m.id === method.id)).toBe(false);
    expect((await admin("DELETE", `/shipping-methods/${method.id}`)).status).toBe(200);
    expect((await admin("GET", "/shipping-methods")).body.data.some((m: { id: number }) => m.id === method.id)).toBe(
      false,
    );
    expect(await auditActions("shipping_method", method.id)).toEqual(["create", "update", "update", "delete"]);
  });

  it("refuses bad input (422 per field) and a taken code (409)", async () => {
    const bad = await admin("POST", "/shipping-methods", {
      code: "Has Space",
      name: "",
      cost: -1,
      free_shipping_threshold: "lots",
      delivery_days_min: 1.5,
      delivery_days_max: "",
      countries: "LKA",
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      code: ["The code may only contain lowercase letters, numbers, hyphens and underscores."],
      name: ["Name is required"],
      cost: ["Cost may not be negative"],
      free_shipping_threshold: ["Free shipping threshold must be a number"],
      delivery_days_min: ["Minimum delivery days must be a whole number"],
      delivery_days_max: ["Maximum delivery days is required"],
      countries: [
        "Each country must be a two-letter ISO code, such as LK or US, separated by commas; leave it empty for every country.",
      ],
    });
    const order = await admin("POST", "/shipping-methods", {
      code: `slow-${tag()}`,
      name: "Slow",
      cost: 1,
      delivery_days_min: 9,
      delivery_days_max: 3,
    });
    expect(order.status).toBe(422);
    expect(order.body.errors).toEqual({
      delivery_days_max: ["The maximum delivery days may not be fewer than the minimum."],
    });
    const taken = await admin("POST", "/shipping-methods", {
      code: "standard",
      name: "Again",
      cost: 1,
      delivery_days_min: 1,
      delivery_days_max: 2,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('The code "standard" is already used.');
    const standard = (await admin("GET", "/shipping-methods")).body.data.find(
      (m: { code: string }) => m.code === "standard",
    );
    const narrowed = await admin("PUT", `/shipping-methods/${standard.id}`, {
      delivery_days_max: standard.delivery_days_min - 1,
    });
    expect(narrowed.status).toBe(422);
  });
});

// ---------------------------------------------------------------- tax rates

const taxFor = async (country: string, state = "", subtotal = 100) =>
  (await call("POST", "/api/tax/calculate", { body: { subtotal, country_code: country, state_code: state } })).body
    .data as { total_tax: number; tax_breakdown: Array<{ name: string; rate: number; amount: number }> };

describe("/api/admin/tax-rates", () => {
  it("adds a rate the next quote charges; a changed rate shows at once; deleted, it is gone", async () => {
    const name = `Bloom levy ${tag()}`;
    const before = await taxFor("TH");
    const created = await admin("POST", "/tax-rates", { country_code: "th", state_code: "", name, rate: "2.5" });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ country_code: "TH", state_code: "", name, rate: 2.5, is_active: true });
    const id = created.body.data.id;
    const after = await taxFor("TH");
    expect(after.tax_breakdown.find((line) => line.name === name)).toMatchObject({ amount: 2.5 });
    expect(after.total_tax).toBeCloseTo(before.total_tax + 2.5, 2);

    await admin("PUT", `/tax-rates/${id}`, { rate: 12.25 });
    expect((await taxFor("TH")).tax_breakdown.find((line) => line.name === name)).toMatchObject({ amount: 12.25 });
    await admin("PUT", `/tax-rates/${id}`, { is_active: false });
    expect((await taxFor("TH")).tax_breakdown.some((line) => line.name === name)).toBe(false);
    expect((await admin("DELETE", `/tax-rates/${id}`)).status).toBe(200);
    expect((await taxFor("TH")).total_tax).toBe(before.total_tax);
    expect(await auditActions("tax_rate", id)).toEqual(["create", "update", "update", "delete"]);
  });

  it("refuses bad input (422 per field) and a second rate of the same name for a place (409)", async () => {
    const bad = await admin("POST", "/tax-rates", {
      country_code: "THA",
      state_code: "New York!",
      name: "",
      rate: "7.125",
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      country_code: ["The country must be a two-letter ISO code, such as LK or US."],
      state_code: [
        "The state must be a code of up to 10 letters or numbers (CA, NY...), or empty for the whole country.",
      ],
      name: ["Name is required"],
      rate: ["The rate may have at most 2 decimal places."],
    });
    for (const rate of [-1, 100.5, "lots"]) {
      expect((await admin("POST", "/tax-rates", { country_code: "TH", name: `R ${tag()}`, rate })).body.errors).toEqual(
        { rate: ["The rate must be a percentage from 0 to 100."] },
      );
    }
    expect((await admin("POST", "/tax-rates", {})).body.errors).toEqual({
      country_code: ["Country is required"],
      name: ["Name is required"],
      rate: ["Rate is required"],
    });
    const taken = await admin("POST", "/tax-rates", {
      country_code: "US",
      state_code: "CA",
      name: "California Sales Tax",
      rate: 1,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("A tax rate with this name already exists for this country and state.");
  });
});

// ---------------------------------------------------------------- the pages

describe("the back-office pages", () => {
  it("lists categories with their counts and adds one with an uploaded PNG, shown on /categories", async () => {
    const jar = await loggedIn(ADMIN, newIp());
    const page = await visit(jar, "/admin/categories");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<h1 id="admin-title"[^>]*>Categories<\/h1>/);
    expect(html).toMatch(/enctype="multipart\/form-data"/i);
    expect(visibleText(html)).toMatch(/\d+ categories: \d+ shown in the shop/);

    const name = `Upload Tulips ${tag()}`;
    const created = await postFields(jar, "/admin/categories", {
      intent: "create",
      name,
      slug: "",
      description: "With a photo.",
      icon: "",
      sort_order: "0",
      is_active: "on",
      image: "",
      image_file: new File([PNG], "tulips.png", { type: "image/png" }),
    });
    expect(created.status).toBe(302);
    const location = created.headers.get("Location")!;
    expect(location).toMatch(/^\/admin\/categories\/\d+$/);
    const edit = await visit(jar, location);
    const editHtml = await edit.text();
    expect(visibleText(editHtml)).toContain(`Category "${name}" created.`);
    const row = await env.DB.prepare("SELECT id, slug, image FROM categories WHERE name = ?")
      .bind(name)
      .first<{ id: number; slug: string; image: string }>();
    expect(row!.image).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
    expect(editHtml).toContain(row!.image);
    expect(await (await get("/categories")).text()).toContain(row!.image);
    const served = await get(row!.image);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");

    // A text file named .png: 415's message under the image field, nothing stored, the typed values kept.
    const uploadsBefore = (await env.DB.prepare("SELECT count(*) AS n FROM uploads").first<{ n: number }>())!.n;
    const refused = await postFields(jar, location, {
      intent: "update",
      version: "1",
      name: `${name} renamed`,
      slug: row!.slug,
      description: "",
      icon: "",
      sort_order: "0",
      is_active: "on",
      image: row!.image,
      image_file: new File(["just some words, not a picture"], "fake.png", { type: "image/png" }),
    });
    expect(refused.status).toBe(422);
    const refusedHtml = await refused.text();
    expect(errorsUnder(refusedHtml, "image_file")).toBe(WRONG_TYPE);
    expect(visibleText(refusedHtml)).toContain(FIX);
    expect(refusedHtml).toContain(`value="${name} renamed"`);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM uploads").first<{ n: number }>())!.n).toBe(uploadsBefore);
    expect(
      (await env.DB.prepare("SELECT name FROM categories WHERE id = ?").bind(row!.id).first<{ name: string }>())!.name,
    ).toBe(name);

    // Bad fields: under each field, with the toast.
    const bad = await postFields(jar, location, {
      intent: "update",
      version: "1",
      name: "",
      slug: "No Good",
      sort_order: "x",
      image: row!.image,
    });
    expect(bad.status).toBe(422);
    const badHtml = await bad.text();
    expect(errorsUnder(badHtml, "name")).toBe("Name is required");
    expect(errorsUnder(badHtml, "slug")).toBe("The slug may only contain lowercase letters, numbers and hyphens.");
    expect(errorsUnder(badHtml, "sort_order")).toBe("Sort order must be a whole number");

    // Saved, then a stale form (version 1 again) refused.
    const saved = await postFields(jar, location, {
      intent: "update",
      version: "1",
      name: `${name} saved`,
      slug: row!.slug,
      description: "",
      sort_order: "2",
      is_active: "on",
      image: row!.image,
    });
    expect(saved.status).toBe(302);
    expect(visibleText(await (await get("/categories")).text())).toContain(`${name} saved`);
    const stale = await postFields(jar, location, {
      intent: "update",
      version: "1",
      name: `${name} stale`,
      slug: row!.slug,
      sort_order: "2",
      is_active: "on",
      image: row!.image,
    });
    expect(stale.status).toBe(409);
    expect(visibleText(await stale.text())).toContain("Someone else changed this category since you opened it.");

    // Delete: the empty one goes.
    const deleted = await postFields(jar, location, { intent: "delete" });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/admin/categories");
    expect(visibleText(await (await visit(jar, "/admin/categories")).text())).toContain(
      `Category "${name} saved" deleted.`,
    );
  });

  it("refuses to delete a category in use, with the 409 message as a toast", async () => {
    const jar = await loggedIn(ADMIN, newIp());
    const used = (await admin("GET", "/categories")).body.data.find(
      (c: { product_count: number }) => c.product_count > 0,
    );
    const here = `/admin/categories/${used.id}`;
    const response = await postFields(jar, here, { intent: "delete" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(here);
    const text = visibleText(await (await visit(jar, here)).text());
    expect(text).toContain(
      `This category still has ${used.product_count} products (active or archived). Move or delete them first.`,
    );
    expect((await admin("GET", `/categories/${used.id}`)).status).toBe(200);
  });

  it("creates, edits and deletes a coupon by form posts; mistakes show under the fields", async () => {
    const jar = await loggedIn(ADMIN, newIp());
    const page = await (await visit(jar, "/admin/coupons")).text();
    expect(page).toMatch(/<h1 id="admin-title"[^>]*>Coupons<\/h1>/);
    expect(visibleText(page)).toContain("WELCOME10");

    const code = `FORM${tag()}`.toUpperCase();
    const fields = {
      intent: "create",
      code,
      name: "Form coupon",
      type: "fixed",
      value: "5",
      min_subtotal: "0",
      max_discount: "",
      starts_at: "",
      expires_at: "",
      usage_limit: "3",
      is_active: "on",
    };
    const bad = await postForm(jar, "/admin/coupons", {
      ...fields,
      value: "0",
      starts_at: "2030-05-02",
      expires_at: "2030-05-01",
    });
    expect(bad.status).toBe(422);
    const badHtml = await bad.text();
    expect(errorsUnder(badHtml, "new-value")).toBe("A fixed coupon's value must be more than 0.");
    expect(errorsUnder(badHtml, "new-expires_at")).toBe("The expiry date must be after the start date.");
    expect(visibleText(badHtml)).toContain(FIX);
    expect(badHtml).toContain(`value="${code}"`);

    const created = await postForm(jar, "/admin/coupons", fields);
    expect(created.status).toBe(302);
    expect(visibleText(await (await visit(jar, "/admin/coupons")).text())).toContain(`Coupon ${code} created.`);
    const id = (await env.DB.prepare("SELECT id FROM coupons WHERE code = ?").bind(code).first<{ id: number }>())!.id;
    expect((await validate(code, 30)).body.data.coupon.discount).toBe(5);

    const editPage = await (await visit(jar, `/admin/coupons?edit=${id}`)).text();
    expect(editPage).toContain(`Edit coupon ${code}`);
    const taken = await postForm(jar, `/admin/coupons?edit=${id}`, {
      ...fields,
      intent: "update",
      id: String(id),
      code: "SAVE5",
    });
    expect(taken.status).toBe(409);
    expect(errorsUnder(await taken.text(), "edit-code")).toBe('The code "SAVE5" is already used.');
    const edited = await postForm(jar, `/admin/coupons?edit=${id}`, {
      ...fields,
      intent: "update",
      id: String(id),
      value: "6.5",
      is_active: "",
    });
    expect(edited.status).toBe(302);
    expect((await admin("GET", `/coupons/${id}`)).body.data).toMatchObject({ value: 6.5, is_active: false });
    expect((await validate(code)).body.data.valid).toBe(false);

    const removed = await postForm(jar, "/admin/coupons", { intent: "delete", id: String(id) });
    expect(removed.status).toBe(302);
    expect(visibleText(await (await visit(jar, "/admin/coupons")).text())).toContain(`Coupon ${code} deleted.`);
  });

  it("creates and edits shipping methods and tax rates by form posts", async () => {
    const jar = await loggedIn(ADMIN, newIp());
    expect(await (await visit(jar, "/admin/shipping")).text()).toMatch(/<h1 id="admin-title"[^>]*>Shipping<\/h1>/);
    const code = `form-${tag()}`;
    const method = {
      intent: "create",
      code,
      name: "Form post",
      description: "",
      cost: "2.20",
      free_shipping_threshold: "",
      delivery_days_min: "4",
      delivery_days_max: "2",
      countries: "LK",
      sort_order: "60",
      is_active: "on",
    };
    const wrong = await postForm(jar, "/admin/shipping", method);
    expect(wrong.status).toBe(422);
    expect(errorsUnder(await wrong.text(), "new-delivery_days_max")).toBe(
      "The maximum delivery days may not be fewer than the minimum.",
    );
    expect((await postForm(jar, "/admin/shipping", { ...method, delivery_days_max: "6" })).status).toBe(302);
    const methodId = (await env.DB.prepare("SELECT id FROM shipping_methods WHERE code = ?")
      .bind(code)
      .first<{ id: number }>())!.id;
    expect((await methodsFor("LK")).find((m) => m.id === methodId)!.cost).toBe(2.2);
    expect(
      (
        await postForm(jar, `/admin/shipping?edit=${methodId}`, {
          ...method,
          intent: "update",
          id: String(methodId),
          delivery_days_max: "6",
          cost: "3",
        })
      ).status,
    ).toBe(302);
    expect((await methodsFor("LK")).find((m) => m.id === methodId)!.cost).toBe(3);
    expect((await postForm(jar, "/admin/shipping", { intent: "delete", id: String(methodId) })).status).toBe(302);
    expect((await methodsFor("LK")).some((m) => m.id === methodId)).toBe(false);

    expect(await (await visit(jar, "/admin/tax")).text()).toMatch(/<h1 id="admin-title"[^>]*>Tax<\/h1>/);
    const name = `Form tax ${tag()}`;
    const rate = { intent: "create", country_code: "MY", state_code: "", name, rate: "1.255", is_active: "on" };
    const badRate = await postForm(jar, "/admin/tax", rate);
    expect(badRate.status).toBe(422);
    expect(errorsUnder(await badRate.text(), "new-rate")).toBe("The rate may have at most 2 decimal places.");
    expect((await postForm(jar, "/admin/tax", { ...rate, rate: "1.25" })).status).toBe(302);
    expect((await taxFor("MY")).tax_breakdown.find((line) => line.name === name)).toMatchObject({ amount: 1.25 });
    const rateId = (await env.DB.prepare("SELECT id FROM tax_rates WHERE name = ?").bind(name).first<{ id: number }>())!
      .id;
    expect(
      (await postForm(jar, `/admin/tax?edit=${rateId}`, { ...rate, intent: "update", id: String(rateId), rate: "3" }))
        .status,
    ).toBe(302);
    expect((await taxFor("MY")).tax_breakdown.find((line) => line.name === name)).toMatchObject({ amount: 3 });
    expect((await postForm(jar, "/admin/tax", { intent: "delete", id: String(rateId) })).status).toBe(302);
    expect((await taxFor("MY")).tax_breakdown.some((line) => line.name === name)).toBe(false);
  });

  it("keeps customers out of the pages' forms", async () => {
    const jar = await loggedIn(CUSTOMER, newIp());
    for (const path of ["/admin/categories", "/admin/coupons", "/admin/shipping", "/admin/tax"]) {
      const response = await postForm(jar, path, { intent: "create", name: "Nope", code: "NOPE" });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
    }
    expect(
      (await env.DB.prepare("SELECT count(*) AS n FROM coupons WHERE code = 'NOPE'").first<{ n: number }>())!.n,
    ).toBe(0);
  });
});
