import { beforeAll, describe, expect, it } from "vitest";
import { addDays, deliveryRules, deliveryWindow, formatDeliveryDate, weekdayOf } from "../../app/lib/delivery";
import type { SettingsByGroup } from "../../app/lib/site";
import { ADMIN } from "../fixtures/accounts";
import { axeViolations } from "./axe";
import { BASE_URL, MODES, newPage, open, settle, submitLogin, toastText, useBrowser } from "./browser";

/**
 * Staff and the delivery days in the browser, JavaScript on and off: from the back office's menu to
 * the deliveries page, a day closed with its button (the checkout's calendar says closed at once)
 * and reopened. The day is the last of the 14 listed that the shop's rules leave open, computed
 * from now and the rules.
 */
const browser = useBrowser();
let day: string;

beforeAll(async () => {
  const response = await fetch(`${BASE_URL}/api/settings/public`);
  expect(response.status).toBe(200);
  const rules = deliveryRules(((await response.json()) as { data: SettingsByGroup }).data);
  const today = deliveryWindow(rules, new Date()).today;
  const open = Array.from({ length: 13 }, (_, i) => addDays(today, 13 - i)).filter(
    (date) => !rules.closedWeekdays.includes(weekdayOf(date)) && !rules.closedDates.includes(date),
  );
  day = open[0]!;
});

const checkoutStatus = async () => {
  const response = await fetch(`${BASE_URL}/api/delivery/dates?from=${day}&to=${day}`);
  return ((await response.json()) as { data: Array<{ status: string }> }).data[0]!.status;
};

describe.each(MODES)("the deliveries page ($name)", ({ javaScriptEnabled }) => {
  it("closes a day, shows it closed to staff and the checkout, and reopens it", async () => {
    const { context, page } = await newPage(browser(), javaScriptEnabled);
    await open(page, "/login?redirectTo=%2Fadmin", javaScriptEnabled);
    await submitLogin(page, javaScriptEnabled, ADMIN);
    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Deliveries" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/deliveries");
    await settle(page, javaScriptEnabled);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Deliveries");
    expect(await page.locator("tbody tr").count()).toBe(14);
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);

    const written = formatDeliveryDate(day);
    const row = page.locator("tbody tr", { has: page.getByRole("link", { name: written, exact: true }) });
    await row.getByRole("button", { name: /^Close this day/ }).click();
    await expect.poll(() => toastText(page)).toContain(`Deliveries closed on ${written}.`);
    await settle(page, javaScriptEnabled);
    await expect.poll(() => row.innerText()).toContain("Closed (holiday)");
    expect(await checkoutStatus()).toBe("closed");

    await row.getByRole("button", { name: /^Reopen this day/ }).click();
    await expect.poll(() => toastText(page)).toContain(`Deliveries reopened on ${written}.`);
    await settle(page, javaScriptEnabled);
    await expect.poll(() => row.innerText()).not.toContain("Closed");
    expect(await checkoutStatus()).toBe("available");

    // The day's link leads to its orders.
    await row.getByRole("link", { name: written, exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/admin/orders" && url.searchParams.get("delivery_date") === day);
    if (javaScriptEnabled) {
      // The list's delivery filters and the settings' delivery controls pass axe too.
      await settle(page, javaScriptEnabled);
      expect(await axeViolations(page)).toEqual([]);
      await open(page, "/admin/settings", javaScriptEnabled);
      expect(await axeViolations(page)).toEqual([]);
    }
    await context.close();
  });
});
