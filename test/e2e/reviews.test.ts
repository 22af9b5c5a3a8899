import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ADMIN } from "../fixtures/accounts";
import { axeViolations } from "./axe";
import { MODES, newPage, open, registerAccount, settle, submitLogin, toastText, useBrowser } from "./browser";

// A new customer reviews a seeded bouquet (no delivered order: it waits), staff approve it at
// /admin/reviews, and the product page shows it with its count one higher. JavaScript on and off.
// No other e2e file reads this product's reviews or its count; the count is read before, never assumed.

const browser = useBrowser();
const PRODUCT = "/product/lavender-field-vase";

let counter = 0;
const unique = (mode: string) => `${mode}-${Date.now().toString(36)}-${++counter}`;

/** "12 reviews" from the rating line under the name (0 for "No reviews yet"). */
async function reviewCount(page: Page): Promise<number> {
  const line = await page.getByTestId("product-rating").innerText();
  if (line.includes("No reviews yet")) return 0;
  const match = /(\d+) reviews?/.exec(line);
  if (!match) throw new Error(`no review count in ${JSON.stringify(line)}`);
  return Number(match[1]);
}

describe.each(MODES)("product reviews ($name)", ({ javaScriptEnabled }) => {
  const mode = javaScriptEnabled ? "js" : "nojs";

  it("a new customer writes a review that waits; staff approve it; the product page shows it and the new count", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    const title = `Soft as velvet ${unique(mode)}`;

    // A guest is asked to log in.
    await open(page, PRODUCT, javaScriptEnabled);
    const before = await reviewCount(page);
    const login = page.getByRole("link", { name: "Log in to write a review" });
    expect(await login.getAttribute("href")).toBe(`/login?redirectTo=${encodeURIComponent(PRODUCT)}`);

    await registerAccount(page, javaScriptEnabled, {
      firstName: "Wren",
      lastName: "Ashdown",
      email: `reviewer-${unique(mode)}@example.com`,
    });
    await open(page, PRODUCT, javaScriptEnabled);
    const form = page.locator("form", { has: page.getByRole("button", { name: "Submit review" }) });

    // Nothing chosen: the messages under the fields and a toast; what was typed stays.
    await form.getByLabel("Title", { exact: true }).fill(title);
    await form.getByRole("button", { name: "Submit review" }).click();
    await expect
      .poll(() =>
        page
          .locator("#review-rating-error")
          .innerText()
          .catch(() => ""),
      )
      .toBe("Please choose a rating from 1 to 5 stars.");
    expect(await page.locator("#review-body-error").innerText()).toBe("The review field is required.");
    await expect.poll(() => toastText(page)).toContain("Please fix the errors in your review.");
    expect(await form.getByLabel("Title", { exact: true }).inputValue()).toBe(title);
    await settle(page, javaScriptEnabled);

    await form.getByRole("radio", { name: /^4 stars/ }).check();
    await form
      .getByLabel("Your review", { exact: true })
      .fill("The petals are soft and the stems hold their shape.\n\nIt brightens the hall.");
    await form.getByRole("button", { name: "Submit review" }).click();
    await expect.poll(() => toastText(page)).toContain("Thank you! Your review is waiting for approval.");
    await expect
      .poll(() =>
        page
          .getByTestId("own-review")
          .innerText()
          .catch(() => ""),
      )
      .toContain("Your review is waiting for approval.");
    expect(await reviewCount(page)).toBe(before);
    expect(await page.getByText(title).count()).toBe(0);
    await settle(page, javaScriptEnabled);
    await context.close();

    // Staff approve it in the back office.
    const staff = await newPage(browser(), javaScriptEnabled);
    await open(staff.page, "/login", javaScriptEnabled);
    await submitLogin(staff.page, javaScriptEnabled, ADMIN);
    await open(staff.page, "/admin/reviews", javaScriptEnabled);
    expect(await staff.page.locator("h1").innerText()).toBe("Reviews");
    const item = staff.page.getByTestId("admin-review").filter({ hasText: title });
    expect(await item.innerText()).toContain("Wren A.");
    expect(await item.innerText()).toMatch(/Rated\s+4 out of 5/);
    await item.getByRole("button", { name: /^Approve/ }).click();
    await expect.poll(() => toastText(staff.page)).toContain("Review approved and published.");
    await settle(staff.page, javaScriptEnabled);

    await open(staff.page, PRODUCT, javaScriptEnabled);
    await expect.poll(() => reviewCount(staff.page)).toBe(before + 1);
    const shown = staff.page.getByTestId("review").filter({ hasText: title });
    expect(await shown.innerText()).toContain("Wren A.");
    expect(await shown.innerText()).toContain("It brightens the hall.");
    expect(await staff.page.getByTestId("reviews-count").innerText()).toBe(
      `Based on ${before + 1} ${before + 1 === 1 ? "review" : "reviews"}`,
    );
    await staff.context.close();
  });
});

describe("product reviews: accessibility", () => {
  it("has no axe violations on a product page with reviews, as a guest and with the form's errors", async () => {
    const { context, page } = await newPage(browser(), true);
    await open(page, PRODUCT, true);
    expect(await page.getByTestId("review").count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);

    await registerAccount(page, true, {
      firstName: "Wren",
      lastName: "Ashdown",
      email: `reviewer-axe-${unique("axe")}@example.com`,
    });
    await open(page, "/product/mamas-lavender-posy", true);
    await page.getByRole("button", { name: "Submit review" }).click();
    await expect
      .poll(() =>
        page
          .locator("#review-rating-error")
          .innerText()
          .catch(() => ""),
      )
      .not.toBe("");
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
