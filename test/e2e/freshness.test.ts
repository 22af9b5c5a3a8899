import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, MODES, newPage, open, settle, useBrowser } from "./browser";

// Fresh data as a shopper meets it (docs/decisions/007): pages read through the edge cache, and the
// next page after a write shows it. JavaScript on and off.

const browser = useBrowser();
/** Bouquets no other journey buys (the end of the alphabet), 10 to 90 in stock: one per mode. */
let bouquets: Array<{ slug: string; name: string }> = [];

beforeAll(async () => {
  const list = (await (await fetch(`${BASE_URL}/api/products?sort_by=name&sort_order=desc&per_page=8`)).json()) as {
    data: { data: Array<{ slug: string; name: string; stock: number }> };
  };
  bouquets = list.data.data.filter((p) => p.stock >= 10 && p.stock <= 90);
  expect(bouquets.length).toBeGreaterThanOrEqual(2);
});

/** What the product page lets a shopper buy: its quantity field's maximum (the stock, under 99). */
const quantityLimit = (page: Page) => page.getByLabel("Quantity", { exact: true }).getAttribute("max").then(Number);

describe.each(MODES)("fresh data ($name)", ({ javaScriptEnabled }) => {
  it("after a shopper buys two, the product page lets the next shopper buy two fewer", async () => {
    const bouquet = bouquets[javaScriptEnabled ? 0 : 1]!;
    const path = `/product/${bouquet.slug}`;
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    // Twice, so that the page's data is in the edge cache.
    await open(page, path, javaScriptEnabled);
    await open(page, path, javaScriptEnabled);
    const before = await quantityLimit(page);

    await page.getByLabel("Quantity", { exact: true }).fill("2");
    await page
      .locator("main")
      .getByRole("button", { name: /^Add to Cart/ })
      .first()
      .click();
    await expect
      .poll(() =>
        page
          .locator("[data-toast-type]")
          .allTextContents()
          .then((t) => t.join(" ")),
      )
      .toContain(`${bouquet.name} added to cart!`);
    await settle(page, javaScriptEnabled);

    await open(page, "/checkout", javaScriptEnabled);
    await page.getByLabel("First name", { exact: true }).fill("Fern");
    await page.getByLabel("Last name", { exact: true }).fill("Greenleaf");
    await page.getByLabel("Email", { exact: true }).fill("fern.fresh@example.com");
    await page.getByLabel("Address", { exact: true }).fill("7 Orchid Lane");
    await page.getByLabel("City", { exact: true }).fill("Kandy");
    await settle(page, javaScriptEnabled);
    await page.getByRole("button", { name: "Place Order", exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/order-confirmation/"));

    // Another shopper, in another browser, opens the product page next.
    const next = await newPage(browser(), javaScriptEnabled);
    await open(next.page, path, javaScriptEnabled);
    expect(await quantityLimit(next.page)).toBe(before - 2);
    await next.context.close();
    await context.close();
  });

  it("after a like, the tutorial's card on /blog shows the new count", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    const list = "/blog?sort=alphabetical";
    await open(page, list, javaScriptEnabled);
    await open(page, list, javaScriptEnabled);
    // The last card of the page, a different one per mode.
    const cards = page.locator("article");
    const card = cards.nth((await cards.count()) - (javaScriptEnabled ? 1 : 2));
    const href = (await card.locator("a[href^='/blog/']").first().getAttribute("href"))!;
    const likesOn = (p: Page) =>
      p
        .locator("article", { has: p.locator(`a[href='${href}']`) })
        .textContent()
        .then((text) => Number(/(\d+) likes?\b/.exec(text ?? "")?.[1]));
    const before = await likesOn(page);

    await open(page, href, javaScriptEnabled);
    const answered = javaScriptEnabled
      ? page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === href)
      : null;
    await page.getByRole("button", { name: /^Liked?$/ }).click();
    await answered;
    await expect.poll(() => page.getByRole("button", { name: /^Liked?$/ }).getAttribute("aria-pressed")).toBe("true");
    await settle(page, javaScriptEnabled);

    await open(page, list, javaScriptEnabled);
    expect(await likesOn(page)).toBe(before + 1);
    await context.close();
  });
});
