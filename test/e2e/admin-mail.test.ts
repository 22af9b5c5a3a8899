import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ADMIN } from "../fixtures/accounts";
import { axeViolations } from "./axe";
import { BASE_URL, MODES, open, settle, submitLogin, useBrowser } from "./browser";

// The back office's outbox in the browser, JavaScript on and off: the seeded admin opens Mail from
// the back office's navigation, filters it by address and status, and is told when nothing matches;
// the dashboard says nothing about mail outside production; no axe violations on the list.
// (This server's outbox is reached only over HTTP, and no HTTP path makes a failed mail: retries are
// covered by the worker tests, where the queue's consumer runs in workerd.)

const browser = useBrowser();
let counter = 0;
const address = () => `198.51.100.${(counter++ % 250) + 1}`;
const unique = (mode: string) => `${mode}-${Date.now().toString(36)}-${++counter}`;

async function visitor(b: Browser, javaScriptEnabled: boolean) {
  const context = await b.newContext({
    javaScriptEnabled,
    baseURL: BASE_URL,
    extraHTTPHeaders: { "CF-Connecting-IP": address() },
  });
  return { context, page: await context.newPage() };
}

async function logInTo(page: Page, javaScriptEnabled: boolean, to: string) {
  await open(page, `/login?redirectTo=${encodeURIComponent(to)}`, javaScriptEnabled);
  await submitLogin(page, javaScriptEnabled, ADMIN);
  expect(new URL(page.url()).pathname).toBe(to);
}

describe.each(MODES)("the back office's outbox ($name)", ({ javaScriptEnabled }) => {
  const mode = javaScriptEnabled ? "js" : "nojs";

  it("opens Mail from the navigation, filters it, and says when nothing matches", async () => {
    const { context, page } = await visitor(browser(), javaScriptEnabled);
    await logInTo(page, javaScriptEnabled, "/admin");
    // Outside production the dashboard has no mail alert.
    expect(await page.getByText("Email is not configured", { exact: false }).count()).toBe(0);
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Mail", exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === "/admin/mail");
    await settle(page, javaScriptEnabled);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Mail");
    expect(await page.getByText("Coming in the next release").count()).toBe(0);
    const table = page.getByRole("table", { name: "Emails, newest first" });
    expect(await table.getByRole("columnheader").allTextContents()).toEqual([
      "To",
      "Subject",
      "Template",
      "Status",
      "Attempts",
      "Created",
      "Sent",
      "Actions",
    ]);
    const filters = page.getByRole("search", { name: "Filter emails" });
    const statuses = await filters.getByLabel("Status", { exact: true }).locator("option").allInnerTexts();
    expect(statuses[0]).toBe("All statuses");
    expect(statuses.slice(1).map((text) => text.replace(/ \(\d+\)$/, ""))).toEqual(["Queued", "Sent", "Failed"]);
    expect(await filters.getByLabel("Template", { exact: true }).locator("option").first().innerText()).toBe(
      "All templates",
    );

    const nobody = `nobody-${unique(mode)}`;
    await filters.getByLabel("Address", { exact: true }).fill(nobody);
    await filters.getByLabel("Status", { exact: true }).selectOption("failed");
    await filters.getByRole("button", { name: "Apply", exact: true }).click();
    await page.waitForURL(
      (url) => url.searchParams.get("to") === nobody && url.searchParams.get("status") === "failed",
    );
    await settle(page, javaScriptEnabled);
    await table.getByText("No emails match these filters.", { exact: true }).waitFor();
    expect(await page.getByText("No emails", { exact: true }).isVisible()).toBe(true);
    // The form keeps what was asked.
    expect(await filters.getByLabel("Address", { exact: true }).inputValue()).toBe(nobody);
    expect(await filters.getByLabel("Status", { exact: true }).inputValue()).toBe("failed");
    await context.close();
  });

  it("shows a refused filter with its message under the field", async () => {
    const { context, page } = await visitor(browser(), javaScriptEnabled);
    await logInTo(page, javaScriptEnabled, "/admin/mail");
    await open(page, "/admin/mail?status=lost", javaScriptEnabled);
    expect(await page.getByText("The selected status is invalid.", { exact: true }).isVisible()).toBe(true);
    expect(
      await page
        .getByRole("search", { name: "Filter emails" })
        .getByLabel("Status", { exact: true })
        .getAttribute("aria-invalid"),
    ).toBe("true");
    await context.close();
  });
});

describe("accessibility of the outbox", () => {
  it("has no axe violations on /admin/mail, filtered or not", async () => {
    const { context, page } = await visitor(browser(), true);
    await logInTo(page, true, "/admin/mail");
    expect(await axeViolations(page)).toEqual([]);
    await open(page, `/admin/mail?to=nobody-${unique("axe")}&status=queued`, true);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
