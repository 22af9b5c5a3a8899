import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { totpCode } from "../../app/lib/totp";
import { credentialsOf, OWNER } from "../fixtures/accounts";
import { BASE_URL, MODES, open, settle, toastText, useBrowser } from "./browser";

// Staff two-factor sign-in in the browser, JavaScript on and off (docs/decisions/023): a staff member
// sets up an authenticator app on their security page (the journey computes the code from the
// secret the page shows as text), then signs in with a code, and with a recovery code. The shop's
// setting stays off here (the local default, which the other journeys rely on): a staff member who
// set a factor up is asked for it all the same.

const browser = useBrowser();
const PASSWORD = "Petals2024";
const INVALID = "The code is not valid. Please try again.";

let counter = 0;
const unique = (mode: string) => `${mode}-${Date.now().toString(36)}-${++counter}`;
const address = () => `198.51.100.${(counter++ % 250) + 1}`;
const now = () => Math.floor(Date.now() / 1000);

async function api(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const response = await fetch(`${BASE_URL}${path}`, {
    method: init.method ?? "POST",
    headers: {
      "Content-Type": "application/json",
      "CF-Connecting-IP": address(),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** A new staff member: registered, then made an admin by the super-admin through the admin API. */
async function newStaff(mode: string) {
  const email = `staff-${unique(mode)}@example.com`;
  const registered = await api("/api/auth/register", {
    body: { name: "Sam Staff", email, password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(registered.status).toBe(201);
  const owner = await api("/api/auth/login", { body: credentialsOf(OWNER) });
  const granted = await api(`/api/admin/users/${registered.body.data.user.id}`, {
    method: "PATCH",
    token: owner.body.data.token,
    body: { roles: ["admin"] },
  });
  expect(granted.status).toBe(200);
  return { email, password: PASSWORD };
}

async function visitor(b: Browser, javaScriptEnabled: boolean) {
  const context = await b.newContext({
    javaScriptEnabled,
    baseURL: BASE_URL,
    extraHTTPHeaders: { "CF-Connecting-IP": address() },
  });
  return { context, page: await context.newPage() };
}

/** The login form, filled and sent; answers once the browser has left /login. */
async function password(
  page: Page,
  javaScriptEnabled: boolean,
  account: { email: string; password: string },
  to: string,
) {
  await open(page, `/login?redirectTo=${encodeURIComponent(to)}`, javaScriptEnabled);
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
  await settle(page, javaScriptEnabled);
}

/** The second step: a code (or a recovery code) on /login/two-factor. */
async function secondStep(page: Page, javaScriptEnabled: boolean, code: string) {
  expect(new URL(page.url()).pathname).toBe("/login/two-factor");
  await page.getByLabel("Authentication code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Verify", exact: true }).click();
}

describe.each(MODES)("staff two-factor sign-in ($name)", ({ javaScriptEnabled }) => {
  const mode = javaScriptEnabled ? "js" : "nojs";

  it("sets up an authenticator app, then signs in with a code and with a recovery code", async () => {
    const staff = await newStaff(mode);

    // Set up, signed in with the password (the setting is off, so the password opens the session).
    const first = await visitor(browser(), javaScriptEnabled);
    await password(first.page, javaScriptEnabled, staff, "/admin/security");
    expect(new URL(first.page.url()).pathname).toBe("/admin/security");
    await first.page.getByRole("button", { name: "Set up two-factor sign-in", exact: true }).click();
    const secretText = first.page.getByTestId("totp-secret");
    await secretText.waitFor();
    await settle(first.page, javaScriptEnabled);
    expect(await first.page.getByRole("img", { name: /^QR code to add / }).count()).toBe(1);
    const secret = (await secretText.innerText()).replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // A wrong code: the message under the field.
    const form = first.page
      .locator("form")
      .filter({ has: first.page.getByLabel("Code from the app", { exact: true }) });
    await form.getByLabel("Code from the app", { exact: true }).fill("000000");
    await form.getByRole("button", { name: "Turn on", exact: true }).click();
    await expect.poll(() => first.page.locator("#confirm-code-error").textContent()).toContain(INVALID);

    // The previous step's code (the window takes it), so the current step's is left for the sign-in.
    await form.getByLabel("Code from the app", { exact: true }).fill(await totpCode(secret, now() - 30));
    await form.getByRole("button", { name: "Turn on", exact: true }).click();
    const codes = first.page.getByTestId("recovery-code");
    await expect.poll(() => codes.count()).toBe(10);
    const recovery = (await codes.allInnerTexts()).map((code) => code.trim());
    expect(await toastText(first.page)).toContain("Two-factor sign-in is on.");
    await first.context.close();

    // Signs in with the password and a code from the app.
    const second = await visitor(browser(), javaScriptEnabled);
    await password(second.page, javaScriptEnabled, staff, "/admin/orders");
    await secondStep(second.page, javaScriptEnabled, await totpCode(secret, now()));
    await second.page.waitForURL((url) => url.pathname === "/admin/orders");
    await settle(second.page, javaScriptEnabled);
    // With JavaScript the URL can change before the back office's page has rendered: wait for it.
    await expect.poll(() => second.page.getByRole("heading", { level: 1 }).innerText()).toBe("Orders");
    await second.context.close();

    // Signs in with a recovery code; the same code does not work twice.
    const third = await visitor(browser(), javaScriptEnabled);
    await password(third.page, javaScriptEnabled, staff, "/admin");
    await secondStep(third.page, javaScriptEnabled, recovery[0]!);
    await third.page.waitForURL((url) => url.pathname === "/admin");
    await settle(third.page, javaScriptEnabled);
    await open(third.page, "/admin/security", javaScriptEnabled);
    expect(await third.page.getByText("Recovery codes left:").innerText()).toContain("9");
    await third.context.close();

    const fourth = await visitor(browser(), javaScriptEnabled);
    await password(fourth.page, javaScriptEnabled, staff, "/admin");
    await secondStep(fourth.page, javaScriptEnabled, recovery[0]!);
    await expect.poll(() => fourth.page.locator("#code-error").textContent()).toContain(INVALID);
    expect(new URL(fourth.page.url()).pathname).toBe("/login/two-factor");
    await fourth.context.close();
  });
});
