import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN, CUSTOMER, OWNER } from "../fixtures/accounts";
import { shopper, WITHOUT_OPTIONS } from "../fixtures/checkout";
import { CookieJar, get, ownQueryCount, queryCount, visibleText, visit } from "./helpers";
import { apiClient, apiToken, loggedIn } from "./fixtures";

// The back office's dashboard: GET /api/admin/stats and GET /api/admin/audit with each role, and the
// /admin page's figures, chart and latest orders, fresh after an order.

let counter = 0;
const newIp = () => `198.51.100.${(counter++ % 250) + 1}`;
const { call, post } = apiClient(newIp);

let adminToken: string;
let ownerToken: string;
let customerToken: string;

beforeAll(async () => {
  [adminToken, ownerToken, customerToken] = await Promise.all([
    apiToken(newIp(), ADMIN),
    apiToken(newIp(), OWNER),
    apiToken(newIp(), CUSTOMER),
  ]);
});

async function placeGuestOrder(email: string) {
  const product = (await env.DB.prepare(
    `SELECT id FROM products WHERE is_active = 1 AND stock > 10 AND ${WITHOUT_OPTIONS} ORDER BY id LIMIT 1`,
  ).first<{ id: number }>())!;
  const method = (await env.DB.prepare("SELECT id FROM shipping_methods WHERE code = 'standard'").first<{
    id: number;
  }>())!;
  const placed = await post("/api/orders", {
    items: [{ product_id: product.id, quantity: 1 }],
    customer: shopper({ email, firstName: "Dana", lastName: "Dashboard" }),
    payment_method: "cash_on_delivery",
    shipping_method_id: method.id,
  });
  expect(placed.status).toBe(201);
  return placed.body.data as { id: number; order_number: string; total: number };
}

describe("GET /api/admin/stats", () => {
  it("refuses a guest (401) and a customer (403), and is never stored", async () => {
    const guest = await call("GET", "/api/admin/stats");
    expect(guest.status).toBe(401);
    expect(guest.body.success).toBe(false);
    const customer = await call("GET", "/api/admin/stats", { token: customerToken });
    expect(customer.status).toBe(403);
    expect(customer.body).toEqual({ success: false, message: "This action is for the shop's staff only." });
  });

  it("gives staff the contract's figures, money in units", async () => {
    for (const token of [adminToken, ownerToken]) {
      const { status, body, response } = await call("GET", "/api/admin/stats", { token });
      expect(status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(Object.keys(body.data).sort()).toEqual([
        "customers",
        "deliveries",
        "mail",
        "messages",
        "orders",
        "products",
        "revenue",
        "reviews",
      ]);
      // No transport under test: mail is kept in the outbox.
      expect(body.data.mail).toEqual({ transport: "none", delivering: false });
      expect(body.data.reviews).toEqual({ pending: expect.any(Number) });
      expect(Object.keys(body.data.orders.by_status).sort()).toEqual([
        "cancelled",
        "delivered",
        "pending",
        "processing",
        "shipped",
      ]);
      expect(body.data.products.total).toBeGreaterThan(0);
      expect(typeof body.data.revenue.placed).toBe("number");
      // The deliveries' count is one more statement of the same batch; the shop's time zone comes
      // through the cache (its versions' read aside, once a second per isolate).
      expect(ownQueryCount(response)).toBeLessThanOrEqual(8);
    }
  });

  it("counts a new order at once, today, and its value", async () => {
    const before = (await call("GET", "/api/admin/stats", { token: adminToken })).body.data;
    const order = await placeGuestOrder(`stats-${crypto.randomUUID().slice(0, 8)}@example.com`);
    const after = (await call("GET", "/api/admin/stats", { token: adminToken })).body.data;
    expect(after.orders.today).toBe(before.orders.today + 1);
    expect(after.orders.by_status.pending).toBe(before.orders.by_status.pending + 1);
    expect(after.orders.value.today).toBeCloseTo(before.orders.value.today + order.total, 2);
    expect(after.revenue.placed).toBeCloseTo(before.revenue.placed + order.total, 2);
  });

  it("takes the session cookie too, as the browser calls it", async () => {
    const jar = await loggedIn(ADMIN, newIp());
    const response = await get("/api/admin/stats", { headers: { Cookie: jar.header() } });
    expect(response.status).toBe(200);
  });
});

describe("GET /api/admin/audit", () => {
  it("refuses a guest and a customer", async () => {
    expect((await call("GET", "/api/admin/audit")).status).toBe(401);
    expect((await call("GET", "/api/admin/audit", { token: customerToken })).status).toBe(403);
  });

  it("lists staff writes newest first, filtered by entity and id, in the list page's shape", async () => {
    await env.DB.prepare(
      `INSERT INTO audit_log (actor_id, actor_name, actor_email, action, entity, entity_id, summary, changes)
       SELECT id, name, email, 'update', 'dashboard-test', '7', 'First change', '{"name":["a","b"]}' FROM users WHERE email = ?`,
    )
      .bind(ADMIN.email)
      .run();
    await env.DB.prepare(
      `INSERT INTO audit_log (actor_id, actor_name, actor_email, action, entity, entity_id, summary) SELECT id, name, email, 'update', 'dashboard-test', '8', 'Second change' FROM users WHERE email = ?`,
    )
      .bind(ADMIN.email)
      .run();
    const all = await call("GET", "/api/admin/audit?entity=dashboard-test", { token: adminToken });
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ current_page: 1, total: 2, from: 1, to: 2 });
    expect(all.body.data.data.map((entry: { summary: string }) => entry.summary)).toEqual([
      "Second change",
      "First change",
    ]);
    const one = await call("GET", "/api/admin/audit?entity=dashboard-test&entity_id=7", { token: ownerToken });
    expect(one.body.data.data).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ name: ADMIN.name, email: ADMIN.email }),
        action: "update",
        entity: "dashboard-test",
        entity_id: "7",
        changes: { name: ["a", "b"] },
      }),
    ]);
  });

  it("answers 422 for a page that is not a number", async () => {
    const { status, body } = await call("GET", "/api/admin/audit?page=abc", { token: adminToken });
    expect(status).toBe(422);
    expect(body.errors.page).toBeDefined();
  });
});

describe("the dashboard page", () => {
  it("shows staff the figures, the chart and the latest orders, with a new order at once", async () => {
    const email = `dash-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const order = await placeGuestOrder(email);
    const jar = await loggedIn(ADMIN, newIp());
    const response = await visit(jar, "/admin");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const html = await response.text();
    const text = visibleText(html);
    for (const label of [
      "Orders today",
      "Last 7 days",
      "Last 30 days",
      "Cash collected",
      "Unread messages",
      "Reviews to approve",
      "Customers",
      "Low stock",
      "Out of stock",
      "Orders by status",
      "Latest orders",
    ]) {
      expect(text).toContain(label);
    }
    expect(html).toContain(
      '<svg viewBox="0 0 600 160" role="img" aria-labelledby="orders-chart-title orders-chart-desc"',
    );
    expect(html).toContain(`href="/admin/orders/${order.id}"`);
    expect(text).toContain(order.order_number);
    expect(text).toContain("Dana Dashboard");
    // The layout's session read, the dashboard's one batch: no query per row.
    expect(queryCount(response)).toBeLessThanOrEqual(8);
  });

  it("is for staff only: a customer goes home, a guest to the login", async () => {
    const customer = await visit(await loggedIn(CUSTOMER, newIp()), "/admin");
    expect(customer.headers.get("Location")).toBe("/");
    const guest = await visit(new CookieJar(), "/admin");
    expect(guest.headers.get("Location")).toBe("/login?redirectTo=%2Fadmin");
  });
});
