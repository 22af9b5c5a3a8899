/**
 * npm run db:seed, db:stats-rebuild (and db:migrate for libSQL): the local D1 database by default, or the libSQL
 * database named by LIBSQL_URL / LIBSQL_AUTH_TOKEN.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { applyMigrations, openLibsql, seedLibsql } from "../db/libsql";
import { REBUILD_DAILY_FIGURES } from "../db/daily-figures";
import { buildSeedStatements } from "../db/seed";

const command = process.argv[2];
/**
 * `--history` (npm start, npm run db:seed): the demo shop's past after the seed (scripts/grow.ts
 * --history), on a local database only.
 */
const history = process.argv.includes("--history");
/** Extra wrangler flags, such as --persist-to=DIR for a separate local database. */
const passThrough = process.argv.slice(3).filter((arg) => arg !== "--history");
/** `--remote`: the Cloudflare D1 database itself (production) instead of the local one. */
const remote = passThrough.includes("--remote");
const target = remote ? [] : ["--local"];
/**
 * The development accounts (public passwords) go only into local databases, unless asked for with
 * SEED_DEV_USERS=1; a remote D1 or a libSQL database gets the catalogue, content and settings.
 */
const devUsers = process.env.SEED_DEV_USERS === "1" || (!remote && !process.env.LIBSQL_URL);
/**
 * A remote D1 or a libSQL database is a live shop: its seed writes the production values of the
 * settings (staff sign in with a second factor); the local database keeps the development ones.
 */
const production = remote || Boolean(process.env.LIBSQL_URL);
const root = join(import.meta.dirname, "..");

function wrangler(args: string[]) {
  const result = spawnSync("npx", ["wrangler", ...args], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** The demo's two years of orders, customers and reviews: the local D1 only, never a live shop's (remote, libSQL). */
function demoHistory(url: string | undefined) {
  if (remote || url) {
    console.log("The demo history is for the local D1 database only: not added.");
    return;
  }
  const result = spawnSync("npx", ["tsx", "scripts/grow.ts", "--history", ...passThrough], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function main() {
  const url = process.env.LIBSQL_URL;
  if (command === "migrate") {
    if (url) {
      const applied = await applyMigrations(openLibsql(url, process.env.LIBSQL_AUTH_TOKEN));
      console.log(applied.length ? `Applied ${applied.join(", ")}` : "No migrations to apply");
    } else {
      wrangler(["d1", "migrations", "apply", "DB", ...target, ...passThrough]);
    }
    return;
  }
  if (command === "seed") {
    if (url) {
      const count = await seedLibsql(openLibsql(url, process.env.LIBSQL_AUTH_TOKEN), { devUsers, production });
      console.log(`Seeded libSQL (${count} statements, existing rows kept)`);
    } else {
      const statements = await buildSeedStatements({ devUsers, production });
      const dir = join(root, ".wrangler");
      mkdirSync(dir, { recursive: true });
      const file = join(dir, "seed.sql");
      writeFileSync(file, statements.map((statement) => `${statement};`).join("\n"));
      wrangler(["d1", "execute", "DB", ...target, `--file=${file}`, ...passThrough]);
      console.log(
        `Seeded the ${remote ? "remote" : "local"} D1 database (${statements.length} statements, existing rows kept${devUsers ? "" : ", no development accounts"})`,
      );
    }
    if (history) demoHistory(url);
    return;
  }
  if (command === "stats-rebuild") {
    // The dashboard's daily figures from the orders and accounts there are (db/daily-figures.ts).
    if (url) {
      await openLibsql(url, process.env.LIBSQL_AUTH_TOKEN).batch([...REBUILD_DAILY_FIGURES], "write");
      console.log("Rebuilt the daily figures of the libSQL database");
    } else {
      const dir = join(root, ".wrangler");
      mkdirSync(dir, { recursive: true });
      const file = join(dir, "stats-rebuild.sql");
      writeFileSync(file, REBUILD_DAILY_FIGURES.map((statement) => `${statement};`).join("\n"));
      wrangler(["d1", "execute", "DB", ...target, `--file=${file}`, ...passThrough]);
      console.log(`Rebuilt the daily figures of the ${remote ? "remote" : "local"} D1 database`);
    }
    return;
  }
  if (command === "owner") {
    // The first staff account of a shop seeded without the development accounts: an address that
    // registered on the shop becomes a super-admin (who then grants roles from /admin/users).
    const email =
      passThrough
        .find((arg) => !arg.startsWith("--"))
        ?.trim()
        .toLowerCase() ?? "";
    if (!/^[^\s@'"\\;]+@[^\s@'"\\;]+\.[^\s@'"\\;]{2,}$/.test(email)) {
      console.error(
        "usage: npm run db:owner -- someone@example.com [--remote]   (an address that has registered on the shop)",
      );
      process.exit(2);
    }
    const grant = `INSERT OR IGNORE INTO user_roles (user_id, role_id) SELECT u.id, r.id FROM users u, roles r WHERE u.email = '${email}' AND r.name = 'super-admin'`;
    const check = `SELECT count(*) AS n FROM users WHERE email = '${email}'`;
    let found: number;
    if (url) {
      const client = openLibsql(url, process.env.LIBSQL_AUTH_TOKEN);
      await client.execute(grant);
      found = Number((await client.execute(check)).rows[0]?.n ?? 0);
    } else {
      const flags = passThrough.filter((arg) => arg.startsWith("--"));
      wrangler(["d1", "execute", "DB", ...target, "--command", grant, ...flags]);
      const result = spawnSync(
        "npx",
        ["wrangler", "d1", "execute", "DB", ...target, "--json", "--command", check, ...flags],
        {
          cwd: root,
          encoding: "utf8",
          env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" },
        },
      );
      found = Number(
        (JSON.parse(result.stdout || "[]") as Array<{ results: Array<{ n: number }> }>)[0]?.results[0]?.n ?? 0,
      );
    }
    if (!found) {
      console.error(`No account uses ${email}: register it on the shop first, then run this again.`);
      process.exit(1);
    }
    console.log(`${email} is a super-admin: log in and open /admin.`);
    return;
  }
  console.error("usage: tsx scripts/db.ts migrate|seed|stats-rebuild|owner <email>");
  process.exit(2);
}

await main();
