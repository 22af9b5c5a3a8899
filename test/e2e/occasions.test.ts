import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays, shopClock } from "../../app/lib/delivery";
import { MONTH_NAMES } from "../../app/lib/occasions";
import { axeViolations } from "./axe";
import {
  BASE_URL,
  linkIn,
  mailTo,
  messageUnder,
  MODES,
  newPage,
  open,
  registerAccount,
  settle,
  toastText,
  useBrowser,
} from "./browser";

// Occasions in the browser, JavaScript on and off: a shopper saves one on the profile (a missing
// year shown under its field first), edits it in place, sees it listed, removes it; then the daily
// job (run at once on this development server) mails a reminder to the development mailbox, and
// its "Remove this reminder for good" link removes the occasion after one press.

const browser = useBrowser();

let counter = 0;
const uniqueEmail = (mode: string) => `occasions-${mode}-${Date.now().toString(36)}-${++counter}@example.com`;

const section = (page: Page) => page.getByRole("region", { name: "Occasions" });
const listed = (page: Page) =>
  page
    .getByRole("list", { name: "Your occasions" })
    .getByRole("listitem")
    .allInnerTexts()
    .then((items) => items.map((text) => text.replace(/\s+/g, " ").trim()));

async function fillOccasion(
  page: Page,
  values: { name: string; day: number; month: number; repeats: "Every year" | "Once"; year: string },
) {
  const form = section(page)
    .locator("form")
    .filter({ has: page.getByLabel("Occasion", { exact: true }) });
  await form.getByLabel("Occasion", { exact: true }).fill(values.name);
  await form.getByLabel("Day", { exact: true }).selectOption(String(values.day));
  await form.getByLabel("Month", { exact: true }).selectOption({ label: MONTH_NAMES[values.month - 1] });
  await form.getByLabel("Repeats", { exact: true }).selectOption({ label: values.repeats });
  await form.getByLabel("Year (for a one-time occasion)", { exact: true }).fill(values.year);
  return form;
}

describe.each(MODES)("occasions ($name)", ({ javaScriptEnabled }) => {
  const mode = javaScriptEnabled ? "js" : "nojs";

  it("are saved on the profile, edited, listed and removed", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await registerAccount(page, javaScriptEnabled, { email: uniqueEmail(mode) });
    await open(page, "/profile", javaScriptEnabled);
    await expect.poll(() => section(page).innerText()).toContain("We email you 7 days before each one");

    await section(page).getByRole("link", { name: "Add an occasion", exact: true }).click();
    await settle(page, javaScriptEnabled);
    // Axe runs in the page: with JavaScript only.
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
    const year = Number(shopClock(new Date(), "Asia/Colombo").date.slice(0, 4)) + 1;
    let form = await fillOccasion(page, { name: "Our wedding", day: 3, month: 6, repeats: "Once", year: "" });
    await form.getByRole("button", { name: "Add", exact: true }).click();
    const yearField = section(page).getByLabel("Year (for a one-time occasion)", { exact: true });
    await expect.poll(() => messageUnder(page, yearField)).toBe("Please give the year of a one-time occasion.");
    await settle(page, javaScriptEnabled);
    await yearField.fill(String(year));
    await section(page).getByRole("button", { name: "Add", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/profile" && url.search === "");
    await settle(page, javaScriptEnabled);
    await expect.poll(() => toastText(page)).toContain("Occasion saved. We will remind you before it.");
    expect(await listed(page)).toEqual([expect.stringContaining(`Our wedding 3 June ${year}`)]);

    await section(page).getByRole("link", { name: "Edit Our wedding", exact: true }).click();
    await settle(page, javaScriptEnabled);
    form = await fillOccasion(page, { name: "Our anniversary", day: 3, month: 6, repeats: "Every year", year: "" });
    await form.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => toastText(page)).toContain("Occasion updated.");
    await settle(page, javaScriptEnabled);
    expect(await listed(page)).toEqual([expect.stringContaining("Our anniversary 3 June, every year")]);

    await section(page).getByRole("button", { name: "Remove Our anniversary", exact: true }).click();
    await expect.poll(() => toastText(page)).toContain("Occasion removed.");
    await settle(page, javaScriptEnabled);
    expect(await section(page).innerText()).toContain("Save a birthday or an anniversary");
    await context.close();
  });

  it("are reminded of by mail, and removed in one press from its link", async () => {
    const email = uniqueEmail(`mail-${mode}`);
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await registerAccount(page, javaScriptEnabled, { email });
    await open(page, "/profile?edit=occasion", javaScriptEnabled);
    const day = addDays(shopClock(new Date(), "Asia/Colombo").date, 3);
    const form = await fillOccasion(page, {
      name: "Gran's birthday",
      day: Number(day.slice(8, 10)),
      month: Number(day.slice(5, 7)),
      repeats: "Every year",
      year: "",
    });
    await form.getByRole("button", { name: "Add", exact: true }).click();
    await expect.poll(() => toastText(page)).toContain("Occasion saved.");

    const ran = await fetch(`${BASE_URL}/api/dev/jobs/occasion-reminders`, { method: "POST" });
    expect(ran.status).toBe(200);
    const reminder = await mailTo(email, { template: "occasion_reminder" });
    expect(reminder.subject).toMatch(/^Gran's birthday is on /);
    expect(reminder.text).toContain("Shop bouquets:");

    await open(page, linkIn(reminder, "/occasions/remove"), javaScriptEnabled);
    expect(await page.locator("main").innerText()).toContain("Remove Gran's birthday");
    // Axe runs in the page: with JavaScript only.
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Remove for good", exact: true }).click();
    await expect.poll(() => toastText(page)).toContain("The reminder of Gran's birthday is removed for good.");
    await open(page, "/profile", javaScriptEnabled);
    expect(await section(page).innerText()).not.toContain("Gran's birthday");
    await context.close();
  });
});
