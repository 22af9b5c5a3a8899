import { describe, expect, it } from "vitest";
import { BASE_URL, cartCount, MODES, newPage, open, settle, toastText, useBrowser } from "./browser";

// Issue 28's journey: one bouquet in two sizes as two cart lines, the glass vase ticked from the
// cart's checklist, the order placed, the three lines with their options on the confirmation.

const browser = useBrowser();
const BOUQUET = "blush-garden-bouquet";
const BOUQUET_PINK = "Size: Bouquet · Colour: Pink";
const GRAND_PINK = "Size: Grand · Colour: Pink";

interface Detail {
  id: number;
  variants: Array<{ id: number; options: Record<string, string> }>;
}

async function bouquet(): Promise<Detail> {
  const response = await fetch(`${BASE_URL}/api/products/slug/${BOUQUET}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Detail }).data;
}

describe.each(MODES)("a bouquet in two sizes with a vase ($name)", ({ javaScriptEnabled }) => {
  it("is two lines and an add-on in the cart, and three lines with their options on the confirmation", async () => {
    const { id, variants } = await bouquet();
    const variantOf = (size: string) => variants.find((v) => v.options.Size === size && v.options.Colour === "Pink")!;
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    // The product page's form posts product_id and variant_id to /cart: the same post, in this browser's context.
    for (const size of ["Bouquet", "Grand"]) {
      const response = await context.request.post(`${BASE_URL}/cart`, {
        form: { intent: "add", product_id: String(id), variant_id: String(variantOf(size).id), quantity: "1" },
        headers: { Origin: BASE_URL },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(302);
    }

    await open(page, "/cart", javaScriptEnabled);
    const lines = page.getByRole("region", { name: "Items in your cart" });
    await expect.poll(() => lines.innerText()).toContain(BOUQUET_PINK);
    expect(await lines.innerText()).toContain(GRAND_PINK);
    expect(await cartCount(page)).toBe("2");

    // The vase, from the checklist: with JavaScript a tick posts itself; without, the button posts it.
    const vase = page.getByLabel(/^Add Glass Bud Vase \+\$12\.00$/);
    if (javaScriptEnabled) {
      await vase.check();
    } else {
      await vase.check();
      await Promise.all([
        page.waitForNavigation({ waitUntil: "load" }),
        page.getByRole("button", { name: "Update add-ons" }).click(),
      ]);
    }
    await expect.poll(() => cartCount(page)).toBe("3");
    await settle(page, javaScriptEnabled);
    expect(await page.getByLabel(/^Add Glass Bud Vase/).isChecked()).toBe(true);

    await open(page, "/checkout", javaScriptEnabled);
    await page.getByLabel("First name", { exact: true }).fill("Rosa");
    await page.getByLabel("Last name", { exact: true }).fill("Petal");
    await page
      .getByLabel("Email", { exact: true })
      .fill(`rosa.variants.${javaScriptEnabled ? "js" : "nojs"}@example.com`);
    await page.getByLabel("Address", { exact: true }).fill("12 Flower Lane");
    await page.getByLabel("City", { exact: true }).fill("Kandy");
    await page.getByRole("button", { name: "Place Order", exact: true }).click();

    await page.waitForURL((url) => url.pathname.startsWith("/order-confirmation/"));
    await page.getByRole("heading", { name: "Thank you for your order!" }).waitFor();
    const main = await page.locator("main").innerText();
    expect(main).toContain(BOUQUET_PINK);
    expect(main).toContain(GRAND_PINK);
    expect(main).toContain("Glass Bud Vase");
    expect(main).toContain("SKU: TB-MOM-001-GR-PK");
    await expect.poll(() => toastText(page)).toMatch(/placed successfully!/);
    await context.close();
  });
});
