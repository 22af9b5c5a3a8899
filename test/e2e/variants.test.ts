import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { cartCount, MODES, newPage, open, useBrowser } from "./browser";

// Choosing a size and colour of one bouquet (design/gifting.md section 1), as a shopper does it:
// with JavaScript the chips change the variant in place and the URL follows; without it the same
// form is sent with its "Show" button and the server answers with the variant's URL.

const SLUG = "blush-garden-bouquet";

const browser = useBrowser();

const chip = (page: Page, option: string, value: string) =>
  page.getByRole("group", { name: option }).locator("label", { hasText: value });
const radio = (page: Page, option: string, value: string) =>
  page.getByRole("group", { name: option }).getByRole("radio", { name: new RegExp(`^${value}`) });
const mainText = (page: Page) => page.locator("main").innerText();

describe.each(MODES)("choosing a variant ($name)", ({ javaScriptEnabled }) => {
  it("chooses Grand in Pink: its price and SKU, White disabled with its reason, then adds it to the cart", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await open(page, `/product/${SLUG}`, javaScriptEnabled);
    expect(await radio(page, "Size", "Bouquet").isChecked()).toBe(true);
    expect(await radio(page, "Colour", "Pink").isChecked()).toBe(true);
    const show = page.getByRole("button", { name: "Show", exact: true });
    expect(await show.count()).toBe(javaScriptEnabled ? 0 : 1);

    // Scrolled down, the chip in view (as the click would bring it): choosing keeps it where it
    // is on the screen (no jump to the top; the browser keeps it steady when the sale badge above goes).
    await page.evaluate(() => window.scrollTo(0, 200));
    await chip(page, "Size", "Grand").hover();
    const chipTop = async () => (await chip(page, "Size", "Grand").boundingBox())!.y;
    const before = await chipTop();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await chip(page, "Size", "Grand").click();
    if (!javaScriptEnabled) await show.click();
    await page.waitForURL((url) => url.searchParams.has("variant"));
    await expect.poll(() => mainText(page)).toContain("TB-MOM-001-GR-PK");
    if (javaScriptEnabled) {
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      expect(Math.abs((await chipTop()) - before)).toBeLessThan(2);
    }
    const url = new URL(page.url());
    expect(url.pathname).toBe(`/product/${SLUG}`);
    expect([...url.searchParams.keys()]).toEqual(["variant"]);

    const text = await mainText(page);
    expect(text).toContain("$89.00");
    expect(text).not.toContain("On Sale");
    expect(await radio(page, "Size", "Grand").isChecked()).toBe(true);
    expect(await radio(page, "Colour", "Pink").isChecked()).toBe(true);
    expect(await radio(page, "Colour", "White").isDisabled()).toBe(true);
    expect(await chip(page, "Colour", "White").innerText()).toContain("Not made in Grand");
    expect(await page.locator('form[action="/cart"] input[name="variant_id"]').inputValue()).toBe(
      url.searchParams.get("variant"),
    );
    // Axe runs in the page: with JavaScript only.
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: /^Add to Cart/ }).click();
    await expect.poll(() => cartCount(page)).toBe("1");
    await context.close();
  });

  it("goes back to Bouquet in place, and the URL follows", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await open(page, `/product/${SLUG}?Size=Grand&Colour=Pink`, javaScriptEnabled);
    expect(new URL(page.url()).searchParams.has("variant")).toBe(true);
    await chip(page, "Size", "Bouquet").click();
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Show", exact: true }).click();
    await expect.poll(() => mainText(page)).toContain("TB-MOM-001-BQ-PK");
    expect(await mainText(page)).toContain("$54.00");
    expect(new URL(page.url()).searchParams.has("variant")).toBe(true);
    await context.close();
  });
});

describe("Quick View offers the options (JavaScript on)", () => {
  it("shows the options' form and opens the product at the chosen variant", async () => {
    const { context, page } = await newPage(browser(), true);
    await open(page, "/products?search=Blush+Garden", true);
    const card = page.locator("main article", { hasText: "Blush Garden Bouquet" }).first();
    expect(await card.innerText()).toContain("From $54.00");
    await card.getByRole("button", { name: /^Quick View/ }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain("From $54.00");
    await dialog.getByRole("group", { name: "Size" }).locator("label", { hasText: "Grand" }).click();
    await dialog.getByRole("button", { name: "Show", exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/product/${SLUG}` && url.searchParams.has("variant"));
    await expect.poll(() => mainText(page)).toContain("TB-MOM-001-GR-PK");
    await context.close();
  });
});
