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

export const productQuery = (query: Record<string, string> = {}) => ProductListQuerySchema.parse(query);
export const blogQuery = (query: Record<string, string> = {}) => BlogListQuerySchema.parse(query);
