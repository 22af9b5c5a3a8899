import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { ADMIN } from "../fixtures/accounts";
import { linkIn, mailTo, MODES, newPage, open, settle, submitLogin, toastText, useBrowser } from "./browser";

// The newsletter in the browser, JavaScript on and off: the footer's sign-up (a refused address
// first), the confirmation mail read from the development mailbox, its link confirmed with the page's
// button, the subscriber in /admin/newsletter, then the mail's unsubscribe link; axe on the confirm
// page.

const browser = useBrowser();

const REQUESTED =
  "Almost done! If this address is not on our list yet, we have emailed it a link to confirm your subscription.";
const CONFIRMED = "You are subscribed.";
const UNSUBSCRIBED = "You are unsubscribed. You will not receive our newsletter any more.";

let counter = 0;
const uniqueEmail = (mode: string) => `news-${mode}-${Date.now().toString(36)}-${++counter}@example.com`;

const footer = (page: Page) => page.locator("footer");
const signupField = (page: Page) => footer(page).getByLabel("Get our newsletter", { exact: true });

async function signUp(page: Page, email: string) {
  await signupField(page).fill(email);
  await footer(page).getByRole("button", { name: "Subscribe", exact: true }).click();
}

/** What /admin/newsletter says of this address (its row's text). */
async function listedStatus(javaScriptEnabled: boolean, email: string): Promise<string> {
  const staff = await newPage(browser(), javaScriptEnabled);
  await open(staff.page, "/login", javaScriptEnabled);
  await submitLogin(staff.page, javaScriptEnabled, ADMIN);
  await open(staff.page, "/admin", javaScriptEnabled);
  // The back office's navigation leads there.
  const nav = staff.page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Newsletter", exact: true });
  expect(await nav.getAttribute("href")).toBe("/admin/newsletter");
  await open(staff.page, `/admin/newsletter?search=${encodeURIComponent(email)}`, javaScriptEnabled);
  await expect.poll(() => staff.page.getByRole("heading", { level: 1 }).innerText()).toBe("Newsletter");
  const row = staff.page.getByRole("row").filter({ hasText: email });
  const text = await row.innerText();
  await staff.context.close();
  return text;
}

async function pressAndWait(page: Page, javaScriptEnabled: boolean, name: string, done: (url: URL) => boolean) {
  await page.getByRole("main").getByRole("button", { name, exact: true }).click();
  await page.waitForURL(done);
  await settle(page, javaScriptEnabled);
}

describe.each(MODES)("the newsletter ($name)", ({ javaScriptEnabled }) => {
  const mode = javaScriptEnabled ? "js" : "nojs";

  it("refuses a malformed address with the field's message and a toast, keeping what was typed", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await open(page, "/products", javaScriptEnabled);
    await signUp(page, "rosa@nowhere");
    if (!javaScriptEnabled) await page.waitForLoadState("load");
    // Without JavaScript the answer is the /newsletter page with the same form; with it, the footer's form says so in place.
    const id = javaScriptEnabled ? "footer-newsletter-email" : "newsletter-page-email";
    const field = page.locator(`#${id}`);
    await expect.poll(() => field.getAttribute("aria-describedby")).toBe(`${id}-error`);
    await expect.poll(() => page.locator(`#${id}-error`).innerText()).toBe("Please enter a valid email address");
    await expect.poll(() => toastText(page)).toContain("Please fix the errors in the form");
    expect(await field.inputValue()).toBe("rosa@nowhere");
    expect(new URL(page.url()).pathname).toBe(javaScriptEnabled ? "/products" : "/newsletter");
    await context.close();
  });

  it("signs up in the footer, confirms through the mailed link, shows in /admin/newsletter, and unsubscribes from the mail's link", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    const email = uniqueEmail(mode);
    await open(page, "/products", javaScriptEnabled);
    await signUp(page, email);
    if (!javaScriptEnabled) await page.waitForURL((url) => url.pathname === "/products");
    await expect.poll(() => toastText(page), { timeout: 15_000 }).toContain(REQUESTED);
    expect(new URL(page.url()).pathname).toBe("/products");
    await expect.poll(() => signupField(page).inputValue()).toBe("");

    // The mail, as the shopper would receive it.
    const mail = await mailTo(email, { template: "newsletter_confirmation" });
    const confirm = linkIn(mail, "/newsletter/confirm");
    const unsubscribe = linkIn(mail, "/newsletter/unsubscribe");
    expect(await listedStatus(javaScriptEnabled, email)).toContain("Pending");

    // Opening the link asks; the button confirms.
    await open(page, confirm, javaScriptEnabled);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Confirm your subscription");
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]); // axe runs as a script in the page
    await pressAndWait(page, javaScriptEnabled, "Confirm subscription", (url) => url.pathname === "/");
    await expect.poll(() => toastText(page)).toContain(CONFIRMED);
    expect(await listedStatus(javaScriptEnabled, email)).toContain("Subscribed");

    // The link again: spent.
    await open(page, confirm, javaScriptEnabled);
    await expect
      .poll(() =>
        page.getByRole("alert").filter({ hasText: "This confirmation link is invalid or has expired." }).count(),
      )
      .toBe(1);

    // The mail's unsubscribe link: a page with one button.
    await open(page, unsubscribe, javaScriptEnabled);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Unsubscribe");
    await page.getByRole("main").getByRole("button", { name: "Unsubscribe", exact: true }).click();
    // Back on the same page (post/redirect/get), which now says so.
    await expect.poll(() => page.getByRole("main").getByRole("status").count(), { timeout: 15_000 }).toBe(1);
    await settle(page, javaScriptEnabled);
    expect(await page.getByRole("main").getByRole("status").innerText()).toContain("is unsubscribed");
    await expect.poll(() => toastText(page)).toContain(UNSUBSCRIBED);
    expect(await page.getByRole("main").getByRole("button", { name: "Unsubscribe", exact: true }).count()).toBe(0);
    expect(await listedStatus(javaScriptEnabled, email)).toContain("Unsubscribed");
    await context.close();
  });
});
