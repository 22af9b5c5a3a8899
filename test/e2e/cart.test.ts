import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { BASE_URL, MODES, newPage, useBrowser } from "./browser";

const browser = useBrowser();
/** Bouquets on the first page of /products?sort=name with plenty in stock, so quantities can rise. */
let plenty: string[] = [];
beforeAll(async () => {
  const first = (await (await fetch(`${BASE_URL}/api/products?sort_by=name&per_page=12`)).json()) as {
    data: { data: { name: string; stock: number }[] };
  };
  plenty = first.data.data.filter((p) => p.stock >= 10).map((p) => p.name);
});

/** The Add to Cart button on a named bouquet's card. */
const addButton = (page: Page, name: string) =>
  page
    .locator("article", { has: page.getByRole("link", { name, exact: true }) })
    .getByRole("button", { name: /^Add to Cart/ });

const count = (page: Page) => page.locator("header").getByTestId("cart-count").innerText();
/** Polls the header's count; across a form post's page change a read may fail, and is simply retried. */
const waitForCount = (page: Page, expected: string) =>
  expect.poll(() => count(page).catch(() => ""), { timeout: 30_000 }).toBe(expected);
const toast = (page: Page) => page.locator("[data-toast-type]").first();
/**
 * Before leaving a page after an add: with JavaScript the header's count is optimistic and shows
 * before the server's answer has set the cart cookie, so wait for the post and its reload to end.
 */
const settled = (page: Page) => page.waitForLoadState("networkidle");
/**
 * Presses a cart page button. Without JavaScript it is a form post and a new document: wait for it
 * to load, so the next press finds the next page's buttons and not the old page's going away.
 */
async function press(page: Page, button: Locator, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) return button.click();
  await Promise.all([page.waitForNavigation({ waitUntil: "load" }), button.click()]);
}

describe.each(MODES)("the cart ($name)", ({ javaScriptEnabled }) => {
  it("adds from the product grid and says so, without reloading the page when JavaScript runs", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await page.goto("/products?sort=name");
    if (javaScriptEnabled) await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const name = plenty[0]!;
    await press(page, addButton(page, name), javaScriptEnabled);
    await waitForCount(page, "1");
    expect(await toast(page).innerText()).toContain(`${name} added to cart!`);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/products?sort=name");
    if (javaScriptEnabled)
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await context.close();
  });

  it("changes quantities on the cart page, removes a line, clears the cart and reaches checkout", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await page.goto("/products?sort=name");
    await press(page, addButton(page, plenty[0]!), javaScriptEnabled);
    await waitForCount(page, "1");
    await press(page, addButton(page, plenty[1]!), javaScriptEnabled);
    await waitForCount(page, "2");
    await settled(page);
    await page.goto("/cart");
    expect(await page.locator("h1").innerText()).toBe("Shopping Cart");
    expect(await page.getByRole("link", { name: "Proceed to Checkout" }).getAttribute("href")).toBe("/checkout");
    expect(await page.getByText("Tax (10%)").isVisible()).toBe(true);

    await press(page, page.getByRole("button", { name: /^Increase quantity of/ }).first(), javaScriptEnabled);
    await waitForCount(page, "3");
    await press(page, page.getByRole("button", { name: /^Decrease quantity of/ }).first(), javaScriptEnabled);
    await waitForCount(page, "2");
    await press(page, page.getByRole("button", { name: /^Decrease quantity of/ }).first(), javaScriptEnabled);
    await waitForCount(page, "1");
    await press(page, page.getByRole("button", { name: /^Remove .* from cart$/ }).first(), javaScriptEnabled);
    await waitForCount(page, "0");
    await expect(page.locator("main").getByText("Your cart is empty").isVisible()).resolves.toBe(true);

    await page.goto("/products?sort=name");
    await press(page, addButton(page, plenty[2]!), javaScriptEnabled);
    await waitForCount(page, "1");
    await settled(page);
    await page.goto("/cart");
    await press(page, page.getByRole("button", { name: "Clear Cart" }), javaScriptEnabled);
    await waitForCount(page, "0");
    expect(await toast(page).innerText()).toContain("Cart cleared");
    await context.close();
  });

  it("adds from the product page with the chosen quantity", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await page.goto("/products?sort=name");
    await page.locator("article").getByRole("link", { name: plenty[0]!, exact: true }).first().click();
    await page.waitForURL((url) => url.pathname.startsWith("/product/"));
    await page.getByLabel("Quantity", { exact: true }).fill("3");
    await page
      .locator("main")
      .getByRole("button", { name: /^Add to Cart/ })
      .first()
      .click();
    await waitForCount(page, "3");
    expect(new URL(page.url()).pathname).toMatch(/^\/product\//);
    expect(await toast(page).innerText()).toContain(`${plenty[0]} added to cart!`);
    await context.close();
  });

  it("lists the cart in the header's dropdown with quantity times unit price", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await page.goto("/products?sort=name");
    await addButton(page, plenty[0]!).click();
    await waitForCount(page, "1");
    await page.waitForLoadState();
    await page.locator("header").getByText("Cart", { exact: true }).click();
    const line = page.locator("header").getByText(/1 × \$\d+\.\d{2}/);
    await line.waitFor();
    expect(await page.locator("header").getByRole("link", { name: plenty[0]!, exact: true }).isVisible()).toBe(true);
    await context.close();
  });
});

describe("the cart with JavaScript", () => {
  it("adds from Quick View", async () => {
    const { context, page } = await newPage(browser(), true);
    await page.goto("/products?sort=name");
    await page
      .getByRole("button", { name: /^Quick View/ })
      .first()
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: /^Add to Cart/ }).click();
    await waitForCount(page, "1");
    await context.close();
  });

  it("shows the count at once, before the server answers, and falls back when it refuses", async () => {
    const { context, page } = await newPage(browser(), true);
    await page.goto("/products?sort=name");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/cart?_data=*", async (route) => {
      await held;
      await route.fulfill({
        status: 200,
        contentType: "application/json",
        body: JSON.stringify({ ok: false, message: "refused" }),
      });
    });
    await page
      .getByRole("button", { name: /^Add to Cart/ })
      .first()
      .click();
    await waitForCount(page, "1");
    release();
    await waitForCount(page, "0");
    await context.close();
  });

  it("has no axe violations on a cart with lines", async () => {
    const { context, page } = await newPage(browser(), true);
    await page.goto("/products?sort=name");
    await page
      .getByRole("button", { name: /^Add to Cart/ })
      .first()
      .click();
    await waitForCount(page, "1");
    await settled(page);
    await page.goto("/cart");
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
