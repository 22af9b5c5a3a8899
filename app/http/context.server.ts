import { createDb, type Database } from "../../db/client";
import { QueryTimer } from "../../db/timing";
import { isCachedAnswerPath } from "./cache-entries.server";
import { EdgeCache } from "./edge-cache.server";

/** What every request needs, built once and handed to both Remix (load context) and Hono (c.var). */
export interface AppContext {
  db: Database;
  /** This request's Content-Security-Policy nonce for inline scripts. */
  nonce: string;
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
   */
  afterResponse: (task: () => Promise<unknown>) => void;
  /** Starts the tasks `afterResponse` collected (the Worker entry calls this). */
  runAfterResponse: () => void;
}

export interface CloudflareContext {
  env: Env;
  ctx: { waitUntil: (promise: Promise<unknown>) => void; passThroughOnException?: () => void };
  cf?: unknown;
  caches?: unknown;
}

/** `build` names the deployed code, so that a new deploy never reads entries of another shape. */
export async function createAppContext(cloudflare: CloudflareContext, { build }: { build?: string } = {}): Promise<AppContext> {
  const timer = new QueryTimer();
  const waitUntil = (promise: Promise<unknown>) => cloudflare.ctx.waitUntil(promise);
  const tasks: Array<() => Promise<unknown>> = [];
  const nonceBytes = crypto.getRandomValues(new Uint8Array(16));
  const db = await createDb(cloudflare.env, timer);
  const cache = new EdgeCache({ db, waitUntil, build, timer, isCacheableAnswer: isCachedAnswerPath });
  return {
    nonce: btoa(String.fromCharCode(...nonceBytes)),
    afterResponse: (task) => tasks.push(task),
    runAfterResponse() {
      // A task that writes (a view) purges like a request that writes, once it is done.
      for (const task of tasks.splice(0)) {
        waitUntil(
          task()
            .then(() => cache.afterWrites())
            .catch((error: unknown) => console.error(error)),
        );
      }
    },
    db,
    env: cloudflare.env,
    timer,
    waitUntil,
    cache,
  };
}
