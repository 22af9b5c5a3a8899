import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  addToCart,
  BASE_URL,
  messageUnder,
  MODES,
  newPage,
  open,
  registerAccount,
  settle,
  toastText,
  useBrowser,
} from "./browser";

/**
 * A gift bought at the checkout (gifting.md sections 3 and 4), JavaScript on and off: the
 * recipient, the card, a delivery date picked from the list; and a refused date typed in the
 * input, its sentence under the field with every value kept. Dates come from the shop's rules
 * through GET /api/delivery/dates, never from a fixed day.
 */
const PRODUCT = { slug: "birthday-candle-daisies", name: "Birthday Candle Daisies" };
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

interface Day {
  date: string;
  status: string;
}

const browser = useBrowser();
let days: Day[] = [];
beforeAll(async () => {
  const product = await fetch(`${BASE_URL}/api/products/slug/${PRODUCT.slug}`);
  expect(product.status).toBe(200);
  expect(((await product.json()) as { data: { stock: number } }).data.stock).toBeGreaterThanOrEqual(5);
  const dates = await fetch(`${BASE_URL}/api/delivery/dates`);
  expect(dates.status).toBe(200);
  days = ((await dates.json()) as { data: Day[] }).data;
});

const available = () => days.filter((day) => day.status === "available").map((day) => day.date);
const weekday = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;

let accounts = 0;
/** A new shopper, signed in, with the product in the cart, on the checkout page. */
async function shopperAtCheckout(page: Page, javaScriptEnabled: boolean) {
  const email = `gift.journey.${Date.now()}.${++accounts}@example.com`;
  await registerAccount(page, javaScriptEnabled, { firstName: "Nila", lastName: "Perera", email });
  await addToCart(page, javaScriptEnabled, PRODUCT, 1);
  await open(page, "/checkout", javaScriptEnabled);
  await page.getByRole("heading", { level: 1, name: "Checkout", exact: true }).waitFor();
}

const recipientField = (page: Page, label: string) => page.getByLabel(`Recipient's ${label}`, { exact: true });

/** The buyer's address (the account has none yet), "This is a gift", the recipient and the card. */
async function fillGift(page: Page, javaScriptEnabled: boolean, message: string) {
  await page.getByLabel("Phone", { exact: true }).fill("+94 77 765 4321");
  await page.getByLabel("Address", { exact: true }).fill("12 Flower Lane");
  await page.getByLabel("City", { exact: true }).fill("Colombo");
  // With JavaScript the recipient's fields show once the box is ticked; without, they are always there.
  expect(await recipientField(page, "first name").isVisible()).toBe(!javaScriptEnabled);
  await page.getByLabel("This is a gift", { exact: true }).check();
  await settle(page, javaScriptEnabled);
  expect(await recipientField(page, "first name").isVisible()).toBe(true);
  if (javaScriptEnabled)
    expect(await page.getByRole("heading", { name: "Your details (the buyer)", exact: true }).isVisible()).toBe(true);
  await recipientField(page, "first name").fill("Amara");
  await recipientField(page, "last name").fill("Silva");
  await recipientField(page, "address").fill("5 Temple Street");
  await recipientField(page, "city").fill("Kandy");
  await page.getByLabel("Card message (optional)").fill(message);
  if (javaScriptEnabled) expect(await page.getByText(`${[...message].length} / 300`).isVisible()).toBe(true);
  expect(await page.getByLabel("Hide prices on the packing slip").isChecked()).toBe(true);
}

describe.each(MODES)("gift checkout ($name)", ({ javaScriptEnabled }) => {
  it("a shopper sends a gift with a card on a day picked from the list", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await shopperAtCheckout(page, javaScriptEnabled);
    const dateInput = page.getByLabel("Deliver on", { exact: true });
    expect(await dateInput.inputValue()).toBe(available()[0]);
    expect(await dateInput.getAttribute("type")).toBe("date");
    // The closed days are listed as such.
    if (days.slice(0, 16).some((day) => day.status === "closed"))
      expect(await page.getByText("Closed", { exact: true }).first().isVisible()).toBe(true);

    const message = "Happy birthday, Mum!\nSee you <soon>";
    await fillGift(page, javaScriptEnabled, message);
    // The third available day, from its button (in place with JavaScript; posted and shown again without).
    const date = available()[2]!;
    await page.locator(`button[name="delivery_pick"][value="${date}"]`).click();
    await expect.poll(() => dateInput.inputValue()).toBe(date);
    await settle(page, javaScriptEnabled);
    expect(await page.locator(`button[name="delivery_pick"][value="${date}"]`).getAttribute("aria-pressed")).toBe(
      "true",
    );
    // Without JavaScript the page came back from the server: the typed values are still there.
    expect(await recipientField(page, "city").inputValue()).toBe("Kandy");
    expect(await page.getByLabel("Card message (optional)").inputValue()).toBe(message);

    await page.getByRole("button", { name: "Place Order", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/orders");
    await expect.poll(() => toastText(page)).toContain("placed successfully!");
    const number = /TB-\d{6}-[A-HJ-NP-Z2-9]{5}/.exec(await toastText(page))![0];

    // The order as the shop's API gives it to its owner: the recipient, the card, the day.
    const mine = await page.request.get("/api/v1/orders/my-orders", { headers: { Accept: "application/json" } });
    expect(mine.status()).toBe(200);
    const order = ((await mine.json()) as { data: Array<Record<string, any>> }).data.find(
      (row) => row.order_number === number,
    )!;
    expect(order.delivery_date).toBe(date);
    expect(order.gift).toMatchObject({
      recipient: { firstName: "Amara", lastName: "Silva", city: "Kandy" },
      message,
      hide_prices: true,
    });
    expect(JSON.parse(order.billing_address)).toMatchObject({ firstName: "Nila", city: "Colombo" });
    await context.close();
  });

  it("a Sunday typed in the date is refused under the field, every value kept", async () => {
    const sunday = days.find((day) => day.status === "closed" && weekday(day.date) === "Sunday")!.date;
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await shopperAtCheckout(page, javaScriptEnabled);
    await fillGift(page, javaScriptEnabled, "With love");
    const dateInput = page.getByLabel("Deliver on", { exact: true });
    await dateInput.fill(sunday);
    await page.getByRole("button", { name: "Place Order", exact: true }).click();

    const sentence = "We do not deliver on Sundays.";
    await expect.poll(() => messageUnder(page, dateInput)).toBe(sentence);
    expect(await dateInput.getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => toastText(page)).toContain(sentence);
    expect(new URL(page.url()).pathname).toBe("/checkout");
    expect(await dateInput.inputValue()).toBe(sunday);
    expect(await page.getByLabel("This is a gift", { exact: true }).isChecked()).toBe(true);
    expect(await recipientField(page, "first name").inputValue()).toBe("Amara");
    expect(await recipientField(page, "first name").isVisible()).toBe(true);
    expect(await page.getByLabel("Card message (optional)").inputValue()).toBe("With love");
    expect(await page.getByLabel("Address", { exact: true }).inputValue()).toBe("12 Flower Lane");
    await context.close();
  });
});
