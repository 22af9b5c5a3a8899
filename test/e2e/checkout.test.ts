import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { CUSTOMER } from "../fixtures/accounts";
import { axeViolations } from "./axe";
import {
  addToCart,
  BASE_URL,
  cartCount,
  messageUnder,
  MODES,
  newPage,
  open,
  settle,
  submitLogin,
  toastText,
  useBrowser,
} from "./browser";

/**
 * Seeded bouquets with plenty in stock (db/seed/data/products.ts: 50 to 60 each), so the orders
 * these journeys and others place never run them out. Each journey buys its own.
 */
const GUEST_PRODUCT = { slug: "little-cactus-trio", name: "Little Cactus Trio" };
const SHOPPER_PRODUCTS = [
  { slug: "gentlemans-boutonniere", name: "Gentleman's Boutonniere" },
  { slug: "school-spirit-mini-bunch", name: "School Spirit Mini Bunch" },
];
const AXE_PRODUCT = { slug: "single-forever-rose", name: "Single Forever Rose" };

const browser = useBrowser();
beforeAll(async () => {
  // The chosen products exist and have stock to spare (a clear failure here beats a confusing one later).
  for (const { slug } of [GUEST_PRODUCT, ...SHOPPER_PRODUCTS, AXE_PRODUCT]) {
    const response = await fetch(`${BASE_URL}/api/products/slug/${slug}`);
    expect(response.status, slug).toBe(200);
    const body = (await response.json()) as { data: { stock: number } };
    expect(body.data.stock, slug).toBeGreaterThanOrEqual(5);
  }
});

async function logIn(page: Page, javaScriptEnabled: boolean) {
  await open(page, "/login", javaScriptEnabled);
  await submitLogin(page, javaScriptEnabled, CUSTOMER);
}

const summary = (page: Page) => page.locator('section[aria-labelledby="summary-heading"]');
const figure = (page: Page, testId: "discount" | "shipping" | "total") =>
  summary(page)
    .getByTestId(testId)
    .innerText()
    .then((t) => t.trim());
/** The summary's lines ("Subtotal $28.00", "VAT (18%) $4.54", ...), one string each. */
const summaryLines = (page: Page) =>
  summary(page)
    .locator("dl > div")
    .allInnerTexts()
    .then((lines) => lines.map((line) => line.replace(/\s+/g, " ").trim()));
/** "$1,234.56" (or "−$2.80") to cents. */
const cents = (text: string) => {
  const match = /(\d[\d,]*)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`No amount in "${text}"`);
  return Number(match[1]!.replace(/,/g, "")) * 100 + Number(match[2]);
};

const ORDER_NUMBER = /TB-\d{6}-[A-HJ-NP-Z2-9]{5}/;

describe.each(MODES)("checkout ($name)", ({ javaScriptEnabled }) => {
  it("a guest checks out: required fields, coupons, shipping method, then the confirmation page", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await addToCart(page, javaScriptEnabled, GUEST_PRODUCT, 1);

    await open(page, "/cart", javaScriptEnabled);
    await page.getByRole("link", { name: "Proceed to Checkout", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/checkout");
    // With JavaScript the address changes a moment before the new page renders.
    await page.getByRole("heading", { level: 1, name: "Checkout", exact: true }).waitFor();
    await summary(page).waitFor();
    await settle(page, javaScriptEnabled);
    expect(await summary(page).innerText()).toContain(GUEST_PRODUCT.name);
    // Cash on delivery is the only payment, Sri Lanka the default country, standard delivery the default method.
    expect(await page.getByText("Cash on Delivery", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByLabel("Country", { exact: true }).inputValue()).toBe("LK");
    expect(await page.getByRole("radio", { name: /Standard Delivery/ }).isChecked()).toBe(true);
    expect(await figure(page, "shipping")).toBe("$5.99");
    expect(await summary(page).getByTestId("discount").count()).toBe(0);
    const startTotal = await figure(page, "total");

    // Place Order with nothing filled in: a message under each required field and a toast.
    await page.getByRole("button", { name: "Place Order", exact: true }).click();
    const firstName = page.getByLabel("First name", { exact: true });
    await expect.poll(() => messageUnder(page, firstName)).toBe("First name is required");
    expect(await firstName.getAttribute("aria-invalid")).toBe("true");
    expect(await messageUnder(page, page.getByLabel("Last name", { exact: true }))).toBe("Last name is required");
    expect(await messageUnder(page, page.getByLabel("Email", { exact: true }))).toBe("Email is required");
    expect(await messageUnder(page, page.getByLabel("Address", { exact: true }))).toContain("Address is required");
    expect(await messageUnder(page, page.getByLabel("City", { exact: true }))).toContain("City is required");
    await expect.poll(() => toastText(page)).toContain("Please fix the errors in the form");
    expect(new URL(page.url()).pathname).toBe("/checkout");
    await settle(page, javaScriptEnabled);

    // An expired coupon is refused with a reason.
    const couponField = page.getByLabel("Coupon code", { exact: true });
    await couponField.fill("SPRING24");
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await expect.poll(() => messageUnder(page, couponField)).toContain("Invalid coupon code");
    expect(await page.getByTestId("applied-coupon").count()).toBe(0);
    expect(await figure(page, "total")).toBe(startTotal);
    await settle(page, javaScriptEnabled);

    // WELCOME10: 10% off the subtotal, shown in the coupon box and the summary.
    await page.getByLabel("Coupon code", { exact: true }).fill("welcome10");
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    const applied = page.getByTestId("applied-coupon");
    await applied.waitFor();
    const appliedText = await applied.innerText();
    expect(appliedText).toContain("WELCOME10");
    expect(appliedText).toContain("Welcome 10% Off");
    expect(appliedText).toContain("10% off");
    expect(await applied.getByRole("button", { name: "Remove", exact: true }).isVisible()).toBe(true);
    const subtotalLine = (await summaryLines(page)).find((line) => line.startsWith("Subtotal"))!;
    const discount = await figure(page, "discount");
    expect(cents(discount)).toBe(Math.round(cents(subtotalLine) / 10));
    expect(appliedText).toContain(discount.replace(/^\D+/, "$"));
    const discountedTotal = await figure(page, "total");
    expect(cents(discountedTotal)).toBeLessThan(cents(startTotal));
    await settle(page, javaScriptEnabled);

    // Express delivery: $14.99, and the total follows (in place with JavaScript, by a button without).
    await page.getByRole("radio", { name: /Express Delivery/ }).check();
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Update shipping", exact: true }).click();
    await expect.poll(() => figure(page, "shipping")).toBe("$14.99");
    await expect.poll(() => figure(page, "total")).not.toBe(discountedTotal);
    expect(cents(await figure(page, "total")) - cents(discountedTotal)).toBe(1499 - 599);
    expect(await page.getByRole("radio", { name: /Express Delivery/ }).isChecked()).toBe(true);
    expect(await page.getByTestId("applied-coupon").isVisible()).toBe(true);
    await settle(page, javaScriptEnabled);

    // The shipping information, then the order.
    await page.getByLabel("First name", { exact: true }).fill("Rosa");
    await page.getByLabel("Last name", { exact: true }).fill("Petal");
    await page.getByLabel("Email", { exact: true }).fill("rosa.petal@example.com");
    await page.getByLabel("Phone", { exact: true }).fill("+94 77 765 4321");
    await page.getByLabel("Address", { exact: true }).fill("12 Flower Lane");
    await page.getByLabel("City", { exact: true }).fill("Kandy");
    await page.getByLabel("Order notes (optional)").fill("Please ring twice.");
    const total = await figure(page, "total");
    await page.getByRole("button", { name: "Place Order", exact: true }).click();

    await page.waitForURL((url) => url.pathname.startsWith("/order-confirmation/"));
    const url = new URL(page.url());
    expect(url.searchParams.get("sig")).toBeTruthy();
    await page.getByRole("heading", { name: "Thank you for your order!" }).waitFor();
    const number = (await page.getByTestId("order-number").innerText()).trim();
    expect(number).toMatch(new RegExp(`^${ORDER_NUMBER.source}$`));
    expect(url.pathname).toBe(`/order-confirmation/${number}`);
    expect((await page.getByTestId("total").innerText()).trim()).toBe(total);
    expect(await page.locator("main").innerText()).toContain(GUEST_PRODUCT.name);
    await expect.poll(() => toastText(page)).toContain(`Order ${number} placed successfully!`);
    await expect.poll(() => cartCount(page)).toBe("0");

    // The cart is empty now: the checkout says so.
    await open(page, "/checkout", javaScriptEnabled);
    expect(await page.locator("main").getByText("Your cart is empty", { exact: true }).isVisible()).toBe(true);
    await context.close();
  });

  it("a logged-in shopper checks out with the form prefilled and a US address, then finds the order", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await logIn(page, javaScriptEnabled);
    await addToCart(page, javaScriptEnabled, SHOPPER_PRODUCTS[0]!, 1);
    await addToCart(page, javaScriptEnabled, SHOPPER_PRODUCTS[1]!, 2);

    await open(page, "/checkout", javaScriptEnabled);
    if (javaScriptEnabled) await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    expect(await page.getByLabel("First name", { exact: true }).inputValue()).toBe("Casey");
    expect(await page.getByLabel("Last name", { exact: true }).inputValue()).toBe("Customer");
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(CUSTOMER.email);
    expect(await page.getByLabel("City", { exact: true }).inputValue()).toBe("Colombo");
    expect(await page.getByLabel("Address", { exact: true }).inputValue()).not.toBe("");
    expect(await page.getByLabel("Country", { exact: true }).inputValue()).toBe("LK");
    for (const { name } of SHOPPER_PRODUCTS) expect(await summary(page).innerText()).toContain(name);
    expect((await summaryLines(page)).some((line) => line.startsWith("VAT (18%)"))).toBe(true);
    const lkTotal = await figure(page, "total");

    // United States, California: the state's sales tax replaces Sri Lanka's VAT.
    await page.getByLabel("Country", { exact: true }).selectOption({ label: "United States" });
    if (javaScriptEnabled) {
      // The country alone recalculates (the profile's state is not a US one: no tax).
      await expect.poll(async () => (await summaryLines(page)).some((line) => line.startsWith("VAT"))).toBe(false);
      await settle(page, javaScriptEnabled);
    }
    const state = page.getByLabel("State / Province", { exact: true });
    await state.fill("CA");
    if (javaScriptEnabled) await state.blur();
    else await page.getByRole("button", { name: "Update shipping and tax", exact: true }).click();
    await expect
      .poll(async () => (await summaryLines(page)).some((line) => line.startsWith("California Sales Tax (7.25%)")))
      .toBe(true);
    expect((await summaryLines(page)).some((line) => line.startsWith("VAT"))).toBe(false);
    await expect.poll(() => figure(page, "total")).not.toBe(lkTotal);
    expect(await page.getByLabel("Country", { exact: true }).inputValue()).toBe("US");
    expect(await page.getByLabel("State / Province", { exact: true }).inputValue()).toBe("CA");
    expect(await page.getByLabel("First name", { exact: true }).inputValue()).toBe("Casey");
    expect(new URL(page.url()).pathname).toBe("/checkout");
    if (javaScriptEnabled) {
      // In place: the same document, no reload.
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    }
    await settle(page, javaScriptEnabled);
    const total = await figure(page, "total");

    await page.getByRole("button", { name: "Place Order", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/orders");
    await page.locator("[data-toast-type]", { hasText: "placed successfully!" }).first().waitFor({ state: "attached" });
    const number = ORDER_NUMBER.exec(await toastText(page))?.[0];
    expect(number).toBeTruthy();
    expect(await toastText(page)).toContain(`Order ${number} placed successfully!`);
    await expect.poll(() => cartCount(page)).toBe("0");
    await settle(page, javaScriptEnabled);

    // The order is listed with its items and total.
    const listed = page.locator("main li", {
      has: page.getByRole("heading", { name: `Order ${number}`, exact: true }),
    });
    await listed.waitFor();
    const listedText = (await listed.innerText()).replace(/\s+/g, " ");
    for (const { name } of SHOPPER_PRODUCTS) expect(listedText).toContain(name);
    expect(listedText).toContain(`Total: ${total}`);

    // Its own page: items and total.
    await listed.getByRole("link", { name: `View order ${number}`, exact: true }).click();
    await page.waitForURL((url) => /^\/orders\/\d+$/.test(url.pathname));
    await page.getByRole("heading", { level: 1, name: `Order ${number}` }).waitFor();
    const main = await page.locator("main").innerText();
    for (const { name } of SHOPPER_PRODUCTS) expect(main).toContain(name);
    const totalRow = page.locator("dl > div", { has: page.locator("dt", { hasText: /^Total$/ }) });
    expect((await totalRow.locator("dd").innerText()).trim()).toBe(total);
    expect(main).toContain("Cash on Delivery");
    expect(main).toContain("United States");
    await context.close();
  });

  it("an empty cart shows the empty state with a link to the products", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await open(page, "/checkout", javaScriptEnabled);
    const main = page.locator("main");
    expect(await main.getByText("Your cart is empty", { exact: true }).isVisible()).toBe(true);
    expect(await main.getByRole("button", { name: "Place Order" }).count()).toBe(0);
    const link = main.getByRole("link", { name: "Continue Shopping", exact: true });
    expect(await link.getAttribute("href")).toBe("/products");
    await link.click();
    await page.waitForURL((url) => url.pathname === "/products");
    await context.close();
  });
});

describe("checkout accessibility", () => {
  it("has no axe violations on a checkout with items", async () => {
    // axe-core goes in as an inline script, which the pages' Content-Security-Policy (nonce-only
    // scripts) refuses: this context alone sets the policy aside so the audit can run.
    const context = await browser().newContext({ javaScriptEnabled: true, baseURL: BASE_URL, bypassCSP: true });
    const page = await context.newPage();
    await addToCart(page, true, AXE_PRODUCT, 1);
    await open(page, "/checkout", true);
    await summary(page).getByTestId("total").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
