import type { ConsoleMessage, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CUSTOMER } from "../fixtures/accounts";
import { BASE_URL, MODES, newPage, open, settle, useBrowser } from "./browser";

// docs/decisions/024: a remembered session's cookie lives no longer than the session may (30 days
// from the sign-in), and the API reference runs only the shop's own, pinned script.

const browser = useBrowser();
const DAY = 24 * 60 * 60;

describe("a remembered login", () => {
  for (const mode of MODES) {
    it(`keeps the shopper signed in, with a cookie that ends within 30 days (${mode.name})`, async () => {
      const { context, page } = await newPage(browser(), mode.javaScriptEnabled);
      await open(page, "/login", mode.javaScriptEnabled);
      await page.getByLabel("Email").fill(CUSTOMER.email);
      await page.getByLabel("Password").fill(CUSTOMER.password);
      await page.getByLabel("Remember me").check();
      await page.getByRole("button", { name: "Login" }).click();
      await page.waitForURL((url) => url.pathname === "/");
      await settle(page, mode.javaScriptEnabled);
      const session = (await context.cookies()).find((cookie) => cookie.name === "session");
      expect(session).toBeDefined();
      const now = Date.now() / 1000;
      expect(session!.expires).toBeGreaterThan(now + 29 * DAY);
      expect(session!.expires).toBeLessThanOrEqual(now + 30 * DAY + 60);
      await open(page, "/profile", mode.javaScriptEnabled);
      await expect.poll(() => page.getByRole("button", { name: "Log out" }).count()).toBeGreaterThan(0);
      await context.close();
    });
  }
});

describe("the API reference /api/docs", () => {
  it("draws the reference with the shop's own script: nothing is fetched from another site, nothing refused", async () => {
    const { context, page } = await newPage(browser(), true);
    const elsewhere: string[] = [];
    const refused: string[] = [];
    const origin = new URL(BASE_URL).origin;
    page.on("request", (request: Request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith("http") && url.origin !== origin) elsewhere.push(request.url());
    });
    page.on("console", (message: ConsoleMessage) => {
      if (/Content Security Policy|Refused to|integrity/i.test(message.text())) refused.push(message.text());
    });
    const response = await page.goto("/api/docs");
    expect(response?.status()).toBe(200);
    await page.getByText("TwistBloom API", { exact: false }).first().waitFor();
    await page.waitForLoadState("networkidle");
    expect(elsewhere).toEqual([]);
    expect(refused).toEqual([]);
    await context.close();
  });
});
