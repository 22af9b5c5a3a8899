import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ADMIN, OWNER } from "../fixtures/accounts";
import { axeViolations } from "./axe";
import { BASE_URL, MODES, newPage, open, settle, submitLogin, toastText, useBrowser } from "./browser";

// The back office's people, in the browser with JavaScript on and off: a message sent through the
// contact page is read in the inbox; the super-admin grants a customer the admin role and takes it
// back; an admin disables a customer, who is logged out and cannot log in again.

const browser = useBrowser();
const SENT = "Thank you for your message! We'll get back to you within 24 hours.";
const DISABLED = "This account has been disabled. Please contact us.";
const PASSWORD = "Petals2024";

let counter = 0;
const unique = (mode: string) => `${mode}-${Date.now().toString(36)}-${++counter}`;
/** A client address per visitor, so this file's messages and sign-ups count against nobody else's limits. */
const address = () => `198.51.100.${(counter++ % 250) + 1}`;

/** A context of its own (its own cookies and client address), JavaScript on or off. */
async function visitor(b: Browser, javaScriptEnabled: boolean) {
  const context = await b.newContext({
    javaScriptEnabled,
    baseURL: BASE_URL,
    extraHTTPHeaders: { "CF-Connecting-IP": address() },
  });
  return { context, page: await context.newPage() };
}

/** A new customer account, registered through the API as a client would. */
async function newCustomer(mode: string, name: string) {
  const email = `people-${unique(mode)}@example.com`;
  const response = await fetch(`${BASE_URL}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": address() },
    body: JSON.stringify({ name, email, password: PASSWORD, password_confirmation: PASSWORD }),
  });
  expect(response.status).toBe(201);
  return { name, email, password: PASSWORD };
}

/** Logs in on /login, going on to `to` afterwards. */
async function logInTo(
  page: Page,
  javaScriptEnabled: boolean,
  account: { email: string; password: string },
  to: string,
) {
  await open(page, `/login?redirectTo=${encodeURIComponent(to)}`, javaScriptEnabled);
  await submitLogin(page, javaScriptEnabled, account);
  expect(new URL(page.url()).pathname).toBe(to);
}

/** Finds a user with the list's search form and opens their page. */
async function openUser(page: Page, javaScriptEnabled: boolean, user: { name: string; email: string }) {
  await open(page, "/admin/users", javaScriptEnabled);
  await page.getByRole("search", { name: "Filter users" }).getByLabel("Search", { exact: true }).fill(user.email);
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get("search") === user.email);
  await settle(page, javaScriptEnabled);
  await expect.poll(() => page.getByRole("table").getByRole("row").count()).toBe(2);
  await page.getByRole("table").getByRole("link", { name: user.name, exact: true }).click();
  await page.waitForURL((url) => /^\/admin\/users\/\d+$/.test(url.pathname));
  await page.getByRole("heading", { level: 1, name: user.name }).waitFor();
  await settle(page, javaScriptEnabled);
}

describe.each(MODES)("the back office's people ($name)", ({ javaScriptEnabled }) => {
  const mode = javaScriptEnabled ? "js" : "nojs";

  it("reads a message sent through the contact page: it opens as read, then is archived", async () => {
    const subject = `Wedding bouquet ${unique(mode)}`;
    const guest = await visitor(browser(), javaScriptEnabled);
    await open(guest.page, "/contact", javaScriptEnabled);
    const form = guest.page.getByRole("region", { name: "Send us a message" });
    await form.getByLabel("Name", { exact: true }).fill("Rosa Bloom");
    await form.getByLabel("Email", { exact: true }).fill("rosa@example.com");
    await form.getByLabel("Subject", { exact: true }).fill(subject);
    await form
      .getByLabel("Message", { exact: true })
      .fill("Could you make twenty blue bouquets for a wedding in June?");
    await form.getByRole("button", { name: "Send Message", exact: true }).click();
    await expect.poll(() => toastText(guest.page)).toContain(SENT);
    await guest.context.close();

    const { context, page } = await visitor(browser(), javaScriptEnabled);
    await logInTo(page, javaScriptEnabled, ADMIN, "/admin/messages");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Messages");
    const tabs = page.getByRole("navigation", { name: "Inbox" });
    expect(await tabs.getByRole("link", { name: /^Unread \(\d+\)$/ }).getAttribute("aria-current")).toBe("page");
    const unreadBefore = Number(/\((\d+)\)/.exec(await tabs.getByRole("link", { name: /^Unread/ }).innerText())![1]);
    expect(unreadBefore).toBeGreaterThanOrEqual(1);

    // Open: the message shows, and it is read now.
    await page.getByRole("table").getByRole("button", { name: subject, exact: true }).click();
    await page.waitForURL((url) => /^\/admin\/messages\/\d+$/.test(url.pathname));
    await page.getByRole("heading", { level: 1, name: subject }).waitFor();
    await settle(page, javaScriptEnabled);
    expect(await page.getByText("Could you make twenty blue bouquets for a wedding in June?").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Reply by email" }).getAttribute("href")).toBe(
      `mailto:rosa@example.com?subject=${encodeURIComponent(`Re: ${subject}`)}`,
    );
    expect(await page.getByRole("button", { name: "Mark unread", exact: true }).isVisible()).toBe(true);

    await page.getByRole("link", { name: "Back to messages" }).click();
    await page.waitForURL((url) => url.searchParams.get("status") === "read");
    await settle(page, javaScriptEnabled);
    // (With JavaScript the address changes just before the new list renders.)
    await page.getByRole("table").getByRole("link", { name: subject, exact: true }).waitFor();
    await expect
      .poll(() => tabs.getByRole("link", { name: /^Unread/ }).innerText())
      .toBe(`Unread (${unreadBefore - 1})`);

    // Archived, it leaves the inbox for the Archived tab.
    await page.getByRole("table").getByRole("link", { name: subject, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: subject }).waitFor();
    await settle(page, javaScriptEnabled);
    await page.getByRole("button", { name: "Archive", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/admin/messages" && !url.search);
    await expect.poll(() => toastText(page)).toContain("Message archived.");
    await settle(page, javaScriptEnabled);
    await tabs.getByRole("link", { name: /^Archived/ }).click();
    await page.waitForURL((url) => url.searchParams.get("status") === "archived");
    await settle(page, javaScriptEnabled);
    await page.getByRole("table").getByRole("link", { name: subject, exact: true }).waitFor();
    await context.close();
  });

  it("lets the super-admin grant a customer the admin role and revoke it", async () => {
    const customer = await newCustomer(mode, "Iris Promoted");
    const shopper = await visitor(browser(), javaScriptEnabled);
    await logInTo(shopper.page, javaScriptEnabled, customer, "/profile");

    const { context, page } = await visitor(browser(), javaScriptEnabled);
    await logInTo(page, javaScriptEnabled, OWNER, "/admin/users");
    await openUser(page, javaScriptEnabled, customer);
    const roles = page.getByRole("region", { name: "Roles" });
    await roles.getByRole("checkbox", { name: "Admin", exact: true }).check();
    await roles.getByRole("button", { name: "Save roles", exact: true }).click();
    await expect.poll(() => toastText(page)).toContain("Roles saved: Iris Promoted now has Customer, Admin.");
    await settle(page, javaScriptEnabled);
    expect(await roles.getByRole("checkbox", { name: "Admin", exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole("region", { name: "Changes by staff" }).innerText()).toContain(
      `Granted admin: Iris Promoted (${customer.email})`,
    );

    // The customer now reaches the back office.
    await open(shopper.page, "/admin/users", javaScriptEnabled);
    expect(await shopper.page.getByRole("heading", { level: 1 }).innerText()).toBe("Customers");

    await roles.getByRole("checkbox", { name: "Admin", exact: true }).uncheck();
    await roles.getByRole("button", { name: "Save roles", exact: true }).click();
    await expect.poll(() => toastText(page)).toContain("Roles saved: Iris Promoted now has Customer.");
    await settle(page, javaScriptEnabled);
    expect(await page.getByRole("region", { name: "Changes by staff" }).innerText()).toContain(
      `Revoked admin: Iris Promoted (${customer.email})`,
    );

    // And is kept out again.
    await shopper.page.goto("/admin/users");
    await shopper.page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => toastText(shopper.page)).toContain("You do not have permission to view that page.");
    await shopper.context.close();
    await context.close();
  });

  it("lets an admin disable a customer, who is logged out at once and cannot log in", async () => {
    const customer = await newCustomer(mode, "Daisy Disabled");
    const shopper = await visitor(browser(), javaScriptEnabled);
    await logInTo(shopper.page, javaScriptEnabled, customer, "/profile");

    const { context, page } = await visitor(browser(), javaScriptEnabled);
    await logInTo(page, javaScriptEnabled, ADMIN, "/admin/users");
    await openUser(page, javaScriptEnabled, customer);
    expect(await page.getByRole("region", { name: "Roles" }).innerText()).toContain(
      "Only a super-admin can change staff roles.",
    );
    await page.getByRole("button", { name: "Disable account", exact: true }).click();
    await expect
      .poll(() => toastText(page))
      .toContain("Daisy Disabled's account is disabled and their sessions have ended.");
    await settle(page, javaScriptEnabled);
    expect(await page.getByRole("button", { name: "Enable account", exact: true }).isVisible()).toBe(true);
    await context.close();

    // The shopper's open session has ended.
    await shopper.page.goto("/profile");
    await shopper.page.waitForURL((url) => url.pathname === "/login");
    await settle(shopper.page, javaScriptEnabled);

    // Logging in again is refused, with the reason.
    await shopper.page.getByLabel("Email", { exact: true }).fill(customer.email);
    await shopper.page.getByLabel("Password", { exact: true }).fill(customer.password);
    await shopper.page.getByRole("button", { name: "Login", exact: true }).click();
    // The message above the form, and its toast.
    await expect.poll(() => shopper.page.locator("p[role=alert]").filter({ hasText: DISABLED }).count()).toBe(1);
    expect(await toastText(shopper.page)).toContain(DISABLED);
    expect(new URL(shopper.page.url()).pathname).toBe("/login");
    await shopper.context.close();
  });
});

describe("accessibility of the people pages", () => {
  it("has no axe violations on the users list, a user's page and the inbox", async () => {
    const { context, page } = await newPage(browser(), true);
    await logInTo(page, true, OWNER, "/admin/users");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("table").getByRole("link", { name: OWNER.name, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: OWNER.name }).waitFor();
    await settle(page, true);
    expect(await axeViolations(page)).toEqual([]);
    await open(page, "/admin/messages", true);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
