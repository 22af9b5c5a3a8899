import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { MODES, newPage, settle, toastText, useBrowser } from "./browser";

const SENT = "Thank you for your message! We'll get back to you within 24 hours.";
const FIX_FORM = "Please fix the errors in the form";

const browser = useBrowser();

/** The message tied to a field (through aria-describedby): what the shopper reads under it. */
async function messageUnder(page: Page, field: Locator): Promise<string> {
  const id = await field.getAttribute("aria-describedby");
  if (!id) return "";
  return (await page.locator(`[id="${id}"]`).innerText()).trim().replace(/\n+/g, "\n");
}

function fields(page: Page) {
  const form = page.getByRole("region", { name: "Send us a message" });
  return {
    name: form.getByLabel("Name", { exact: true }),
    email: form.getByLabel("Email", { exact: true }),
    subject: form.getByLabel("Subject", { exact: true }),
    message: form.getByLabel("Message", { exact: true }),
    send: form.getByRole("button", { name: "Send Message", exact: true }),
  };
}

describe.each(MODES)("contact page ($name)", ({ name: mode, javaScriptEnabled }) => {
  it("shows the errors of an empty form, then sends a message and clears the form", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
    await page.waitForURL((url) => url.pathname === "/contact");
    await page.getByRole("heading", { level: 1, name: "Get in Touch" }).waitFor();
    await settle(page, javaScriptEnabled);
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);

    // The contact details, the hints and the three FAQs.
    const details = page.getByRole("region", { name: "Other ways to reach us" });
    expect(await details.getByRole("link", { name: "hello@twistbloom.com" }).getAttribute("href")).toBe(
      "mailto:hello@twistbloom.com",
    );
    expect(await details.getByText("Monday to Friday, 9AM to 6PM EST").isVisible()).toBe(true);
    expect(await page.getByText("We reply to every message within 24 hours.").first().isVisible()).toBe(true);
    const faq = page.getByRole("region", { name: "Before you write" });
    expect(await faq.locator("summary").count()).toBe(3);
    const answer = faq.getByText(/You have 30 days to return a bouquet/);
    expect(await answer.isVisible()).toBe(false);
    await faq.getByText("What if my bouquet arrives damaged, or is not what I expected?").click();
    expect(await answer.isVisible()).toBe(true);

    // An empty submit: every field says what it needs, and a toast says to fix them.
    const form = fields(page);
    await form.send.click();
    await expect.poll(() => messageUnder(page, form.name)).toBe("Name is required");
    expect(await messageUnder(page, form.email)).toBe("Email is required");
    expect(await messageUnder(page, form.subject)).toBe("Subject is required");
    expect(await messageUnder(page, form.message)).toBe("Message is required");
    expect(await form.message.getAttribute("aria-invalid")).toBe("true");
    expect(await toastText(page)).toContain(FIX_FORM);
    if (javaScriptEnabled) {
      // Checked in the browser, before anything was sent; the first wrong field has the focus.
      expect(new URL(page.url()).pathname).toBe("/contact");
      expect(await form.name.evaluate((element) => element === document.activeElement)).toBe(true);
    }

    // Fixing a field: with JavaScript its message goes as the shopper types; without, after the next submit.
    await form.name.fill(`Rosa ${mode === "JavaScript on" ? "Sunny" : "Quiet"}`);
    await form.email.fill("rosa@example.com");
    await form.subject.fill("A bouquet for my mother");
    await form.message.fill("Short");
    if (javaScriptEnabled) {
      await form.email.focus();
      expect(await messageUnder(page, form.name)).toBe("");
    }
    await form.send.click();
    await expect.poll(() => messageUnder(page, form.message)).toBe("Message must be at least 10 characters long");
    expect(await messageUnder(page, form.name)).toBe("");
    expect(await messageUnder(page, form.email)).toBe("");
    // What was typed is still there.
    expect(await form.subject.inputValue()).toBe("A bouquet for my mother");

    await form.message.fill("Could you make a bouquet of yellow tulips for her birthday on the 12th?");
    if (javaScriptEnabled) {
      // Sending: the button says so (and cannot be pressed twice) until the server answers.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname === "/contact" || url.pathname.startsWith("/contact."),
        async (route) => {
          if (route.request().method() === "POST") await held;
          await route.continue();
        },
      );
      await form.send.click();
      const sending = page.getByRole("button", { name: "Sending…", exact: true });
      await sending.waitFor();
      expect(await sending.isDisabled()).toBe(true);
      release();
    } else {
      await form.send.click();
    }

    // Sent: thanks in a toast, and an empty form for the next message.
    await expect.poll(() => toastText(page)).toContain(SENT);
    expect(new URL(page.url()).pathname).toBe("/contact");
    const again = fields(page);
    await expect.poll(() => again.name.inputValue()).toBe("");
    expect(await again.email.inputValue()).toBe("");
    expect(await again.subject.inputValue()).toBe("");
    expect(await again.message.inputValue()).toBe("");
    expect(await messageUnder(page, again.message)).not.toContain("required");
    expect(await page.getByRole("alert").filter({ hasText: "There was an error" }).count()).toBe(0);
    await context.close();
  });
});

describe.each(MODES)("contact page on a 320 px phone ($name)", ({ javaScriptEnabled }) => {
  it("fits without sideways scrolling", async () => {
    const context = await browser().newContext({
      javaScriptEnabled,
      baseURL: process.env.E2E_BASE_URL,
      viewport: { width: 320, height: 640 },
    });
    const page = await context.newPage();
    await page.goto("/contact");
    expect(await page.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.querySelector("main")?.scrollWidth)).toBeLessThanOrEqual(320);
    await context.close();
  });
});

describe("accessibility of the contact page", () => {
  it("has no axe violations, before and after a submit with errors", async () => {
    const { context, page } = await newPage(browser(), true);
    await page.goto("/contact");
    await settle(page, true);
    expect(await axeViolations(page)).toEqual([]);
    const form = fields(page);
    await form.send.click();
    await expect.poll(() => messageUnder(page, form.name)).toBe("Name is required");
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
