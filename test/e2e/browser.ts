import {
  chromium,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Locator,
  type Page,
} from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { ADMIN, credentialsOf, CUSTOMER } from "../fixtures/accounts";
import { REACT_WARNING, reportConsoleProblem } from "../console-guard";

export const BASE_URL = process.env.E2E_BASE_URL ?? "http://127.0.0.1:8798";

/** The flags this machine needs: no sandbox as root, and no background calls to the closed network. */
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * A message a page printed that fails the journey: console.error (React's errors, the shop's own
 * logs, a refused script) and React's warnings. Not Chromium's "Failed to load resource: the server
 * responded with a status of 4xx/5xx", which it prints for every error status, including the 404
 * page and the 422 of a form with mistakes that a journey opens on purpose: statuses are the
 * journeys' own business.
 */
function isProblem(message: ConsoleMessage): boolean {
  const text = message.text();
  if (message.type() === "error")
    return !/^Failed to load resource: the server responded with a status of \d+/.test(text);
  return message.type() === "warning" && REACT_WARNING.test(text);
}

/**
 * Every page of this context reports its console errors and uncaught errors to the test's console
 * guard (test/console-guard.ts): they fail the journey unless the test said
 * `expectConsoleError(/pattern/)`.
 */
function watch(context: BrowserContext): BrowserContext {
  context.on("console", (message) => {
    if (isProblem(message))
      reportConsoleProblem(`browser console.${message.type()} at ${message.page()?.url() ?? "?"}`, message.text());
  });
  context.on("weberror", (webError) => {
    const error = webError.error();
    reportConsoleProblem(
      `uncaught error at ${webError.page()?.url() ?? "?"}`,
      error.stack ?? `${error.name}: ${error.message}`,
    );
  });
  return context;
}

export async function launch(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ARGS,
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => watch(await newContext(options));
  return browser;
}

/** One browser for this test file: launched before its tests, closed after them. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("the browser is not launched (useBrowser's beforeAll has not run)");
    return browser;
  };
}

/** A fresh context (own cookies) with JavaScript on or off. */
export async function newPage(
  browser: Browser,
  javaScriptEnabled: boolean,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ javaScriptEnabled, baseURL: BASE_URL });
  const page = await context.newPage();
  return { context, page };
}

export const MODES = [
  { name: "JavaScript on", javaScriptEnabled: true },
  { name: "JavaScript off", javaScriptEnabled: false },
] as const;

/** With JavaScript, waits until the page has settled (hydrated, its route modules and background requests done). */
export async function settle(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await page.waitForLoadState("networkidle");
}

/** Opens a page that must answer 200, and waits for it to settle. */
export async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await settle(page, javaScriptEnabled);
}

/** Every toast's text as it stands (the root's and the page's). */
export const toastText = (page: Page) =>
  page
    .locator("[data-toast-type]")
    .allTextContents()
    .then((texts) => texts.join(" | "));

/** The cart count in the header. */
export const cartCount = (page: Page) => page.locator("header").getByTestId("cart-count").innerText();

/** Adds one of a product from its page; waits for the server's answer (its toast) and the header count. */
export async function addToCart(
  page: Page,
  javaScriptEnabled: boolean,
  product: { slug: string; name: string },
  expectedCount: number,
) {
  await open(page, `/product/${product.slug}`, javaScriptEnabled);
  expect(await page.locator("h1").innerText()).toBe(product.name);
  await page
    .locator("main")
    .getByRole("button", { name: /^Add to Cart/ })
    .first()
    .click();
  await expect.poll(() => toastText(page)).toContain(`${product.name} added to cart!`);
  await expect.poll(() => cartCount(page)).toBe(String(expectedCount));
  await settle(page, javaScriptEnabled);
}

/** The message tied to a field (through aria-describedby): what the shopper reads under it. */
export async function messageUnder(page: Page, field: Locator): Promise<string> {
  const id = await field.getAttribute("aria-describedby");
  if (!id) return "";
  return (await page.locator(`[id="${id}"]`).innerText()).trim();
}

/**
 * Creates an account through /register (first and last name, email, password twice, the terms
 * ticked) and waits for the home page it lands on, logged in.
 */
export async function registerAccount(
  page: Page,
  javaScriptEnabled: boolean,
  {
    firstName = "Iris",
    lastName = "Bloom",
    email,
    password = "Petals2024",
  }: { firstName?: string; lastName?: string; email: string; password?: string },
) {
  await open(page, "/register", javaScriptEnabled);
  await page.getByLabel("First name", { exact: true }).fill(firstName);
  await page.getByLabel("Last name", { exact: true }).fill(lastName);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password", { exact: true }).fill(password);
  await page.getByRole("checkbox", { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole("button", { name: "Create Account", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await settle(page, javaScriptEnabled);
}

/**
 * Fills in and sends the login form the page shows (the seeded customer unless told), then waits
 * until the browser has left /login and the header shows the Log out button.
 */
export async function submitLogin(
  page: Page,
  javaScriptEnabled: boolean,
  account: { email: string; password: string } = CUSTOMER,
) {
  const { email, password } = credentialsOf(account);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  try {
    await page.waitForURL((url) => url.pathname !== "/login");
  } catch (error) {
    // Say what the page said instead (a refused login, a limit, a security check), not just a timeout.
    const said = await page
      .locator("[role=alert], [data-toast-type]")
      .allTextContents()
      .catch(() => []);
    throw new Error(`The login of ${email} stayed on ${page.url()}; the page says: ${JSON.stringify(said)}`, {
      cause: error,
    });
  }
  // The header has caught up (with JavaScript the URL changes just before the page renders): its
  // signed-in entries are no longer hidden. (On a phone they sit in the closed mobile menu:
  // present, not visible.)
  await page.locator('header li[data-account="member"]:not([hidden])').first().waitFor({ state: "attached" });
  await settle(page, javaScriptEnabled);
}

/**
 * A new browser page signed in as `account` (the login form, redirected to `path`): a staff member
 * opening the back office.
 */
export async function signedInAt(
  browser: Browser,
  javaScriptEnabled: boolean,
  account: { email: string; password: string },
  path: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, javaScriptEnabled);
  await open(page, `/login?redirectTo=${encodeURIComponent(path)}`, javaScriptEnabled);
  await submitLogin(page, javaScriptEnabled, account);
  expect(new URL(page.url()).pathname).toBe(path);
  return { context, page };
}

/** A mail as the development mailbox gives it: as delivered, links included (`GET /api/dev/mail`). */
export interface DeliveredMail {
  id: string;
  to: string;
  subject: string;
  template: string;
  text: string;
  html: string;
  sent_at: string | null;
}

/**
 * The newest mail delivered to `to` (matching `subject` or `template` when given, and newer than the
 * mail `newerThan` names), read from the e2e server's development mailbox (docs/decisions/020). The
 * queue delivers within a few seconds (`wrangler dev` runs its consumer with a 2 s batch timeout), so
 * this asks again until the mail is there, for up to 20 s.
 */
export async function mailTo(
  to: string,
  { subject, template, newerThan }: { subject?: string | RegExp; template?: string; newerThan?: string } = {},
): Promise<DeliveredMail> {
  const matches = (mail: DeliveredMail) =>
    (subject === undefined || (typeof subject === "string" ? mail.subject === subject : subject.test(mail.subject))) &&
    (template === undefined || mail.template === template);
  let found: DeliveredMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${BASE_URL}/api/dev/mail?to=${encodeURIComponent(to)}`);
        if (!response.ok)
          throw new Error(`GET /api/dev/mail answered ${response.status}: is the server a development one?`);
        const { data } = (await response.json()) as { data: DeliveredMail[] };
        // Newest first: the mails before `newerThan` in the list came after it.
        const seen = newerThan ? data.findIndex((mail) => mail.id === newerThan) : -1;
        found = (seen >= 0 ? data.slice(0, seen) : data).find(matches);
        return Boolean(found);
      },
      {
        timeout: 20_000,
        interval: 250,
        message: `a mail to ${to}${subject ? ` "${subject}"` : ""}${template ? ` (${template})` : ""}`,
      },
    )
    .toBe(true);
  return found!;
}

/** The first absolute link of a mail's text to this path of the shop (`/reset-password`), as a path with its query. */
export function linkIn(mail: Pick<DeliveredMail, "text">, pathname: string): string {
  for (const match of mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname === pathname) return url.pathname + url.search;
  }
  throw new Error(`no link to ${pathname} in the mail:\n${mail.text}`);
}

/** A new browser page signed in as the seeded admin through the login form, then at `path`. */
export async function asAdmin(browser: Browser, javaScriptEnabled: boolean, path: string) {
  const { context, page } = await newPage(browser, javaScriptEnabled);
  await open(page, `/login?redirectTo=${encodeURIComponent(path)}`, javaScriptEnabled);
  await submitLogin(page, javaScriptEnabled, ADMIN);
  expect(new URL(page.url()).pathname).toBe(path);
  return { context, page };
}
