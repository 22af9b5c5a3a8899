// npm run bench -- --export [--save]: issue 31's row. The grown shop (`npm run db:grow`: 200,000
// orders) served by the built Worker under `wrangler dev`; a staff token downloads
// GET /api/admin/orders.csv (every order, one row per order line) as a client would, reading the
// stream to its end. Reported: the time, the rows and bytes, and memory, sampled every 100 ms
// during the download beside its level before: the Worker isolate's V8 heap (what the 128 MB limit
// counts), read over the inspector (`wrangler dev --inspector-port`, Runtime.getHeapUsage), and the
// resident memory (RSS, /proc/PID/status) of the `workerd` process, which also holds local D1's
// SQLite (its page cache of the 1.3 GB file: anonymous memory too) and miniflare's own workers.
import { createClient } from "@libsql/client";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { d1File } from "./d1-file.mjs";
import { openInspector } from "./inspector.mjs";
import { build, startServer } from "./server.mjs";
import { apiToken } from "./sign-in.mjs";

const PORT = Number(process.env.BENCH_PORT || 8797);
const INSPECTOR_PORT = Number(process.env.BENCH_INSPECTOR_PORT || PORT + 1000);
const GROWN_DIR = process.env.BENCH_GROWN_DIR || ".wrangler/grown";
/** Issue 31's target: the export of the grown shop's 200,000 orders finishes, the Worker's heap under its 128 MB. */
const WORKER_MEMORY_MB = 128;

/** The processes of a process group (`wrangler dev` is started as its own group): pid, name, RSS and its anonymous part, in bytes. */
function groupProcesses(pgid) {
  const found = [];
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // pid (comm) state ppid pgrp ...: comm may hold spaces, so read after its closing parenthesis.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue;
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
      found.push({
        pid: Number(pid),
        name: /^Name:\s+(.+)$/m.exec(status)?.[1] ?? "",
        rss: kb("VmRSS"),
        anon: kb("RssAnon"),
      });
    } catch {
      // the process ended meanwhile
    }
  }
  return found;
}

const mb = (bytes) => +(bytes / 1048576).toFixed(1);

/**
 * The Worker isolate's heap (bytes used) over the DevTools Protocol of `wrangler dev --inspector-port`
 * (workerd answers Runtime.getHeapUsage; it leaves HeapProfiler.collectGarbage unanswered).
 */
async function connectHeap() {
  const { send, close } = await openInspector(INSPECTOR_PORT);
  return {
    used: async () => (await send("Runtime.getHeapUsage")).usedSize,
    close,
  };
}

export async function benchExport({ save }) {
  const file = d1File(GROWN_DIR);
  if (!file) {
    console.error(`No grown database in ${GROWN_DIR}: make it with \`npm run db:grow\`, then run this again.`);
    return 1;
  }
  const client = createClient({ url: `file:${file}` });
  const orders = Number((await client.execute("SELECT count(*) AS n FROM orders")).rows[0].n);
  client.close();
  if (process.env.SKIP_BUILD !== "1") build();
  const server = await startServer({
    port: PORT,
    stateDir: GROWN_DIR,
    args: ["--inspector-port", String(INSPECTOR_PORT)],
  });
  try {
    const token = await apiToken(server.url, "admin@twistbloom.test", "Admin1234");
    const headers = { Authorization: `Bearer ${token}` };
    // Warm-up: workerd compiles the route's code and D1 opens its file (one page of a filtered file).
    await (await fetch(`${server.url}/api/admin/orders.csv?status=cancelled&from=2100-01-01`, { headers })).text();
    const heap = await connectHeap();
    const sample = async () => {
      const workerd = groupProcesses(server.pid).filter((p) => p.name === "workerd");
      return {
        heap: await heap.used(),
        workerd: workerd.reduce((sum, p) => sum + p.rss, 0),
        anon: workerd.reduce((sum, p) => sum + p.anon, 0),
      };
    };
    const before = await sample();
    const peak = { ...before };
    let sampling = Promise.resolve();
    const timer = setInterval(() => {
      sampling = sampling.then(async () => {
        const now = await sample();
        for (const key of Object.keys(peak)) peak[key] = Math.max(peak[key], now[key]);
      });
    }, 100);
    const start = performance.now();
    const response = await fetch(`${server.url}/api/admin/orders.csv`, { headers });
    let firstByteMs = null;
    let bytes = 0;
    let lines = 0;
    let quoted = false;
    for await (const chunk of response.body) {
      firstByteMs ??= performance.now() - start;
      bytes += chunk.byteLength;
      // Rows end at a newline outside quotes (a gift message may hold one).
      for (const byte of chunk) {
        if (byte === 34) quoted = !quoted;
        else if (byte === 10 && !quoted) lines++;
      }
    }
    const ms = performance.now() - start;
    clearInterval(timer);
    await sampling;
    const after = await sample();
    heap.close();
    const result = {
      orders,
      status: response.status,
      rows: lines - 1,
      bytes,
      seconds: +(ms / 1000).toFixed(1),
      first_byte_ms: Math.round(firstByteMs ?? ms),
      rows_per_second: Math.round(((lines - 1) / ms) * 1000),
      worker_heap_mb: { before: mb(before.heap), peak: mb(peak.heap), after: mb(after.heap) },
      workerd_rss_mb: { before: mb(before.workerd), peak: mb(peak.workerd), after: mb(after.workerd) },
      workerd_rss_anon_mb: { before: mb(before.anon), peak: mb(peak.anon), after: mb(after.anon) },
    };
    const machine = `${os.cpus().length} x ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
    console.log(`\nTwistbloom export benchmark: GET /api/admin/orders.csv on the grown shop, on ${machine}\n`);
    console.log(
      "| export | status | rows | file | time | first byte | rows/s | Worker heap before / peak | workerd RSS before / peak | target |",
    );
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|");
    const { worker_heap_mb: h, workerd_rss_mb: r } = result;
    const met = result.status === 200 && result.orders >= 200_000 && h.peak < WORKER_MEMORY_MB;
    console.log(
      `| all ${orders.toLocaleString("en-US")} orders | ${result.status} | ${result.rows.toLocaleString("en-US")} | ${mb(bytes)} MB | ${result.seconds} s | ${result.first_byte_ms} ms | ${result.rows_per_second} | ${h.before} / ${h.peak} MB | ${r.before} / ${r.peak} MB | ${met ? "met" : "MISSED"} |`,
    );
    console.log(`\n${JSON.stringify(result, null, 2)}`);
    if (save) {
      const file = "bench/results.json";
      const results = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
      results.export = { date: new Date().toISOString(), machine, ...result };
      writeFileSync(file, JSON.stringify(results, null, 2) + "\n");
      console.log(`\nWrote the export figures into ${file} (under "export")`);
    }
    return result.status === 200 ? 0 : 1;
  } finally {
    await server.stop();
  }
}
