/**
 * Node-side helpers for a libSQL database (tests, scripts, or production through LIBSQL_URL):
 * apply the same migrations wrangler applies to D1, and load the seed.
 */
import { createClient, type Client } from "@libsql/client";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { buildSeedStatements } from "./seed";

export const MIGRATIONS_DIR = join(import.meta.dirname, "..", "migrations");

export function openLibsql(url: string, authToken?: string): Client {
  return createClient({ url, authToken });
}

export function splitStatements(sqlText: string): string[] {
  return sqlText
    .split("--> statement-breakpoint")
    .map((statement) => statement.trim())
    .filter(Boolean);
}

/** Applies migrations not applied yet, recording them in d1_migrations as wrangler does. */
export async function applyMigrations(client: Client, dir = MIGRATIONS_DIR): Promise<string[]> {
  await client.execute(
    "CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)",
  );
  const done = new Set((await client.execute("SELECT name FROM d1_migrations")).rows.map((row) => String(row.name)));
  const files = (await readdir(dir)).filter((file) => file.endsWith(".sql")).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const statements = splitStatements(await readFile(join(dir, file), "utf8"));
    await client.batch([...statements, { sql: "INSERT INTO d1_migrations (name) VALUES (?)", args: [file] }], "write");
    applied.push(file);
  }
  return applied;
}

export async function seedLibsql(
  client: Client,
  options: { devUsers?: boolean; production?: boolean } = {},
): Promise<number> {
  const statements = await buildSeedStatements(options);
  await client.batch(statements, "write");
  return statements.length;
}
