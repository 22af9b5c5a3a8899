/**
 * npm run db:seed (and db:migrate for libSQL): the local D1 database by default, or the libSQL
 * database named by LIBSQL_URL / LIBSQL_AUTH_TOKEN.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { applyMigrations, openLibsql, seedLibsql } from "../db/libsql";
import { buildSeedStatements } from "../db/seed";

const command = process.argv[2];
/** Extra wrangler flags, such as --persist-to=DIR for a separate local database. */
const passThrough = process.argv.slice(3);
/** `--remote`: the Cloudflare D1 database itself (production) instead of the local one. */
const remote = passThrough.includes("--remote");
const target = remote ? [] : ["--local"];
/**
 * The development accounts (public passwords) go only into local databases, unless asked for with
 * SEED_DEV_USERS=1; a remote D1 or a libSQL database gets the catalogue, content and settings.
 */
const devUsers = process.env.SEED_DEV_USERS === "1" || (!remote && !process.env.LIBSQL_URL);
const root = join(import.meta.dirname, "..");

function wrangler(args: string[]) {
  const result = spawnSync("npx", ["wrangler", ...args], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" },
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
      const count = await seedLibsql(openLibsql(url, process.env.LIBSQL_AUTH_TOKEN), { devUsers });
      console.log(`Seeded libSQL (${count} statements, existing rows kept)`);
    } else {
      const statements = await buildSeedStatements({ devUsers });
      const dir = join(root, ".wrangler");
      mkdirSync(dir, { recursive: true });
      const file = join(dir, "seed.sql");
      writeFileSync(file, statements.map((statement) => `${statement};`).join("\n"));
      wrangler(["d1", "execute", "DB", ...target, `--file=${file}`, ...passThrough]);
      console.log(`Seeded the ${remote ? "remote" : "local"} D1 database (${statements.length} statements, existing rows kept${devUsers ? "" : ", no development accounts"})`);
    }
    return;
  }
  console.error("usage: tsx scripts/db.ts migrate|seed");
  process.exit(2);
}

await main();
