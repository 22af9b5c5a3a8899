// npm run profile: a CPU profile of the personal pages that React renders on every request (the
// cart, checkout, the orders, an order, a guest's confirmation), taken inside workerd while
// autocannon drives each page. It builds nothing: it serves build/ from `npm run build` (with
// `npm run build -- --sourcemapServer` the app's own functions are named by their source file and
// line; without it they show as build/server/index.js). Docs: docs/decisions/018-render-work.md.
//
//   npm run profile                         every page, a profile each, under .tmp/profile/
//   npm run profile -- cart checkout        only these pages
//   npm run profile -- --measure            no profiler: req/s of each page beside /api/health, in rounds
//   npm run profile -- --compare ../other   no profiler: this build/ and another checkout's build/, each on
//                                           its own server, one request to each in turn (so both share
//                                           whatever else loads the machine): the time of a request, p10/p50
//
// Environment: PROFILE_PORT (8812), PROFILE_INSPECTOR_PORT (9312), PROFILE_SECONDS (6),
// PROFILE_CONNECTIONS (10), PROFILE_ROUNDS (3, with --measure), PROFILE_TOP (25).
//
// How: `wrangler dev --inspector-port` opens the Chrome DevTools Protocol for the Worker's isolate;
// Profiler.start / Profiler.stop over that WebSocket give a .cpuprofile (open it in Chrome DevTools
// or speedscope). Sample positions are mapped back through wrangler's bundle source map (and the
// server build's, when there is one) and summed by source file and by function.
import autocannon from "autocannon";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openInspector } from "./lib/inspector.mjs";
import { startSeededServer } from "./lib/server.mjs";

const PORT = Number(process.env.PROFILE_PORT || 8812);
const INSPECTOR_PORT = Number(process.env.PROFILE_INSPECTOR_PORT || 9312);
const SECONDS = Number(process.env.PROFILE_SECONDS || 6);
const CONNECTIONS = Number(process.env.PROFILE_CONNECTIONS || 10);
const ROUNDS = Number(process.env.PROFILE_ROUNDS || 3);
const TOP = Number(process.env.PROFILE_TOP || 25);
const OUT = ".tmp/profile";
const args = process.argv.slice(2);
const measureOnly = args.includes("--measure");
const compareDir = args.includes("--compare") ? args[args.indexOf("--compare") + 1] : null;
const only = args.filter((arg, i) => !arg.startsWith("--") && args[i - 1] !== "--compare");
const COMPARE_REQUESTS = Number(process.env.PROFILE_REQUESTS || 300);

if (typeof WebSocket === "undefined") {
  console.error(
    "This script needs a global WebSocket: run it with `node --experimental-websocket` (npm run profile does).",
  );
  process.exit(1);
}
if (!existsSync("build/server/index.js")) {
  console.error(
    "No build/: run `npm run build` first (or `npm run build -- --sourcemapServer` to name the app's files).",
  );
  process.exit(1);
}

const server = await startSeededServer({
  port: PORT,
  stateDir: ".wrangler/profile-state",
  args: ["--inspector-port", String(INSPECTOR_PORT)],
});
// With --compare: the other checkout's build on its own server (its own wrangler.toml and database).
let other = null;
if (compareDir) {
  const here = process.cwd();
  process.chdir(path.resolve(compareDir));
  try {
    other = await startSeededServer({
      port: PORT + 1,
      stateDir: ".wrangler/profile-state",
      args: ["--inspector-port", String(INSPECTOR_PORT + 1)],
    });
  } finally {
    process.chdir(here);
  }
}
const stop = async () => {
  await server.stop();
  await other?.stop();
  process.exit(130);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

const cookiesOf = (response) => response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
const joinCookies = (...lists) => {
  const byName = new Map();
  for (const cookie of lists.flat().filter(Boolean)) byName.set(cookie.split("=")[0], cookie);
  return [...byName.values()].join("; ");
};
const post = (server, pathname, form, cookie = "") =>
  fetch(server.url + pathname, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
    body: new URLSearchParams(form),
  });

/** The shoppers and their pages: a three-line cart, a logged-in customer with orders, a guest's order. */
async function setUp(server) {
  // A shopper's cart with three lines: three form posts to /cart, keeping the signed cookie (as bench.mjs).
  const three = await (await fetch(`${server.url}/api/products?per_page=3`)).json();
  let cartCookie = "";
  for (const product of three.data.data) {
    const response = await post(
      server,
      "/cart",
      { intent: "add", product_id: String(product.id), quantity: "1" },
      cartCookie,
    );
    const set = cookiesOf(response).find((cookie) => cookie.startsWith("cart="));
    if (set) cartCookie = set;
  }
  // The seeded customer logs in (the page's form).
  const login = await post(server, "/login", { email: "customer@twistbloom.test", password: "Customer1234" });
  const customer = joinCookies(cookiesOf(login));
  if (!customer.includes("="))
    throw new Error(`the customer's login answered ${login.status} without a session cookie`);
  const checkoutForm = (extra = {}) => ({
    intent: "place_order",
    firstName: "Casey",
    lastName: "Customer",
    email: "customer@twistbloom.test",
    phone: "+94 77 123 4567",
    address: "42 Galle Road, Kollupitiya",
    city: "Colombo",
    state: "Western",
    zipCode: "00300",
    country: "LK",
    notes: "",
    applied_coupon: "",
    idempotency_key: crypto.randomUUID(),
    ...extra,
  });
  // Four orders of the three bouquets for the customer (the checkout's form post), so /orders lists some.
  for (let i = 0; i < 4; i++) {
    const placed = await post(server, "/checkout", checkoutForm(), joinCookies(cartCookie, customer));
    if (placed.status !== 302)
      throw new Error(`the customer's order answered ${placed.status}: ${(await placed.text()).slice(0, 300)}`);
  }
  const shopper = joinCookies(cartCookie, customer.split("; ").find((c) => c.startsWith("session=")) ?? "");
  const slug = three.data.data[0].slug;
  const blogSlug = (await (await fetch(`${server.url}/api/blogs?per_page=1`)).json()).data.blogs[0].slug;
  const ordersHtml = await (await fetch(`${server.url}/orders`, { headers: { Cookie: customer } })).text();
  const orderId = /href="\/orders\/(\d+)"/.exec(ordersHtml)?.[1];
  // A guest's order: the checkout sends them to their signed confirmation page.
  const guest = await post(
    server,
    "/checkout",
    checkoutForm({ email: "guest@example.com", firstName: "Gale" }),
    cartCookie,
  );
  const confirmation = guest.headers.get("Location");
  if (!orderId || !confirmation?.startsWith("/order-confirmation/"))
    throw new Error("could not make the orders to profile");
  return [
    { name: "cart", path: "/cart", cookie: cartCookie, note: "three lines" },
    { name: "checkout", path: "/checkout", cookie: joinCookies(cartCookie, customer), note: "three lines, logged in" },
    { name: "guest-checkout", path: "/checkout", cookie: cartCookie, note: "three lines, a guest: the bench's row" },
    // The fixed cost of any page React renders: the layout, Remix, the root loader, with nothing in the page.
    { name: "empty-cart", path: "/cart", cookie: "", note: "no cart: the layout and Remix alone" },
    { name: "orders", path: "/orders", cookie: customer, note: "four orders" },
    { name: "order", path: `/orders/${orderId}`, cookie: customer, note: "three lines" },
    { name: "confirmation", path: confirmation, cookie: "", note: "a guest's, three lines" },
    // Pages the edge keeps whole (docs/decisions/017): as they are for a visitor without cookies,
    // and filled in for a returning customer. Only the cart and the session: the login's toast
    // (never shown here) would have the page rendered.
    { name: "kept-home", path: "/", cookie: "", note: "kept, no cookies" },
    { name: "kept-products", path: "/products", cookie: shopper, note: "kept, filled in for the customer with a cart" },
    { name: "kept-product", path: `/product/${slug}`, cookie: shopper, note: "kept, the customer with a cart" },
    // A tutorial: its view counted, a first visit's visitor cookie, the visitor's like (docs/decisions/017).
    { name: "kept-article", path: `/blog/${blogSlug}`, cookie: "", note: "kept, no cookies: a new visitor each time" },
    {
      name: "kept-article-shopper",
      path: `/blog/${blogSlug}`,
      cookie: shopper,
      note: "kept, the customer with a cart",
    },
  ].filter((page) => only.length === 0 || only.includes(page.name));
}

function load(pathname, cookie, seconds = SECONDS) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: server.url + pathname,
        connections: CONNECTIONS,
        duration: seconds,
        headers: cookie ? { Cookie: cookie } : {},
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function warm(page, count = 60, target = server) {
  for (let i = 0; i < count; i++) {
    const response = await fetch(target.url + page.path, { headers: page.cookie ? { Cookie: page.cookie } : {} });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${page.path} answers ${response.status}`);
  }
}

// ------------------------------------------------------------------ the DevTools Protocol

/** The inspector, and the Worker's scripts (and their source maps) as Debugger.scriptParsed lists them. */
async function connectInspector() {
  const scripts = new Map();
  const { send, close } = await openInspector(INSPECTOR_PORT, (message) => {
    if (message.method === "Debugger.scriptParsed") scripts.set(message.params.scriptId, message.params);
  });
  // The scripts (and their source maps) come with Debugger.enable; the debugger is off again while profiling.
  await send("Debugger.enable");
  await new Promise((resolve) => setTimeout(resolve, 500));
  await send("Debugger.disable");
  return { send, scripts, close };
}

// ------------------------------------------------------------------ source positions

const maps = new Map();
function sourceMapOf(file) {
  if (!maps.has(file)) {
    let map = null;
    try {
      const text = readFileSync(file, "utf8");
      const comment = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(text.slice(-500))?.[1];
      const mapFile =
        comment && !comment.startsWith("data:") ? path.resolve(path.dirname(file), comment) : `${file}.map`;
      if (existsSync(mapFile))
        map = { map: new SourceMap(JSON.parse(readFileSync(mapFile, "utf8"))), dir: path.dirname(mapFile) };
    } catch {
      map = null;
    }
    maps.set(file, map);
  }
  return maps.get(file);
}

/** A bundle position (0-based) to its original file, line and name, through up to two source maps. */
function originalPosition(file, line, column) {
  let where = { file, line, column, name: null };
  for (let hop = 0; hop < 2; hop++) {
    const entry = sourceMapOf(where.file);
    if (!entry) break;
    const found = entry.map.findEntry(where.line, where.column);
    if (!found || found.originalSource === undefined) break;
    const source = found.originalSource.startsWith("file://")
      ? fileURLToPath(found.originalSource)
      : path.resolve(entry.dir, found.originalSource);
    where = { file: source, line: found.originalLine, column: found.originalColumn, name: found.name ?? where.name };
  }
  return where;
}

/** A source file as the summary groups it: the app's files by path, a package by its name. */
function groupOf(file) {
  const relative = path.relative(process.cwd(), file);
  const nm = relative.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const parts = relative.slice(nm + "node_modules/".length).split("/");
    const name = `node_modules/${parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]}`;
    // A package whose own source map points at its src/ outside the package (drizzle-orm's does).
    return existsSync(name) ? name : `${name} (a package's src/ by its source map: drizzle-orm's)`;
  }
  return relative;
}

/** Where a profile node's code comes from: its group (source file or package) and a label (name file:line). */
function describe(frame, scripts) {
  if (frame.scriptId === "0" && !frame.functionName)
    return { group: "(native: no JavaScript on the stack)", label: "(native: no JavaScript on the stack)", app: false };
  const script = scripts.get(frame.scriptId);
  if (script?.url?.startsWith("file://")) {
    const where = originalPosition(fileURLToPath(script.url), frame.lineNumber, frame.columnNumber);
    const group = groupOf(where.file);
    // A minified name (one to three characters) says less than the source map's name for the position.
    const name =
      frame.functionName && !/^[a-zA-Z_$][\w$]{0,2}$/.test(frame.functionName)
        ? frame.functionName
        : (where.name ?? frame.functionName);
    return {
      group,
      label: `${name || "(anonymous)"} ${path.relative(process.cwd(), where.file)}:${where.line + 1}`,
      app: /^(app|functions|db)\//.test(group),
    };
  }
  if (script?.url)
    return {
      group: script.url.replace(/^([a-z-]+:[^/]*).*$/, "$1"),
      label: `${frame.functionName || "(anonymous)"} ${script.url}`,
      app: false,
    };
  // Built-ins and the runtime's own functions (fetch, Response, crypto) have no script.
  return { group: `(built-in) ${frame.functionName}`, label: `(built-in) ${frame.functionName}`, app: false };
}

function summarize(profile, scripts) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const info = new Map(profile.nodes.map((node) => [node.id, describe(node.callFrame, scripts)]));
  const byFile = new Map();
  const byFunction = new Map();
  const inclusive = new Map();
  let busy = 0;
  let idle = 0;
  const add = (map, key, micros) => map.set(key, (map.get(key) ?? 0) + micros);
  for (let i = 0; i < profile.samples.length; i++) {
    const micros = profile.timeDeltas[i + 1] ?? 0;
    const node = byId.get(profile.samples[i]);
    if (!node || micros <= 0) continue;
    if (node.callFrame.functionName === "(idle)") {
      idle += micros;
      continue;
    }
    busy += micros;
    const own = info.get(node.id);
    add(byFile, own.group, micros);
    add(byFunction, own.label, micros);
    // Inclusive time of the app's own functions: each function once per sample, however deep it recurses.
    const seen = new Set();
    for (let id = node.id; id !== undefined; id = parentOf.get(id)) {
      const frame = info.get(id);
      if (frame.app && !seen.has(frame.label)) {
        seen.add(frame.label);
        add(inclusive, frame.label, micros);
      }
    }
  }
  const top = (map) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, TOP);
  return { busy, idle, files: top(byFile), functions: top(byFunction), inclusive: top(inclusive) };
}

const pct = (part, whole) => `${((part / Math.max(whole, 1)) * 100).toFixed(1)}%`;

// ------------------------------------------------------------------ the run

try {
  const pages = await setUp(server);
  if (other) {
    // One request to each server in turn, one at a time: whatever else loads the machine loads both alike.
    const otherPages = await setUp(other);
    const timeOf = async (target, page) => {
      const start = performance.now();
      const response = await fetch(target.url + page.path, { headers: page.cookie ? { Cookie: page.cookie } : {} });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${target.url}${page.path} answers ${response.status}`);
      return performance.now() - start;
    };
    const at = (values, q) => [...values].sort((a, b) => a - b)[Math.floor(q * values.length)];
    console.log(`\n${COMPARE_REQUESTS} requests a page to each build, alternating, one at a time (ms)\n`);
    console.log(`| page | ${compareDir} p10 | p50 | this build p10 | p50 | p50 this / other |`);
    console.log("|---|---:|---:|---:|---:|---:|");
    for (const page of pages) {
      const theirs = otherPages.find((p) => p.name === page.name);
      await warm(page, 40);
      await warm(theirs, 40, other);
      const mine = [];
      const base = [];
      for (let n = 0; n < COMPARE_REQUESTS; n++) {
        // Which one goes first changes each time.
        if (n % 2) {
          base.push(await timeOf(other, theirs));
          mine.push(await timeOf(server, page));
        } else {
          mine.push(await timeOf(server, page));
          base.push(await timeOf(other, theirs));
        }
      }
      console.log(
        `| ${page.path.split("?")[0].replace(/\/(\d+|TB-[\w-]+)$/, "/{id}")} (${page.note}) | ${at(base, 0.1).toFixed(1)} | ${at(base, 0.5).toFixed(1)} | ${at(mine, 0.1).toFixed(1)} | ${at(mine, 0.5).toFixed(1)} | ${(at(mine, 0.5) / at(base, 0.5)).toFixed(2)} |`,
      );
    }
  } else if (measureOnly) {
    // req/s of each page with /api/health measured right before it, in rounds (this VM drifts).
    for (const page of pages) await warm(page);
    const rows = new Map(pages.map((page) => [page.name, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const page of pages) {
        const health = (await load("/api/health/live", "", Math.max(2, SECONDS / 2))).requests.average;
        const result = await load(page.path, page.cookie);
        rows.get(page.name).push({
          rps: result.requests.average,
          ratio: result.requests.average / health,
          errors: result.errors + result.non2xx,
        });
      }
    }
    const median = (values) => {
      const sorted = [...values].sort((a, b) => a - b);
      const middle = Math.floor(sorted.length / 2);
      return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    };
    console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each, ${ROUNDS} rounds (medians)\n`);
    console.log("| page | req/s | vs /api/health | ratios by round | errors |");
    console.log("|---|---:|---:|---|---:|");
    for (const page of pages) {
      const runs = rows.get(page.name);
      console.log(
        `| ${page.path.split("?")[0]} (${page.note}) | ${Math.round(median(runs.map((r) => r.rps)))} | ${median(runs.map((r) => r.ratio)).toFixed(2)} | ${runs.map((r) => r.ratio.toFixed(2)).join(" ")} | ${runs.reduce((sum, r) => sum + r.errors, 0)} |`,
      );
    }
  } else {
    mkdirSync(OUT, { recursive: true });
    const inspector = await connectInspector();
    await inspector.send("Profiler.enable");
    await inspector.send("Profiler.setSamplingInterval", { interval: 100 });
    for (const page of pages) {
      await warm(page);
      await inspector.send("Profiler.start");
      const result = await load(page.path, page.cookie);
      const { profile } = await inspector.send("Profiler.stop");
      const file = `${OUT}/${page.name}.cpuprofile`;
      writeFileSync(file, JSON.stringify(profile));
      const summary = summarize(profile, inspector.scripts);
      const requests = result.requests.total;
      console.log(
        `\n## ${page.path.split("?")[0]} (${page.note}): ${Math.round(result.requests.average)} req/s under the profiler, ${result.errors + result.non2xx} errors`,
      );
      console.log(
        `Worker CPU: ${(summary.busy / 1000 / Math.max(requests, 1)).toFixed(2)} ms a request (${requests} requests, ${(summary.busy / 1000).toFixed(0)} ms busy, ${(summary.idle / 1000).toFixed(0)} ms idle); ${file}`,
      );
      console.log("\nSelf time by source file:");
      for (const [name, micros] of summary.files) console.log(`  ${pct(micros, summary.busy).padStart(6)}  ${name}`);
      console.log("\nSelf time by function:");
      for (const [name, micros] of summary.functions)
        console.log(`  ${pct(micros, summary.busy).padStart(6)}  ${name}`);
      console.log("\nTotal time (with what they call) of the app's own functions:");
      for (const [name, micros] of summary.inclusive)
        console.log(`  ${pct(micros, summary.busy).padStart(6)}  ${name}`);
    }
    await inspector.send("Profiler.disable");
    inspector.close();
  }
} finally {
  await server.stop();
  await other?.stop();
}
