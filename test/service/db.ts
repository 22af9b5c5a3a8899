import type { Client } from "@libsql/client";
import { createLibsqlDatabase, type Database } from "../../db/client";
import { applyMigrations, openLibsql, seedLibsql } from "../../db/libsql";
import { QueryTimer } from "../../db/timing";
import { ProductListQuerySchema, BlogListQuerySchema } from "../../app/lib/schemas/catalog";

export interface TestDb {
  db: Database;
  client: Client;
  timer: QueryTimer;
}

/** A real libSQL database in memory, migrated and seeded exactly as production would be. */
export async function createTestDb(): Promise<TestDb> {
  const client = openLibsql(":memory:");
  await client.execute("PRAGMA foreign_keys = ON");
  await applyMigrations(client);
  await seedLibsql(client);
  const timer = new QueryTimer();
  return { db: createLibsqlDatabase(client, timer), client, timer };
}

/** A seeded account as the services' actor (who made a staff change). */
export async function actorOf(client: Client, email: string): Promise<{ id: number; name: string; email: string }> {
  const row = (await client.execute({ sql: "SELECT id, name, email FROM users WHERE email = ?", args: [email] }))
    .rows[0]!;
  return { id: Number(row.id), name: String(row.name), email: String(row.email) };
}

export const productQuery = (query: Record<string, string> = {}) => ProductListQuerySchema.parse(query);
export const blogQuery = (query: Record<string, string> = {}) => BlogListQuerySchema.parse(query);
