import { env } from "cloudflare:test";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectConsoleError } from "../console-guard";
import { addressesFrom } from "../fixtures/accounts";
import { shopper, WITHOUT_OPTIONS } from "../fixtures/checkout";
import { apiToken } from "./fixtures";
import { CookieJar, get, markChanged, postForm, visibleText, visit } from "./helpers";
import { TAGS } from "../../app/lib/cache-tags";

// Faults on the built Worker with the real D1: (a) the database failing in the middle of placing an
// order (a trigger that aborts a statement of the order's batch) leaves no partial order, stock or
// coupon redemption behind, and the shopper gets the spec's message, not a crash; (b) a database
// that is down (its tables renamed away) gives each page its own error screen inside the layout,
// and the API its generic 500 envelope, never a stack trace or an SQL error.

const ORDER_FAILED = "There was an error processing your order. Please try again.";
/** The API's 500: the generic envelope, with the reference of the request (its X-Request-Id) to quote. */
const serverError = (response: Response) => ({
  success: false,
  message: "Server error",
  request_id: response.headers.get("X-Request-Id"),
});

const newAddress = addressesFrom((n) => `198.18.0.${n}`);

/** What no answer may show: stack frames, source paths, the database's own words, the fault's text. */
const INTERNALS =
  /\n\s+at |\bat [\w$.<>]+ \(|\.tsx?:\d+|node_modules|SQLITE|D1_ERROR|no such table|_down\b|injected fault|RAISE\(|Error: /i;

function expectNoInternals(where: string, text: string) {
  expect(INTERNALS.exec(text)?.[0] ?? null, where).toBeNull();
}

/** The page's header and footer: the layout rendered around the error. */
function expectLayout(where: string, html: string) {
  expect(html, where).toContain("<header");
  expect(html, where).toContain("<footer");
  expect(html, where).toContain('href="/cart"');
}

// ---------------------------------------------------------------- the database, read directly

interface Snapshot {
  orders: number;
  order_items: number;
  stock: number;
  sold_count: number;
  usage_count: number;
}

let product: { id: number; slug: string; unit_price_cents: number };
let standardShippingId = 0;
let blog: { id: number; slug: string };

const snapshot = async (): Promise<Snapshot> =>
  (await env.DB.prepare(
    `SELECT (SELECT COUNT(*) FROM orders) AS orders, (SELECT COUNT(*) FROM order_items) AS order_items,
      (SELECT stock FROM products WHERE id = ?1) AS stock, (SELECT sold_count FROM products WHERE id = ?1) AS sold_count,
      (SELECT usage_count FROM coupons WHERE code = 'WELCOME10') AS usage_count`,
  )
    .bind(product.id)
    .first<Snapshot>())!;

const ordersWithKey = async (key: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE idempotency_key = ?").bind(key).first<{ n: number }>())!
    .n;

const triggers: string[] = [];
/** A trigger that aborts the statement it fires on, and with it the whole batch. */
async function injectFault(name: string, when: string) {
  await env.DB.exec(`CREATE TRIGGER ${name} ${when} BEGIN SELECT RAISE(ABORT, 'injected fault'); END;`);
  triggers.push(name);
}

const renamed: Array<[string, string]> = [];
/** The table is gone as far as the shop can tell: renamed away until `restore`. */
async function takeDown(table: string) {
  // What the shop then logs, the failed read of this table, is expected in this test, and only that.
  expectConsoleError(new RegExp(`no such table: ${table}\\b|Failed query:[\\s\\S]*"${table}"`));
  await env.DB.exec(`ALTER TABLE ${table} RENAME TO ${table}_down`);
  renamed.push([`${table}_down`, table]);
}

afterEach(async () => {
  // Whatever happened in the test, the database is whole again for the next one.
  for (const name of triggers.splice(0)) await env.DB.exec(`DROP TRIGGER IF EXISTS ${name}`);
  for (const [from, to] of renamed.splice(0).reverse()) await env.DB.exec(`ALTER TABLE ${from} RENAME TO ${to}`);
});

beforeAll(async () => {
  product = (await env.DB.prepare(
    `SELECT id, slug, unit_price_cents FROM products WHERE is_active = 1 AND stock >= 20 AND ${WITHOUT_OPTIONS} ORDER BY id LIMIT 1`,
  ).first())!;
  await env.DB.prepare("UPDATE products SET stock = 500 WHERE id = ?").bind(product.id).run();
  standardShippingId = (await env.DB.prepare("SELECT id FROM shipping_methods WHERE code = 'standard'").first<{
    id: number;
  }>())!.id;
  blog = (await env.DB.prepare("SELECT id, slug FROM blogs WHERE status = 'published' ORDER BY id LIMIT 1").first())!;
});

const customer = shopper({ email: "rosa.faults@example.com" });
/** One guest per key (a guest's orders are limited per address; a key's retry is the same guest). */
const guests = new Map<string, string>();
const guestFor = (key: string) =>
  guests.get(key) ?? guests.set(key, `rosa.faults.${guests.size + 1}@example.com`).get(key)!;

const orderBody = (key = "") => ({
  items: [{ product_id: product.id, quantity: 2 }],
  customer: { ...customer, email: guestFor(key) },
  payment_method: "cash_on_delivery",
  shipping_method_id: standardShippingId,
  coupon_code: "WELCOME10",
});

async function placeOrder(key: string, token?: string) {
  const response = await get("/api/orders", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Idempotency-Key": key,
      "CF-Connecting-IP": newAddress(),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(orderBody(key)),
  });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as any, response };
}

const login = () => apiToken(newAddress());

// ---------------------------------------------------------------- (a) a fault while placing an order

describe("a database fault in the middle of placing an order", () => {
  // The Worker logs the fault it met (and Remix the error it rendered): expected here, and only here.
  beforeEach(() => expectConsoleError(/injected fault/));
  // Each trigger fires on a different statement of the order's batch: the order row is written
  // before it in every case, the items, stock and sold count before the last.
  const faults: Array<[string, string]> = [
    ["the items", "BEFORE INSERT ON order_items"],
    ["the stock", "BEFORE UPDATE ON product_variants"],
    ["the coupon redemption, the batch's last write", "BEFORE UPDATE ON coupons"],
  ];

  for (const [what, when] of faults) {
    it(`POST /api/orders failing at ${what}: a 500 envelope, and no order, stock change or redemption left behind`, async () => {
      const before = await snapshot();
      const key = `fault-${crypto.randomUUID()}`;
      await injectFault("fail_order", when);
      const failed = await placeOrder(key);
      expect(failed.status).toBe(500);
      expect(failed.response.headers.get("Content-Type")).toMatch(/^application\/json/);
      expect(failed.body).toEqual(serverError(failed.response));
      expectNoInternals("POST /api/orders", failed.text);
      expect(await snapshot()).toEqual(before);
      expect(await ordersWithKey(key)).toBe(0);

      // Repaired, the same retry places the order once, and everything moves together.
      await env.DB.exec("DROP TRIGGER fail_order");
      triggers.splice(0);
      const placed = await placeOrder(key);
      expect(placed.status).toBe(201);
      expect(await ordersWithKey(key)).toBe(1);
      const after = await snapshot();
      expect(after).toEqual({
        orders: before.orders + 1,
        order_items: before.order_items + 1,
        stock: before.stock - 2,
        sold_count: before.sold_count + 2,
        usage_count: before.usage_count + 1,
      });
    });
  }

  it("a token client's order fails the same way", async () => {
    const token = await login();
    const before = await snapshot();
    await injectFault("fail_items", "BEFORE INSERT ON order_items");
    const failed = await placeOrder(`fault-${crypto.randomUUID()}`, token);
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual(serverError(failed.response));
    expect(await snapshot()).toEqual(before);
    const mine = await get("/api/v1/orders/my-orders", { headers: { Authorization: `Bearer ${token}` } });
    expect(mine.status).toBe(200);
  });

  it("the /checkout page: the spec's message (status 500), the form and the cart kept, nothing written", async () => {
    const jar = new CookieJar();
    const added = await postForm(jar, "/cart", {
      intent: "add",
      product_id: String(product.id),
      quantity: "2",
      redirectTo: "/checkout",
    });
    expect(added.status).toBe(302);
    const page = await visit(jar, "/checkout");
    const key = /name="idempotency_key"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="idempotency_key"/.exec(
      await page.text(),
    );
    const idempotencyKey = key?.[1] ?? key?.[2] ?? "";
    expect(idempotencyKey).not.toBe("");
    const cart = jar.get("cart");
    const before = await snapshot();

    await injectFault("fail_items", "BEFORE INSERT ON order_items");
    const fields = {
      ...customer,
      shipping_method_id: String(standardShippingId),
      idempotency_key: idempotencyKey,
      applied_coupon: "WELCOME10",
      coupon_input: "",
      intent: "place_order",
    };
    const failed = await postForm(jar, "/checkout", fields, { "CF-Connecting-IP": newAddress() });
    expect(failed.status).toBe(500);
    expect(failed.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = await failed.text();
    expect(visibleText(html)).toContain(ORDER_FAILED);
    expectLayout("POST /checkout", html);
    expectNoInternals("POST /checkout", html);
    // The shopper can try again: the form still holds what they typed, the cart is untouched.
    expect(html).toContain('value="rosa.faults@example.com"');
    expect(html).toContain('value="place_order"');
    expect(jar.get("cart")).toBe(cart);
    expect(await snapshot()).toEqual(before);
    expect(await ordersWithKey(idempotencyKey)).toBe(0);

    await env.DB.exec("DROP TRIGGER fail_items");
    triggers.splice(0);
    const placed = await postForm(jar, "/checkout", fields, { "CF-Connecting-IP": newAddress() });
    expect(placed.status).toBe(302);
    expect(placed.headers.get("Location")).toMatch(/^\/order-confirmation\//);
    expect(await ordersWithKey(idempotencyKey)).toBe(1);
    expect((await snapshot()).usage_count).toBe(before.usage_count + 1);
  });
});

// ---------------------------------------------------------------- (b) a database that is down

/** A page while its data is unreachable: its status, its own error text, inside the layout, nothing internal. */
async function expectErrorPage(path: string, message: string) {
  const response = await get(path);
  const html = await response.text();
  expect(response.status, path).toBe(500);
  expect(response.headers.get("Content-Type"), path).toMatch(/^text\/html/);
  expect(visibleText(html), path).toContain(message);
  // The shopper can quote the failed request's reference: the id its answer and its log lines carry.
  const reference = response.headers.get("X-Request-Id");
  expect(reference, path).toBeTruthy();
  expect(visibleText(html), path).toContain(`quote reference ${reference}`);
  expectLayout(path, html);
  expectNoInternals(path, html);
  // The strict policy still applies to an error page.
  expect(response.headers.get("Content-Security-Policy"), path).toContain("script-src 'self' 'nonce-");
}

/** An API call while its data is unreachable: the generic envelope, nothing internal. */
async function expectApiFault(method: string, path: string, init: RequestInit = {}) {
  const response = await get(path, { method, ...init });
  const text = await response.text();
  const where = `${method} ${path}`;
  expect(response.status, where).toBe(500);
  expect(response.headers.get("Content-Type"), where).toMatch(/^application\/json/);
  expect(JSON.parse(text), where).toEqual(serverError(response));
  expectNoInternals(where, text);
  // An error is never kept by the edge cache.
  expect(response.headers.get("Cache-Control") ?? "", where).not.toMatch(/public/);
}

describe("a database that is down", () => {
  it("products: /products and /product/{slug} show their error screens, the product API answers 500", async () => {
    await takeDown("products");
    await markChanged(TAGS.product(product.id), TAGS.products);
    await expectErrorPage("/products", "Failed to load products. Please try again.");
    await expectErrorPage("/products?sort=price-asc&page=2", "Failed to load products. Please try again.");
    await expectErrorPage(`/product/${product.slug}`, "Failed to load product. Please try again.");
    const t = Date.now();
    await expectApiFault("GET", `/api/products?_t=${t}`);
    await expectApiFault("GET", `/api/products/featured?_t=${t}`);
    await expectApiFault("GET", `/api/products/slug/${product.slug}?_t=${t}`);
    await expectApiFault("GET", `/api/home?_t=${t}`);
    await expectApiFault("POST", "/api/orders", {
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": newAddress() },
      body: JSON.stringify(orderBody(`down-${t}`)),
    });
  });

  it("blogs: /blog shows its error screen (list and search), the blog API answers 500", async () => {
    await takeDown("blogs");
    await markChanged(TAGS.blogs);
    await expectErrorPage("/blog", "Failed to load blogs");
    await expectErrorPage("/blog?search=rose", "Failed to load blogs");
    await expectErrorPage("/blog?sort=popular&page=2", "Failed to load blogs");
    const t = Date.now();
    await expectApiFault("GET", `/api/blogs?_t=${t}`);
    await expectApiFault("GET", `/api/blogs/${blog.slug}?_t=${t}`);
    await expectApiFault("POST", `/api/blogs/${blog.id}/like`);
  });

  it("categories: /categories shows its error screen, the category API answers 500", async () => {
    await takeDown("categories");
    await markChanged(TAGS.categories);
    await expectErrorPage("/categories", "Unable to load categories. Please try again later.");
    await expectErrorPage("/categories?q=wedding", "Unable to load categories. Please try again later.");
    const t = Date.now();
    await expectApiFault("GET", `/api/categories?_t=${t}`);
    await expectApiFault("GET", `/api/categories/1?_t=${t}`);
  });

  it("accounts, orders and settings: the API answers 500, never 401 or a stack", async () => {
    const token = await login();
    const auth = { headers: { Authorization: `Bearer ${token}` } };
    await takeDown("orders");
    await expectApiFault("GET", "/api/v1/orders/my-orders", auth);
    await expectApiFault("GET", "/api/v1/orders/1", auth);
    await takeDown("sessions");
    await expectApiFault("GET", "/api/v1/auth/profile", auth);
    await takeDown("settings");
    await expectApiFault("GET", `/api/settings/public?_t=${Date.now()}`);
  });

  it("everything is back once the tables are: pages and API answer 200 again", async () => {
    for (const path of ["/products", `/product/${product.slug}`, "/blog", "/categories"]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      await response.arrayBuffer();
    }
    const response = await get(`/api/products?_t=${Date.now()}`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { success: boolean }).success).toBe(true);
  });
});
