import type { ConsoleMessage } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectConsoleError } from "../console-guard";
import { CUSTOMER } from "../fixtures/accounts";
import { newPage, useBrowser } from "./browser";

const browser = useBrowser();

const PAGES = [
  "/",
  "/products",
  "/categories",
  "/blog",
  "/cart",
  "/checkout",
  "/login",
  "/register",
  "/contact",
  "/about",
];

describe("the Content-Security-Policy in a real browser", () => {
  it("lets every page hydrate with no script refused, while the policy is in force", async () => {
    const { context, page } = await newPage(browser(), true);
    const refused: string[] = [];
    page.on("console", (message: ConsoleMessage) => {
      if (/Content Security Policy|Refused to (execute|load)/i.test(message.text()))
        refused.push(`${page.url()}: ${message.text()}`);
    });
    for (const path of PAGES) {
      const response = await page.goto(path);
      expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
      // The inline script that marks the document as scripted ran: the nonce let it through.
      await page.waitForFunction(() => document.documentElement.classList.contains("js"));
    }
    expect(refused).toEqual([]);
    await context.close();
  });

  it("refuses a script injected into the page without the nonce", async () => {
    // Chromium reports the refused script as a console error: expected here, and only that one.
    expectConsoleError(/Content Security Policy/);
    const { context, page } = await newPage(browser(), true);
    const refused: string[] = [];
    page.on("console", (message: ConsoleMessage) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.goto("/");
    const ran = await page.evaluate(async () => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true";
      document.body.appendChild(script);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => refused.length).toBeGreaterThan(0);
    await context.close();
  });

  it("keeps the shop's cookies out of reach of page scripts", async () => {
    const { context, page } = await newPage(browser(), true);
    await page.goto("/login");
    await page.getByLabel("Email").fill(CUSTOMER.email);
    await page.getByLabel("Password").fill(CUSTOMER.password);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    const cookies = await context.cookies();
    const session = cookies.find((cookie) => cookie.name === "session");
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
    expect(await page.evaluate(() => document.cookie)).not.toContain("session=");
    await context.close();
  });
});
