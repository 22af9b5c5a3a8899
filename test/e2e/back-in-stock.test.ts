import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ADMIN } from "../fixtures/accounts";
import { axeViolations } from "./axe";
import { BASE_URL, linkIn, mailTo, MODES, newPage, open, settle, signedInAt, toastText, useBrowser } from "./browser";

/**
 * "Tell me when it's back" in the browser, JavaScript on and off: staff make a bouquet of their own
 * with no stock; a shopper on its page asks (a refused address first), reads the confirmation mail
 * in the development mailbox and confirms with the page's button; staff restock it; the restock job
 * runs (POST /api/dev/jobs/back-in-stock); the mail "... is back" arrives with the product's link
 * and an unsubscribe link. Only products these journeys create are changed.
 */

const browser = useBrowser();

const REQUESTED =
  "Almost done! If this address is not waiting for it yet, we have emailed it a link to confirm. Then we will email it once when this is back in stock.";
const CONFIRMED = "Done! We will email you once when it is back in stock.";

let counter = 0;
const uniqueEmail = (mode: string) => `back-${mode}-${Date.now().toString(36)}-${++counter}@example.com`;
const pathOf = (page: Page) => new URL(page.url()).pathname;
const alertForm = (page: Page) => page.getByTestId("stock-alert");
const alertField = (page: Page) => page.getByLabel("Email me when it's back", { exact: true });

async function ask(page: Page, email: string) {
  await alertField(page).fill(email);
  await alertForm(page).getByRole("button", { name: "Notify me", exact: true }).click();
}

describe.each(MODES)("back in stock ($name)", ({ javaScriptEnabled }) => {
  const mode = javaScriptEnabled ? "js" : "nojs";
  it("asks on a sold-out bouquet, confirms by mail, and gets one mail with the product's link once staff restock it", async () => {
    // Staff: a bouquet of this journey's own, sold out.
    const tag = `${javaScriptEnabled ? "on" : "off"}${Date.now().toString(36)}`;
    const productName = `Awaited Anemone ${tag}`;
    const staff = await signedInAt(browser(), javaScriptEnabled, ADMIN, "/admin/products/new");
    await staff.page.getByLabel("Name", { exact: true }).fill(productName);
    await staff.page.getByLabel("SKU", { exact: true }).fill(`E2E-BACK-${tag}`);
    await staff.page.getByLabel("Price", { exact: true }).fill("31.00");
    await staff.page.getByLabel("Stock", { exact: true }).fill("0");
    await staff.page.getByLabel("Category", { exact: true }).selectOption({ index: 1 });
    await staff.page.getByRole("button", { name: "Create product", exact: true }).click();
    await staff.page.waitForURL((url) => /^\/admin\/products\/\d+$/.test(url.pathname));
    await settle(staff.page, javaScriptEnabled);
    const editPath = pathOf(staff.page);
    const productPath = (await staff.page.locator("#admin-title ~ p a[href^='/product/']").getAttribute("href"))!;

    // The shopper: the form under the sold-out bouquet; a malformed address is refused under the field.
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    const email = uniqueEmail(mode);
    await open(page, productPath, javaScriptEnabled);
    expect(await page.locator("main").innerText()).toContain("Out of stock");
    await ask(page, "rosa@nowhere");
    await expect
      .poll(() => page.locator("#stock-alert-email-error").innerText())
      .toBe("Please enter a valid email address");
    await expect.poll(() => toastText(page)).toContain("Please fix the errors in the form");
    expect(await alertField(page).inputValue()).toBe("rosa@nowhere");
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]); // axe runs as a script in the page

    await ask(page, email);
    if (javaScriptEnabled) {
      // In place: the page stays.
      await expect.poll(() => alertForm(page).getByRole("status").innerText(), { timeout: 15_000 }).toBe(REQUESTED);
    } else {
      await page.waitForURL((url) => url.pathname === productPath);
      await expect.poll(() => toastText(page), { timeout: 15_000 }).toContain(REQUESTED);
    }
    expect(pathOf(page)).toBe(productPath);

    // The confirmation mail: its link asks, the button confirms and comes back to the bouquet.
    const confirmation = await mailTo(email, { template: "stock_alert_confirmation" });
    expect(confirmation.subject).toBe(`Confirm: email me when ${productName} is back`);
    await open(page, linkIn(confirmation, "/back-in-stock/confirm"), javaScriptEnabled);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Confirm your request");
    await page.getByRole("main").getByRole("button", { name: "Confirm request", exact: true }).click();
    await page.waitForURL((url) => url.pathname === productPath);
    await settle(page, javaScriptEnabled);
    await expect.poll(() => toastText(page)).toContain(CONFIRMED);

    // Staff restock it; the job runs.
    await open(staff.page, editPath, javaScriptEnabled);
    await staff.page.getByLabel("Stock", { exact: true }).fill("5");
    await staff.page.getByRole("button", { name: "Save product", exact: true }).click();
    await expect.poll(() => toastText(staff.page)).toContain(`Product ${productName} saved.`);
    await staff.context.close();
    const run = await fetch(`${BASE_URL}/api/dev/jobs/back-in-stock`, { method: "POST" });
    expect(run.status).toBe(200);
    expect(((await run.json()) as { data: { result: string } }).data.result).toMatch(/back-in-stock emails? written/);

    // The one mail: the bouquet's link and the way out.
    const back = await mailTo(email, { template: "back_in_stock" });
    expect(back.subject).toBe(`${productName} is back`);
    expect(linkIn(back, productPath)).toBe(productPath);
    expect(linkIn(back, "/mail/unsubscribe")).toMatch(/^\/mail\/unsubscribe\?token=back_in_stock\./);
    await open(page, productPath, javaScriptEnabled);
    expect(await alertForm(page).count()).toBe(0);
    await context.close();
  });
});
