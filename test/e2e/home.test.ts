import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { MODES, newPage, useBrowser } from "./browser";

const browser = useBrowser();

const OCCASIONS = ["Mother's Day", "Father's Day", "Wedding", "Anniversary", "Graduation", "Sympathy"];

function section(page: Page, name: string) {
  return page.getByRole("region", { name, exact: true });
}

describe.each(MODES)("home page ($name)", ({ javaScriptEnabled }) => {
  it("shows the hero and the sections, and an occasion tile opens the products of that occasion", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toContain("Twistbloom");

    const h1 = page.getByRole("heading", { level: 1 });
    expect(await h1.count()).toBe(1);
    expect((await h1.innerText()).replace(/\s+/g, " ")).toBe("Flowers that never wilt, twisted by hand");
    expect(await h1.isVisible()).toBe(true);
    expect(await page.getByText("Handmade in small batches").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Shop Bouquets" }).getAttribute("href")).toBe("/products");
    expect(await page.getByRole("link", { name: "Learn to Make Them" }).getAttribute("href")).toBe("/blog");
    expect(await page.getByText("Free shipping over $50").first().isVisible()).toBe(true);
    expect(await page.getByRole("img", { name: "A hand-twisted pipe-cleaner flower bouquet" }).isVisible()).toBe(true);

    const occasions = section(page, "Shop by Occasion");
    for (const name of OCCASIONS) expect(await occasions.getByRole("link", { name }).isVisible()).toBe(true);

    const bestSellers = section(page, "This Month's Best Sellers");
    const tiles = bestSellers.getByRole("listitem");
    expect(await tiles.count()).toBeGreaterThanOrEqual(4);
    expect(await tiles.first().innerText()).toMatch(/\$\d+\.\d{2}/);
    expect(await section(page, "Unforgettable Gifts").getByRole("listitem").count()).toBeGreaterThanOrEqual(1);
    expect(
      await section(page, "Make It Special")
        .getByRole("link", { name: "Request a Custom Bouquet" })
        .getAttribute("href"),
    ).toBe("/contact");

    await occasions.getByRole("link", { name: "Wedding" }).click();
    await page.waitForURL((url) => url.pathname === "/products" && url.searchParams.get("category") === "wedding");
    await context.close();
  });

  it("follows the best sellers link to the products sorted by best sellers", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await page.goto("/");
    await section(page, "This Month's Best Sellers").getByRole("link", { name: "View all best sellers" }).click();
    await page.waitForURL((url) => url.pathname === "/products" && url.searchParams.get("sort") === "best-sellers");
    await context.close();
  });

  it("opens and closes each FAQ item on its own", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await page.goto("/");
    const faq = section(page, "Frequently Asked Questions");
    const delivery = faq.getByText("How long does delivery take?");
    const deliveryAnswer = faq.getByText(/Standard delivery arrives in 3-5 business days/);
    const cash = faq.getByText("Do you offer cash on delivery?");
    const cashAnswer = faq.getByText(/Cash on delivery is the payment method for every order/);

    expect(await deliveryAnswer.isVisible()).toBe(false);
    expect(await cashAnswer.isVisible()).toBe(false);

    await delivery.click();
    expect(await deliveryAnswer.isVisible()).toBe(true);
    expect(await cashAnswer.isVisible()).toBe(false);

    await cash.click();
    expect(await deliveryAnswer.isVisible()).toBe(true);
    expect(await cashAnswer.isVisible()).toBe(true);

    await delivery.click();
    expect(await deliveryAnswer.isVisible()).toBe(false);
    expect(await cashAnswer.isVisible()).toBe(true);

    await cash.click();
    expect(await cashAnswer.isVisible()).toBe(false);
    await context.close();
  });

  it("fits its content in a 320 px phone without sideways scrolling", async () => {
    const context = await browser().newContext({
      javaScriptEnabled,
      baseURL: process.env.E2E_BASE_URL,
      viewport: { width: 320, height: 640 },
    });
    const page = await context.newPage();
    await page.goto("/");
    expect(await page.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Shop Bouquets" }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.querySelector("main")?.scrollWidth)).toBeLessThanOrEqual(320);
    await context.close();
  });

  it("answers an unknown path with the not-found screen and a 404", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    expect(await page.locator("h1").innerText()).toBe("Page Not Found");
    await page.getByRole("link", { name: "Go Back Home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await context.close();
  });
});

describe("accessibility of the home page", () => {
  it("has no axe violations", async () => {
    const { context, page } = await newPage(browser(), true);
    await page.goto("/");
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
