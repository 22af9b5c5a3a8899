import { describe, expect, it } from "vitest";
import { ADMIN } from "../fixtures/accounts";
import { axeViolations } from "./axe";
import { MODES, settle, signedInAt, toastText, useBrowser } from "./browser";

// The scheduled jobs in the browser, JavaScript on and off (docs/decisions/036): the admin opens Jobs
// from the back office's navigation, presses Run now on the search misses' clean-up (harmless to
// the other journeys), reads the result in a toast and in the job's row; axe finds nothing.

const browser = useBrowser();

describe.each(MODES)("the back office's jobs ($name)", ({ javaScriptEnabled }) => {
  it("runs a job now from /admin/jobs and shows its result", async () => {
    const { context, page } = await signedInAt(browser(), javaScriptEnabled, ADMIN, "/admin");
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Jobs", exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === "/admin/jobs");
    await settle(page, javaScriptEnabled);
    const table = page.getByRole("table", { name: "Scheduled jobs" });
    expect(await table.getByRole("columnheader").allTextContents()).toEqual([
      "Job",
      "Schedule",
      "Last run",
      "Result",
      "Actions",
    ]);
    // axe runs in the page: with JavaScript on.
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);

    await table.getByRole("button", { name: "Run now: search-misses-cleanup", exact: true }).click();
    await expect.poll(() => toastText(page)).toContain("search-misses-cleanup: Searches older than 90 days removed.");
    expect(new URL(page.url()).pathname).toBe("/admin/jobs");
    const row = table.getByRole("row").filter({ hasText: "search-misses-cleanup" });
    expect(await row.innerText()).toContain(`By ${ADMIN.name}`);
    await context.close();
  });
});
