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

/** What `createD1Database` drives: the D1 binding (always the primary) or one of its sessions. */
export type D1Handle = D1Database | D1DatabaseSession;

/**
 * Wraps a D1 binding, or a session of it (`withSession`), so that every statement, alone or in a
 * batch, is counted and timed. A session's `getBookmark` answers through the wrapper; a binding's
 * `withSession` gives a session that is counted too.
 */
export function instrumentD1<T extends D1Handle>(d1: T, timer: QueryTimer): T {
  const wrapped: Record<string, unknown> = {
    prepare: (query: string) => instrumentStatement(d1.prepare(query), timer),
    batch: (statements: D1PreparedStatement[]) =>
      timer.measure(statements.length, () => d1.batch(statements.map((s) => realStatements.get(s) ?? s))),
  };
  if ("withSession" in d1) {
    wrapped.exec = (query: string) => timer.measure(1, () => d1.exec(query));
    wrapped.dump = () => d1.dump();
    wrapped.withSession = (...args: Parameters<D1Database["withSession"]>) =>
      instrumentD1(d1.withSession(...args), timer);
  } else {
    wrapped.getBookmark = () => d1.getBookmark();
  }
  return wrapped as unknown as T;
}

function instrumentLibsql(client: Client, timer: QueryTimer): Client {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "execute") {
        return (statement: InStatement, args?: unknown) =>
          timer.measure(1, () =>
            (target.execute as (s: InStatement, a?: unknown) => Promise<unknown>)(statement, args),
          );
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

export function createD1Database(d1: D1Handle, timer?: QueryTimer): Database {
  // drizzle's D1 driver uses only `prepare` and `batch`, which a session has as the binding does.
  // No `schema`: nothing uses `db.query`, and drizzle would rebuild the relations from it on every request (docs/decisions/018).
  return drizzleD1((timer ? instrumentD1(d1, timer) : d1) as D1Database) as unknown as Database;
}

export function createLibsqlDatabase(client: Client, timer?: QueryTimer): Database {
  return drizzleLibsql(timer ? instrumentLibsql(client, timer) : client) as unknown as Database;
}

/**
 * The database on the plain binding: the D1 binding `DB` by default (every statement at the
 * primary), or libSQL when `LIBSQL_URL` (and `LIBSQL_AUTH_TOKEN`) are set. What background work
 * uses (the mail queue's consumer, the Cron Triggers, tasks after a response).
 */
export async function createDb(env: DatabaseEnv, timer?: QueryTimer): Promise<Database> {
  if (env.LIBSQL_URL) {
    return createLibsqlDatabase(await getLibsqlClient(env.LIBSQL_URL, env.LIBSQL_AUTH_TOKEN), timer);
  }
  if (!env.DB) throw new Error("No database: bind D1 as DB or set LIBSQL_URL");
  return createD1Database(env.DB, timer);
}

/** A request's database and where its D1 session has read up to (docs/decisions/016). */
export interface SessionDatabase {
  db: Database;
  /**
   * The session's latest bookmark (`D1DatabaseSession.getBookmark`): null before its first
   * statement, with libSQL (no sessions there), and for the plain binding.
   */
  bookmark: () => string | null;
}

/**
 * The database for one request, as a D1 session (read replication, docs/decisions/016) started
 * from `constraintOrBookmark`: "first-primary", "first-unconstrained" or a bookmark a previous
 * session returned. With libSQL, exactly `createDb`: sessions are D1's.
 */
export async function createSessionDb(
  env: DatabaseEnv,
  constraintOrBookmark: D1SessionConstraint | D1SessionBookmark,
  timer?: QueryTimer,
): Promise<SessionDatabase> {
  if (env.LIBSQL_URL || !env.DB) return { db: await createDb(env, timer), bookmark: () => null };
  const session = env.DB.withSession(constraintOrBookmark);
  return { db: createD1Database(session, timer), bookmark: () => session.getBookmark() };
}

export { schema };
