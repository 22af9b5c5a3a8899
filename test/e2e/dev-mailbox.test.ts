import { describe, expect, it } from "vitest";
import { linkIn, mailTo, MODES, newPage, open, useBrowser } from "./browser";

// The development mailbox (docs/decisions/020), JavaScript on and off: a developer asks a password
// reset for a seeded account, finds the mail at /dev/mail by its address, opens it (its text with
// the working link, its HTML in a sandboxed frame) and follows the link to the reset form.

const browser = useBrowser();

describe.each(MODES)("the development mailbox ($name)", ({ javaScriptEnabled }) => {
  it("lists the delivered mail by address, opens it, and its link leads to the reset form", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    const email = `dev-${javaScriptEnabled ? "js" : "nojs"}-${Date.now().toString(36)}@example.com`;
    // A new account, then a reset asked through the API (what the mailbox shows is the point here).
    const registered = await page.request.post("/api/auth/register", {
      data: { name: "Dev Eloper", email, password: "Petals2024", password_confirmation: "Petals2024" },
    });
    expect(registered.status()).toBe(201);
    await page.request.post("/api/auth/forgot-password", { data: { email } });
    const mail = await mailTo(email, { template: "password_reset" });

    await open(page, `/dev/mail?to=${encodeURIComponent(email)}`, javaScriptEnabled);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Development mailbox");
    const row = page.getByRole("row").filter({ hasText: email }).filter({ hasText: mail.subject });
    await row.first().getByRole("link", { name: mail.subject }).click();
    await page.waitForURL((url) => url.pathname === `/dev/mail/${mail.id}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe(mail.subject);
    expect(await page.locator("iframe[sandbox='']").count()).toBe(1);

    const link = linkIn(mail, "/reset-password");
    await page
      .locator("pre")
      .getByRole("link", { name: new RegExp("/reset-password\\?token=") })
      .click();
    await page.waitForURL((url) => url.pathname + url.search === link);
    await expect.poll(() => page.getByLabel("Confirm password", { exact: true }).count()).toBe(1);
    await context.close();
  });
});
