import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { BASE_URL, MODES, newPage, useBrowser } from "./browser";

const SLUG = "blush-garden-bouquet";

const browser = useBrowser();

const mainImage = (page: Page) => page.getByRole("figure").getByRole("img");
const quantityInput = (page: Page) => page.getByLabel("Quantity", { exact: true });

describe.each(MODES)("product page ($name)", ({ javaScriptEnabled }) => {
  const thumbnail = (page: Page, n: number) =>
    page.getByRole(javaScriptEnabled ? "button" : "link", { name: new RegExp(`^Show image ${n} of \\d+`) });

  it("opens a product from the shop and shows its details and the add-to-cart form", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    // The best sellers: a bouquet of the seed's, whatever other journeys added to the shop.
    await page.goto("/products?sort=best-sellers");
    const link = page.locator('main a[href^="/product/"]:not([href*="?"])').first();
    const name = (await link.innerText()).trim();
    const href = await link.getAttribute("href");
    await link.click();
    await page.waitForURL((url) => url.pathname === href);
    await expect.poll(() => page.locator("h1").innerText()).toBe(name);
    await expect(page.title()).resolves.toContain(name);
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    expect(await breadcrumb.getByRole("link", { name: "Shop" }).getAttribute("href")).toBe("/products");
    expect(await breadcrumb.innerText()).toContain(name);
    const details = await page.locator("main").innerText();
    expect(details).toMatch(/\$\d+\.\d{2}/);
    expect(details).toMatch(/SKU\s+TB-/);
    expect(details).toMatch(/Weight\s+\d+ g/);
    expect(details).toMatch(/In stock|Only \d left|Out of stock/);
    const form = page.locator('form[action="/cart"]');
    expect(await form.getAttribute("method")).toBe("post");
    expect(await form.locator('input[name="intent"]').inputValue()).toBe("add");
    await context.close();
  });

  it("switches the gallery's main image from a thumbnail", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await page.goto(`/product/${SLUG}`);
    const first = await mainImage(page).getAttribute("src");
    const second = await thumbnail(page, 2).locator("img").getAttribute("src");
    expect(second).not.toBe(first);
    await thumbnail(page, 2).click();
    if (javaScriptEnabled) {
      // Switched in place: no navigation, the thumbnail says it is pressed.
      await expect.poll(() => mainImage(page).getAttribute("src")).toBe(second);
      expect(new URL(page.url()).search).toBe("");
      expect(await thumbnail(page, 2).getAttribute("aria-pressed")).toBe("true");
      expect(await thumbnail(page, 1).getAttribute("aria-pressed")).toBe("false");
    } else {
      await page.waitForURL((url) => url.searchParams.get("image") === "2");
      expect(await mainImage(page).getAttribute("src")).toBe(second);
      expect(await thumbnail(page, 2).getAttribute("aria-current")).toBe("true");
    }
    expect(await mainImage(page).getAttribute("alt")).toBe(`${await page.locator("h1").innerText()}, view 2`);
    await context.close();
  });

  it("accepts a typed quantity within 1 to 99", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await page.goto(`/product/${SLUG}`);
    if (javaScriptEnabled) await page.getByRole("button", { name: "Increase quantity" }).waitFor();
    const input = quantityInput(page);
    expect(await input.getAttribute("name")).toBe("quantity");
    expect(await input.getAttribute("min")).toBe("1");
    const max = Number(await input.getAttribute("max"));
    expect(max).toBeGreaterThanOrEqual(1);
    expect(max).toBeLessThanOrEqual(99);
    expect(await input.inputValue()).toBe("1");
    await input.fill("5");
    expect(await input.inputValue()).toBe("5");
    if (!javaScriptEnabled) {
      // The input alone: no buttons that would need JavaScript to do anything.
      expect(await page.getByRole("button", { name: "Increase quantity" }).count()).toBe(0);
    }
    await context.close();
  });

  it("opens a related product", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await page.goto(`/product/${SLUG}?image=2`);
    const related = page.getByRole("region", { name: "Related Products" });
    const links = related.getByRole("link");
    const count = await links.count();
    expect(count).toBeGreaterThanOrEqual(1);
    expect(count).toBeLessThanOrEqual(3);
    const name = (await links.first().innerText()).trim();
    const href = await links.first().getAttribute("href");
    expect(href).not.toBe(`/product/${SLUG}`);
    await links.first().click();
    await page.waitForURL((url) => url.pathname === href);
    await expect.poll(() => page.locator("h1").innerText()).toBe(name);
    // The new product starts on its own first image.
    expect(await mainImage(page).getAttribute("alt")).toBe(name);
    await context.close();
  });

  it("shows 'Product Not Found' for an unknown product, with a way back to the shop", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    const response = await page.goto("/product/no-such-bouquet");
    expect(response?.status()).toBe(404);
    expect(await page.locator("h1").innerText()).toBe("Product Not Found");
    await page.getByRole("link", { name: "Back to Shop" }).click();
    await page.waitForURL((url) => url.pathname === "/products");
    await context.close();
  });

  it("fits its content on a 320 px phone with the gallery above the details, and sits side by side on a wide screen", async () => {
    for (const [width, sideBySide] of [
      [320, false],
      [1280, true],
    ] as const) {
      const context = await browser().newContext({
        javaScriptEnabled,
        baseURL: BASE_URL,
        viewport: { width, height: 800 },
      });
      const page = await context.newPage();
      await page.goto(`/product/${SLUG}`);
      // Nothing on the product's part of the page reaches past the screen's edge.
      const overflowing = await page.evaluate(
        (edge) =>
          [...document.querySelectorAll("main *")]
            .filter((el) => el.getBoundingClientRect().right > edge + 0.5)
            .map((el) => el.outerHTML.slice(0, 80)),
        width,
      );
      expect(overflowing).toEqual([]);
      const figure = await page.getByRole("figure").boundingBox();
      const title = await page.locator("h1").boundingBox();
      expect(figure && title).toBeTruthy();
      if (sideBySide) expect(title!.x).toBeGreaterThanOrEqual(figure!.x + figure!.width);
      else expect(title!.y).toBeGreaterThanOrEqual(figure!.y + figure!.height);
      await context.close();
    }
  });
});

describe("product page with JavaScript", () => {
  it("clamps the quantity at 1 and at its maximum with the minus and plus buttons", async () => {
    const { context, page } = await newPage(browser(), true);
    await page.goto(`/product/${SLUG}`);
    const input = quantityInput(page);
    const minus = page.getByRole("button", { name: "Decrease quantity" });
    const plus = page.getByRole("button", { name: "Increase quantity" });
    const max = Number(await input.getAttribute("max"));
    expect(max).toBeLessThanOrEqual(99);

    await minus.click();
    expect(await input.inputValue()).toBe("1");
    await plus.click();
    await plus.click();
    expect(await input.inputValue()).toBe("3");
    await minus.click();
    expect(await input.inputValue()).toBe("2");

    await input.fill(String(max - 1));
    await plus.click();
    expect(await input.inputValue()).toBe(String(max));
    await plus.click();
    expect(await input.inputValue()).toBe(String(max));

    // Typing past the limit, or nothing, settles inside 1..max.
    await input.fill("150");
    expect(await input.inputValue()).toBe(String(Math.min(99, max)));
    await input.fill("");
    await input.blur();
    expect(await input.inputValue()).toBe("1");
    await context.close();
  });

  it("moves between thumbnails with the arrow keys", async () => {
    const { context, page } = await newPage(browser(), true);
    await page.goto(`/product/${SLUG}`);
    const thumb = (n: number) => page.getByRole("button", { name: new RegExp(`^Show image ${n} of \\d+`) });
    await thumb(1).waitFor();
    const count = await page.getByRole("button", { name: /^Show image \d+ of \d+/ }).count();
    expect(count).toBeGreaterThanOrEqual(3);
    await thumb(1).focus();
    await page.keyboard.press("ArrowRight");
    expect(await thumb(2).getAttribute("aria-pressed")).toBe("true");
    expect(await thumb(2).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await mainImage(page).getAttribute("src")).toBe(await thumb(2).locator("img").getAttribute("src"));
    await page.keyboard.press("End");
    expect(await thumb(count).getAttribute("aria-pressed")).toBe("true");
    await page.keyboard.press("ArrowRight");
    expect(await thumb(1).getAttribute("aria-pressed")).toBe("true");
    await page.keyboard.press("ArrowLeft");
    expect(await thumb(count).getAttribute("aria-pressed")).toBe("true");
    await context.close();
  });

  it("has no axe violations", async () => {
    const { context, page } = await newPage(browser(), true);
    await page.goto(`/product/${SLUG}`);
    await page.getByRole("button", { name: "Increase quantity" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
