import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ADMIN } from "../fixtures/accounts";
import { axeViolations } from "./axe";
import { MODES, open, settle, signedInAt, toastText, useBrowser } from "./browser";

/**
 * The back office's products in the browser, JavaScript on and off: the admin creates a product of
 * their own with an uploaded PNG and finds it in the shop, changes its price and sees it on its
 * page, archives it and its page says "Product Not Found"; axe finds nothing on the product form.
 * Only products these journeys create are changed (the seeded ones are read by other files).
 */

const browser = useBrowser();

/** A 1x1 PNG: real image bytes, as a file on the admin's disk. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const pathOf = (page: Page) => new URL(page.url()).pathname;

const adminPage = (javaScriptEnabled: boolean, path: string) => signedInAt(browser(), javaScriptEnabled, ADMIN, path);

describe.each(MODES)("the back office's products ($name)", ({ name: mode, javaScriptEnabled }) => {
  it("creates a product with an uploaded image, finds it in the shop, changes its price and archives it", async () => {
    const tag = `${javaScriptEnabled ? "on" : "off"}${Date.now().toString(36)}`;
    const productName = `Journey Hyacinth ${tag}`;
    const { context, page } = await adminPage(javaScriptEnabled, "/admin/products/new");

    await page.getByLabel("Name", { exact: true }).fill(productName);
    await page.getByLabel("SKU", { exact: true }).fill(`E2E-${tag}`);
    await page.getByLabel("Price", { exact: true }).fill("27.50");
    await page.getByLabel("Stock", { exact: true }).fill("8");
    await page.getByLabel("Category", { exact: true }).selectOption({ index: 1 });
    await page.getByLabel("Short description", { exact: true }).fill(`A bouquet made by the ${mode} journey.`);
    await page.getByLabel("Add images").setInputFiles({ name: "hyacinth.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Create product", exact: true }).click();
    await page.waitForURL((url) => /^\/admin\/products\/\d+$/.test(url.pathname));
    await settle(page, javaScriptEnabled);
    await expect.poll(() => toastText(page)).toContain(`Product ${productName} created.`);
    const editPath = pathOf(page);
    const shopLink = page.locator("#admin-title ~ p a[href^='/product/']");
    const productPath = (await shopLink.getAttribute("href"))!;
    // The upload is the main image.
    expect(await page.getByRole("region", { name: "Images" }).getByRole("img").first().getAttribute("src")).toMatch(
      /^\/uploads\/[0-9a-f]{64}\.png$/,
    );

    // In the shop: found by search, its page with its image and price.
    await open(page, `/products?search=${encodeURIComponent(productName)}`, javaScriptEnabled);
    await expect.poll(() => page.getByRole("link", { name: productName }).count()).toBeGreaterThan(0);
    await open(page, productPath, javaScriptEnabled);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(productName);
    expect(await page.locator("main").innerText()).toContain("$27.50");
    expect(await page.locator(`main img[src^="/uploads/"]`).count()).toBeGreaterThan(0);

    // A new price, shown on its page at once.
    await open(page, editPath, javaScriptEnabled);
    await page.getByLabel("Price", { exact: true }).fill("23.75");
    await page.getByRole("button", { name: "Save product", exact: true }).click();
    await expect.poll(() => toastText(page)).toContain(`Product ${productName} saved.`);
    await settle(page, javaScriptEnabled);
    await open(page, productPath, javaScriptEnabled);
    const text = await page.locator("main").innerText();
    expect(text).toContain("$23.75");
    expect(text).not.toContain("$27.50");

    // Archived: it leaves the shop.
    await open(page, editPath, javaScriptEnabled);
    await page.getByRole("button", { name: "Archive", exact: true }).click();
    await expect.poll(() => toastText(page)).toContain(`${productName} is archived: it has left the shop.`);
    await settle(page, javaScriptEnabled);
    expect(await page.getByRole("button", { name: "Restore", exact: true }).count()).toBe(1);
    const gone = await page.goto(productPath);
    expect(gone?.status()).toBe(404);
    await settle(page, javaScriptEnabled);
    expect(await page.locator("main").innerText()).toContain("Product Not Found");
    await context.close();
  });

  it("shows a refused field under it with a toast, keeping what was typed", async () => {
    const { context, page } = await adminPage(javaScriptEnabled, "/admin/products/new");
    await page.getByLabel("Name", { exact: true }).fill("Typed but priceless");
    await page.getByLabel("Price", { exact: true }).fill("-4");
    await page.getByRole("button", { name: "Create product", exact: true }).click();
    await expect.poll(() => page.locator("#price-error").textContent()).toBe("The price must be at least 0.");
    expect(await page.locator("#sku-error").textContent()).toBe("The SKU field is required.");
    await expect.poll(() => toastText(page)).toContain("Please fix the errors in the form");
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Typed but priceless");
    expect(pathOf(page)).toBe("/admin/products/new");
    await context.close();
  });
});

// axe runs inside the page: JavaScript on.
describe("accessibility of the back office's products", () => {
  it("has no axe violations on the product form, the list and a product's page", async () => {
    const { context, page } = await adminPage(true, "/admin/products/new");
    expect(await axeViolations(page)).toEqual([]);
    await open(page, "/admin/products", true);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("table").getByRole("link").first().click();
    await page.waitForURL((url) => /^\/admin\/products\/\d+$/.test(url.pathname));
    await settle(page, true);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
