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
const server = await startSeededServer({
  port: Number(process.env.LIGHTHOUSE_PORT || 8794),
  stateDir: ".wrangler/lighthouse-state",
});
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: [
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
  // A run whose trace Lighthouse could not read (its metrics missing, performance null) is taken again, twice at most.
  const complete = (lhr) =>
    lhr.categories.performance.score !== null &&
    ["largest-contentful-paint", "cumulative-layout-shift", "total-blocking-time"].every(
      (id) => typeof lhr.audits[id]?.numericValue === "number",
    );
  const metric = (lhr, id, round) =>
    typeof lhr.audits[id]?.numericValue === "number" ? round(lhr.audits[id].numericValue) : "-";
  for (const [name, path] of pages) {
    let result;
    for (let attempt = 1; attempt <= 3; attempt++) {
      result = await lighthouse(server.url + path, { port: chrome.port, output: "html", logLevel: "error" });
      if (complete(result.lhr)) break;
      console.log(
        `${path}: Lighthouse could not measure it (${result.lhr.runtimeError?.code ?? "metrics missing"}), attempt ${attempt} of 3`,
      );
    }
    writeFileSync(`bench/lighthouse/${name}.html`, result.report);
    const c = result.lhr.categories;
    rows.push({
      page: path,
      performance: c.performance.score ?? "-",
      accessibility: c.accessibility.score,
      bestPractices: c["best-practices"].score,
      seo: c.seo.score,
      lcpMs: metric(result.lhr, "largest-contentful-paint", Math.round),
      cls: metric(result.lhr, "cumulative-layout-shift", (value) => +value.toFixed(3)),
      tbtMs: metric(result.lhr, "total-blocking-time", Math.round),
    });
  }
  console.log("\n| page | performance | accessibility | best practices | SEO | LCP ms | CLS | TBT ms |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of rows)
    console.log(
      `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} | ${r.cls} | ${r.tbtMs} |`,
    );
  writeFileSync("bench/lighthouse.json", JSON.stringify({ date: new Date().toISOString(), rows }, null, 2) + "\n");
  console.log("\nWrote bench/lighthouse.json and bench/lighthouse/*.html");
} finally {
  await chrome.kill();
  await server.stop();
}
