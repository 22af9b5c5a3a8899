import { describe, expect, it } from "vitest";
import { ADMIN } from "../fixtures/accounts";
import { axeViolations } from "./axe";
import { asAdmin, BASE_URL, MODES, settle, toastText, useBrowser } from "./browser";

/**
 * A bulk price change in the browser, JavaScript on and off (issue 31): staff filter the products
 * list, open Change prices, ask for -10% on the price, see the preview (every variant's old and new
 * price, the refused one with why, the bookmark section), apply, and the list shows the new prices
 * with the toast. Only the two products each journey creates (through the API) are changed.
 */

const browser = useBrowser();

async function createProducts(tag: string) {
  const login = await fetch(`${BASE_URL}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  for (const [suffix, price, sale] of [
    ["One", 30, null],
    ["Two", 10, 9.5],
  ] as const) {
    const response = await fetch(`${BASE_URL}/api/admin/products`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({
        name: `Bulk Lilac ${tag} ${suffix}`,
        sku: `E2E-BP-${tag}-${suffix}`.toUpperCase(),
        price,
        sale_price: sale,
        stock: 20,
      }),
    });
    expect(response.status).toBe(201);
  }
}

describe.each(MODES)("a bulk price change ($name)", ({ javaScriptEnabled }) => {
  it("previews -10% on the filtered products with the bookmark, then applies it", async () => {
    const tag = `${javaScriptEnabled ? "on" : "off"}${Date.now().toString(36)}`;
    await createProducts(tag);
    const { context, page } = await asAdmin(browser(), javaScriptEnabled, "/admin/products");
    await page.locator("main").getByRole("searchbox").fill(`Bulk Lilac ${tag}`);
    await page.locator("main").getByRole("searchbox").press("Enter");
    await page.waitForURL((url) => url.searchParams.get("search") === `Bulk Lilac ${tag}`);
    await settle(page, javaScriptEnabled);
    await page.getByRole("link", { name: "Change prices" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/products/bulk-price");
    await settle(page, javaScriptEnabled);

    await page.getByRole("radio", { name: "Price", exact: true }).check();
    await page.getByRole("radio", { name: "By a percent" }).check();
    await page.getByLabel("Percent or amount (- to lower)").fill("-10");
    await page.getByRole("button", { name: "Preview" }).click();
    await page.waitForURL((url) => url.searchParams.get("value") === "-10");
    await settle(page, javaScriptEnabled);
    const main = page.locator("main");
    await expect
      .poll(() => main.innerText())
      .toContain("-10% on the price: 1 variants of 1 products change, 1 refused (left out), 0 unchanged.");
    const one = page.locator(`tr[data-variant="E2E-BP-${tag.toUpperCase()}-ONE"]`);
    expect(await one.innerText()).toContain("$30.00");
    expect(await one.innerText()).toContain("$27.00");
    expect(await page.locator(`tr[data-variant="E2E-BP-${tag.toUpperCase()}-TWO"]`).innerText()).toContain(
      "The sale price must be less than the price.",
    );
    expect(await main.innerText()).toContain("Before you apply: the database's bookmark");
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Apply to 1 variant" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/products");
    await settle(page, javaScriptEnabled);
    await expect
      .poll(() => toastText(page))
      .toContain("Prices changed (-10% on the price): 1 variants of 1 products, 1 refused.");
    expect(await page.locator("main").innerText()).toContain("$27.00");
    await context.close();
  });
});
