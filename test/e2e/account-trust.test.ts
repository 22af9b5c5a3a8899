import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { linkIn, mailTo, MODES, newPage, open, registerAccount, settle, toastText, useBrowser } from "./browser";

// Verified addresses and email changes in the browser, JavaScript on and off (docs/decisions/021):
// the mails read from the development mailbox (GET /api/dev/mail), as their recipients get them.
// The sign-in methods (linking and unlinking Google through its local stand-in):
// test/e2e/sign-in-methods.test.ts.

const browser = useBrowser();
const PASSWORD = "Petals2024";

let counter = 0;
const uniqueEmail = (what: string) => `trust-${what}-${Date.now().toString(36)}-${++counter}@example.com`;

/** Presses a button and, without JavaScript, waits for the page the form's answer leads to. */
async function press(page: Page, javaScriptEnabled: boolean, name: string, path: string) {
  await page.getByRole("button", { name, exact: true }).click();
  await page.waitForURL((url) => url.pathname === path);
  await settle(page, javaScriptEnabled);
}

describe.each(MODES)("verified addresses and email changes ($name)", ({ javaScriptEnabled }) => {
  const mode = javaScriptEnabled ? "js" : "nojs";

  it("registers, sees the banner, asks for a new link, and verifies with the mailed one", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    const email = uniqueEmail(`${mode}-verify`);
    await registerAccount(page, javaScriptEnabled, { email, password: PASSWORD });
    const first = await mailTo(email, { template: "verify_email" });

    await open(page, "/profile", javaScriptEnabled);
    await expect.poll(() => page.getByText("Please verify your email address").count()).toBe(1);
    await press(page, javaScriptEnabled, "Resend verification email", "/profile");
    await expect.poll(() => toastText(page)).toContain("We have sent a link to verify your email address.");
    const second = await mailTo(email, { template: "verify_email", newerThan: first.id });
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);

    // The first link was replaced by the second.
    await open(page, linkIn(first, "/verify-email"), javaScriptEnabled);
    await expect
      .poll(() =>
        page.getByRole("alert").filter({ hasText: "This verification link is invalid or has expired." }).count(),
      )
      .toBe(1);

    await open(page, linkIn(second, "/verify-email"), javaScriptEnabled);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Verify your email address");
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
    await press(page, javaScriptEnabled, "Verify my email address", "/");
    await expect.poll(() => toastText(page)).toContain("Thank you! Your email address is verified.");

    await open(page, "/profile", javaScriptEnabled);
    expect(await page.getByText("Please verify your email address").count()).toBe(0);
    await context.close();
  });

  it("changes the email with the current password, once the new address confirms it; the old one is told", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    const email = uniqueEmail(`${mode}-old`);
    const next = uniqueEmail(`${mode}-new`);
    await registerAccount(page, javaScriptEnabled, { email, password: PASSWORD });

    await open(page, "/profile?edit=profile", javaScriptEnabled);
    await page.getByLabel("Email", { exact: true }).fill(next);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect
      .poll(() => page.locator("#current_password-error").innerText())
      .toBe("Current password is required to change your email address");

    await page.getByLabel(/^Current password/).fill(PASSWORD);
    await press(page, javaScriptEnabled, "Save", "/profile");
    await expect.poll(() => toastText(page)).toContain(`We have sent a link to ${next}.`);
    await expect.poll(() => page.getByText(`Pending change to ${next}`).count()).toBe(1);
    // Still the old address until the link is used.
    expect(await page.locator("#summary-name + p").innerText()).toBe(email);

    const notice = await mailTo(email, { template: "email_change_notice" });
    expect(notice.text).toContain(next);
    const confirm = await mailTo(next, { template: "email_change_confirm" });
    await open(page, linkIn(confirm, "/confirm-email"), javaScriptEnabled);
    await expect
      .poll(() => page.getByText(`Press the button to make ${next} your account's email address.`).count())
      .toBe(1);
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
    await press(page, javaScriptEnabled, "Confirm my new email address", "/");
    await expect.poll(() => toastText(page)).toContain("Your email address has been changed.");

    await open(page, "/profile", javaScriptEnabled);
    expect(await page.locator("#summary-name + p").innerText()).toBe(next);
    expect(await page.getByText("Pending change to").count()).toBe(0);
    await context.close();
  });
});
