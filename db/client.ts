import type { Client, InStatement } from "@libsql/client";
import { drizzle as drizzleD1, type DrizzleD1Database } from "drizzle-orm/d1";
import { drizzle as drizzleLibsql } from "drizzle-orm/libsql";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";
import type { QueryTimer } from "./timing";

/** What the services see: either driver, async SQLite with one-transaction batches. */
export type Database = BaseSQLiteDatabase<"async", unknown, typeof schema> & {
  batch: DrizzleD1Database<typeof schema>["batch"];
};

export interface DatabaseEnv {
  DB?: D1Database;
  LIBSQL_URL?: string;
  LIBSQL_AUTH_TOKEN?: string;
}

const realStatements = new WeakMap<object, D1PreparedStatement>();

function instrumentStatement(real: D1PreparedStatement, timer: QueryTimer): D1PreparedStatement {
  const wrapped = {
    bind: (...values: unknown[]) => instrumentStatement(real.bind(...values), timer),
    first: (column?: string) => timer.measure(1, () => (column === undefined ? real.first() : real.first(column))),
    all: () => timer.measure(1, () => real.all()),
    run: () => timer.measure(1, () => real.run()),
    raw: (options?: { columnNames?: boolean }) =>
      timer.measure(1, () => real.raw(options as { columnNames: true }) as Promise<unknown[]>),
  };
  realStatements.set(wrapped, real);
  return wrapped as unknown as D1PreparedStatement;
}

/** Wraps a D1 binding so that every statement, alone or in a batch, is counted and timed. */
export function instrumentD1(d1: D1Database, timer: QueryTimer): D1Database {
  return {
    prepare: (query: string) => instrumentStatement(d1.prepare(query), timer),
    batch: (statements: D1PreparedStatement[]) =>
      timer.measure(statements.length, () => d1.batch(statements.map((s) => realStatements.get(s) ?? s))),
    exec: (query: string) => timer.measure(1, () => d1.exec(query)),
    dump: () => d1.dump(),
    withSession: (...args: Parameters<D1Database["withSession"]>) => d1.withSession(...args),
  } as D1Database;
}

function instrumentLibsql(client: Client, timer: QueryTimer): Client {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "execute") {
        return (statement: InStatement, args?: unknown) =>
          timer.measure(1, () => (target.execute as (s: InStatement, a?: unknown) => Promise<unknown>)(statement, args));
      }
      if (property === "batch") {
        return (statements: InStatement[], mode?: Parameters<Client["batch"]>[1]) =>
          timer.measure(statements.length, () => target.batch(statements, mode));
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

let libsqlClient: { url: string; client: Client } | undefined;

async function getLibsqlClient(url: string, authToken: string | undefined): Promise<Client> {
  // Created on first use and reused by later requests of the same isolate: never at start-up.
  if (libsqlClient?.url !== url) {
    const { createClient } = await import("@libsql/client/web");
    libsqlClient = { url, client: createClient({ url, authToken }) };
  }
  return libsqlClient.client;
}

export function createD1Database(d1: D1Database, timer?: QueryTimer): Database {
  return drizzleD1(timer ? instrumentD1(d1, timer) : d1, { schema }) as unknown as Database;
}

export function createLibsqlDatabase(client: Client, timer?: QueryTimer): Database {
  return drizzleLibsql(timer ? instrumentLibsql(client, timer) : client, { schema }) as unknown as Database;
}

/**
 * The database for one request: the D1 binding `DB` by default, or libSQL when `LIBSQL_URL`
 * (and `LIBSQL_AUTH_TOKEN`) are set.
 */
export async function createDb(env: DatabaseEnv, timer?: QueryTimer): Promise<Database> {
  if (env.LIBSQL_URL) {
    return createLibsqlDatabase(await getLibsqlClient(env.LIBSQL_URL, env.LIBSQL_AUTH_TOKEN), timer);
  }
  if (!env.DB) throw new Error("No database: bind D1 as DB or set LIBSQL_URL");
  return createD1Database(env.DB, timer);
}

export { schema };
