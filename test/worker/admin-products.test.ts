import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN, CUSTOMER, OWNER } from "../fixtures/accounts";
import { shopper } from "../fixtures/checkout";
import { apiClient, apiToken, csrfOf, loggedIn } from "./fixtures";
import {
  allSitemaps,
  CookieJar,
  decode,
  errorsUnder,
  get,
  ownQueryCount,
  postForm,
  postMultipart,
  visibleText,
  visit,
} from "./helpers";

// The back office's products on the Worker with the seeded accounts: every /api/admin/products call
// for each role, each bad input (422, 409), stale saves, and what the shop shows after each write
// (the product page and API, lists, search, category pages, the sitemap, tutorials, the cart and
// checkout, past orders) at once, cached or not; the pages as a browser without JavaScript and with
// it (Remix's data requests) meets them, a real PNG uploaded through the product form included.

const STALE = "This product was changed by someone else since you opened it. Review it and try again.";

let counter = 0;
const newIp = () => `203.0.113.${(++counter % 250) + 1}`;
const { call } = apiClient(newIp);
const tokens = { customer: "", admin: "", owner: "" };

/** A 1x1 PNG: real bytes, as a browser would send them. */
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

let categories: Array<{ id: number; slug: string; name: string }> = [];
let n = 0;
const unique = () => `${Date.now().toString(36)}${++n}`;

/** A new product's body, with a name and SKU of its own. */
function newBody(extra: Record<string, unknown> = {}) {
  const tag = unique();
  return {
    name: `Worker Wisteria ${tag}`,
    sku: `WK-${tag}`,
    price: 30,
    stock: 12,
    category_id: categories[0]!.id,
    ...extra,
  };
}

async function created(extra: Record<string, unknown> = {}, token = tokens.admin) {
  const response = await call("POST", "/api/admin/products", { body: newBody(extra), token });
  expect(response.status).toBe(201);
  return response.body.data as {
    id: number;
    slug: string;
    sku: string;
    name: string;
    version: number;
    category_id: number;
  };
}

const productRow = async (id: number) =>
  (await env.DB.prepare(
    "SELECT name, price_cents, sale_price_cents, stock, is_active, archived_at, version, image FROM products WHERE id = ?",
  )
    .bind(id)
    .first<{
      name: string;
      price_cents: number;
      sale_price_cents: number | null;
      stock: number;
      is_active: number;
      archived_at: number | null;
      version: number;
      image: string | null;
    }>())!;

const auditActions = async (id: number) =>
  (
    await env.DB.prepare("SELECT action FROM audit_log WHERE entity = 'product' AND entity_id = ? ORDER BY id")
      .bind(String(id))
      .all<{ action: string }>()
  ).results.map((row) => row.action);

beforeAll(async () => {
  tokens.customer = await apiToken(newIp(), CUSTOMER);
  tokens.admin = await apiToken(newIp(), ADMIN);
  tokens.owner = await apiToken(newIp(), OWNER);
  categories = (
    await env.DB.prepare("SELECT id, slug, name FROM categories WHERE is_active = 1 ORDER BY id").all<{
      id: number;
      slug: string;
      name: string;
    }>()
  ).results;
  expect(categories.length).toBeGreaterThan(1);
});

// ---------------------------------------------------------------- who may call

describe("who may call /api/admin/products", () => {
  const calls = (id: number) => [
    { method: "GET", path: "/api/admin/products" },
    { method: "POST", path: "/api/admin/products", body: newBody(), status: 201 },
    { method: "GET", path: "/api/admin/products/stats" },
    { method: "GET", path: `/api/admin/products/${id}` },
    { method: "PUT", path: `/api/admin/products/${id}`, body: { stock: 7 } },
    { method: "DELETE", path: `/api/admin/products/${id}` },
    { method: "POST", path: `/api/admin/products/${id}/restore` },
  ];

  it("answers a guest 401 and a customer 403 on every call, changing nothing", async () => {
    const product = await created();
    for (const { method, path, body } of calls(product.id)) {
      const guest = await call(method, path, { body });
      expect(guest.status, `${method} ${path}`).toBe(401);
      expect(guest.body.success).toBe(false);
      const customer = await call(method, path, { body, token: tokens.customer });
      expect(customer.status, `${method} ${path}`).toBe(403);
      expect(customer.body).toEqual({ success: false, message: "This action is for the shop's staff only." });
    }
    expect(await productRow(product.id)).toMatchObject({ stock: 12, is_active: 1, version: 1 });
  });

  it.each([
    ["an admin", "admin"],
    ["a super-admin", "owner"],
  ] as const)("answers %s on every call, never cached, each write in the audit log", async (_who, role) => {
    const product = await created({}, tokens[role]);
    for (const { method, path, body, status = 200 } of calls(product.id)) {
      const response = await call(method, path, { body, token: tokens[role] });
      expect(response.status, `${method} ${path}`).toBe(status);
      expect(response.body.success).toBe(true);
      expect(response.response.headers.get("Cache-Control")).toContain("no-store");
    }
    expect(await auditActions(product.id)).toEqual(["create", "update", "archive", "restore"]);
    expect(await productRow(product.id)).toMatchObject({ stock: 7, is_active: 1, archived_at: null, version: 4 });
  });
});

// ---------------------------------------------------------------- reading

describe("reading", () => {
  it("lists in the products list's page shape, by search, category, status and low stock", async () => {
    const tag = unique();
    const low = await created({ name: `Listed Lobelia ${tag} low`, stock: 3, category_id: categories[1]!.id });
    const plenty = await created({ name: `Listed Lobelia ${tag} plenty`, stock: 40 });
    const gone = await created({ name: `Listed Lobelia ${tag} gone`, stock: 40 });
    expect((await call("DELETE", `/api/admin/products/${gone.id}`, { token: tokens.admin })).status).toBe(200);
    const ids = async (query: string) => {
      const { status, body } = await call(
        "GET",
        `/api/admin/products?search=${encodeURIComponent(`Listed Lobelia ${tag}`)}&${query}`,
        { token: tokens.admin },
      );
      expect(status).toBe(200);
      return (body.data.data as Array<{ id: number }>).map((row) => row.id);
    };
    const { body } = await call("GET", `/api/admin/products?search=${low.sku}`, { token: tokens.admin });
    expect(Object.keys(body.data).sort()).toEqual([
      "current_page",
      "data",
      "from",
      "last_page",
      "per_page",
      "to",
      "total",
    ]);
    expect(body.data.data[0]).toMatchObject({
      id: low.id,
      sku: low.sku,
      price: 30,
      sale_price: null,
      stock: 3,
      status: "active",
      category: { id: categories[1]!.id },
    });
    expect(await ids("")).toEqual([gone.id, plenty.id, low.id]);
    expect(await ids("low_stock=1")).toEqual([low.id]);
    expect(await ids("status=archived")).toEqual([gone.id]);
    expect(await ids("status=active")).toEqual([plenty.id, low.id]);
    expect(await ids(`category=${categories[1]!.slug}`)).toEqual([low.id]);
    expect(await ids(`category=${categories[1]!.id}`)).toEqual([low.id]);
    for (const [query, errors] of [
      ["status=lost", { status: ["The selected status is invalid."] }],
      ["low_stock=maybe", { low_stock: ["The low stock field must be true or false."] }],
      ["page=0", { page: ["The page must be at least 1."] }],
    ] as const) {
      const refused = await call("GET", `/api/admin/products?${query}`, { token: tokens.admin });
      expect(refused.status, query).toBe(422);
      expect(refused.body).toMatchObject({ success: false, errors });
    }
  });

  it("answers one product with every field, images in order, colours, category and version; 404 when unknown", async () => {
    const product = await created({
      images: ["/images/placeholder.svg"],
      colors: ["Pink", "white"],
      weight: 300,
      dimensions: "20 x 20 cm",
      meta_keywords: "gift",
    });
    const { status, body } = await call("GET", `/api/admin/products/${product.id}`, { token: tokens.admin });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      id: product.id,
      images: ["/images/placeholder.svg"],
      image: "/images/placeholder.svg",
      colors: ["pink", "white"],
      weight: 300,
      dimensions: "20 x 20 cm",
      meta_keywords: "gift",
      version: 1,
      status: "active",
      category: { id: categories[0]!.id, slug: categories[0]!.slug },
    });
    expect(body.data.audit[0]).toMatchObject({ action: "create", actor: { email: ADMIN.email } });
    for (const id of ["999999", "abc", "0"]) {
      const missing = await call("GET", `/api/admin/products/${id}`, { token: tokens.admin });
      expect(missing.status, id).toBe(404);
      expect(missing.body).toEqual({ success: false, message: "Product Not Found" });
    }
  });

  it("counts products (stats before /{id})", async () => {
    const before = (await call("GET", "/api/admin/products/stats", { token: tokens.admin })).body.data;
    expect(Object.keys(before).sort()).toEqual([
      "active",
      "archived",
      "featured",
      "low_stock",
      "low_stock_threshold",
      "on_sale",
      "out_of_stock",
      "total",
    ]);
    const product = await created({ stock: 0, is_featured: true, price: 20, sale_price: 15 });
    const after = (await call("GET", "/api/admin/products/stats", { token: tokens.admin })).body.data;
    expect(after).toMatchObject({
      total: before.total + 1,
      active: before.active + 1,
      out_of_stock: before.out_of_stock + 1,
      featured: before.featured + 1,
      on_sale: before.on_sale + 1,
    });
    await call("DELETE", `/api/admin/products/${product.id}`, { token: tokens.admin });
    const archived = (await call("GET", "/api/admin/products/stats", { token: tokens.admin })).body.data;
    expect(archived).toMatchObject({
      total: before.total + 1,
      active: before.active,
      archived: before.archived + 1,
      out_of_stock: before.out_of_stock,
    });
  });
});

// ---------------------------------------------------------------- bad input

describe("bad input", () => {
  it("answers 422 with errors naming each field, storing nothing", async () => {
    const { results } = await env.DB.prepare("SELECT count(*) AS n FROM products").all<{ n: number }>();
    const count = results[0]!.n;
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [newBody({ name: "   " }), { name: ["The name field is required."] }],
      [newBody({ price: -1 }), { price: ["The price must be at least 0."] }],
      [newBody({ stock: -3 }), { stock: ["The stock must be at least 0."] }],
      [newBody({ price: 20, sale_price: 20 }), { sale_price: ["The sale price must be less than the price."] }],
      [newBody({ price: 20, sale_price: 25 }), { sale_price: ["The sale price must be less than the price."] }],
      [newBody({ category_id: 999_999 }), { category_id: ["The selected category is invalid."] }],
      [
        newBody({ images: ["https://example.com/rose.png"] }),
        {
          images: [
            "Each image must be an uploaded image (/uploads/...) or one of the shop's own images (/images/...).",
          ],
        },
      ],
      [
        newBody({ images: ["javascript:alert(1)"] }),
        {
          images: [
            "Each image must be an uploaded image (/uploads/...) or one of the shop's own images (/images/...).",
          ],
        },
      ],
      [
        {},
        {
          name: ["The name field is required."],
          sku: ["The SKU field is required."],
          price: ["The price field is required."],
        },
      ],
    ];
    for (const [body, errors] of cases) {
      const response = await call("POST", "/api/admin/products", { body, token: tokens.admin });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body).toEqual({ success: false, message: "The given data was invalid.", errors });
    }
    // A body that is not JSON counts as empty.
    expect((await call("POST", "/api/admin/products", { raw: "{not json", token: tokens.admin })).status).toBe(422);
    const product = await created({ price: 40 });
    const refused = await call("PUT", `/api/admin/products/${product.id}`, {
      body: { sale_price: 40 },
      token: tokens.admin,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ sale_price: ["The sale price must be less than the price."] });
    expect((await env.DB.prepare("SELECT count(*) AS n FROM products").all<{ n: number }>()).results[0]!.n).toBe(
      count + 1,
    );
    expect(await productRow(product.id)).toMatchObject({ sale_price_cents: null, version: 1 });
  });

  it("answers 409 naming the field for a slug or SKU in use, and makes a slug from the name when none is given", async () => {
    const first = await created();
    const sku = await call("POST", "/api/admin/products", { body: newBody({ sku: first.sku }), token: tokens.admin });
    expect(sku.status).toBe(409);
    expect(sku.body).toEqual({ success: false, message: "The SKU has already been taken." });
    const slug = await call("POST", "/api/admin/products", {
      body: newBody({ slug: first.slug }),
      token: tokens.admin,
    });
    expect(slug.status).toBe(409);
    expect(slug.body).toEqual({ success: false, message: "The slug has already been taken." });
    const second = await created({ name: first.name });
    expect(second.slug).toBe(`${first.slug}-2`);
    const put = await call("PUT", `/api/admin/products/${second.id}`, {
      body: { slug: first.slug },
      token: tokens.admin,
    });
    expect(put.status).toBe(409);
    expect(put.body.message).toBe("The slug has already been taken.");
  });

  it("refuses a stale version (409), applying nothing", async () => {
    const product = await created();
    expect(
      (await call("PUT", `/api/admin/products/${product.id}`, { body: { price: 31, version: 1 }, token: tokens.admin }))
        .status,
    ).toBe(200);
    const stale = await call("PUT", `/api/admin/products/${product.id}`, {
      body: { price: 99, version: 1 },
      token: tokens.owner,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ success: false, message: STALE });
    expect(
      (await call("DELETE", `/api/admin/products/${product.id}`, { body: { version: 1 }, token: tokens.owner })).status,
    ).toBe(409);
    expect(await productRow(product.id)).toMatchObject({ price_cents: 3100, is_active: 1, version: 2 });
    expect(await auditActions(product.id)).toEqual(["create", "update"]);
    for (const [method, path] of [
      ["PUT", "/api/admin/products/999999"],
      ["DELETE", "/api/admin/products/999999"],
      ["POST", "/api/admin/products/999999/restore"],
    ]) {
      expect((await call(method!, path!, { body: { stock: 1 }, token: tokens.admin })).status).toBe(404);
    }
  });

  it("refuses a cookie write without the page's CSRF token (403), and takes it with the token", async () => {
    const product = await created();
    const jar = await loggedIn(ADMIN, newIp());
    const refused = await call("PUT", `/api/admin/products/${product.id}`, {
      body: { stock: 1 },
      headers: { Cookie: jar.header() },
    });
    expect(refused.status).toBe(403);
    const csrf = await csrfOf(jar);
    const done = await call("PUT", `/api/admin/products/${product.id}`, {
      body: { stock: 1 },
      headers: { Cookie: jar.header(), "X-CSRF-Token": csrf },
    });
    expect(done.status).toBe(200);
    expect((await productRow(product.id)).stock).toBe(1);
  });
});

// ---------------------------------------------------------------- what the shop shows

const HIT = 'cache;desc="hit"';
const isHit = (response: Response) => (response.headers.get("Server-Timing") ?? "").includes(HIT);
const settle = () => new Promise((resolve) => setTimeout(resolve, 60));
/** Reads a path twice, so that the second read comes from the cache, and answers the second. */
async function warm(path: string) {
  await get(path).then((response) => response.arrayBuffer());
  await settle();
  return get(path);
}
const text = async (path: string, jar = new CookieJar()) => visibleText(await (await visit(jar, path)).text());

describe("the shop after a staff write", () => {
  it("shows a new price at once on the product page, the API, the lists and the cart, cached before", async () => {
    const product = await created({ price: 41.5 });
    const api = `/api/products/slug/${product.slug}`;
    const list = `/api/products?search=${encodeURIComponent(product.name)}`;
    expect((await warm(api)).status).toBe(200);
    expect(isHit(await warm(api))).toBe(true);
    expect(isHit(await warm(list))).toBe(true);
    await warm(`/product/${product.slug}`);
    const cart = new CookieJar();
    expect(
      (await postForm(cart, "/cart", { intent: "add", product_id: String(product.id), quantity: "1" })).status,
    ).toBe(302);
    expect(await text("/cart", cart)).toContain("$41.50");

    const put = await call("PUT", `/api/admin/products/${product.id}`, {
      body: { price: 37.25, version: 1 },
      token: tokens.admin,
    });
    expect(put.status).toBe(200);
    expect((await get(api).then((r) => r.json() as Promise<any>)).data.price).toBe(37.25);
    expect((await get(list).then((r) => r.json() as Promise<any>)).data.data[0].price).toBe(37.25);
    const page = await text(`/product/${product.slug}`);
    expect(page).toContain("$37.25");
    expect(page).not.toContain("$41.50");
    expect(await text(`/products?search=${encodeURIComponent(product.name)}`)).toContain("$37.25");
    expect(await text("/cart", cart)).toContain("$37.25");
  });

  it("takes an archived product out of the shop: its page and API say Product Not Found, lists, search, sitemap, categories and tutorials leave it; past orders keep it", async () => {
    const product = await created({ is_featured: true, stock: 20 });
    const api = `/api/products/slug/${product.slug}`;
    const search = `/api/products?search=${encodeURIComponent(product.name)}`;
    // A tutorial that recommends it, and an order that bought it.
    const blog = (await env.DB.prepare(
      "SELECT id, slug FROM blogs WHERE status = 'published' ORDER BY id LIMIT 1",
    ).first<{ id: number; slug: string }>())!;
    await env.DB.prepare("INSERT INTO blog_related_products (blog_id, product_id, sort_order) VALUES (?, ?, 99)")
      .bind(blog.id, product.id)
      .run();
    const order = await call("POST", "/api/orders", {
      body: { items: [{ product_id: product.id, quantity: 1 }], customer: shopper({ email: CUSTOMER.email }) },
      token: tokens.customer,
    });
    expect(order.status).toBe(201);
    const count = async () =>
      (
        (await get("/api/categories?with_counts=1").then((r) => r.json() as Promise<any>)).data as Array<{
          id: number;
          product_count: number;
        }>
      ).find((c) => c.id === categories[0]!.id)!.product_count;
    const cart = new CookieJar();
    await postForm(cart, "/cart", { intent: "add", product_id: String(product.id), quantity: "1" });

    expect((await warm(api)).status).toBe(200);
    expect((await warm(search).then((r) => r.json() as Promise<any>)).data.total).toBe(1);
    await allSitemaps();
    await settle();
    expect(await allSitemaps()).toContain(`/product/${product.slug}</loc>`);
    // An order moves stock and sales, which no sitemap shows: its file stays kept.
    const another = await call("POST", "/api/orders", {
      body: { items: [{ product_id: product.id, quantity: 1 }], customer: shopper({ email: CUSTOMER.email }) },
      token: tokens.customer,
    });
    expect(another.status).toBe(201);
    const kept = await get("/sitemaps/products-1.xml");
    expect(ownQueryCount(kept)).toBe(0);
    expect(await kept.text()).toContain(`/product/${product.slug}</loc>`);
    const related = async () =>
      (
        (await get(`/api/blogs/${blog.slug}`).then((r) => r.json() as Promise<any>)).data.related_products as Array<{
          id: number;
        }>
      ).map((p) => p.id);
    expect(await related()).toContain(product.id);
    const before = await count();

    const archived = await call("DELETE", `/api/admin/products/${product.id}`, { token: tokens.admin });
    expect(archived.status).toBe(200);
    expect(archived.body.data).toMatchObject({ status: "archived", is_active: false });

    const gone = await get(api);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ success: false, message: "Product Not Found" });
    const page = await visit(new CookieJar(), `/product/${product.slug}`);
    expect(page.status).toBe(404);
    expect(visibleText(await page.text())).toContain("Product Not Found");
    expect((await get(search).then((r) => r.json() as Promise<any>)).data.total).toBe(0);
    expect(await text(`/products?search=${encodeURIComponent(product.name)}`)).not.toContain(product.name);
    expect(await allSitemaps()).not.toContain(`/product/${product.slug}`);
    expect(await count()).toBe(before - 1);
    expect(await related()).not.toContain(product.id);
    const home = JSON.stringify((await get("/api/home").then((r) => r.json() as Promise<any>)).data);
    expect(home).not.toContain(`/product/${product.slug}"`);
    // The cart names it as no longer available, and checkout refuses it.
    const cartText = await text("/cart", cart);
    expect(cartText).toContain(product.name);
    expect(cartText).toContain("No longer available: remove it to check out");
    const refused = await call("POST", "/api/orders", {
      body: { items: [{ product_id: product.id, quantity: 1 }], customer: shopper({ email: CUSTOMER.email }) },
      token: tokens.customer,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(`${product.name} is no longer available. Please remove it from your cart.`);
    // Past orders still show its line, to the customer and to staff.
    const customer = await loggedIn(CUSTOMER, newIp());
    expect(await text(`/orders/${order.body.data.id}`, customer)).toContain(product.name);
    const staff = await loggedIn(ADMIN, newIp());
    expect(await text(`/admin/orders/${order.body.data.id}`, staff)).toContain(product.name);
    expect(
      (await call("GET", `/api/v1/orders/${order.body.data.id}`, { token: tokens.customer })).body.data.items[0]
        .product_name,
    ).toBe(product.name);

    // Restored: back at once.
    expect((await call("POST", `/api/admin/products/${product.id}/restore`, { token: tokens.admin })).status).toBe(200);
    expect((await get(api)).status).toBe(200);
    expect(await count()).toBe(before);
    expect(await allSitemaps()).toContain(`/product/${product.slug}`);
  });
});

// ---------------------------------------------------------------- the pages

/** The page after a redirect, and its text (the toast included). */
async function follow(jar: CookieJar, response: Response) {
  expect(response.status).toBe(302);
  const location = response.headers.get("Location")!;
  const page = await visit(jar, location);
  return { location, html: await page.text(), status: page.status };
}

function formOf(
  fields: Record<string, string | string[]>,
  files: Array<{ bytes: Uint8Array<ArrayBuffer>; name: string; type: string }> = [],
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const item of [value].flat()) form.append(key, item);
  for (const file of files) form.append("image_files", new File([file.bytes], file.name, { type: file.type }));
  if (!files.length) form.append("image_files", new File([], "", { type: "application/octet-stream" }));
  return form;
}

const valueOf = (html: string, name: string) =>
  decode(/\bvalue="([^"]*)"/.exec(new RegExp(`<input[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0] ?? "")?.[1] ?? "");

describe("the products pages", () => {
  let admin: CookieJar;
  beforeAll(async () => {
    admin = await loggedIn(ADMIN, newIp());
  });

  it("send a guest to /login and back, and a customer home", async () => {
    const product = await created();
    for (const path of ["/admin/products", "/admin/products/new", `/admin/products/${product.id}`]) {
      const guest = await visit(new CookieJar(), path);
      expect(guest.status).toBe(302);
      expect(guest.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      const customer = await loggedIn(CUSTOMER, newIp());
      const refused = await visit(customer, path);
      expect(refused.status).toBe(302);
      expect(refused.headers.get("Location")).toBe("/");
    }
    const customer = await loggedIn(CUSTOMER, newIp());
    const post = await postForm(customer, `/admin/products/${product.id}`, { intent: "archive", version: "1" });
    expect(post.status).toBe(302);
    expect((await productRow(product.id)).is_active).toBe(1);
  });

  it("list products with the GET filters, badges and a New product link, never cached", async () => {
    const tag = unique();
    const low = await created({ name: `Paged Peony ${tag}`, stock: 2, price: 18, sale_price: 12.5 });
    const response = await visit(admin, `/admin/products?search=${encodeURIComponent(`Paged Peony ${tag}`)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const page = visibleText(await response.text());
    expect(page).toContain("New product");
    expect(page).toContain(low.name);
    expect(page).toContain(low.sku);
    expect(page).toContain("$12.50");
    expect(page).toContain("Low stock");
    expect(page).toContain("Active");
    expect(
      await text(`/admin/products?search=${encodeURIComponent(`Paged Peony ${tag}`)}&status=archived`, admin),
    ).toContain("No products match these filters.");
    const bad = await (await visit(admin, "/admin/products?status=lost")).text();
    expect(errorsUnder(bad, "product-status")).toBe("The selected status is invalid.");
  });

  it("create a product without JavaScript (a plain form) and with it (a data request), then find it in the shop", async () => {
    const tag = unique();
    const plain = await postMultipart(
      admin,
      "/admin/products/new",
      formOf({
        intent: "save",
        name: `Form Freesia ${tag}`,
        sku: `FF-${tag}`,
        price: "22.50",
        stock: "9",
        category_id: String(categories[0]!.id),
        colors: "Pink, White",
        is_featured: "1",
      }),
    );
    const done = await follow(admin, plain);
    expect(done.location).toMatch(/^\/admin\/products\/\d+$/);
    expect(visibleText(done.html)).toContain(`Product Form Freesia ${tag} created.`);
    const slug = `form-freesia-${tag}`;
    expect(await text(`/product/${slug}`)).toContain("$22.50");

    // With JavaScript, Remix posts the same form as a data request and follows its redirect itself.
    const js = await postMultipart(
      admin,
      "/admin/products/new?_data=routes%2Fadmin.products.new",
      formOf({ intent: "save", name: `Script Snapdragon ${tag}`, sku: `SS-${tag}`, price: "15" }),
    );
    expect(js.status).toBe(204);
    expect(js.headers.get("X-Remix-Redirect")).toMatch(/^\/admin\/products\/\d+$/);
    expect(await text(`/product/script-snapdragon-${tag}`)).toContain("$15.00");
    const refused = await postMultipart(
      admin,
      "/admin/products/new?_data=routes%2Fadmin.products.new",
      formOf({ intent: "save", name: "", sku: `SS-${tag}`, price: "-2" }),
    );
    expect(refused.status).toBe(422);
    const body = (await refused.json()) as any;
    expect(body.errors).toEqual({ name: ["The name field is required."], price: ["The price must be at least 0."] });
    expect(body.values.sku).toBe(`SS-${tag}`);
  });

  it("upload a real PNG through the product form: stored, shown in the shop, the first image the main one", async () => {
    const tag = unique();
    const response = await postMultipart(
      admin,
      "/admin/products/new",
      formOf(
        {
          intent: "save",
          name: `Pictured Poppy ${tag}`,
          sku: `PP-${tag}`,
          price: "19.99",
          images: "/images/placeholder.svg",
        },
        [{ bytes: PNG, name: "poppy.png", type: "image/png" }],
      ),
    );
    const done = await follow(admin, response);
    const id = Number(done.location.split("/").pop());
    const api = (await call("GET", `/api/admin/products/${id}`, { token: tokens.admin })).body.data;
    expect(api.images).toHaveLength(2);
    expect(api.images[0]).toBe("/images/placeholder.svg");
    expect(api.images[1]).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
    const served = await get(api.images[1]);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    // Reordered on the edit page: the upload becomes the main image, shown first in the shop.
    const reordered = await follow(
      admin,
      await postMultipart(
        admin,
        `/admin/products/${id}`,
        formOf({ ...fieldsOf(done.html), images: api.images, image_order: ["2", "1"] }),
      ),
    );
    expect(visibleText(reordered.html)).toContain(`Product Pictured Poppy ${tag} saved.`);
    expect((await productRow(id)).image).toBe(api.images[1]);
    const shop = (await get(`/api/products/slug/pictured-poppy-${tag}`).then((r) => r.json() as Promise<any>)).data;
    expect(shop.image).toBe(api.images[1]);
    expect(shop.images.map((image: { url: string }) => image.url)).toEqual([api.images[1], "/images/placeholder.svg"]);
    // Removed: only the upload is left.
    const removed = await follow(
      admin,
      await postMultipart(
        admin,
        `/admin/products/${id}`,
        formOf({
          ...fieldsOf(reordered.html),
          images: [api.images[1], "/images/placeholder.svg"],
          image_remove: "/images/placeholder.svg",
        }),
      ),
    );
    expect(removed.status).toBe(200);
    expect((await call("GET", `/api/admin/products/${id}`, { token: tokens.admin })).body.data.images).toEqual([
      api.images[1],
    ]);
  });

  it("refuse a text file renamed .png (415) and an image too large (413) under the file field, with a toast and everything typed kept", async () => {
    const tag = unique();
    const response = await postMultipart(
      admin,
      "/admin/products/new",
      formOf({ intent: "save", name: `Refused Rose ${tag}`, sku: `RR-${tag}`, price: "12", description: "Kept text" }, [
        {
          bytes: new TextEncoder().encode("not an image at all") as Uint8Array<ArrayBuffer>,
          name: "rose.png",
          type: "image/png",
        },
      ]),
    );
    expect(response.status).toBe(415);
    const html = await response.text();
    expect(errorsUnder(html, "image_files")).toBe(
      "The file must be an image of type image/jpeg, image/png or image/webp.",
    );
    expect(visibleText(html)).toContain("The file must be an image of type image/jpeg, image/png or image/webp.");
    expect(valueOf(html, "name")).toBe(`Refused Rose ${tag}`);
    expect(valueOf(html, "sku")).toBe(`RR-${tag}`);
    expect(html).toContain("Kept text");
    expect(await env.DB.prepare("SELECT id FROM products WHERE sku = ?").bind(`RR-${tag}`).first()).toBeNull();

    // Over 5,242,880 bytes (a PNG by its first bytes): 413, nothing stored either.
    const big = new Uint8Array(5_242_881);
    big.set(PNG.subarray(0, 8));
    const uploadsBefore = (await env.DB.prepare("SELECT count(*) AS n FROM uploads").first<{ n: number }>())!.n;
    const tooBig = await postMultipart(
      admin,
      "/admin/products/new",
      formOf({ intent: "save", name: `Big Bloom ${tag}`, sku: `BB-${tag}`, price: "12" }, [
        { bytes: big, name: "big.png", type: "image/png" },
      ]),
    );
    expect(tooBig.status).toBe(413);
    const bigHtml = await tooBig.text();
    expect(errorsUnder(bigHtml, "image_files")).toBe("The file may not be greater than 5242880 bytes (5 MB).");
    expect(valueOf(bigHtml, "name")).toBe(`Big Bloom ${tag}`);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM uploads").first<{ n: number }>())!.n).toBe(uploadsBefore);
  });

  it("show bad input under the fields with a toast and the typed values (422, 409), and refuse a stale form", async () => {
    const product = await created({ price: 50 });
    const other = await created();
    const page = await (await visit(admin, `/admin/products/${product.id}`)).text();
    const fields = fieldsOf(page);
    expect(fields.version).toBe("1");
    const bad = await postMultipart(
      admin,
      `/admin/products/${product.id}`,
      formOf({ ...fields, stock: "-1", name: "", sku: "Typed SKU" }),
    );
    expect(bad.status).toBe(422);
    const badHtml = await bad.text();
    expect(errorsUnder(badHtml, "name")).toBe("The name field is required.");
    expect(errorsUnder(badHtml, "stock")).toBe("The stock must be at least 0.");
    expect(visibleText(badHtml)).toContain("Please fix the errors in the form");
    expect(valueOf(badHtml, "sku")).toBe("Typed SKU");
    expect(valueOf(badHtml, "stock")).toBe("-1");
    const sale = await postMultipart(
      admin,
      `/admin/products/${product.id}`,
      formOf({ ...fields, sale_price: "50", name: "Typed name" }),
    );
    expect(sale.status).toBe(422);
    const saleHtml = await sale.text();
    expect(errorsUnder(saleHtml, "sale_price")).toBe("The sale price must be less than the price.");
    expect(valueOf(saleHtml, "name")).toBe("Typed name");
    const dup = await postMultipart(admin, `/admin/products/${product.id}`, formOf({ ...fields, sku: other.sku }));
    expect(dup.status).toBe(409);
    expect(errorsUnder(await dup.text(), "sku")).toBe("The SKU has already been taken.");
    const category = await postMultipart(
      admin,
      `/admin/products/${product.id}`,
      formOf({ ...fields, category_id: "999999" }),
    );
    expect(errorsUnder(await category.text(), "category_id")).toBe("The selected category is invalid.");
    const image = await postMultipart(
      admin,
      `/admin/products/${product.id}`,
      formOf({ ...fields, images: "https://example.com/x.png" }),
    );
    expect(errorsUnder(await image.text(), "images")).toBe(
      "Each image must be an uploaded image (/uploads/...) or one of the shop's own images (/images/...).",
    );
    expect(await productRow(product.id)).toMatchObject({ price_cents: 5000, version: 1 });

    // Someone else saves first: this form (version 1) is refused, not applied.
    expect(
      (await call("PUT", `/api/admin/products/${product.id}`, { body: { stock: 3 }, token: tokens.owner })).status,
    ).toBe(200);
    const stale = await postMultipart(admin, `/admin/products/${product.id}`, formOf({ ...fields, price: "45" }));
    expect(stale.status).toBe(409);
    expect(visibleText(await stale.text())).toContain(STALE);
    expect(await productRow(product.id)).toMatchObject({ price_cents: 5000, stock: 3, version: 2 });
  });

  it("archive and restore with the buttons, each with a toast and in the audit trail; the shop follows", async () => {
    const product = await created();
    const path = `/admin/products/${product.id}`;
    const archived = await follow(admin, await postForm(admin, path, { intent: "archive", version: "1" }));
    expect(visibleText(archived.html)).toContain(`${product.name} is archived: it has left the shop.`);
    expect(visibleText(archived.html)).toContain("Restore");
    expect(visibleText(archived.html)).toContain(`Archived product ${product.name}`);
    expect((await visit(new CookieJar(), `/product/${product.slug}`)).status).toBe(404);
    const stale = await follow(admin, await postForm(admin, path, { intent: "restore", version: "1" }));
    expect(visibleText(stale.html)).toContain(STALE);
    const restored = await follow(admin, await postForm(admin, path, { intent: "restore", version: "2" }));
    expect(visibleText(restored.html)).toContain(`${product.name} is restored: it is back in the shop.`);
    expect((await visit(new CookieJar(), `/product/${product.slug}`)).status).toBe(200);
    expect((await visit(admin, "/admin/products/999999")).status).toBe(404);
  });
});

/** The product form's text fields as the page renders them (what a browser would send back unchanged). */
function fieldsOf(html: string): Record<string, string> {
  const names = [
    "version",
    "name",
    "sku",
    "slug",
    "price",
    "sale_price",
    "stock",
    "weight",
    "dimensions",
    "colors",
    "meta_keywords",
  ];
  const main = html.slice(html.indexOf('name="intent" value="save"') - 200);
  const fields: Record<string, string> = Object.fromEntries(names.map((name) => [name, valueOf(main, name)]));
  fields.intent = "save";
  fields.category_id =
    /<select[^>]*name="category_id"[\s\S]*?<option[^>]*value="(\d*)"[^>]*selected/.exec(html)?.[1] ?? "";
  for (const name of ["short_description", "description"])
    fields[name] = decode(
      new RegExp(`<textarea[^>]*name="${name}"[^>]*>([\\s\\S]*?)</textarea>`).exec(html)?.[1] ?? "",
    );
  return fields;
}
