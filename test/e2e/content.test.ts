import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { MODES, newPage, useBrowser } from "./browser";

const browser = useBrowser();

/** The category cards' links in the grid (the "Show all categories" link goes to /categories itself). */
function cardLinks(page: Page) {
  return page.locator('main a[href^="/categories/"]');
}

async function cardNames(page: Page): Promise<string[]> {
  return (await cardLinks(page).allInnerTexts()).map((name) => name.trim());
}

describe.each(MODES)("categories page ($name)", ({ javaScriptEnabled }) => {
  it("searches the categories and opens one", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    const response = await page.goto("/categories");
    expect(response?.status()).toBe(200);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Shop by Category");
    const all = await cardNames(page);
    expect(all.length).toBeGreaterThanOrEqual(10);
    expect(await page.locator("main article").first().innerText()).toMatch(/\d+ products?/);
    expect(await page.getByRole("link", { name: "Browse all products" }).getAttribute("href")).toBe("/products");
    expect(await page.getByRole("link", { name: "Contact us" }).getAttribute("href")).toBe("/contact");

    const search = page.getByRole("searchbox", { name: "Search categories" });
    if (javaScriptEnabled) {
      // Filters as the shopper types, without asking the server again.
      const requests: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname.startsWith("/categories")) requests.push(request.url());
      });
      await search.fill("wedding");
      await page.waitForFunction(() => document.querySelectorAll('main a[href^="/categories/"]').length < 10);
      expect(requests).toEqual([]);
    } else {
      await search.fill("wedding");
      await page.getByRole("main").getByRole("button", { name: "Search" }).click();
      await page.waitForURL((url) => url.searchParams.get("q") === "wedding");
    }
    const matching = await cardNames(page);
    expect(matching).toContain("Wedding");
    expect(matching.length).toBeLessThan(all.length);
    expect(await page.getByText("No categories found").count()).toBe(0);

    await search.fill("zzzz");
    if (!javaScriptEnabled) await search.press("Enter");
    await page.getByText("No categories found").waitFor();
    expect(await cardLinks(page).count()).toBe(0);

    await page.getByRole("link", { name: "Show all categories" }).click();
    await page.waitForURL((url) => url.pathname === "/categories" && !url.searchParams.has("q"));
    await cardLinks(page).first().waitFor();
    expect(await cardNames(page)).toEqual(all);

    await page.getByRole("link", { name: "Wedding", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/categories/wedding");
    await context.close();
  });
});

describe.each(MODES)("about, privacy and terms ($name)", ({ javaScriptEnabled }) => {
  it("visits the about page from the header and the policies from the footer", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
    await page.waitForURL((url) => url.pathname === "/about");
    await page
      .getByRole("heading", { level: 1, name: "Flowers that never wilt, made by people who love them" })
      .waitFor();
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
    for (const maker of ["Maya Thornton", "Priya Raman", "Elliot Park", "June Okafor"]) {
      expect(await page.getByRole("heading", { name: maker }).isVisible()).toBe(true);
    }
    expect(await page.getByRole("heading", { name: "Our mission" }).isVisible()).toBe(true);

    await page.locator("footer").getByRole("link", { name: "Privacy Policy" }).click();
    await page.waitForURL((url) => url.pathname === "/privacy");
    await page.getByRole("heading", { level: 1, name: "Privacy Policy" }).waitFor();
    expect(await page.getByRole("heading", { name: "5. Cookies" }).isVisible()).toBe(true);
    await page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: "5. Cookies" }).click();
    await page.waitForURL((url) => url.hash === "#cookies");

    await page.locator("footer").getByRole("link", { name: "Terms of Service" }).click();
    await page.waitForURL((url) => url.pathname === "/terms");
    await page.getByRole("heading", { level: 1, name: "Terms of Service" }).waitFor();
    expect(await page.getByRole("heading", { name: "4. Payment: cash on delivery" }).isVisible()).toBe(true);
    expect(await page.getByText("United Arab Emirates").isVisible()).toBe(true);
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
    await context.close();
  });
});

describe.each(MODES)("content pages on a 320 px phone ($name)", ({ javaScriptEnabled }) => {
  it.each(["/categories", "/about", "/privacy", "/terms"])("%s fits without sideways scrolling", async (path) => {
    const context = await browser().newContext({
      javaScriptEnabled,
      baseURL: process.env.E2E_BASE_URL,
      viewport: { width: 320, height: 640 },
    });
    const page = await context.newPage();
    await page.goto(path);
    expect(await page.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.querySelector("main")?.scrollWidth)).toBeLessThanOrEqual(320);
    await context.close();
  });
});

describe("accessibility of the content pages", () => {
  it.each(["/categories", "/about", "/privacy", "/terms"])("%s has no axe violations", async (path) => {
    const { context, page } = await newPage(browser(), true);
    await page.goto(path);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
