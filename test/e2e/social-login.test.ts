import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { MODES, newPage, open, useBrowser } from "./browser";

// Social login (docs/decisions/014) in the browser. The e2e server runs without any provider's
// client id and secret, so no provider exists: no button on the login and register pages, and
// the sign-in paths answer 404. The flow itself (the providers answered without the internet) is
// covered by test/worker/social-login.test.ts.

const browser = useBrowser();

describe.each(MODES)("social login without configured providers ($name)", ({ javaScriptEnabled }) => {
  it("shows no Google or Twitter button on the login and register pages", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    for (const path of ["/login", "/register"]) {
      await open(page, path, javaScriptEnabled);
      await expect.poll(() => page.locator("main form").count()).toBeGreaterThan(0);
      expect(await page.getByRole("button", { name: /Google|Twitter/ }).count()).toBe(0);
      expect(await page.locator('form[action^="/auth/"]').count()).toBe(0);
      expect(await page.getByText(/Or sign (in|up) with/).count()).toBe(0);
    }
    await context.close();
  });

  it("answers 404 on the sign-in paths", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    expect((await page.goto("/auth/google/callback?code=code&state=state"))?.status()).toBe(404);
    expect((await page.goto("/auth/twitter"))?.status()).toBe(404);
    await context.close();
  });
});

describe("the login page's accessibility with social login", () => {
  it("has no axe violations, nor with a social sign-in's error shown", async () => {
    const { context, page } = await newPage(browser(), true);
    await open(page, "/login", true);
    expect(await axeViolations(page)).toEqual([]);
    await open(page, "/login?error=denied&provider=google", true);
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "You cancelled signing in with Google." }).count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
