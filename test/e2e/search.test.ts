import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { MODES, newPage, open, settle, useBrowser } from "./browser";

// The shoppers' search in a browser, JavaScript on and off: the header's box (a plain GET form
// without JavaScript, a combobox with suggestions with it), the facets, a tutorial found.

const browser = useBrowser();

const countText = (page: Page) => page.getByText(/^\d+-\d+ of \d+ products$/).innerText();
const cardNames = (page: Page) => page.locator("main article h3").allInnerTexts();
const headerBox = (page: Page) => page.locator("header").getByRole("search").locator("input[name=q]");

describe.each(MODES)("search ($name)", ({ javaScriptEnabled }) => {
  it("searches from the header, and filters the results by a category", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await open(page, "/", javaScriptEnabled);
    await headerBox(page).fill("roses");
    await headerBox(page).press("Enter");
    await page.waitForURL((url) => url.pathname === "/search" && url.searchParams.get("q") === "roses");
    await settle(page, javaScriptEnabled);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Search results for “roses”");
    expect((await cardNames(page))[0]!.toLowerCase()).toContain("rose");
    const total = Number(/of (\d+) products/.exec(await countText(page))?.[1]);

    const facet = page.getByRole("group", { name: "Category" }).getByRole("checkbox").first();
    const label = await page.getByRole("group", { name: "Category" }).locator("label").first().innerText();
    const count = Number(/\((\d+)\)/.exec(label)?.[1]);
    expect(count).toBeLessThan(total);
    await facet.check();
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply Filters" }).click();
    await page.waitForURL((url) => url.searchParams.has("category") && url.searchParams.get("q") === "roses");
    await expect.poll(() => countText(page)).toBe(`1-${count} of ${count} products`);

    await page.getByRole("link", { name: "Clear All Filters" }).click();
    await page.waitForURL((url) => !url.searchParams.has("category") && url.searchParams.get("q") === "roses");
    await expect.poll(() => countText(page)).toBe(`1-12 of ${total} products`);
    await context.close();
  });

  it("finds a tutorial", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await open(page, "/search?q=sunflowers", javaScriptEnabled);
    const tutorials = page.getByRole("region", { name: "Tutorials" });
    await tutorials.getByRole("link", { name: "Easy Pipe-Cleaner Sunflowers in Fifteen Minutes" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/blog/"));
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).innerText())
      .toBe("Easy Pipe-Cleaner Sunflowers in Fifteen Minutes");
    await context.close();
  });
});

describe("accessibility of the search page", () => {
  for (const path of ["/search?q=rose", "/search?q=lavendar", "/search"]) {
    it(`${path} has no axe violations`, async () => {
      const { context, page } = await newPage(browser(), true);
      await open(page, path, true);
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });
  }
});

describe("the header's suggestions (JavaScript on)", () => {
  it("suggests while typing; arrow down and Enter follow a suggestion, Escape closes then clears", async () => {
    const { context, page } = await newPage(browser(), true);
    await open(page, "/", true);
    const box = page.getByRole("combobox", { name: "Search the shop" });
    await box.pressSequentially("sunfl", { delay: 30 });
    const listbox = page.getByRole("listbox", { name: "Suggestions" });
    await listbox.waitFor();
    expect(await box.getAttribute("aria-expanded")).toBe("true");
    const options = listbox.getByRole("option");
    expect(await options.count()).toBeGreaterThan(0);
    expect(await options.count()).toBeLessThanOrEqual(8);
    await expect.poll(() => page.locator("header [role=status]").innerText()).toMatch(/^\d+ suggestions?$/);
    expect(await listbox.locator("mark").count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("main").click({ position: { x: 5, y: 5 } });
    expect(await box.getAttribute("aria-expanded")).toBe("false");
    await box.press("ArrowDown");
    expect(await box.getAttribute("aria-expanded")).toBe("true");

    await box.press("Escape");
    expect(await box.getAttribute("aria-expanded")).toBe("false");
    expect(await box.inputValue()).toBe("sunfl");
    await box.press("Escape");
    expect(await box.inputValue()).toBe("");

    // The answer for the whole word, not an earlier one's still shown, before choosing.
    const answered = page.waitForResponse((response) => response.url().endsWith("/api/search/suggest?q=sunfl"));
    await box.pressSequentially("sunfl", { delay: 30 });
    await answered;
    await listbox.waitFor();
    await box.press("ArrowDown");
    const first = options.first();
    expect(await first.getAttribute("aria-selected")).toBe("true");
    expect(await box.getAttribute("aria-activedescendant")).toBe(await first.getAttribute("id"));
    const title = (await first.locator("span span").first().innerText()).trim();
    await box.press("Enter");
    await page.waitForURL((url) => /^\/(product|categories|blog)\//.test(url.pathname));
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe(title);
    await context.close();
  });
});
