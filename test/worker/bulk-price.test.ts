import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN, CUSTOMER } from "../fixtures/accounts";
import { apiClient, apiToken, loggedIn } from "./fixtures";
import { CookieJar, get, postForm, visibleText, visit } from "./helpers";

// A bulk price change on the Worker: the preview page (GET, nothing written) and Apply (a form post
// without JavaScript, and Remix's data request with it), the shop's cached pages showing the new
// prices at once, the low-stock threshold's setting on the list and the dashboard, and
// POST /api/admin/products/bulk-price with and without dry_run, for each role.

let counter = 0;
const newIp = () => `198.51.100.${(++counter % 250) + 1}`;
const { call } = apiClient(newIp);
let token = "";
let admin: CookieJar;
let n = 0;
const unique = () => `${Date.now().toString(36)}${++n}`;

async function created(name: string, extra: Record<string, unknown> = {}) {
  const response = await call("POST", "/api/admin/products", {
    body: { name, sku: `BP-${unique()}`, price: 20, stock: 12, ...extra },
    token,
  });
  expect(response.status).toBe(201);
  return response.body.data as { id: number; slug: string; sku: string; name: string };
}

const text = async (path: string, jar = admin) => visibleText(await (await visit(jar, path)).text());
const settle = () => new Promise((resolve) => setTimeout(resolve, 60));

beforeAll(async () => {
  token = await apiToken(newIp(), ADMIN);
  admin = await loggedIn(ADMIN, newIp());
});

describe("the bulk price change page", () => {
  it("previews the filtered products' variants with the bookmark notice, then applies without JavaScript", async () => {
    const tag = unique();
    const name = `Bulk Bluebell ${tag}`;
    const a = await created(`${name} One`, { price: 20 });
    const b = await created(`${name} Two`, { price: 10, sale_price: 9.5 });
    const list = await text(`/admin/products?search=${encodeURIComponent(name)}`);
    expect(list).toContain("Change prices");
    const listHtml = await (await visit(admin, `/admin/products?search=${encodeURIComponent(name)}`)).text();
    expect(listHtml).toContain(
      `href="/admin/products/bulk-price?search=${encodeURIComponent(name).replace(/%20/g, "+")}"`,
    );

    // The shop's product page, cached before the change.
    await get(`/product/${a.slug}`).then((r) => r.arrayBuffer());
    await settle();
    expect(visibleText(await (await get(`/product/${a.slug}`)).text())).toContain("$20.00");

    const query = `search=${encodeURIComponent(name)}&target=price&change=percent&value=-10`;
    const preview = await text(`/admin/products/bulk-price?${query}`);
    expect(preview).toContain("-10% on the price: 1 variants of 1 products change, 1 refused (left out), 0 unchanged.");
    expect(preview).toContain("$20.00");
    expect(preview).toContain("$18.00");
    expect(preview).toContain("The sale price must be less than the price.");
    expect(preview).toContain("Before you apply: the database's bookmark");
    expect(preview).toContain("Apply to 1 variant");
    // A preview writes nothing.
    expect((await call("GET", `/api/admin/products/${a.id}`, { token })).body.data.price).toBe(20);

    const response = await postForm(admin, "/admin/products/bulk-price", {
      search: name,
      target: "price",
      change: "percent",
      value: "-10",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      `/admin/products?search=${encodeURIComponent(name).replace(/%20/g, "+")}`,
    );
    expect(await text(response.headers.get("Location")!)).toContain(
      "Prices changed (-10% on the price): 1 variants of 1 products, 1 refused.",
    );
    expect((await call("GET", `/api/admin/products/${a.id}`, { token })).body.data.price).toBe(18);
    expect((await call("GET", `/api/admin/products/${b.id}`, { token })).body.data.price).toBe(10);
    // The cache tags were bumped: the product page shows the new price at once.
    const page = visibleText(await (await get(`/product/${a.slug}`)).text());
    expect(page).toContain("$18.00");
    expect(page).not.toContain("$20.00");
    const audit = await call("GET", `/api/admin/audit?entity=product&entity_id=${a.id}`, { token });
    expect(audit.body.data.data[0].summary).toBe(
      `Changed the price of ${name} One by bulk price change: -10% on the price`,
    );
  });

  it("shows the form's messages, and applies as a data request with JavaScript", async () => {
    const tag = unique();
    const name = `Bulk Buttercup ${tag}`;
    const product = await created(name, { price: 12 });
    const refused = await text(`/admin/products/bulk-price?search=${encodeURIComponent(name)}&change=amount&value=0`);
    expect(refused).toContain("Choose the price to change: the price or the sale price.");
    expect(refused).toContain("The change may not be 0.");
    const js = await postForm(admin, "/admin/products/bulk-price?_data=routes%2Fadmin.products.bulk-price", {
      search: name,
      target: "price",
      change: "amount",
      value: "2.5",
      round_99: "1",
    });
    expect(js.status).toBe(204);
    expect(js.headers.get("X-Remix-Redirect")).toMatch(/^\/admin\/products\?search=/);
    expect((await call("GET", `/api/admin/products/${product.id}`, { token })).body.data.price).toBe(14.99);
  });

  it("keeps a customer out: the page and its post", async () => {
    const customer = await loggedIn(CUSTOMER, newIp());
    expect((await visit(customer, "/admin/products/bulk-price")).status).toBe(302);
    const posted = await postForm(customer, "/admin/products/bulk-price", {
      target: "price",
      change: "percent",
      value: "50",
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/");
  });
});

describe("POST /api/admin/products/bulk-price", () => {
  it("previews with dry_run, then applies, in batches, with the new prices", async () => {
    const tag = unique();
    const name = `Api Azalea ${tag}`;
    const product = await created(name, { price: 40, sale_price: 30 });
    const body = { search: name, target: "sale_price", change: "percent", value: -50 };
    const dry = await call("POST", "/api/admin/products/bulk-price", { body: { ...body, dry_run: true }, token });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({
      success: true,
      message: "Nothing was written.",
      data: {
        dry_run: true,
        change: "-50% on the sale price",
        variants: 1,
        products: 1,
        refused: 0,
        batches: null,
        rows: [{ product_id: product.id, old_cents: 3000, new_cents: 1500, error: null }],
      },
    });
    expect((await call("GET", `/api/admin/products/${product.id}`, { token })).body.data.sale_price).toBe(30);
    const applied = await call("POST", "/api/admin/products/bulk-price", { body, token });
    expect(applied.status).toBe(200);
    expect(applied.body.data).toMatchObject({ dry_run: false, variants: 1, batches: { applied: 1, failed: 0 } });
    expect(applied.body.message).toBe("Prices changed (-50% on the sale price): 1 variants of 1 products, 0 refused.");
    expect((await call("GET", `/api/admin/products/${product.id}`, { token })).body.data.sale_price).toBe(15);
  });

  it("is a 422 for a change that is not one, a 401 without a token, a 403 for a customer", async () => {
    const bad = await call("POST", "/api/admin/products/bulk-price", {
      body: { target: "cost", change: "percent" },
      token,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ target: ["The selected target is invalid."] });
    const missing = await call("POST", "/api/admin/products/bulk-price", { body: { target: "price" }, token });
    expect(missing.body.errors).toEqual({
      change: ["Choose how to change it: by a percent or by an amount."],
      value: ["The change field is required."],
    });
    expect((await call("POST", "/api/admin/products/bulk-price", { body: {} })).status).toBe(401);
    const customer = await apiToken(newIp(), CUSTOMER);
    expect((await call("POST", "/api/admin/products/bulk-price", { body: {}, token: customer })).status).toBe(403);
  });
});

describe("the low-stock threshold's setting", () => {
  it("changes the list's badges and filter and the dashboard's figure", async () => {
    const tag = unique();
    const name = `Threshold Thistle ${tag}`;
    await created(name, { stock: 8 });
    const search = `/admin/products?search=${encodeURIComponent(name)}&low_stock=1`;
    expect(await text(search)).toContain("No products match these filters.");
    await env.DB.prepare("UPDATE settings SET value = '10' WHERE key = 'low_stock_threshold'").run();
    try {
      const raised = await text(search);
      expect(raised).toContain(name);
      expect(raised).toContain("Low stock (10 or fewer");
      expect(await text("/admin")).toContain("10 or fewer left");
    } finally {
      await env.DB.prepare("UPDATE settings SET value = '5' WHERE key = 'low_stock_threshold'").run();
    }
    expect(await text("/admin")).toContain("5 or fewer left");
  });
});
