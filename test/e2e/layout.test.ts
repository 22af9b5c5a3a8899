import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { MODES, newPage, useBrowser } from "./browser";

const browser = useBrowser();

describe.each(MODES)("shared chrome ($name)", ({ javaScriptEnabled }) => {
  it("opens and closes the mobile menu on a phone and follows its links", async () => {
    const context = await browser().newContext({
      javaScriptEnabled,
      baseURL: process.env.E2E_BASE_URL,
      viewport: { width: 360, height: 740 },
    });
    const page = await context.newPage();
    await page.goto("/");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu.isVisible()).resolves.toBe(false);
    await page.getByText("Menu", { exact: true }).click();
    await expect(menu.isVisible()).resolves.toBe(true);
    for (const label of ["Home", "Shop", "Categories", "Blog", "About", "Contact", "Login", "Register"]) {
      await expect(menu.getByRole("link", { name: label, exact: true }).isVisible()).resolves.toBe(true);
    }
    // A guest's account entries are Login and Register only.
    for (const label of ["Profile", "My Orders", "Admin"]) {
      expect(await menu.getByRole("link", { name: label, exact: true }).count()).toBe(0);
    }
    expect(await menu.getByRole("button", { name: "Log out", exact: true }).count()).toBe(0);
    await page.getByText("Menu", { exact: true }).click();
    await expect(menu.isVisible()).resolves.toBe(false);
    await page.getByText("Menu", { exact: true }).click();
    await menu.getByRole("link", { name: "About", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/about");
    await context.close();
  });

  it("shows the footer's links to the privacy policy and the terms", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await page.goto("/");
    const footer = page.locator("footer");
    expect(await footer.getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe("/privacy");
    expect(await footer.getByRole("link", { name: "Terms of Service" }).getAttribute("href")).toBe("/terms");
    await context.close();
  });

  it("opens the cart dropdown: an empty cart, with links to the cart and checkout", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await page.goto("/");
    const header = page.locator("header");
    expect(await header.getByTestId("cart-count").innerText()).toBe("0");
    await header.getByText("Cart", { exact: true }).click();
    await expect(header.getByText("Your cart is empty").isVisible()).resolves.toBe(true);
    expect(await header.getByRole("link", { name: "View Cart" }).getAttribute("href")).toBe("/cart");
    expect(await header.getByRole("link", { name: "Checkout" }).getAttribute("href")).toBe("/checkout");
    await header.getByText("Cart", { exact: true }).click();
    await expect(header.getByText("Your cart is empty").isVisible()).resolves.toBe(false);
    await context.close();
  });
});

describe("accessibility of the not-found page", () => {
  it("has no axe violations", async () => {
    const { context, page } = await newPage(browser(), true);
    await page.goto("/no-such-page");
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
