import { createDb, createSessionDb, type Database } from "../../db/client";
import { QueryTimer } from "../../db/timing";
import { isCachedAnswerPath } from "./cache-entries.server";
import { bookmarkCookie, readBookmarkCookie } from "./cookies.server";
import { bookmarkToHandBack, sessionStart, type SessionStart } from "./d1-session.server";
import { EdgeCache } from "./edge-cache.server";
import { currentRequestId, log } from "../services/log.server";

/** What every request needs, built once and handed to both Remix (load context) and Hono (c.var). */
export interface AppContext {
  /**
   * This request's database: with D1, a session (read replication, docs/decisions/016) that starts
   * at the primary for a request that may write, else from the shopper's bookmark, else anywhere.
   */
  db: Database;
  /**
   * This request's id: its `X-Request-Id`, the one its log lines name, and the reference an error
   * page shows (docs/decisions/032).
   */
  requestId: string;
  /** This request's Content-Security-Policy nonce for inline scripts. */
  nonce: string;
  /**
   * True while the Worker renders the shared HTML of a page the edge keeps whole (docs/decisions/017):
   * the request has no cookies, and loaders leave out what belongs to a visitor (a view to count, a
   * visitor cookie); the Worker fills those in for each visitor.
   */
  shared: boolean;
  env: Env;
  timer: QueryTimer;
  waitUntil: (promise: Promise<unknown>) => void;
  /**
   * The one cache layer: public, who-asks-independent data declared in `cache-entries.server`, kept
   * in the data centre's cache while its tags are unchanged. Reads the database where no Cache API
   * exists (Node, the Vite dev server).
   */
  cache: EdgeCache;
  /**
   * Work for after the response (counting a view): the Worker starts it once the answer and its
   * Server-Timing are ready, and keeps it alive with waitUntil, so the page never waits for it.
   * The task gets its own database, on the plain binding (the primary), not the request's session:
   * its bookmark would reach no cookie.
   */
  afterResponse: (task: (db: Database) => Promise<unknown>) => void;
  /** Starts the tasks `afterResponse` collected (the Worker entry calls this). */
  runAfterResponse: () => void;
  /**
   * The `Set-Cookie` that hands the session's latest bookmark back to the shopper, or null when
   * none is due (docs/decisions/016); `response` is the answer about to leave.
   */
  bookmarkCookie: (response: Response) => Promise<string | null>;
}

export interface CloudflareContext {
  env: Env;
  ctx: { waitUntil: (promise: Promise<unknown>) => void; passThroughOnException?: () => void };
  cf?: unknown;
  caches?: unknown;
}

/**
 * `build` names the deployed code, so that a new deploy never reads entries of another shape.
 * `request` picks the request's D1 session (the Worker entry passes it); without it (the Vite dev
 * server) the database is the plain binding, every statement at the primary, and no bookmark.
 * `requestId` is the Worker's (the Vite dev server gets one made here).
 */
export async function createAppContext(
  cloudflare: CloudflareContext,
  { build, request, requestId }: { build?: string; request?: Request; requestId?: string } = {},
): Promise<AppContext> {
  const timer = new QueryTimer();
  const waitUntil = (promise: Promise<unknown>) => cloudflare.ctx.waitUntil(promise);
  const tasks: Array<(db: Database) => Promise<unknown>> = [];
  const nonceBytes = crypto.getRandomValues(new Uint8Array(16));
  const { env } = cloudflare;
  const incoming = request ? await readBookmarkCookie(env, request) : null;
  const start: SessionStart | null = request
    ? sessionStart(
        {
          method: request.method,
          pathname: new URL(request.url).pathname,
          tokenClient: request.headers.has("Authorization"),
        },
        incoming,
      )
    : null;
  const { db, bookmark } = start
    ? await createSessionDb(env, start.constraintOrBookmark, timer)
    : { db: await createDb(env, timer), bookmark: () => null };
  const cache = new EdgeCache({
    db,
    waitUntil,
    build,
    timer,
    isCacheableAnswer: isCachedAnswerPath,
    // A shopper holding a bookmark reads the tag versions from their session, not from a copy
    // another visitor may have read from a replica behind their write.
    ownVersions: incoming !== null,
  });
  let background: Promise<Database> | undefined;
  return {
    requestId: requestId ?? currentRequestId() ?? crypto.randomUUID(),
    nonce: btoa(String.fromCharCode(...nonceBytes)),
    shared: false,
    afterResponse: (task) => tasks.push(task),
    runAfterResponse() {
      if (tasks.length === 0) return;
      background ??= createDb(env);
      // A task that writes (a view) purges like a request that writes, once it is done.
      for (const task of tasks.splice(0)) {
        waitUntil(
          background
            .then(async (taskDb) => {
              await task(taskDb);
              await cache.afterWrites(taskDb);
            })
            .catch((error: unknown) => log.error("after-response task failed", error)),
        );
      }
    },
    async bookmarkCookie(response) {
      if (!start || !request) return null;
      const keepsCookies = request.headers.has("Cookie") || response.headers.getSetCookie().length > 0;
      const handBack = bookmarkToHandBack(start, { incoming, latest: bookmark(), keepsCookies });
      return handBack === null ? null : bookmarkCookie(env, request, handBack);
    },
    db,
    env,
    timer,
    waitUntil,
    cache,
  };
}
