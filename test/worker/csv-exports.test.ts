import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN, CUSTOMER } from "../fixtures/accounts";
import { GIFT_RECIPIENT, shopper, WITHOUT_OPTIONS } from "../fixtures/checkout";
import { parseCsv } from "../../app/lib/csv";
import { CookieJar, visibleText, visit } from "./helpers";
import { apiClient, apiToken, loggedIn } from "./fixtures";

// The back office's CSV exports (issue 31, docs/decisions/034) as staff download them: orders (one
// row per line, with the variant's options, the gift's recipient and the delivery date, by status
// and days), customers (no password hash) and products (one row per variant), each from the page
// and the admin API, refused to customers and visitors, and recorded in the audit log.

let counter = 0;
const newIp = () => `192.0.2.${(++counter % 250) + 1}`;
const { call } = apiClient(newIp);
let admin: CookieJar;
let adminToken = "";

/** The file's rows as objects by the header's names. */
async function records(response: Response): Promise<Array<Record<string, string>>> {
  const parsed = parseCsv(await response.text());
  if ("error" in parsed) throw new Error(parsed.error);
  const [header, ...rows] = parsed.rows;
  return rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index] ?? ""])));
}

const auditCount = async (entity: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'export' AND entity = ?")
    .bind(entity)
    .first<{ n: number }>())!.n;

let gift = { number: "", deliveryDate: "" };
let variant = { sku: "", label: "", productSku: "" };

beforeAll(async () => {
  admin = await loggedIn(ADMIN, newIp());
  adminToken = await apiToken(newIp(), ADMIN);
  await env.DB.prepare("UPDATE products SET stock = 1000 WHERE is_active = 1").run();
  await env.DB.prepare("UPDATE product_variants SET stock = 1000 WHERE is_active = 1").run();
  const plain = (await env.DB.prepare(
    `SELECT id FROM products WHERE is_active = 1 AND ${WITHOUT_OPTIONS} ORDER BY id LIMIT 1`,
  ).first<{ id: number }>())!;
  const sized = (await env.DB.prepare(
    `SELECT v.id, v.sku, v.options, v.product_id, p.sku AS product_sku FROM product_variants v JOIN products p ON p.id = v.product_id
     WHERE p.is_active = 1 AND v.is_active = 1 AND v.options <> '{}' ORDER BY v.id LIMIT 1`,
  ).first<{ id: number; sku: string; options: string; product_id: number; product_sku: string }>())!;
  variant = {
    sku: sized.sku,
    productSku: sized.product_sku,
    label: Object.entries(JSON.parse(sized.options) as Record<string, string>)
      .map(([name, value]) => `${name}: ${value}`)
      .join(" · "),
  };
  const dates = await call("GET", "/api/delivery/dates");
  const deliveryDate = (dates.body.data as Array<{ date: string; status: string }>).find(
    (day) => day.status === "available",
  )!.date;
  const placed = await call("POST", "/api/orders", {
    body: {
      items: [
        { product_id: plain.id, quantity: 2 },
        { product_id: sized.product_id, variant_id: sized.id, quantity: 1 },
      ],
      customer: shopper(),
      delivery_date: deliveryDate,
      gift: { recipient: GIFT_RECIPIENT, message: "Happy birthday, Bea!\nLove, Rosa", hide_prices: false },
    },
    token: await apiToken(newIp(), CUSTOMER),
  });
  expect(placed.status).toBe(201);
  gift = { number: placed.body.data.order_number, deliveryDate };
});

describe("the orders export", () => {
  it("one row per order line, with options, the gift's recipient and the delivery date; formula-safe", async () => {
    const before = await auditCount("orders");
    const response = await visit(admin, "/admin/orders.csv?status=pending");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const rows = await records(response);
    const lines = rows.filter((row) => row.order_number === gift.number);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      status: "pending",
      customer_name: "Rosa Petal",
      delivery_date: gift.deliveryDate,
      is_gift: "yes",
      recipient_name: "Bea Bloom",
      recipient_city: "Kandy",
      // "+94 ...": a spreadsheet would read a formula; the file says it as text.
      recipient_phone: `'${GIFT_RECIPIENT.phone}`,
      gift_message: "Happy birthday, Bea!\nLove, Rosa",
      line_quantity: "2",
      line_options: "",
    });
    expect(lines[0]!.total).toMatch(/^\d+\.\d{2}$/);
    expect(lines[1]).toMatchObject({ line_sku: variant.sku, line_options: variant.label, line_quantity: "1" });
    expect(rows.every((row) => row.status === "pending")).toBe(true);
    expect(await auditCount("orders")).toBe(before + 1);
  });

  it("filters by UTC days of placing; another status or days leave the order out", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const numbers = async (query: string) =>
      (await records(await visit(admin, `/admin/orders.csv?${query}`))).map((row) => row.order_number);
    expect(await numbers(`from=${today}&to=${today}`)).toContain(gift.number);
    expect(await numbers("to=2000-01-01")).toEqual([]);
    expect(await numbers("status=delivered")).not.toContain(gift.number);
  });

  it("a filter that is not valid downloads nothing: the orders list says why", async () => {
    const response = await visit(admin, "/admin/orders.csv?from=2026-02-30");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/orders");
    const page = visibleText(await (await visit(admin, "/admin/orders")).text());
    expect(page).toContain("The from date must be a date written YYYY-MM-DD");
    expect((await visit(admin, "/admin/orders.csv?from=2026-12-02&to=2026-12-01")).status).toBe(302);
  });

  it("the orders page has the export form; the admin API gives the same file", async () => {
    const html = await (await visit(admin, "/admin/orders")).text();
    expect(html).toContain('action="/admin/orders.csv"');
    const api = await fetchApi("/api/admin/orders.csv?status=pending", adminToken);
    expect(api.status).toBe(200);
    expect((await records(api)).some((row) => row.order_number === gift.number)).toBe(true);
    expect((await fetchApi("/api/admin/orders.csv?status=bogus", adminToken)).status).toBe(422);
  });
});

async function fetchApi(path: string, token?: string) {
  const { SELF } = await import("cloudflare:test");
  return SELF.fetch(`http://shop.test${path}`, {
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), "CF-Connecting-IP": newIp() },
  });
}

describe("the customers and products exports", () => {
  it("customers: the accounts' own fields, never a password hash", async () => {
    const text = await (await visit(admin, "/admin/users.csv")).text();
    expect(text.split("\r\n")[0]).toBe(
      "id,name,email,phone,address,city,state,zip_code,country,roles,email_verified,disabled,created_at",
    );
    expect(text).not.toMatch(/\$2[aby]\$|pbkdf2|password/i);
    const parsed = parseCsv(text);
    if ("error" in parsed) throw new Error(parsed.error);
    const customer = parsed.rows.find((row) => row[2] === CUSTOMER.email)!;
    expect(customer[9]).toBe("customer");
    expect(await auditCount("users")).toBeGreaterThan(0);
  });

  it("products: one row per variant of a product with options; the product's own row without", async () => {
    const rows = await records(await visit(admin, "/admin/products.csv"));
    const ofVariant = rows.find((row) => row.variant_sku === variant.sku)!;
    expect(ofVariant).toMatchObject({ sku: variant.productSku, variant_options: variant.label });
    expect(ofVariant.variant_price).toMatch(/^\d+\.\d{2}$/);
    const plain = rows.find((row) => row.variant_sku === "")!;
    expect(plain.price).toMatch(/^\d+\.\d{2}$/);
    expect(plain.status).toBe("active");
    expect(await auditCount("products")).toBeGreaterThan(0);
  });

  it("customers and visitors are refused: the pages send them away, the API answers 403 and 401", async () => {
    for (const path of ["/admin/orders.csv", "/admin/users.csv", "/admin/products.csv"]) {
      const anonymous = await visit(new CookieJar(), path);
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      const customer = await visit(await loggedIn(CUSTOMER, newIp()), path);
      expect(customer.status).toBe(302);
      expect(customer.headers.get("Location")).toBe("/");
      expect((await fetchApi(`/api${path}`, await apiToken(newIp(), CUSTOMER))).status).toBe(403);
      expect((await fetchApi(`/api${path}`)).status).toBe(401);
    }
  });
});
