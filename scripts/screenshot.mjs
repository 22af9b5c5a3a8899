// Takes a screenshot of a page of the running shop: node scripts/screenshot.mjs [url] [file]
import { chromium } from "playwright-core";

const url = process.argv[2] || "http://localhost:8787/";
const file = process.argv[3] || "docs/screenshot.png";
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
await page.goto(url, { waitUntil: "networkidle" });
await page.screenshot({ path: file, fullPage: process.env.FULL_PAGE === "1" });
await browser.close();
console.log(`Wrote ${file}`);
