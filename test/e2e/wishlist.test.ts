import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import {
  cartCount,
  MODES,
  newPage,
  open,
  registerAccount,
  settle,
  submitLogin,
  toastText,
  useBrowser,
} from "./browser";

// The wishlist in the browser, JavaScript on and off: a guest's heart through the login and back
// with the product saved; a shopper's hearts on the products list and the product page, the
// wishlist opened from the profile, one product moved to the cart, one removed. Every journey
// registers its own customer: the seeded customer's wishlist is left alone.

const browser = useBrowser();

let counter = 0;
const uniqueEmail = (mode: string) => `wishlist-${mode}-${Date.now().toString(36)}-${++counter}@example.com`;
const PASSWORD = "Petals2024";

/** Seeded products, found by search so that products other journeys add never push them off the page. */
const BLUSH = { name: "Blush Garden Bouquet", slug: "blush-garden-bouquet" };
const POSY = { name: "Forget-Me-Not Remembrance Posy", slug: "forget-me-not-remembrance-posy" };

const saveHeart = (page: Page, name: string) =>
  page.getByRole("button", { name: `Save ${name} to your wishlist`, exact: true });
const removeHeart = (page: Page, name: string) =>
  page.getByRole("button", { name: `Remove ${name} from your wishlist`, exact: true });

/** Registers a new customer through the page (which logs this context in). */
/** A wishlist page button: its word, then ": {name}" for screen readers (Chromium may put a space before the colon). */
const itemButton = (page: Page, word: string, name: string) =>
  page.getByRole("button", { name: new RegExp(`^${word} ?: ${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) });

/** The names on the wishlist page, in order. */
const savedNames = (page: Page) =>
  page.getByRole("list", { name: "Saved products" }).getByRole("heading", { level: 2 }).allInnerTexts();

describe.each(MODES)("the wishlist ($name)", ({ javaScriptEnabled }) => {
  const mode = javaScriptEnabled ? "js" : "nojs";

  it("a guest presses a heart, logs in, and comes back with the product saved", async () => {
    const email = uniqueEmail(`guest-${mode}`);
    {
      // The account exists already; this journey's browser has never used it.
      const { context, page } = await newPage(browser(), javaScriptEnabled);
      await registerAccount(page, javaScriptEnabled, {
        firstName: "Wren",
        lastName: "Wisher",
        email,
        password: PASSWORD,
      });
      await context.close();
    }
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await open(page, `/products?search=${encodeURIComponent(BLUSH.name)}`, javaScriptEnabled);
    const heart = saveHeart(page, BLUSH.name);
    expect(await heart.getAttribute("aria-pressed")).toBe("false");
    await heart.click();
    await page.waitForURL((url) => url.pathname === "/login");
    await settle(page, javaScriptEnabled);
    await expect.poll(() => toastText(page)).toContain("Please log in to save it to your wishlist.");

    await submitLogin(page, javaScriptEnabled, { email, password: PASSWORD });
    if (!javaScriptEnabled) {
      // Without JavaScript the page back from the login asks for one press: a GET saves nothing.
      expect(new URL(page.url()).pathname).toBe("/wishlist/add");
      await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Save to your wishlist");
      await page.getByRole("button", { name: "Save to wishlist", exact: true }).click();
    }
    await page.waitForURL((url) => url.pathname === "/products");
    await settle(page, javaScriptEnabled);
    expect(new URL(page.url()).searchParams.get("search")).toBe(BLUSH.name);
    await expect.poll(() => toastText(page)).toContain("Saved to your wishlist.");
    expect(await removeHeart(page, BLUSH.name).getAttribute("aria-pressed")).toBe("true");

    await open(page, "/wishlist", javaScriptEnabled);
    expect(await savedNames(page)).toEqual([BLUSH.name]);
    await context.close();
  });

  it("a shopper hearts products on the list and the product page, opens the wishlist from the profile, moves one to the cart", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await registerAccount(page, javaScriptEnabled, {
      firstName: "Wren",
      lastName: "Wisher",
      email: uniqueEmail(`user-${mode}`),
      password: PASSWORD,
    });

    // From the products list.
    await open(page, `/products?search=${encodeURIComponent(BLUSH.name)}`, javaScriptEnabled);
    await saveHeart(page, BLUSH.name).click();
    // With JavaScript the heart fills without leaving the page; without it the page comes back.
    await expect.poll(() => removeHeart(page, BLUSH.name).getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => toastText(page)).toContain("Saved to your wishlist.");
    expect(new URL(page.url()).pathname).toBe("/products");
    await settle(page, javaScriptEnabled);

    // From the product page.
    await open(page, `/product/${POSY.slug}`, javaScriptEnabled);
    await saveHeart(page, POSY.name).click();
    await expect.poll(() => removeHeart(page, POSY.name).getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => toastText(page)).toContain("Saved to your wishlist.");
    expect(new URL(page.url()).pathname).toBe(`/product/${POSY.slug}`);
    await settle(page, javaScriptEnabled);

    // The profile's Wishlist button opens it: newest first.
    await open(page, "/profile", javaScriptEnabled);
    await page.getByRole("link", { name: "Wishlist", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/wishlist");
    await settle(page, javaScriptEnabled);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("My Wishlist");
    expect(await savedNames(page)).toEqual([POSY.name, BLUSH.name]);
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);

    // A bouquet sold in sizes or colours is chosen on its page; the other moves to the cart, off the wishlist.
    expect(
      await page.getByRole("link", { name: new RegExp(`^Choose options ?: ${BLUSH.name}$`) }).getAttribute("href"),
    ).toBe(`/product/${BLUSH.slug}`);
    await itemButton(page, "Move to cart", POSY.name).click();
    await expect.poll(() => toastText(page)).toContain(`${POSY.name} added to cart!`);
    await expect.poll(() => savedNames(page)).toEqual([BLUSH.name]);
    expect(await cartCount(page)).toBe("1");
    await settle(page, javaScriptEnabled);

    // Remove: the wishlist is empty, with the way back to the shop.
    await itemButton(page, "Remove", BLUSH.name).click();
    await expect.poll(() => toastText(page)).toContain("Removed from your wishlist.");
    await expect.poll(() => page.getByText("Your wishlist is empty").count()).toBe(1);
    await settle(page, javaScriptEnabled);
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
    expect(await page.getByRole("link", { name: "Browse Products", exact: true }).getAttribute("href")).toBe(
      "/products",
    );

    await open(page, "/cart", javaScriptEnabled);
    await expect.poll(() => page.getByRole("link", { name: POSY.name, exact: true }).count()).toBeGreaterThan(0);
    await context.close();
  });
});
