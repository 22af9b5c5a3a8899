import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { MODES, newPage, open, settle, useBrowser } from "./browser";

// Social login (docs/decisions/014) in the browser. The e2e server has Google's keys (fake ones) and
// sends Google's steps to a local stand-in (scripts/lib/oauth-stub.mjs), so the Google button is
// there and goes through the real flow; X has no keys, so it has no button and its paths answer 404.
// Linking, signing in and unlinking: test/e2e/sign-in-methods.test.ts. The flow's every failure,
// the providers answered without the internet: test/worker/social-login.test.ts.

const browser = useBrowser();

describe.each(MODES)("social login with Google's stand-in ($name)", ({ javaScriptEnabled }) => {
  it("shows the Google button, and no Twitter button, on the login and register pages", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    for (const [path, action] of [
      ["/login", "Sign in"],
      ["/register", "Sign up"],
    ] as const) {
      await open(page, path, javaScriptEnabled);
      expect(await page.getByRole("button", { name: `${action} with Google`, exact: true }).count()).toBe(1);
      expect(await page.locator('form[action="/auth/google"]').count()).toBe(1);
      expect(await page.getByRole("button", { name: /Twitter/ }).count()).toBe(0);
      expect(await page.locator('form[action="/auth/twitter"]').count()).toBe(0);
      expect(await page.getByText(`Or ${action.toLowerCase()} with`).count()).toBe(1);
    }
    await context.close();
  });

  it("answers 404 where no sign-in starts: a GET of /auth/google, and X's paths (no keys)", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    expect((await page.goto("/auth/google"))?.status()).toBe(404);
    expect((await page.goto("/auth/twitter"))?.status()).toBe(404);
    expect((await page.goto("/auth/twitter/callback?code=code&state=state"))?.status()).toBe(404);
    await context.close();
  });

  it("comes back to the login page with the reason when the shopper cancels on Google's page", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await open(page, "/login?redirectTo=%2Forders", javaScriptEnabled);
    await page.getByRole("button", { name: "Sign in with Google", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/google/authorize");
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await settle(page, javaScriptEnabled);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      error: "denied",
      provider: "google",
      redirectTo: "/orders",
    });
    await expect
      .poll(() => page.getByRole("alert").filter({ hasText: "You cancelled signing in with Google." }).count())
      .toBeGreaterThan(0);
    // Nobody was signed in.
    expect(
      (await context.cookies()).some((cookie) => cookie.name === "session" || cookie.name === "__Host-session"),
    ).toBe(false);
    await context.close();
  });
});

describe("the login page's accessibility with social login", () => {
  it("has no axe violations, nor with a social sign-in's error shown", async () => {
    const { context, page } = await newPage(browser(), true);
    await open(page, "/login", true);
    expect(await page.getByRole("button", { name: "Sign in with Google", exact: true }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await open(page, "/login?error=denied&provider=google", true);
    await expect
      .poll(() => page.getByRole("alert").filter({ hasText: "You cancelled signing in with Google." }).count())
      .toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
