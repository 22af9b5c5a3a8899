// Takes a screenshot of a page of the running shop: node scripts/screenshot.mjs [url] [file]
// With LOGIN_EMAIL and LOGIN_PASSWORD, logs in through the login form first (the back office:
// LOGIN_EMAIL=admin@twistbloom.test LOGIN_PASSWORD=Admin1234 node scripts/screenshot.mjs http://localhost:8787/admin docs/back-office.png).
import { chromium } from "playwright-core";

const url = process.argv[2] || "http://localhost:8787/";
const file = process.argv[3] || "docs/screenshot.png";
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
if (process.env.LOGIN_EMAIL) {
  const target = new URL(url);
  await page.goto(`${target.origin}/login?redirectTo=${encodeURIComponent(target.pathname + target.search)}`, {
    waitUntil: "networkidle",
  });
  await page.getByLabel("Email", { exact: true }).fill(process.env.LOGIN_EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(process.env.LOGIN_PASSWORD ?? "");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.waitForURL((next) => next.pathname !== "/login");
}
await page.goto(url, { waitUntil: "networkidle" });
// Toasts fade on their own; the picture is of the page.
await page.evaluate(() => document.querySelectorAll("[data-toast-type]").forEach((toast) => toast.remove()));
await page.screenshot({ path: file, fullPage: process.env.FULL_PAGE === "1" });
await browser.close();
console.log(`Wrote ${file}`);
