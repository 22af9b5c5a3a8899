// npm run lighthouse: Lighthouse 12 (mobile defaults) on Debian's chromium against the production
// build on a freshly seeded local database. Prints the four scores per page and writes the reports
// under bench/lighthouse/.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { build, startSeededServer } from "./lib/server.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (!existsSync(CHROMIUM)) {
  console.error(`Chromium is missing at ${CHROMIUM}: apt-get update && apt-get install -y chromium`);
  process.exit(1);
}

if (process.env.SKIP_BUILD !== "1") build();
const server = await startSeededServer({ port: Number(process.env.LIGHTHOUSE_PORT || 8794), stateDir: ".wrangler/lighthouse-state" });
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});

try {
  const list = await (await fetch(`${server.url}/api/products?per_page=1&sort_by=best-sellers`)).json();
  const blogs = await (await fetch(`${server.url}/api/blogs?per_page=1`)).json();
  const candidates = [
    ["home", "/"],
    ["products", "/products"],
    ["product", `/product/${list.data.data[0].slug}`],
    ["blog", "/blog"],
    ["article", `/blog/${blogs.data.blogs[0].slug}`],
    ["cart", "/cart"],
  ];
  const pages = [];
  for (const [name, path] of candidates) {
    const status = (await fetch(server.url + path)).status;
    if (status === 200) pages.push([name, path]);
    else console.log(`skipping ${path}: it answers ${status}`);
  }
  mkdirSync("bench/lighthouse", { recursive: true });
  const rows = [];
  for (const [name, path] of pages) {
    const result = await lighthouse(server.url + path, { port: chrome.port, output: "html", logLevel: "error" });
    writeFileSync(`bench/lighthouse/${name}.html`, result.report);
    const c = result.lhr.categories;
    rows.push({
      page: path,
      performance: c.performance.score,
      accessibility: c.accessibility.score,
      bestPractices: c["best-practices"].score,
      seo: c.seo.score,
      lcpMs: Math.round(result.lhr.audits["largest-contentful-paint"].numericValue),
      cls: +result.lhr.audits["cumulative-layout-shift"].numericValue.toFixed(3),
      tbtMs: Math.round(result.lhr.audits["total-blocking-time"].numericValue),
    });
  }
  console.log("\n| page | performance | accessibility | best practices | SEO | LCP ms | CLS | TBT ms |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of rows) console.log(`| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} | ${r.cls} | ${r.tbtMs} |`);
  writeFileSync("bench/lighthouse.json", JSON.stringify({ date: new Date().toISOString(), rows }, null, 2) + "\n");
  console.log("\nWrote bench/lighthouse.json and bench/lighthouse/*.html");
} finally {
  await chrome.kill();
  await server.stop();
}
