import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { products as allSeedProducts } from "../../db/seed/data/products";
import { axeViolations } from "./axe";
import { MODES, newPage, useBrowser } from "./browser";

// Add-ons (a vase, a card) are not listed among bouquets.
const seedProducts = allSeedProducts.filter((product) => !product.is_addon);
const TOTAL = seedProducts.length;
const WEDDING = seedProducts.filter((product) => product.category === "wedding");

const browser = useBrowser();

const cards = (page: Page) => page.locator("main article");
const countText = (page: Page) => page.getByText(/^\d+-\d+ of \d+ products$/).innerText();
const cardNames = (page: Page) => page.locator("main article h3").allInnerTexts();
/** The price each card shows first (the sale price when there is one), in cents. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.locator("main article h3 ~ span > span:first-child").allInnerTexts();
  return texts.map((text) => Math.round(Number(text.replace(/[^\d.]/g, "")) * 100));
}
const ascending = <T>(values: T[]) => values.every((value, index) => index === 0 || values[index - 1]! <= value);

/** With JavaScript, waits until the page has hydrated (Quick View has become a button). */
async function ready(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await page.locator("main article button", { hasText: "Quick View" }).first().waitFor();
}

async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await ready(page, javaScriptEnabled);
}

describe.each(MODES)("products page ($name)", ({ javaScriptEnabled }) => {
  it("filters by a category and a price, keeping them in the URL", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await open(page, "/products", javaScriptEnabled);
    expect(await countText(page)).toBe(`1-12 of ${TOTAL} products`);
    expect(await cards(page).count()).toBe(12);

    await page.getByLabel("Wedding", { exact: true }).check();
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply Filters" }).click();
    await page.waitForURL((url) => url.searchParams.getAll("category").includes("wedding"));
    await expect.poll(() => countText(page)).toBe(`1-${WEDDING.length} of ${WEDDING.length} products`);
    expect((await cardNames(page)).sort()).toEqual(WEDDING.map((product) => product.name).sort());
    expect(await page.getByLabel("Wedding", { exact: true }).isChecked()).toBe(true);

    await page.getByLabel("Min price").fill("40");
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply Filters" }).click();
    await page.waitForURL(
      (url) => url.searchParams.get("min_price") === "40" && url.searchParams.get("category") === "wedding",
    );
    const expected = WEDDING.filter((product) => (product.sale_price_cents ?? product.price_cents) >= 4000);
    await expect.poll(() => countText(page)).toBe(`1-${expected.length} of ${expected.length} products`);
    for (const price of await cardPrices(page)) expect(price).toBeGreaterThanOrEqual(4000);
    await context.close();
  });

  it("sorts by Price and by Name A-Z", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await open(page, "/products", javaScriptEnabled);
    const sortBy = page.getByRole("group", { name: "Sort by" });

    await sortBy.getByRole("link", { name: "Price", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "price");
    await expect
      .poll(() => sortBy.getByRole("link", { name: "Price", exact: true }).getAttribute("aria-current"))
      .toBe("true");
    const prices = await cardPrices(page);
    expect(prices).toHaveLength(12);
    expect(ascending(prices)).toBe(true);

    await sortBy.getByRole("link", { name: "Name A-Z" }).click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "name");
    await expect.poll(() => sortBy.getByRole("link", { name: "Name A-Z" }).getAttribute("aria-current")).toBe("true");
    const names = await cardNames(page);
    expect(names).toHaveLength(12);
    expect(ascending(names)).toBe(true);
    await context.close();
  });

  it("pages to page 2 and back", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await open(page, "/products", javaScriptEnabled);
    const firstPage = await cardNames(page);
    const pagination = page.getByRole("navigation", { name: "Pagination" });

    await pagination.getByRole("link", { name: "Page 2" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await expect.poll(() => countText(page)).toBe(`13-24 of ${TOTAL} products`);
    const secondPage = await cardNames(page);
    expect(secondPage.some((name) => firstPage.includes(name))).toBe(false);

    await pagination.getByRole("link", { name: "Previous" }).click();
    await page.waitForURL((url) => url.pathname === "/products" && !url.searchParams.has("page"));
    await expect.poll(() => countText(page)).toBe(`1-12 of ${TOTAL} products`);
    expect(await cardNames(page)).toEqual(firstPage);
    await context.close();
  });

  it("clears every filter with Clear All", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await open(page, "/products?category=wedding&on_sale=1&min_price=10", javaScriptEnabled);
    expect(await page.getByLabel("On sale only").isChecked()).toBe(true);
    await page.getByRole("link", { name: "Clear All", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/products" && url.search === "");
    await expect.poll(() => countText(page)).toBe(`1-12 of ${TOTAL} products`);
    expect(await page.getByLabel("Wedding", { exact: true }).isChecked()).toBe(false);
    expect(await page.getByLabel("On sale only").isChecked()).toBe(false);
    expect(await page.getByLabel("Min price").inputValue()).toBe("");
    await context.close();
  });

  it("shows the empty state with a way back to every product", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await page.goto("/products?min_price=999999");
    expect(await page.getByText("No products found", { exact: true }).first().isVisible()).toBe(true);
    await page.getByRole("link", { name: "Clear All Filters" }).click();
    await page.waitForURL((url) => url.pathname === "/products" && url.search === "");
    await expect.poll(() => countText(page)).toBe(`1-12 of ${TOTAL} products`);
    await context.close();
  });

  it("opens a product from its card", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await open(page, "/products", javaScriptEnabled);
    const name = (await cardNames(page))[0]!;
    const slug = seedProducts.find((product) => product.name === name)!.slug;
    await cards(page).first().getByRole("link", { name, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/product/${slug}`);
    await context.close();
  });

  it("adds a bouquet to the cart from its card and comes back to the same list", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await open(page, "/products?sort=name", javaScriptEnabled);
    const card = cards(page).first();
    await card.getByRole("button", { name: /^Add to Cart/ }).click();
    await expect.poll(() => page.getByTestId("cart-count").first().innerText()).toBe("1");
    const url = new URL(page.url());
    expect(url.pathname).toBe("/products");
    expect(url.searchParams.get("sort")).toBe("name");
    await context.close();
  });

  it("opens a category page with its bouquets, sorted on its own path", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await open(page, "/categories/wedding", javaScriptEnabled);
    expect(await page.locator("h1").innerText()).toBe("Wedding");
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    expect(await breadcrumb.getByRole("link", { name: "Categories" }).getAttribute("href")).toBe("/categories");
    expect((await cardNames(page)).sort()).toEqual(WEDDING.map((product) => product.name).sort());

    await page.getByRole("group", { name: "Sort by" }).getByRole("link", { name: "Price", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/categories/wedding" && url.searchParams.get("sort") === "price");
    await expect.poll(async () => ascending(await cardPrices(page))).toBe(true);
    expect(await cards(page).count()).toBe(WEDDING.length);

    const name = (await cardNames(page))[0]!;
    await cards(page).first().getByRole("link", { name, exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/product/"));
    await context.close();
  });
});

describe("Quick View (JavaScript on)", () => {
  it("opens an accessible dialog, keeps focus inside, and closes with Escape and Close", async () => {
    const { context, page } = await newPage(browser(), true);
    await open(page, "/products", true);
    const name = (await cardNames(page))[0]!;
    const product = seedProducts.find((item) => item.name === name)!;
    const trigger = cards(page)
      .first()
      .getByRole("button", { name: /^Quick View/ });
    await trigger.click();

    const dialog = page.getByRole("dialog", { name });
    await dialog.waitFor();
    expect(await dialog.getAttribute("aria-modal")).toBe("true");
    expect(await dialog.getByRole("heading", { name }).isVisible()).toBe(true);
    expect(await dialog.innerText()).toContain(product.short_description);
    expect(await dialog.innerText()).toMatch(/\$\d+\.\d{2}/);
    expect(await dialog.innerText()).toMatch(product.stock > 0 ? /In stock/ : /Out of stock/);
    expect(await dialog.getByRole("link", { name: "View Details" }).getAttribute("href")).toBe(
      `/product/${product.slug}`,
    );
    // A bouquet sold in sizes or colours is chosen on its page: Choose Options instead of a cart form.
    expect(await dialog.locator('form[action="/cart"][method="post"] input[name="product_id"]').count()).toBe(
      product.options ? 0 : 1,
    );
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    // Tab and Shift+Tab never leave the dialog.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await trigger.evaluate((element) => element === document.activeElement)).toBe(true);

    await trigger.click();
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await trigger.evaluate((element) => element === document.activeElement)).toBe(true);

    await trigger.click();
    await dialog.getByRole("link", { name: "View Details" }).click();
    await page.waitForURL((url) => url.pathname === `/product/${product.slug}`);
    await context.close();
  });
});

describe("Quick View (JavaScript off)", () => {
  it("is a link to the product page", async () => {
    const { context, page } = await newPage(browser(), false);
    await open(page, "/products", false);
    const name = (await cardNames(page))[0]!;
    const product = seedProducts.find((item) => item.name === name)!;
    expect(
      await cards(page)
        .first()
        .getByRole("button", { name: /^Quick View/ })
        .count(),
    ).toBe(0);
    const link = cards(page)
      .first()
      .getByRole("link", { name: /^Quick View/ });
    expect(await link.getAttribute("href")).toBe(`/product/${product.slug}`);
    await link.click();
    await page.waitForURL((url) => url.pathname === `/product/${product.slug}`);
    await context.close();
  });
});

describe("accessibility of the product lists", () => {
  for (const path of ["/products", "/categories/wedding"]) {
    it(`${path} has no axe violations`, async () => {
      const { context, page } = await newPage(browser(), true);
      await open(page, path, true);
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });
  }

  it("the Quick View dialog has no axe violations", async () => {
    const { context, page } = await newPage(browser(), true);
    await open(page, "/products", true);
    await cards(page)
      .first()
      .getByRole("button", { name: /^Quick View/ })
      .click();
    await page.getByRole("dialog").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it("/products works on a 320 px phone: filters above two columns of cards", async () => {
    const context = await browser().newContext({
      baseURL: process.env.E2E_BASE_URL,
      viewport: { width: 320, height: 640 },
    });
    const page = await context.newPage();
    await open(page, "/products", true);
    const filters = await page.locator("main form").first().boundingBox();
    const first = await cards(page).nth(0).boundingBox();
    const second = await cards(page).nth(1).boundingBox();
    expect(filters && first && second).toBeTruthy();
    expect(first!.y).toBeGreaterThan(filters!.y + filters!.height - 1);
    expect(second!.y).toBe(first!.y);
    expect(second!.x).toBeGreaterThan(first!.x);
    const overflow = await page.locator("main").evaluate((main) => main.scrollWidth - main.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
