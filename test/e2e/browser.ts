import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { expect } from "vitest";

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

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ARGS });
}

/** A fresh context (own cookies) with JavaScript on or off. */
export async function newPage(browser: Browser, javaScriptEnabled: boolean): Promise<{ context: BrowserContext; page: Page }> {
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
