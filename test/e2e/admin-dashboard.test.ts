import { describe, expect, it } from "vitest";
import { ADMIN } from "../fixtures/accounts";
import { axeViolations } from "./axe";
import { BASE_URL, MODES, newPage, open, submitLogin, useBrowser } from "./browser";

const browser = useBrowser();

/** A guest order placed through the API, as a token client would. */
async function apiOrder(): Promise<{ id: number; order_number: string }> {
  const list = (await (await fetch(`${BASE_URL}/api/products?per_page=20`)).json()) as {
    data: { data: Array<{ id: number; stock: number; options: unknown[] }> };
  };
  // A bouquet without options: an order of one with options names its variant.
  const product = list.data.data.find((p) => p.stock > 5 && p.options.length === 0)!;
  const response = await fetch(`${BASE_URL}/api/orders`, {
    method: "POST",
    // A client and an address of its own: a guest's orders are limited per client and per address.
    headers: {
      "Content-Type": "application/json",
      "CF-Connecting-IP": `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
    },
    body: JSON.stringify({
      items: [{ product_id: product.id, quantity: 1 }],
      customer: {
        firstName: "Priya",
        lastName: "Dashboard",
        email: `priya.dashboard.${Date.now()}@example.com`,
        address: "3 Flower Lane",
        city: "Colombo",
        country: "LK",
      },
      payment_method: "cash_on_delivery",
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { id: number; order_number: string } }).data;
}

describe.each(MODES)("the dashboard ($name)", ({ javaScriptEnabled }) => {
  it("shows the admin today's orders, the chart and a new order among the latest, linking to it", async () => {
    const order = await apiOrder();
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await open(page, "/login?redirectTo=%2Fadmin", javaScriptEnabled);
    await submitLogin(page, javaScriptEnabled, ADMIN);
    expect(new URL(page.url()).pathname).toBe("/admin");
    const today = page.locator("dl", { hasText: "Orders today" });
    expect(Number(await today.locator("dd").first().innerText())).toBeGreaterThanOrEqual(1);
    expect(await page.getByRole("img", { name: /Orders per day/ }).count()).toBe(1);
    const latest = page.getByRole("table", { name: "Latest orders" });
    await expect.poll(() => latest.innerText()).toContain(order.order_number);
    expect(await latest.getByRole("link", { name: order.order_number }).getAttribute("href")).toBe(
      `/admin/orders/${order.id}`,
    );
    // The chart's figures are also a table, opened without JavaScript by its <details>.
    await page.getByText("Show as a table").click();
    expect(await page.getByRole("table", { name: "Orders per day" }).isVisible()).toBe(true);
    await context.close();
  });
});

describe("the back office on a phone", () => {
  it("keeps every section reachable and the dashboard free of axe violations", async () => {
    const context = await browser().newContext({
      baseURL: BASE_URL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    const page = await context.newPage();
    await open(page, "/login?redirectTo=%2Fadmin", true);
    await submitLogin(page, true, ADMIN);
    const nav = page.getByRole("navigation", { name: "Back office" });
    expect(await nav.getByRole("link").count()).toBe(17);
    // No horizontal scroll of the page itself: the section list scrolls on its own.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
