import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN } from "../fixtures/accounts";
import { GIFT_RECIPIENT, shopper } from "../fixtures/checkout";
import { axeViolations } from "./axe";
import { BASE_URL, MODES, settle, signedInAt, useBrowser } from "./browser";

/**
 * An order's printable papers in the browser (gifting.md section 5): staff open the packing slip of
 * a gift from its order page, JavaScript on and off, and print it; the packing slip and the invoice
 * of a three-line order print on one A4 page.
 * Seeded bouquets (db/seed/data/products.ts) no other journey orders.
 */
const SLUGS = ["hostess-hydrangea-bundle", "marigold-thank-you-bouquet", "lavender-field-vase"];
const CARD = "Happy birthday, Bea!\nWith love, Rosa";

const browser = useBrowser();
let items: Array<{ product_id: number; variant_id?: number; quantity: number }> = [];
let deliveryDate = "";

beforeAll(async () => {
  items = await Promise.all(
    SLUGS.map(async (slug, index) => {
      const response = await fetch(`${BASE_URL}/api/products/slug/${slug}`);
      expect(response.status).toBe(200);
      const { data } = (await response.json()) as {
        data: { id: number; variants?: Array<{ id: number; stock: number }> };
      };
      const variant = data.variants?.find((candidate) => candidate.stock >= 3);
      return { product_id: data.id, ...(variant ? { variant_id: variant.id } : {}), quantity: index === 1 ? 2 : 1 };
    }),
  );
  const dates = await fetch(`${BASE_URL}/api/delivery/dates`);
  expect(dates.status).toBe(200);
  const { data } = (await dates.json()) as { data: Array<{ date: string; status: string }> };
  deliveryDate = data.find((day) => day.status === "available")!.date;
});

let orders = 0;
/** A guest's gift of three lines through POST /api/orders: its id and number. */
async function placeGift(): Promise<{ id: number; number: string }> {
  const response = await fetch(`${BASE_URL}/api/orders`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json",
      "CF-Connecting-IP": `192.0.2.${100 + ++orders}`,
    },
    body: JSON.stringify({
      items,
      customer: shopper({ email: `papers.${Date.now()}.${orders}@example.com` }),
      delivery_date: deliveryDate,
      gift: {
        recipient: GIFT_RECIPIENT,
        message: CARD,
        hide_prices: true,
      },
    }),
  });
  const body = (await response.json()) as { data: { id: number; order_number: string } };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return { id: body.data.id, number: body.data.order_number };
}

/** The pages of a PDF: its `/Type /Page` objects (not the `/Pages` tree). */
const pageCount = (pdf: Buffer) => (pdf.toString("latin1").match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe.each(MODES)("an order's papers ($name)", ({ javaScriptEnabled }) => {
  it("staff open the gift's packing slip from its order page and print it", async () => {
    const order = await placeGift();
    const { context, page } = await signedInAt(browser(), javaScriptEnabled, ADMIN, `/admin/orders/${order.id}`);
    await page.getByRole("link", { name: "Packing slip", exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/admin/orders/${order.id}/packing-slip`);
    await settle(page, javaScriptEnabled);
    expect(await page.locator("h1").innerText()).toBe("Packing slip");
    const text = await page.locator("main").innerText();
    expect(text).toContain(`Order ${order.number}`);
    expect(text).toContain("Bea Bloom");
    expect(text).toContain("7 Lily Lane");
    expect(await page.locator("[data-card-message]").innerText()).toBe(CARD);
    // The gift hides its prices; the shop's header and footer are not on paper.
    expect(text).not.toContain("Unit price");
    expect(await page.locator("header nav[aria-label=Main]").count()).toBe(0);
    expect(await page.locator("footer").count()).toBe(0);

    if (javaScriptEnabled) {
      await page.evaluate(() => {
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => {
          (window as unknown as { printed: number }).printed++;
        };
      });
      await page.getByRole("button", { name: "Print", exact: true }).click();
      expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
    } else {
      // No button that could not work: the words to use the browser's own Print.
      expect(await page.getByRole("button", { name: "Print", exact: true }).isVisible()).toBe(false);
      expect(await page.getByText("To print, use your browser's Print").isVisible()).toBe(true);
    }
    expect(pathOf(page)).toBe(`/admin/orders/${order.id}/packing-slip`);
    await context.close();
  });
});

describe("printed to PDF", () => {
  it("the packing slip and the invoice of a three-line order are one A4 page each", async () => {
    const order = await placeGift();
    const { context, page } = await signedInAt(browser(), true, ADMIN, `/admin/orders/${order.id}`);
    for (const paper of ["packing-slip", "invoice"]) {
      const response = await page.goto(`/admin/orders/${order.id}/${paper}`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()["cache-control"]).toBe("private, no-store");
      await settle(page, true);
      expect(await page.locator("tbody tr").count()).toBe(3);
      const pdf = await page.pdf({ format: "A4" });
      expect(pageCount(pdf), paper).toBe(1);
    }
    await context.close();
  });
});
