// npm run bench: the production build on a freshly seeded local database, warmed up, then measured
// with autocannon in one run, so every figure is a ratio against a floor measured beside it.
import autocannon from "autocannon";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { build, startSeededServer } from "./lib/server.mjs";

const DURATION = Number(process.env.BENCH_SECONDS || 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);

if (process.env.SKIP_BUILD !== "1") build();
const server = await startSeededServer({ port: Number(process.env.BENCH_PORT || 8797), stateDir: ".wrangler/bench-state" });

/** With `uncached`, every request carries a fresh `_t` (the spec's cache-busting parameter), so the edge cache never answers. */
function measure(url, { uncached = false } = {}) {
  let n = 0;
  const options = { url, connections: CONNECTIONS, duration: DURATION };
  if (uncached) {
    const { pathname, search } = new URL(url);
    options.requests = [{ setupRequest: (req) => ({ ...req, path: `${pathname}${search ? `${search}&` : "?"}_t=${Date.now()}-${n++}` }) }];
  }
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function queriesOf(url) {
  const response = await fetch(`${url}${url.includes("?") ? "&" : "?"}_t=${Date.now()}`);
  await response.arrayBuffer();
  const match = /db;desc="(\d+) quer/.exec(response.headers.get("Server-Timing") ?? "");
  return { status: response.status, queries: match ? Number(match[1]) : null };
}

try {
  const list = await (await fetch(`${server.url}/api/products?per_page=1&sort_by=best-sellers`)).json();
  const slug = list.data.data[0].slug;
  const asset = readdirSync("build/client/assets").find((file) => file.endsWith(".css"));

  const targets = [
    { name: "GET /api/health (Worker floor)", path: "/api/health" },
    { name: `GET /assets/${asset} (static floor)`, path: `/assets/${asset}` },
    { name: "GET /api/products?per_page=12", path: "/api/products?per_page=12", target: { ratio: 0.5, queries: 2 } },
    { name: "GET /api/products?per_page=12, uncached", path: "/api/products?per_page=12", uncached: true, target: { queries: 2 } },
    { name: `GET /api/products/slug/${slug}`, path: `/api/products/slug/${slug}`, target: { queries: 2 } },
    { name: `GET /api/products/slug/${slug}, uncached`, path: `/api/products/slug/${slug}`, uncached: true, target: { queries: 2 } },
    { name: "GET / (home page)", path: "/" },
  ];

  // Warm-up: let workerd compile and D1 open its file before anything is measured.
  for (const t of targets) for (let i = 0; i < 20; i++) await (await fetch(server.url + t.path)).arrayBuffer();

  const rows = [];
  for (const t of targets) {
    const { status, queries } = await queriesOf(server.url + t.path);
    const result = await measure(server.url + t.path, { uncached: t.uncached });
    rows.push({
      name: t.name,
      path: t.path,
      status,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
      queries,
      target: t.target ?? null,
    });
  }
  const health = rows[0].rps;
  const staticFloor = rows[1].rps;
  for (const row of rows) {
    row.vsHealth = +(row.rps / health).toFixed(2);
    row.vsStatic = +(row.rps / staticFloor).toFixed(2);
    row.pass =
      row.target === null ||
      ((row.target.ratio === undefined || row.vsHealth >= row.target.ratio) &&
        (row.target.queries === undefined || (row.queries !== null && row.queries <= row.target.queries)));
  }

  const machine = `${os.cpus().length} x ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  console.log(`\nTwistbloom benchmark: ${CONNECTIONS} connections, ${DURATION} s each, on ${machine}\n`);
  const header = "| endpoint | req/s | p50 ms | p99 ms | vs health | vs static | queries | target |";
  console.log(header);
  console.log("|---|---:|---:|---:|---:|---:|---:|---|");
  for (const r of rows) {
    const target = r.target
      ? `${[r.target.ratio !== undefined ? `>= ${r.target.ratio} of health` : null, r.target.queries !== undefined ? `<= ${r.target.queries} queries` : null].filter(Boolean).join(", ")}: ${r.pass ? "met" : "MISSED"}`
      : "";
    console.log(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.vsHealth} | ${r.vsStatic} | ${r.queries ?? "-"} | ${target} |`);
  }
  mkdirSync("bench", { recursive: true });
  writeFileSync(
    "bench/results.json",
    JSON.stringify({ date: new Date().toISOString(), machine, connections: CONNECTIONS, durationSeconds: DURATION, rows }, null, 2) + "\n",
  );
  console.log("\nWrote bench/results.json");
} finally {
  await server.stop();
}
