import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ADMIN } from "../fixtures/accounts";
import { axeViolations } from "./axe";
import { cartCount, MODES, newPage, open, settle, submitLogin, toastText, useBrowser } from "./browser";

/**
 * Categories and coupons in the browser, JavaScript on and off: the admin creates a category with
 * an uploaded image and finds it on /categories; creates a coupon and applies it at checkout; axe
 * finds nothing on the category form (empty, and sent back with mistakes). Every row here is new
 * (a random suffix): the seeded categories and coupons other journeys read are left alone.
 */
const browser = useBrowser();

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
/** A seeded bouquet with stock to spare that no journey buys here (adding to a cart takes no stock). */
const PRODUCT = { slug: "single-forever-rose", name: "Single Forever Rose" };

const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function adminPage(javaScriptEnabled: boolean, path: string) {
  const { context, page } = await newPage(browser(), javaScriptEnabled);
  await open(page, `/login?redirectTo=${encodeURIComponent(path)}`, javaScriptEnabled);
  await submitLogin(page, javaScriptEnabled, ADMIN);
  await page.waitForURL((url) => url.pathname === path.split("?")[0]);
  await settle(page, javaScriptEnabled);
  return { context, page };
}

const newCategoryForm = (page: Page) => page.getByRole("form", { name: "Create category" });

describe.each(MODES)("the back office's catalogue ($name)", ({ javaScriptEnabled }) => {
  it("creates a category with an uploaded image, and the shop's category list shows it", async () => {
    const { context, page } = await adminPage(javaScriptEnabled, "/admin/categories");
    expect(await page.locator("h1").innerText()).toBe("Categories");
    const name = `Fuzzy Dahlias ${suffix()}`;
    const form = newCategoryForm(page);

    // A mistake first: the message under the field and a toast, nothing created.
    await form.getByLabel("Slug", { exact: true }).fill("Not a slug");
    await form.getByRole("button", { name: "Create category" }).click();
    await expect.poll(() => toastText(page)).toContain("Please fix the errors in the form");
    await expect.poll(() => page.locator("#name-error").innerText()).toBe("Name is required");
    expect(await page.locator("#slug-error").innerText()).toBe(
      "The slug may only contain lowercase letters, numbers and hyphens.",
    );
    await settle(page, javaScriptEnabled);

    await form.getByLabel("Name", { exact: true }).fill(name);
    await form.getByLabel("Slug", { exact: true }).fill("");
    await form.getByLabel("Description", { exact: true }).fill("Pompom dahlias in every colour.");
    await form
      .locator('input[name="image_file"]')
      .setInputFiles({ name: "dahlias.png", mimeType: "image/png", buffer: PNG });
    await form.getByRole("button", { name: "Create category" }).click();
    await page.waitForURL((url) => /^\/admin\/categories\/\d+$/.test(url.pathname));
    const editPath = new URL(page.url()).pathname;
    await expect.poll(() => toastText(page)).toContain(`Category "${name}" created.`);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    await settle(page, javaScriptEnabled);

    await open(page, "/categories", javaScriptEnabled);
    const link = page.getByRole("link", { name, exact: true });
    await link.waitFor();
    const card = page.locator("article").filter({ has: link });
    expect(await card.locator("img").first().getAttribute("src")).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
    await link.click();
    await page.waitForURL((url) => url.pathname.startsWith("/categories/"));
    // With JavaScript the address changes a moment before the new page renders.
    await page.getByRole("heading", { level: 1, name }).waitFor();
    await settle(page, javaScriptEnabled);

    // No product uses it: deleting it takes it out of the shop (and out of the other journeys' way).
    await open(page, editPath, javaScriptEnabled);
    await page.getByRole("button", { name: "Delete category" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/categories");
    await expect.poll(() => toastText(page)).toContain(`Category "${name}" deleted.`);
    await settle(page, javaScriptEnabled);
    await open(page, "/categories", javaScriptEnabled);
    expect(await page.getByRole("link", { name, exact: true }).count()).toBe(0);
    await context.close();
  });

  it("creates a coupon that the checkout applies at once", async () => {
    const { context, page } = await adminPage(javaScriptEnabled, "/admin/coupons");
    const code = `E2E${suffix()}`.toUpperCase();
    await page.locator("#new-code").fill(code);
    await page.locator("#new-name").fill("Browser bunch");
    await page.locator("#new-type").selectOption("percentage");
    await page.locator("#new-value").fill("20");
    await page.getByRole("button", { name: "Create coupon" }).click();
    await expect.poll(() => toastText(page)).toContain(`Coupon ${code} created.`);
    await page.getByRole("cell", { name: code, exact: true }).waitFor();
    await settle(page, javaScriptEnabled);

    await open(page, `/product/${PRODUCT.slug}`, javaScriptEnabled);
    const before = Number(await cartCount(page));
    await page
      .locator("main")
      .getByRole("button", { name: /^Add to Cart/ })
      .first()
      .click();
    // The server's answer (its toast), not only the optimistic count.
    await expect.poll(() => toastText(page)).toContain(`${PRODUCT.name} added to cart!`);
    await expect.poll(() => cartCount(page)).toBe(String(before + 1));
    await settle(page, javaScriptEnabled);
    await open(page, "/checkout", javaScriptEnabled);
    await page.getByLabel("Coupon code", { exact: true }).fill(code.toLowerCase());
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    const applied = page.getByTestId("applied-coupon");
    await applied.waitFor();
    expect(await applied.innerText()).toContain(code);
    expect(await applied.innerText()).toContain("Browser bunch");
    await context.close();
  });
});

describe("the category form's accessibility", () => {
  it("has no axe violations, empty and sent back with mistakes", async () => {
    const { context, page } = await adminPage(true, "/admin/categories");
    expect(await axeViolations(page)).toEqual([]);
    await newCategoryForm(page).getByRole("button", { name: "Create category" }).click();
    await expect.poll(() => page.locator("#name-error").count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
