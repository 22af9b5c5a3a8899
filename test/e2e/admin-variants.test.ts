import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ADMIN } from "../fixtures/accounts";
import { axeViolations } from "./axe";
import { MODES, open, settle, signedInAt, toastText, useBrowser } from "./browser";

/**
 * A product's options and variants in the back office, JavaScript on and off: staff open a product
 * without options (one they create), add an option "Size" with the values "Small, Large", generate
 * its variants, set one row's price and both rows' stock, and the shop's product page offers the
 * size choice. Only products these journeys create are changed.
 */

const browser = useBrowser();

const adminPage = (javaScriptEnabled: boolean, path: string) => signedInAt(browser(), javaScriptEnabled, ADMIN, path);

/** Clicks a button of the page, waits for its post to be answered and the page after it, and for the toast. */
async function submit(page: Page, javaScriptEnabled: boolean, button: string, toast: string) {
  const answered = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: button, exact: true }).click();
  await answered;
  await page.waitForLoadState("load");
  await settle(page, javaScriptEnabled);
  await expect.poll(() => toastText(page)).toContain(toast);
}

describe.each(MODES)("a product's options and variants ($name)", ({ javaScriptEnabled }) => {
  it("adds a Size option, generates its variants, prices them, and the shop offers the choice", async () => {
    const tag = `${javaScriptEnabled ? "on" : "off"}${Date.now().toString(36)}`;
    const name = `Journey Ranunculus ${tag}`;
    const sku = `E2E-V-${tag}`.toUpperCase();
    const { context, page } = await adminPage(javaScriptEnabled, "/admin/products/new");
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("SKU", { exact: true }).fill(sku);
    await page.getByLabel("Price", { exact: true }).fill("40");
    await page.getByLabel("Stock", { exact: true }).fill("3");
    await submit(page, javaScriptEnabled, "Create product", `Product ${name} created.`);
    const productPath = (await page.locator("#admin-title ~ p a[href^='/product/']").getAttribute("href"))!;
    const editPath = new URL(page.url()).pathname;
    const variants = page.getByRole("region", { name: "Variants" });
    expect(await variants.innerText()).toContain("This product has no options");

    // An option without values is refused under its field.
    await page.getByLabel("Option name", { exact: true }).fill("Size");
    await page.getByRole("button", { name: "Save options", exact: true }).click();
    await expect
      .poll(() => page.locator("[id='options.0.values-error']").textContent())
      .toBe("An option needs at least one value.");
    expect(await page.getByLabel("Option name", { exact: true }).inputValue()).toBe("Size");

    await page.getByLabel("Option values", { exact: true }).fill("Small, Large");
    await submit(page, javaScriptEnabled, "Save options", `Options of ${name} saved.`);
    await expect.poll(() => variants.innerText()).toContain("No variants yet");

    await submit(page, javaScriptEnabled, "Generate variants", "2 variants generated: set their prices and stock.");
    // With JavaScript the page follows the redirect in place: the values are polled until it has.
    await expect.poll(() => page.getByLabel("SKU of Size: Small", { exact: true }).inputValue()).toBe(`${sku}-S`);
    expect(await page.getByLabel("Price of Size: Large", { exact: true }).inputValue()).toBe("40.00");

    await page.getByLabel("Price of Size: Large", { exact: true }).fill("58");
    await submit(page, javaScriptEnabled, "Save variants", `Variants of ${name} saved.`);
    await expect.poll(() => page.getByLabel("Price of Size: Large", { exact: true }).inputValue()).toBe("58.00");

    await page.getByLabel("Select Size: Small", { exact: true }).check();
    await page.getByLabel("Select Size: Large", { exact: true }).check();
    await page.getByLabel("Stock", { exact: true }).fill("5");
    await submit(page, javaScriptEnabled, "Set stock", `Variants of ${name} saved.`);
    await expect.poll(() => page.getByLabel("Stock of Size: Large", { exact: true }).inputValue()).toBe("5");
    // The product's own figures are now the variants'.
    const pricing = () => page.getByRole("region", { name: "Price and stock" }).innerText();
    await expect.poll(pricing).toContain("10 in total");
    expect(await pricing()).toMatch(/From\s+\$40\.00/);

    // The shop: the product page offers the size choice.
    await open(page, productPath, javaScriptEnabled);
    const size = page.getByRole("group", { name: "Size" });
    expect(await size.getByRole("radio").count()).toBe(2);
    expect(await size.innerText()).toContain("Small");
    expect(await size.innerText()).toContain("Large");

    // Archived again, so the shop's journeys that open the newest product never meet it.
    await open(page, editPath, javaScriptEnabled);
    await submit(page, javaScriptEnabled, "Archive", `${name} is archived: it has left the shop.`);
    await context.close();
  });
});

// axe runs inside the page: JavaScript on.
describe("accessibility of the Options and Variants sections", () => {
  it("has no axe violations on a product with options", async () => {
    const { context, page } = await adminPage(true, "/admin/products");
    await open(page, "/admin/products?search=TB-MOM-001", true);
    await page.getByRole("table").getByRole("link").first().click();
    await page.waitForURL((url) => /^\/admin\/products\/\d+$/.test(url.pathname));
    await settle(page, true);
    expect(await page.getByLabel("SKU of Size: Bouquet · Colour: Pink", { exact: true }).inputValue()).toBe(
      "TB-MOM-001-BQ-PK",
    );
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
