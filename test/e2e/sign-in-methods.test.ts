import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { BASE_URL, MODES, newPage, open, registerAccount, settle, toastText, useBrowser } from "./browser";

// Linking, using and unlinking a provider in the browser, JavaScript on and off (docs/decisions/014
// and 021). Google is played by the e2e server's local stand-in (scripts/lib/oauth-stub.mjs): its
// "consent" page is a form where the journey says who signs in; everything on the shop's side is the
// real flow (the state cookie, PKCE, the token exchange, the ID token's checks, the account).

const browser = useBrowser();
const PASSWORD = "Petals2024";
const SHOP = new URL(BASE_URL).origin;

let counter = 0;
const unique = (what: string) => `${what}-${Date.now().toString(36)}-${++counter}`;

interface GoogleAccount {
  sub: string;
  email: string;
  name: string;
}

const methods = (page: Page) =>
  page.locator("section", { has: page.getByRole("heading", { name: "Sign-in methods" }) });
/** The Sign-in methods section's row of a method, as the shopper reads it ("Google Linked (…) Unlink"). */
const rowOf = (page: Page, name: string) =>
  methods(page)
    .locator("li", { has: page.getByText(name, { exact: true }) })
    .innerText()
    .then((text) => text.replace(/\s+/g, " ").trim());

/** On Google's (stand-in) page: signs in as `account`, and waits for the shop's page it leads back to. */
async function consentAs(page: Page, javaScriptEnabled: boolean, account: GoogleAccount, backTo: string) {
  await page.waitForURL((url) => url.pathname === "/google/authorize");
  expect(new URL(page.url()).origin).not.toBe(SHOP);
  await page.getByLabel("Google account id", { exact: true }).fill(account.sub);
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Name", { exact: true }).fill(account.name);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await page.waitForURL((url) => url.origin === SHOP && url.pathname === backTo);
  await settle(page, javaScriptEnabled);
}

/** Presses a button and waits for the page the form's answer leads to. */
async function press(page: Page, javaScriptEnabled: boolean, name: string, path: string) {
  await page.getByRole("button", { name, exact: true }).click();
  await page.waitForURL((url) => url.pathname === path);
  await settle(page, javaScriptEnabled);
}

async function logOut(page: Page, javaScriptEnabled: boolean) {
  await page
    .locator("header")
    .getByRole("list", { name: "Account" })
    .getByRole("button", { name: "Log out", exact: true })
    .click();
  await expect.poll(() => toastText(page)).toContain("You have been logged out.");
  await settle(page, javaScriptEnabled);
}

/** The address the profile's summary shows: whose account this browser is signed in to. */
async function signedInAs(page: Page, javaScriptEnabled: boolean) {
  await open(page, "/profile", javaScriptEnabled);
  return page.locator("#summary-name + p").innerText();
}

describe.each(MODES)("sign-in methods with Google ($name)", ({ javaScriptEnabled }) => {
  const mode = javaScriptEnabled ? "js" : "nojs";

  it("links Google from the profile, signs in with it to the same account, then unlinks it", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    const email = `${unique(`methods-${mode}`)}@example.com`;
    // Google's address differs from the account's: once linked, the identity is what counts.
    const google: GoogleAccount = {
      sub: unique(`google-${mode}`),
      email: `${unique(`gmail-${mode}`)}@example.net`,
      name: "Iris Google",
    };
    await registerAccount(page, javaScriptEnabled, { email, password: PASSWORD });

    await open(page, "/profile", javaScriptEnabled);
    expect(await rowOf(page, "Password")).toBe("Password Set");
    expect(await rowOf(page, "Google")).toBe("Google Not linked Link");
    await page.getByRole("button", { name: "Link Google", exact: true }).click();
    await consentAs(page, javaScriptEnabled, google, "/profile");
    await expect
      .poll(() => toastText(page))
      .toContain("Google is now linked to your account. Your other devices have been logged out.");
    await expect.poll(() => rowOf(page, "Google")).toBe(`Google Linked (${google.email}) Unlink`);
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);

    await logOut(page, javaScriptEnabled);
    await open(page, "/login", javaScriptEnabled);
    await page.getByRole("button", { name: "Sign in with Google", exact: true }).click();
    await consentAs(page, javaScriptEnabled, google, "/");
    await expect.poll(() => toastText(page)).toContain("Login successful!");
    expect(await signedInAs(page, javaScriptEnabled)).toBe(email);

    await press(page, javaScriptEnabled, "Unlink Google", "/profile");
    await expect.poll(() => toastText(page)).toContain("Google has been unlinked from your account.");
    await expect.poll(() => rowOf(page, "Google")).toBe("Google Not linked Link");
    expect(await rowOf(page, "Password")).toBe("Password Set");
    await context.close();
  });

  it("refuses to unlink the only way into an account Google sign-in created", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    const google: GoogleAccount = {
      sub: unique(`google-only-${mode}`),
      email: `${unique(`google-only-${mode}`)}@example.net`,
      name: "Gala Google",
    };
    await open(page, "/register", javaScriptEnabled);
    await page.getByRole("button", { name: "Sign up with Google", exact: true }).click();
    await consentAs(page, javaScriptEnabled, google, "/");
    await expect.poll(() => toastText(page)).toContain("Login successful!");
    expect(await signedInAs(page, javaScriptEnabled)).toBe(google.email);

    expect(await rowOf(page, "Password")).toBe('Password Not set: use "Forgot password?" on the login page to set one');
    expect(await rowOf(page, "Google")).toBe(`Google Linked (${google.email}) Unlink`);
    await press(page, javaScriptEnabled, "Unlink Google", "/profile");
    await expect
      .poll(() => toastText(page))
      .toContain(
        'Google is the only way to sign in to your account, so it cannot be unlinked. Set a password first (with "Forgot password?" on the login page) or link another provider.',
      );
    await expect.poll(() => rowOf(page, "Google")).toBe(`Google Linked (${google.email}) Unlink`);
    await context.close();
  });
});
