import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { MODES, newPage, open, registerAccount, settle, toastText, useBrowser } from "./browser";

// The shopper's data rights in the browser, JavaScript on and off: downloading one's data from the
// profile (a JSON file with the profile in it), and deleting the account with the password (a wrong
// one first), after which the shopper is signed out and the account cannot log in.

const browser = useBrowser();

const DELETED = "Your account has been deleted. Thank you for shopping with us.";
const WRONG = "The password is incorrect";

let counter = 0;
const uniqueEmail = (mode: string) => `rights-${mode}-${Date.now().toString(36)}-${++counter}@example.com`;

describe.each(MODES)("data rights ($name)", ({ javaScriptEnabled }) => {
  const mode = javaScriptEnabled ? "js" : "nojs";

  it("downloads my data from the profile: a JSON file holding the profile", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    const email = uniqueEmail(mode);
    await registerAccount(page, javaScriptEnabled, { firstName: "Wren", lastName: "Holloway", email });
    await open(page, "/profile", javaScriptEnabled);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download my data", exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^twistbloom-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, "utf8"));
    expect(data.profile).toMatchObject({ name: "Wren Holloway", email });
    expect(data.orders).toEqual([]);
    await context.close();
  });

  it("deletes the account with the password: a wrong one is refused, then signed out and home, and the login fails", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    const email = uniqueEmail(`${mode}-delete`);
    await registerAccount(page, javaScriptEnabled, { email });
    await open(page, "/profile", javaScriptEnabled);
    await page.getByRole("link", { name: "Delete Account", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/delete-account");
    await settle(page, javaScriptEnabled);

    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]); // axe runs as a script in the page
    await page.getByLabel("Your password", { exact: true }).fill("Wrong2024");
    await page.getByRole("button", { name: "Delete my account", exact: true }).click();
    await expect.poll(() => page.locator("#password-error").textContent()).toContain(WRONG);

    await page.getByLabel("Your password", { exact: true }).fill("Petals2024");
    await page.getByRole("radio", { name: "Remove them" }).check();
    await page.getByRole("button", { name: "Delete my account", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await settle(page, javaScriptEnabled);
    await expect.poll(() => toastText(page)).toContain(DELETED);

    const profile = await page.goto("/profile");
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(profile?.status()).toBe(200);
    await settle(page, javaScriptEnabled);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Petals2024");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect
      .poll(() =>
        page
          .locator("[role=alert], [data-toast-type]")
          .allTextContents()
          .then((texts) => texts.join(" ")),
      )
      .toContain("Invalid email or password");
    expect(new URL(page.url()).pathname).toBe("/login");
    await context.close();
  });
});
