import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { asAdmin as signedInAdmin, MODES, open, settle, toastText, useBrowser } from "./browser";

/**
 * The back office's CSV files in the browser, with JavaScript on and off (issue 31): an admin
 * downloads the orders of a status as a file, and imports products from a file with one bad row:
 * the preview shows that row's problem and the bookmark section, Import saves the others and the
 * report lists the bad one. Each journey imports SKUs of its own.
 */

const browser = useBrowser();
const unique = () => crypto.randomUUID().slice(0, 8).toUpperCase();

const asAdmin = (javaScriptEnabled: boolean, path: string) => signedInAdmin(browser(), javaScriptEnabled, path);

describe.each(MODES)("CSV in and out ($name)", ({ javaScriptEnabled }) => {
  it("downloads the orders of a status as a CSV file", async () => {
    const { context, page } = await asAdmin(javaScriptEnabled, "/admin/orders");
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
    const form = page.getByRole("form", { name: "Export orders" });
    await form.getByLabel("Status").selectOption("pending");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      form.getByRole("button", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const stream = await download.createReadStream();
    let text = "";
    for await (const chunk of stream) text += String(chunk);
    expect(text.split("\r\n")[0]).toMatch(/^order_number,placed_at,status,/);
    for (const line of text.split("\r\n").slice(1, -1)) expect(line.split(",")[2]).toBe("pending");
    await context.close();
  });

  it("imports products from a file with one bad row: the preview, then the report", async () => {
    const mark = unique();
    const csv = [
      "sku,name,price,stock",
      `E2E-${mark}-1,Imported Tulips ${mark},18.00,5`,
      `E2E-${mark}-2,,not a price,2`,
    ].join("\r\n");
    const { context, page } = await asAdmin(javaScriptEnabled, "/admin/products/import");
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
    await page
      .getByLabel("CSV file")
      .setInputFiles({ name: "tulips.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Preview import" }).click();
    await page.waitForURL((url) => /^\/admin\/products\/import\/[0-9a-f-]{36}$/.test(url.pathname));
    await settle(page, javaScriptEnabled);
    const main = page.locator("main");
    await expect.poll(() => main.innerText()).toContain("2 rows: 1 ready, 1 with problems (left out)");
    const bad = page.locator('tr[data-row="3"]');
    expect(await bad.innerText()).toContain("The name field is required.");
    expect(await bad.innerText()).toContain("The price must be a number.");
    expect(await main.innerText()).toContain("Before you import: the database's bookmark");
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Import 1 row" }).click();
    await settle(page, javaScriptEnabled);
    await expect.poll(() => toastText(page)).toContain("Import done: 1 created, 0 updated, 1 failed.");
    expect(await main.innerText()).toContain("1 created, 0 updated, 0 unchanged, 1 failed.");
    expect(await page.locator('tr[data-row="3"]').innerText()).toContain("The name field is required.");
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);

    await open(page, `/admin/products?search=E2E-${mark}`, javaScriptEnabled);
    expect(await page.locator("main").innerText()).toContain(`Imported Tulips ${mark}`);
    await context.close();
  });
});
