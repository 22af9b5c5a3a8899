import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, MODES, newPage } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(MODES)("home page ($name)", ({ javaScriptEnabled }) => {
  it("shows the site name from the settings and the featured bouquets with their prices", async () => {
    const { context, page } = await newPage(browser, javaScriptEnabled);
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toContain("Twistbloom");
    expect(await page.locator("header").innerText()).toContain("Twistbloom");
    const cards = page.locator("#featured-heading + ul > li");
    expect(await cards.count()).toBeGreaterThanOrEqual(4);
    const firstCard = await cards.first().innerText();
    expect(firstCard).toMatch(/\$\d+\.\d{2}/);
    await context.close();
  });

  it("answers an unknown path with the not-found screen and a 404", async () => {
    const { context, page } = await newPage(browser, javaScriptEnabled);
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    expect(await page.locator("h1").innerText()).toBe("Page Not Found");
    await page.getByRole("link", { name: "Go Back Home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await context.close();
  });
});
