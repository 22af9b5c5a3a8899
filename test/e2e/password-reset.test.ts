import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { MODES, newPage, open, settle, toastText, useBrowser } from "./browser";

// Password reset in the browser, JavaScript on and off. The mailed link cannot be read here yet
// (staff's /admin/mail is not built): the full reset with a mailed token is covered in workerd
// (test/worker/password-reset.test.ts). Here: the login's link, the request and its neutral answer,
// field messages, and what a stale or unknown link shows.

const browser = useBrowser();

const REQUESTED = "If an account exists for that email, we have sent a link to reset its password.";
const INVALID = "This reset link is invalid or has expired.";

let counter = 0;
const uniqueEmail = (mode: string) => `reset-${mode}-${Date.now().toString(36)}-${++counter}@example.com`;

async function register(page: Page, javaScriptEnabled: boolean, email: string) {
  await open(page, "/register", javaScriptEnabled);
  await page.getByLabel("First name", { exact: true }).fill("Iris");
  await page.getByLabel("Last name", { exact: true }).fill("Bloom");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Petals2024");
  await page.getByLabel("Confirm password", { exact: true }).fill("Petals2024");
  await page.getByRole("checkbox", { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole("button", { name: "Create Account", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await settle(page, javaScriptEnabled);
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
