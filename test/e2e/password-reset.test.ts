import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { ADMIN } from "../fixtures/accounts";
import {
  linkIn,
  mailTo,
  MODES,
  newPage,
  open,
  registerAccount,
  settle,
  submitLogin,
  toastText,
  useBrowser,
} from "./browser";

// Password reset in the browser, JavaScript on and off: the login's link, the request and its
// neutral answer, the mailed link read from the development mailbox (staff at /admin/mail see the
// mail with the link hidden), a mismatched confirmation first, the new password logging in; field
// messages, and what a stale or unknown link shows.

const browser = useBrowser();

const REQUESTED = "If an account exists for that email, we have sent a link to reset its password.";
const INVALID = "This reset link is invalid or has expired.";

let counter = 0;
const uniqueEmail = (mode: string) => `reset-${mode}-${Date.now().toString(36)}-${++counter}@example.com`;

/** A new account, then logged out (cookies cleared): the reset starts as a stranger would. */
async function register(page: Page, javaScriptEnabled: boolean, email: string) {
  await registerAccount(page, javaScriptEnabled, { email });
  await page.context().clearCookies();
}

/**
 * Follows a link to `path`: clicked with JavaScript; without it, its href is checked and opened
 * (a plain navigation, as the click would make).
 */
async function follow(page: Page, javaScriptEnabled: boolean, name: string, path: string) {
  const link = page.getByRole("link", { name, exact: true });
  expect(await link.getAttribute("href")).toBe(path);
  if (javaScriptEnabled) {
    await link.click();
    await page.waitForURL((url) => url.pathname === path);
    await settle(page, javaScriptEnabled);
  } else {
    await open(page, path, javaScriptEnabled);
  }
}

describe.each(MODES)("password reset ($name)", ({ javaScriptEnabled }) => {
  const mode = javaScriptEnabled ? "js" : "nojs";

  it("goes from the login's Forgot password? link to the request, and answers the same for any address", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    const email = uniqueEmail(mode);
    await register(page, javaScriptEnabled, email);

    for (const address of [email, uniqueEmail(`${mode}-nobody`)]) {
      await open(page, "/login", javaScriptEnabled);
      await follow(page, javaScriptEnabled, "Forgot password?", "/forgot-password");
      await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Forgot Password");
      await page.getByLabel("Email", { exact: true }).fill(address);
      await page.getByRole("button", { name: "Send reset link", exact: true }).click();
      await page.waitForURL((url) => url.search === "?sent=1");
      await settle(page, javaScriptEnabled);
      await expect.poll(() => page.locator("p[role=status]").filter({ hasText: REQUESTED }).count()).toBe(1);
      await expect.poll(() => toastText(page)).toContain(REQUESTED);
    }
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]); // axe runs as a script in the page
    await context.close();
  });

  it("resets the password with the mailed link (hidden from staff at /admin/mail): a mismatched confirmation first, then the new password logs in", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    const email = uniqueEmail(`${mode}-full`);
    await register(page, javaScriptEnabled, email);
    await open(page, "/forgot-password", javaScriptEnabled);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Send reset link", exact: true }).click();
    await page.waitForURL((url) => url.search === "?sent=1");

    // The mail as the customer receives it (the development mailbox).
    const mail = await mailTo(email, { template: "password_reset" });
    const link = linkIn(mail, "/reset-password");
    const token = new URLSearchParams(link.split("?")[1]).get("token")!;

    // Staff reading the same mail at /admin/mail see that a link was sent, never the link.
    const staff = await newPage(browser(), javaScriptEnabled);
    await open(staff.page, "/login", javaScriptEnabled);
    await submitLogin(staff.page, javaScriptEnabled, ADMIN);
    await open(staff.page, `/admin/mail?to=${encodeURIComponent(email)}`, javaScriptEnabled);
    const mailLink = staff.page.getByRole("link", { name: /reset/i }).first();
    await mailLink.waitFor();
    await open(staff.page, (await mailLink.getAttribute("href"))!, javaScriptEnabled);
    const text = await staff.page.locator("pre").first().innerText();
    expect(text).toContain("[hidden: sent only to the recipient]");
    expect(text).not.toContain("reset-password?token=");
    expect(await staff.page.content()).not.toContain(token);
    await staff.context.close();

    await open(page, link, javaScriptEnabled);
    await page.getByLabel("Password", { exact: true }).fill("NewPetals2025");
    await page.getByLabel("Confirm password", { exact: true }).fill("NewPetals2026");
    await page.getByRole("button", { name: "Reset password", exact: true }).click();
    await expect
      .poll(() => page.locator("#password_confirmation-error").innerText(), { timeout: 15_000 })
      .toBe("Passwords do not match");
    expect(new URL(page.url()).pathname).toBe("/reset-password");

    await page.getByLabel("Password", { exact: true }).fill("NewPetals2025");
    await page.getByLabel("Confirm password", { exact: true }).fill("NewPetals2025");
    await page.getByRole("button", { name: "Reset password", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/login", { waitUntil: "commit" });
    await page.getByRole("button", { name: "Login", exact: true }).waitFor();
    await submitLogin(page, javaScriptEnabled, { email, password: "NewPetals2025" });
    await context.close();
  });

  it("shows the email's message under the field and a toast for a malformed address", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await open(page, "/forgot-password", javaScriptEnabled);
    const email = page.getByLabel("Email", { exact: true });
    await email.fill("not-an-address");
    await page.getByRole("button", { name: "Send reset link", exact: true }).click();
    if (!javaScriptEnabled) await page.waitForLoadState("load");
    const describedBy = () => email.getAttribute("aria-describedby");
    await expect.poll(describedBy).toBe("email-error");
    await expect.poll(() => page.locator("#email-error").innerText()).toBe("Please enter a valid email address");
    await expect.poll(() => toastText(page)).toContain("Please fix the errors in the form");
    expect(await email.inputValue()).toBe("not-an-address");
    expect(new URL(page.url()).pathname).toBe("/forgot-password");
    await context.close();
  });

  it("says an unknown link is invalid or expired, and leads to a new request", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await open(page, `/reset-password?token=${"Z".repeat(43)}`, javaScriptEnabled);
    await expect.poll(() => page.getByRole("alert").filter({ hasText: INVALID }).count()).toBe(1);
    expect(await page.getByLabel("Password", { exact: true }).count()).toBe(0);
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]); // axe runs as a script in the page
    await follow(page, javaScriptEnabled, "Ask for a new reset link", "/forgot-password");
    await expect.poll(() => page.getByLabel("Email", { exact: true }).count()).toBe(1);
    await context.close();
  });
});
