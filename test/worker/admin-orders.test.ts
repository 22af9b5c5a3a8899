import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN, CUSTOMER, OWNER } from "../fixtures/accounts";
import { shopper, WITHOUT_OPTIONS } from "../fixtures/checkout";
import { CookieJar, decode, postForm, visibleText, visit } from "./helpers";
import { apiClient, apiToken, csrfOf, loggedIn, Pool } from "./fixtures";

// The back office's orders on the Worker with the seeded accounts: every /api/admin/orders call for
// each role, bad input (422), refused and stale changes (409), the CSRF rule for cookie writes, and
// the pages as a browser without JavaScript meets them (the guard, the list, the order page's forms,
// its toasts), with the customer's own order page and API seeing each change at once.

const STALE = "This order was changed by someone else since you opened it. Review it and try again.";

let counter = 0;
const newIp = () => `198.51.100.${(++counter % 250) + 1}`;
const { call } = apiClient(newIp);

const tokens = { customer: "", admin: "", owner: "" };

interface ProductRow {
  id: number;
  stock: number;
  sold_count: number;
}
const pool = new Pool<ProductRow>();
const product = async (id: number) =>
  (await env.DB.prepare("SELECT id, stock, sold_count FROM products WHERE id = ?").bind(id).first<ProductRow>())!;
const orderRow = async (id: number) =>
  (await env.DB.prepare("SELECT status, payment_status, version, staff_note FROM orders WHERE id = ?")
    .bind(id)
    .first<{ status: string; payment_status: string; version: number; staff_note: string | null }>())!;

beforeAll(async () => {
  tokens.customer = await apiToken(newIp(), CUSTOMER);
  tokens.admin = await apiToken(newIp(), ADMIN);
  tokens.owner = await apiToken(newIp(), OWNER);
  // Products of this file's own, with stock to spare (each worker test file has a database of its own).
  await env.DB.prepare("UPDATE products SET stock = 1000 WHERE is_active = 1").run();
  const { results } = await env.DB.prepare(
    `SELECT id, stock, sold_count FROM products WHERE is_active = 1 AND ${WITHOUT_OPTIONS} ORDER BY id DESC`,
  ).all<ProductRow>();
  pool.fill(results.slice(0, 24));
  expect(pool.size).toBe(24);
});

let emails = 0;
/** A new order placed through POST /api/orders: the customer's (their token) unless `guest`. */
async function placeOrder({
  guest = false,
  quantity = 1,
  productId,
  lastName = "Petal",
}: { guest?: boolean; quantity?: number; productId?: number; lastName?: string } = {}) {
  const p = productId ?? pool.take().id;
  const response = await call("POST", "/api/orders", {
    body: {
      items: [{ product_id: p, quantity }],
      customer: shopper({ lastName, email: guest ? `guest.${++emails}@example.com` : CUSTOMER.email }),
    },
    token: guest ? undefined : tokens.customer,
  });
  expect(response.status).toBe(201);
  return { id: response.body.data.id as number, number: response.body.data.order_number as string, productId: p };
}

/** A shared order each access check reads (no test changes it). */
let readOnly: { id: number; number: string };

beforeAll(async () => {
  readOnly = await placeOrder();
});

const patch = (id: number | string, body: unknown, token = tokens.admin) =>
  call("PATCH", `/api/admin/orders/${id}`, { body, token });

// ---------------------------------------------------------------- who may call

describe("who may call /api/admin/orders", () => {
  const calls = () => [
    { method: "GET", path: "/api/admin/orders" },
    { method: "GET", path: `/api/admin/orders/${readOnly.id}` },
    // A note (the same each time) changes nothing a later test reads.
    { method: "PATCH", path: `/api/admin/orders/${readOnly.id}`, body: { note: "Checked by staff" } },
  ];

  it("answers a guest 401 on every call", async () => {
    for (const { method, path, body } of calls()) {
      const response = await call(method, path, { body });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body.success).toBe(false);
    }
  });

  it("answers a customer 403 on every call", async () => {
    for (const { method, path, body } of calls()) {
      const response = await call(method, path, { body, token: tokens.customer });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body).toEqual({ success: false, message: "This action is for the shop's staff only." });
    }
    expect((await orderRow(readOnly.id)).staff_note).toBeNull();
  });

  it.each([
    ["an admin", "admin"],
    ["a super-admin", "owner"],
  ] as const)("answers %s 200 on every call, never cached", async (_who, role) => {
    for (const { method, path, body } of calls()) {
      const response = await call(method, path, { body, token: tokens[role] });
      expect(response.status, `${method} ${path}`).toBe(200);
      expect(response.body.success).toBe(true);
      expect(response.response.headers.get("Cache-Control")).toContain("no-store");
    }
    expect((await orderRow(readOnly.id)).staff_note).toBe("Checked by staff");
  });
});

// ---------------------------------------------------------------- reading

describe("GET /api/admin/orders", () => {
  it("lists orders newest first in the products list's page shape, found by number, email or name", async () => {
    const lastName = `Ranunculus`;
    const guest = await placeOrder({ guest: true, quantity: 2, lastName });
    const { status, body } = await call("GET", `/api/admin/orders?search=${lastName}&per_page=5`, {
      token: tokens.admin,
    });
    expect(status).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual([
      "current_page",
      "data",
      "from",
      "last_page",
      "per_page",
      "to",
      "total",
    ]);
    expect(body.data).toMatchObject({ current_page: 1, per_page: 5, from: 1, to: 1, total: 1, last_page: 1 });
    const [row] = body.data.data;
    expect(row).toMatchObject({
      id: guest.id,
      order_number: guest.number,
      status: "pending",
      payment_status: "pending",
      items_count: 2,
      customer: { id: null, name: `Rosa ${lastName}`, guest: true },
    });
    expect(typeof row.total).toBe("number");
    expect(
      (await call("GET", `/api/admin/orders?search=${guest.number}`, { token: tokens.admin })).body.data.data.map(
        (r: { id: number }) => r.id,
      ),
    ).toEqual([guest.id]);
    const mine = (
      await call("GET", `/api/admin/orders?search=${encodeURIComponent(CUSTOMER.email)}&per_page=100`, {
        token: tokens.admin,
      })
    ).body.data;
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.every((r: { customer: { email: string } }) => r.customer.email === CUSTOMER.email)).toBe(true);
    const all = (await call("GET", "/api/admin/orders?per_page=100", { token: tokens.admin })).body.data.data as Array<{
      id: number;
    }>;
    expect(all.map((r) => r.id)).toEqual([...all.map((r) => r.id)].sort((a, b) => b - a));
  });

  it("filters by status", async () => {
    const placed = await placeOrder();
    expect((await patch(placed.id, { status: "processing" })).status).toBe(200);
    const { body } = await call("GET", "/api/admin/orders?status=processing&per_page=100", { token: tokens.admin });
    expect(body.data.data.map((r: { id: number }) => r.id)).toContain(placed.id);
    expect(body.data.data.every((r: { status: string }) => r.status === "processing")).toBe(true);
  });

  it("answers 422 naming the field for a bad filter or page", async () => {
    const cases: Array<[string, Record<string, string[]>]> = [
      ["status=lost", { status: ["The selected status is invalid."] }],
      ["page=abc", { page: ["The page must be an integer."] }],
      ["per_page=0", { per_page: ["The per page must be at least 1."] }],
      [`search=${"x".repeat(101)}`, { search: ["The search may not be greater than 100 characters."] }],
    ];
    for (const [query, errors] of cases) {
      const { status, body } = await call("GET", `/api/admin/orders?${query}`, { token: tokens.admin });
      expect(status, query).toBe(422);
      expect(body).toMatchObject({ success: false, errors });
    }
  });
});

describe("GET /api/admin/orders/{id}", () => {
  it("answers the order as /api/v1/orders/{id} gives it, plus its customer, history, staff note, version and allowed transitions", async () => {
    const placed = await placeOrder();
    const staff = await call("GET", `/api/admin/orders/${placed.id}`, { token: tokens.admin });
    const own = await call("GET", `/api/v1/orders/${placed.id}`, { token: tokens.customer });
    expect(staff.status).toBe(200);
    expect(own.status).toBe(200);
    expect(staff.body.data).toMatchObject(own.body.data);
    const { customer, history, staff_note, version, allowed_transitions, can_mark_paid, paid_at } = staff.body.data;
    expect(customer).toMatchObject({ name: CUSTOMER.name, email: CUSTOMER.email, guest: false });
    expect(history).toEqual([
      expect.objectContaining({
        kind: "status",
        from: null,
        to: "pending",
        actor: { id: customer.id, name: "Rosa Petal" },
      }),
    ]);
    expect({ staff_note, version, allowed_transitions, can_mark_paid, paid_at }).toEqual({
      staff_note: null,
      version: 1,
      allowed_transitions: ["processing", "cancelled"],
      can_mark_paid: false,
      paid_at: null,
    });
    // The customer never sees the staff's fields.
    expect(own.body.data).not.toHaveProperty("staff_note");
    expect(own.body.data).not.toHaveProperty("history");
  });

  it("answers 404 for an order that does not exist, or an id that is not one", async () => {
    for (const id of ["999999", "abc", "0"]) {
      const { status, body } = await call("GET", `/api/admin/orders/${id}`, { token: tokens.admin });
      expect(status, id).toBe(404);
      expect(body).toEqual({ success: false, message: "Order not found" });
    }
  });
});

// ---------------------------------------------------------------- changing

describe("PATCH /api/admin/orders/{id}", () => {
  it("moves an order to delivered and paid, the customer's API and page showing each step at once", async () => {
    const placed = await placeOrder();
    const jar = await loggedIn(CUSTOMER, newIp());
    const steps: Array<[Record<string, unknown>, string, string]> = [
      [{ status: "processing", version: 1 }, "processing", "pending"],
      [{ status: "shipped", version: 2 }, "shipped", "pending"],
      [{ payment_status: "paid", version: 3 }, "shipped", "paid"],
      [{ status: "delivered", version: 4 }, "delivered", "paid"],
    ];
    for (const [body, status, payment] of steps) {
      const response = await patch(placed.id, body);
      expect(response.status, JSON.stringify(body)).toBe(200);
      expect(response.body).toMatchObject({
        success: true,
        message: "Order updated.",
        data: { status, payment_status: payment },
      });
      const own = await call("GET", `/api/v1/orders/${placed.id}`, { token: tokens.customer });
      expect(own.body.data).toMatchObject({ status, payment_status: payment });
      const html = await (await visit(jar, `/orders/${placed.id}`)).text();
      expect(html).toContain(`data-status="${status}"`);
      expect(html).toContain(`data-payment-status="${payment}"`);
    }
    const final = (await call("GET", `/api/admin/orders/${placed.id}`, { token: tokens.admin })).body.data;
    expect(final).toMatchObject({ version: 5, allowed_transitions: [], can_mark_paid: false });
    expect(final.paid_at).not.toBeNull();
    expect(final.history.map((entry: { kind: string; to: string }) => `${entry.kind}:${entry.to}`)).toEqual([
      "status:pending",
      "status:processing",
      "status:shipped",
      "payment:paid",
      "status:delivered",
    ]);
    expect(final.audit).toHaveLength(4);
    expect(final.audit[0]).toMatchObject({ action: "transition", actor: { name: ADMIN.name, email: ADMIN.email } });
    // GET /api/admin/audit has them too.
    const audit = await call("GET", `/api/admin/audit?entity=order&entity_id=${placed.id}`, { token: tokens.admin });
    expect(audit.body.data.total).toBe(4);
  });

  it("answers 409 naming the allowed statuses for a transition the status does not allow, changing nothing", async () => {
    const placed = await placeOrder();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ status: "delivered" }, "An order that is pending can only become processing or cancelled."],
      [{ status: "pending" }, "This order is already pending; it can only become processing or cancelled."],
      [
        { payment_status: "paid" },
        "Cash can be recorded as collected only once the order is shipped or delivered; this order is pending.",
      ],
    ];
    for (const [body, message] of cases) {
      const response = await patch(placed.id, body);
      expect(response.status, JSON.stringify(body)).toBe(409);
      expect(response.body).toEqual({ success: false, message });
    }
    expect(await orderRow(placed.id)).toMatchObject({ status: "pending", payment_status: "pending", version: 1 });
    expect((await patch(placed.id, { status: "cancelled" })).status).toBe(200);
    const final = await patch(placed.id, { status: "processing" });
    expect(final.status).toBe(409);
    expect(final.body.message).toBe("An order that is cancelled cannot change any more.");
  });

  it("answers 409 to a stale version, never applying it", async () => {
    const placed = await placeOrder();
    expect((await patch(placed.id, { status: "processing", version: 1 }, tokens.owner)).status).toBe(200);
    const stale = await patch(placed.id, { status: "cancelled", version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ success: false, message: STALE });
    expect((await orderRow(placed.id)).status).toBe("processing");
  });

  it("puts the stock back when cancelling, once, even when two staff cancel at once", async () => {
    const p = pool.take();
    const before = await product(p.id);
    const placed = await placeOrder({ productId: p.id, quantity: 3 });
    expect((await product(p.id)).stock).toBe(before.stock - 3);
    const both = await Promise.all([
      patch(placed.id, { status: "cancelled" }),
      patch(placed.id, { status: "cancelled" }, tokens.owner),
    ]);
    expect(both.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(await product(p.id)).toEqual(before);
    // The shop shows the stock back at once (its product answer is edge-cached until the tags move).
    const slug = (await env.DB.prepare("SELECT slug FROM products WHERE id = ?").bind(p.id).first<{ slug: string }>())!
      .slug;
    const shop = await call("GET", `/api/products/slug/${slug}`);
    expect(shop.body.data.stock).toBe(before.stock);
  });

  it("answers 422 naming the field for bad input, and 404 for an unknown order", async () => {
    const placed = await placeOrder();
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{ status: "lost" }, { status: ["The selected status is invalid."] }],
      [{ payment_status: "refunded" }, { payment_status: ["The payment status can only become paid."] }],
      [{ note: "x".repeat(2001) }, { note: ["The note may not be greater than 2000 characters."] }],
      [{ note: 42 }, { note: ["The note must be text."] }],
      [{ status: "processing", version: "two" }, { version: ["The version must be a whole number."] }],
      [{}, { status: ["Give a status, a payment status or a note to change."] }],
    ];
    for (const [body, errors] of cases) {
      const response = await patch(placed.id, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body).toMatchObject({ success: false, errors });
    }
    const notJson = await call("PATCH", `/api/admin/orders/${placed.id}`, { raw: "{not json", token: tokens.admin });
    expect(notJson.status).toBe(422);
    expect(await orderRow(placed.id)).toMatchObject({ status: "pending", version: 1, staff_note: null });
    expect((await patch(999_999, { status: "processing" })).status).toBe(404);
  });

  it("sets and clears the internal note, which the customer never sees", async () => {
    const placed = await placeOrder();
    const noted = await patch(placed.id, { note: "Fragile: pack with care" });
    expect(noted.body.data).toMatchObject({ staff_note: "Fragile: pack with care", version: 2 });
    const own = await call("GET", `/api/v1/orders/${placed.id}`, { token: tokens.customer });
    expect(JSON.stringify(own.body)).not.toContain("Fragile");
    expect((await patch(placed.id, { note: "" })).body.data.staff_note).toBeNull();
  });

  it("refuses a cookie write without the page's CSRF token (403), and takes it with the token", async () => {
    const placed = await placeOrder();
    const jar = await loggedIn(ADMIN, newIp());
    const headers = { Cookie: jar.header() };
    const refused = await call("PATCH", `/api/admin/orders/${placed.id}`, { body: { status: "processing" }, headers });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, message: "CSRF token mismatch." });
    expect((await orderRow(placed.id)).status).toBe("pending");
    // Reading needs no token.
    expect((await call("GET", `/api/admin/orders/${placed.id}`, { headers })).status).toBe(200);
    const csrf = await csrfOf(jar);
    const done = await call("PATCH", `/api/admin/orders/${placed.id}`, {
      body: { status: "processing" },
      headers: { Cookie: jar.header(), "X-CSRF-Token": csrf },
    });
    expect(done.status).toBe(200);
    expect((await orderRow(placed.id)).status).toBe("processing");
  });
});

// ---------------------------------------------------------------- the pages

const loginFor = (path: string) => `/login?redirectTo=${encodeURIComponent(path)}`;

/** Round trips to the database the request made, from its Server-Timing header. */
const roundTrips = (response: Response) =>
  Number(
    /db;desc="\d+ quer(?:y|ies) in (\d+) round trip/.exec(response.headers.get("Server-Timing") ?? "")?.[1] ?? NaN,
  );

/** The page after a redirect, and its text (the toast included). */
async function follow(jar: CookieJar, response: Response) {
  expect(response.status).toBe(302);
  const location = response.headers.get("Location")!;
  const page = await visit(jar, location);
  return { location, html: await page.text(), status: page.status };
}

/** The buttons of the back-office page's own forms (not the header's), by their text. */
const buttons = (html: string) =>
  [
    ...html
      .slice(html.indexOf('aria-labelledby="admin-title"'), html.indexOf("</main>"))
      .matchAll(/<button[^>]*type="submit"[^>]*>([^<]+)<\/button>/g),
  ].map((match) => decode(match[1]!.trim()));

describe("the orders pages", () => {
  it("send a guest to /login and back, and a customer home, from the list and an order", async () => {
    for (const path of ["/admin/orders", `/admin/orders/${readOnly.id}`, "/admin/orders?status=pending"]) {
      const guest = await visit(new CookieJar(), path);
      expect(guest.status).toBe(302);
      expect(guest.headers.get("Location")).toBe(loginFor(path));
    }
    const jar = await loggedIn(CUSTOMER, newIp());
    for (const path of ["/admin/orders", `/admin/orders/${readOnly.id}`]) {
      const response = await visit(jar, path);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
      expect(visibleText(await (await visit(jar, "/")).text())).toContain(
        "You do not have permission to view that page.",
      );
    }
    // A customer's form post changes nothing.
    const post = await postForm(jar, `/admin/orders/${readOnly.id}`, {
      intent: "status",
      status: "cancelled",
      version: "1",
    });
    expect(post.status).toBe(302);
    expect(post.headers.get("Location")).toBe("/");
    expect((await orderRow(readOnly.id)).status).toBe("pending");
  });

  it("list the orders with their filters as a GET form, badges, totals and pages, never cached", async () => {
    const placed = await placeOrder({ lastName: "Hollyhock" });
    const jar = await loggedIn(ADMIN, newIp());
    const response = await visit(jar, "/admin/orders?search=Hollyhock");
    expect(response.status).toBe(200);
    expect(roundTrips(response)).toBeLessThanOrEqual(3);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const html = await response.text();
    expect(html).toMatch(/<h1 id="admin-title"[^>]*>Orders<\/h1>/);
    expect(html).toMatch(/<form method="get"[^>]*role="search"/);
    expect(html).toContain('name="robots" content="noindex');
    const text = visibleText(html);
    expect(text).toContain(placed.number);
    expect(text).toContain("Showing 1–1 of 1 order");
    expect(html).toContain(`href="/admin/orders/${placed.id}"`);
    expect(html).toContain('data-status="pending"');
    expect(html).toMatch(/\$\d+\.\d{2}/);
    const empty = visibleText(await (await visit(jar, "/admin/orders?search=Hollyhock&status=delivered")).text());
    expect(empty).toContain("No orders match these filters.");
    const bad = await (await visit(jar, "/admin/orders?status=lost")).text();
    expect(visibleText(bad)).toContain("The selected status is invalid.");
    const paged = await (await visit(jar, "/admin/orders?per_page=1")).text();
    expect(paged).toContain('href="/admin/orders?page=2"');
  });

  it("show an order with one button per allowed transition, and move it to delivered and paid with form posts, the customer seeing each step", async () => {
    const p = pool.take();
    const before = await product(p.id);
    const placed = await placeOrder({ productId: p.id, quantity: 2 });
    const admin = await loggedIn(ADMIN, newIp());
    const customer = await loggedIn(CUSTOMER, newIp());
    const path = `/admin/orders/${placed.id}`;

    const page = await visit(admin, path);
    expect(page.status).toBe(200);
    expect(roundTrips(page)).toBeLessThanOrEqual(3);
    expect(page.headers.get("Cache-Control")).toContain("no-store");
    let html = await page.text();
    expect(html).toMatch(new RegExp(`<h1 id="admin-title"[^>]*>Order ${placed.number}</h1>`));
    const text = visibleText(html);
    for (const words of [
      "Items",
      "Shipping address",
      "Billing address",
      "Customer's notes",
      "Payment",
      "History",
      "Placed (pending)",
      CUSTOMER.email,
      "12 Lotus Road",
    ]) {
      expect(text).toContain(words);
    }
    expect(buttons(html)).toEqual(["Start processing", "Cancel order", "Save note"]);
    expect(html).toContain('name="version" value="1"');

    const steps: Array<[Record<string, string>, string, string[]]> = [
      [
        { intent: "status", status: "processing" },
        `Order ${placed.number} is now processing.`,
        ["Mark shipped", "Cancel order", "Save note"],
      ],
      [
        { intent: "status", status: "shipped" },
        `Order ${placed.number} is now shipped.`,
        ["Mark delivered", "Mark cash collected", "Save note"],
      ],
      [
        { intent: "status", status: "delivered" },
        `Order ${placed.number} is now delivered.`,
        ["Mark cash collected", "Save note"],
      ],
      [{ intent: "payment" }, `Cash collected recorded for order ${placed.number}.`, ["Save note"]],
    ];
    let version = 1;
    for (const [fields, message, next] of steps) {
      const result = await follow(admin, await postForm(admin, path, { ...fields, version: String(version++) }));
      expect(result.location).toBe(path);
      expect(visibleText(result.html)).toContain(message);
      expect(buttons(result.html)).toEqual(next);
      expect(result.html).toContain(`name="version" value="${version}"`);
      const own = await (await visit(customer, `/orders/${placed.id}`)).text();
      expect(own).toContain(`data-status="${(await orderRow(placed.id)).status}"`);
    }
    html = await (await visit(admin, path)).text();
    expect(visibleText(html)).toContain("This order is delivered and paid: there is nothing more to do.");
    expect(await orderRow(placed.id)).toMatchObject({ status: "delivered", payment_status: "paid", version: 5 });
    const own = await (await visit(customer, `/orders/${placed.id}`)).text();
    expect(own).toContain('data-status="delivered"');
    expect(own).toContain('data-payment-status="paid"');
    // Delivered keeps the stock sold.
    expect((await product(p.id)).stock).toBe(before.stock - 2);
    expect(visibleText(html)).toContain(`Order ${placed.number}: status shipped → delivered`);
  });

  it("send a stale or refused action back with an error toast, changing nothing", async () => {
    const placed = await placeOrder();
    const admin = await loggedIn(ADMIN, newIp());
    const path = `/admin/orders/${placed.id}`;
    // Someone else starts processing it after this admin opened it.
    expect((await patch(placed.id, { status: "processing" }, tokens.owner)).status).toBe(200);
    const stale = await follow(
      admin,
      await postForm(admin, path, { intent: "status", status: "cancelled", version: "1" }),
    );
    expect(stale.location).toBe(path);
    expect(visibleText(stale.html)).toContain(STALE);
    expect((await orderRow(placed.id)).status).toBe("processing");
    // A transition the page never offered (a tampered form).
    const refused = await follow(
      admin,
      await postForm(admin, path, { intent: "status", status: "delivered", version: "2" }),
    );
    expect(visibleText(refused.html)).toContain("An order that is processing can only become shipped or cancelled.");
    const unpaid = await follow(admin, await postForm(admin, path, { intent: "payment", version: "2" }));
    expect(visibleText(unpaid.html)).toContain(
      "Cash can be recorded as collected only once the order is shipped or delivered; this order is processing.",
    );
    const unknown = await follow(admin, await postForm(admin, path, { intent: "refund", version: "2" }));
    expect(visibleText(unknown.html)).toContain("That action is not available for this order.");
    expect(await orderRow(placed.id)).toMatchObject({ status: "processing", payment_status: "pending", version: 2 });
  });

  it("save the internal note, and show a note too long under its field with the typed text kept", async () => {
    const placed = await placeOrder();
    const admin = await loggedIn(ADMIN, newIp());
    const path = `/admin/orders/${placed.id}`;
    const long = `Too long ${"x".repeat(2000)}`;
    const refused = await postForm(admin, path, { intent: "note", note: long, version: "1" });
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(html).toMatch(/<div id="note-error"[^>]*>.*The note may not be greater than 2000 characters\./s);
    expect(html).toContain('role="alert"');
    expect(html).toContain(long);
    expect((await orderRow(placed.id)).staff_note).toBeNull();

    const saved = await follow(
      admin,
      await postForm(admin, path, { intent: "note", note: "Customer asked for a gift card", version: "1" }),
    );
    expect(visibleText(saved.html)).toContain("Internal note saved.");
    expect(saved.html).toContain("Customer asked for a gift card</textarea>");
    expect(visibleText(saved.html)).toContain("Internal note changed");
    const customer = await loggedIn(CUSTOMER, newIp());
    expect(await (await visit(customer, `/orders/${placed.id}`)).text()).not.toContain("gift card");
  });

  it("answer 404 for an order that does not exist", async () => {
    const admin = await loggedIn(ADMIN, newIp());
    for (const path of ["/admin/orders/999999", "/admin/orders/abc"]) {
      const response = await visit(admin, path);
      expect(response.status, path).toBe(404);
      expect(visibleText(await response.text())).toContain("Order not found");
    }
  });
});
