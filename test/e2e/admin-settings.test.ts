import { describe, expect, it } from "vitest";
import { ADMIN } from "../fixtures/accounts";
import { MODES, newPage, open, settle, submitLogin, toastText, useBrowser } from "./browser";

const browser = useBrowser();

describe.each(MODES)("settings in the back office ($name)", ({ javaScriptEnabled }) => {
  const mode = javaScriptEnabled ? "1" : "2";

  it("changes the contact phone and a FAQ question, both seen on the home page at once", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await open(page, "/login?redirectTo=%2Fadmin%2Fsettings", javaScriptEnabled);
    await submitLogin(page, javaScriptEnabled, ADMIN);
    expect(new URL(page.url()).pathname).toBe("/admin/settings");

    const phone = `+94 11 700 000${mode}`;
    const contact = page.locator("section", { has: page.getByRole("heading", { name: "Contact", exact: true }) });
    await contact.getByLabel("Contact phone", { exact: true }).fill(phone);
    await contact.getByRole("button", { name: "Save contact" }).click();
    await expect.poll(() => toastText(page)).toContain("Setting saved.");
    await settle(page, javaScriptEnabled);

    // A bad value is refused under its field, the rest of the page as it was.
    const currency = page.locator("section", { has: page.getByRole("heading", { name: "Currency", exact: true }) });
    await currency.getByLabel("Decimal places", { exact: true }).fill("7");
    await currency.getByRole("button", { name: "Save currency" }).click();
    await expect
      .poll(() => page.locator("#setting-currency_decimal_places-error").innerText())
      .toBe("Decimal places may not be greater than 4");
    await settle(page, javaScriptEnabled);

    await page
      .getByRole("navigation", { name: "Settings pages" })
      .getByRole("link", { name: "Home page sections" })
      .click();
    await page.waitForURL((url) => url.pathname === "/admin/settings/home");
    await settle(page, javaScriptEnabled);
    const question = `Can I pick my bouquet up in person (${mode})?`;
    const faq = page.locator("section", { has: page.getByRole("heading", { name: "FAQ", exact: true }) });
    await faq.getByLabel("Question 1: Question", { exact: true }).fill(question);
    await faq.getByRole("button", { name: "Save the FAQ section" }).click();
    await expect.poll(() => toastText(page)).toContain("FAQ section saved.");
    await settle(page, javaScriptEnabled);

    await open(page, "/", javaScriptEnabled);
    expect(await page.locator("footer").innerText()).toContain(phone);
    expect(await page.getByText(question).count()).toBeGreaterThan(0);
    await context.close();
  });
});
