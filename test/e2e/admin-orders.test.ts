import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN, CUSTOMER } from "../fixtures/accounts";
import { shopper } from "../fixtures/checkout";
import { axeViolations } from "./axe";
import { BASE_URL, MODES, newPage, open, settle, submitLogin, toastText, useBrowser } from "./browser";

/**
 * The back office's orders in the browser, JavaScript on and off: an order placed through the API
 * (as a shopping app would) is found in the list and moved by the admin to delivered and paid with the
 * page's buttons; guests and customers are kept out; axe finds nothing on the list or an order.
 * A seeded bouquet no other journey buys (db/seed/data/products.ts).
 */
const PRODUCT = { slug: "sunny-desk-sunflowers" };

const browser = useBrowser();
let productId: number;
/** The bouquet has options (Size): an order names the variant, its first one in stock. */
let variantId: number;

beforeAll(async () => {
  const response = await fetch(`${BASE_URL}/api/products/slug/${PRODUCT.slug}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as {
    data: { id: number; stock: number; variants: Array<{ id: number; stock: number }> };
  };
  expect(body.data.stock).toBeGreaterThanOrEqual(3);
  productId = body.data.id;
  variantId = body.data.variants.find((variant) => variant.stock >= 3)!.id;
});

let orders = 0;
/** A guest's order through POST /api/orders: its id and number. */
async function placeOrder(): Promise<{ id: number; number: string }> {
  const response = await fetch(`${BASE_URL}/api/orders`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json",
      "CF-Connecting-IP": `192.0.2.${++orders}`,
    },
    body: JSON.stringify({
      items: [{ product_id: productId, variant_id: variantId, quantity: 1 }],
      customer: shopper({ lastName: "Marigold", email: `marigold.${Date.now()}.${orders}@example.com` }),
    }),
  });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { data: { id: number; order_number: string } };
  return { id: body.data.id, number: body.data.order_number };
}

/** GET /api/admin/orders/{id} as the admin's token client. */
async function adminApiOrder(id: number): Promise<Record<string, unknown>> {
  const login = await fetch(`${BASE_URL}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": `198.18.0.${++orders}` },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  expect(login.status).toBe(200);
  const { data } = (await login.json()) as { data: { token: string } };
  const response = await fetch(`${BASE_URL}/api/admin/orders/${id}`, {
    headers: { Authorization: `Bearer ${data.token}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The order page's buttons for the next step (the "Next step" card), in order. */
const nextSteps = (page: Page) => page.getByRole("region", { name: "Next step" }).getByRole("button").allInnerTexts();

describe.each(MODES)("the back office's orders ($name)", ({ javaScriptEnabled }) => {
  it("keeps a guest and a customer out of the orders", async () => {
    const guest = await newPage(browser(), javaScriptEnabled);
    await guest.page.goto("/admin/orders");
    expect(pathOf(guest.page)).toBe("/login");
    expect(new URL(guest.page.url()).searchParams.get("redirectTo")).toBe("/admin/orders");
    await guest.context.close();

    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await open(page, "/login", javaScriptEnabled);
    await submitLogin(page, javaScriptEnabled, CUSTOMER);
    await page.goto("/admin/orders");
    expect(pathOf(page)).toBe("/");
    await expect.poll(() => toastText(page)).toContain("You do not have permission to view that page.");
    await context.close();
  });

  it("moves an order placed through the API to delivered and paid", async () => {
    const order = await placeOrder();
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await open(page, "/login?redirectTo=%2Fadmin%2Forders", javaScriptEnabled);
    await submitLogin(page, javaScriptEnabled, ADMIN);
    expect(pathOf(page)).toBe("/admin/orders");

    // Found by its number with the GET filter form.
    await page.getByLabel("Search", { exact: true }).fill(order.number);
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("search") === order.number);
    await settle(page, javaScriptEnabled);
    const rows = page.getByRole("table", { name: "Orders, newest first" }).locator("tbody tr");
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain("Pending");
    await rows.first().getByRole("link", { name: order.number }).click();
    await page.waitForURL((url) => url.pathname === `/admin/orders/${order.id}`);
    await settle(page, javaScriptEnabled);
    await expect.poll(() => page.locator("h1").innerText()).toBe(`Order ${order.number}`);
    expect(await nextSteps(page)).toEqual(["Start processing", "Cancel order"]);

    const steps: Array<[string, string, string[]]> = [
      ["Start processing", `Order ${order.number} is now processing.`, ["Mark shipped", "Cancel order"]],
      ["Mark shipped", `Order ${order.number} is now shipped.`, ["Mark delivered", "Mark cash collected"]],
      ["Mark cash collected", `Cash collected recorded for order ${order.number}.`, ["Mark delivered"]],
      ["Mark delivered", `Order ${order.number} is now delivered.`, []],
    ];
    for (const [button, message, next] of steps) {
      await page.getByRole("region", { name: "Next step" }).getByRole("button", { name: button, exact: true }).click();
      await expect.poll(() => toastText(page)).toContain(message);
      await expect.poll(() => nextSteps(page)).toEqual(next);
      await settle(page, javaScriptEnabled);
    }
    expect(await page.getByRole("region", { name: "Next step" }).innerText()).toContain(
      "This order is delivered and paid: there is nothing more to do.",
    );
    const history = await page.getByRole("region", { name: "History" }).innerText();
    for (const line of [
      "Placed (pending)",
      "Status: pending → processing",
      "Status: processing → shipped",
      "Payment: pending → paid",
      "Status: shipped → delivered",
    ]) {
      expect(history).toContain(line);
    }
    expect(await page.getByRole("region", { name: "Staff changes" }).innerText()).toContain(ADMIN.name);

    // The admin API says the same.
    expect(await adminApiOrder(order.id)).toMatchObject({
      status: "delivered",
      payment_status: "paid",
      allowed_transitions: [],
      can_mark_paid: false,
    });
    await context.close();
  });
});

describe("accessibility of the back office's orders", () => {
  it("has no axe violations on the orders list and an order's page", async () => {
    const order = await placeOrder();
    const { context, page } = await newPage(browser(), true);
    await open(page, `/login?redirectTo=${encodeURIComponent(`/admin/orders/${order.id}`)}`, true);
    await submitLogin(page, true, ADMIN);
    expect(pathOf(page)).toBe(`/admin/orders/${order.id}`);
    expect(await axeViolations(page)).toEqual([]);
    await open(page, "/admin/orders", true);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
