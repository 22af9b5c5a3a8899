import type { AppLoadContext } from "@remix-run/cloudflare";
import { createDb, type Database } from "../db/client";
import { QueryTimer } from "../db/timing";

/** What every request needs, built once and handed to both Remix (load context) and Hono (c.var). */
export interface AppContext {
  db: Database;
  /** This request's Content-Security-Policy nonce for inline scripts. */
  nonce: string;
  env: Env;
  timer: QueryTimer;
  waitUntil: (promise: Promise<unknown>) => void;
  /**
   * Public, who-asks-independent data kept in the data centre's cache for `seconds` (the spec's
   * lifetimes). Falls through to `load` where no Cache API exists (Node, the Vite dev server).
   */
  cached: <T>(key: string, seconds: number, load: () => Promise<T>) => Promise<T>;
  /**
   * Work for after the response (counting a view): the Worker starts it once the answer and its
   * Server-Timing are ready, and keeps it alive with waitUntil, so the page never waits for it.
   */
  afterResponse: (task: () => Promise<unknown>) => void;
  /** Starts the tasks `afterResponse` collected (the Worker entry calls this). */
  runAfterResponse: () => void;
}

const CACHE_ORIGIN = "https://cache.twistbloom.internal/";

function edgeCache(): Cache | undefined {
  return (globalThis as { caches?: { default?: Cache } }).caches?.default;
}

export interface CloudflareContext {
  env: Env;
  ctx: { waitUntil: (promise: Promise<unknown>) => void; passThroughOnException?: () => void };
  cf?: unknown;
  caches?: unknown;
}

export async function createAppContext(cloudflare: CloudflareContext): Promise<AppContext> {
  const timer = new QueryTimer();
  const waitUntil = (promise: Promise<unknown>) => cloudflare.ctx.waitUntil(promise);
  const tasks: Array<() => Promise<unknown>> = [];
  const nonceBytes = crypto.getRandomValues(new Uint8Array(16));
  return {
    nonce: btoa(String.fromCharCode(...nonceBytes)),
    afterResponse: (task) => tasks.push(task),
    runAfterResponse() {
      for (const task of tasks.splice(0)) {
        waitUntil(task().catch((error: unknown) => console.error(error)));
      }
    },
    db: await createDb(cloudflare.env, timer),
    env: cloudflare.env,
    timer,
    waitUntil,
    async cached<T>(key: string, seconds: number, load: () => Promise<T>): Promise<T> {
      const cache = edgeCache();
      if (!cache) return load();
      const request = new Request(CACHE_ORIGIN + encodeURIComponent(key));
      const hit = await cache.match(request);
      if (hit) return (await hit.json()) as T;
      const value = await load();
      const response = new Response(JSON.stringify(value), {
        headers: { "Content-Type": "application/json", "Cache-Control": `public, max-age=${seconds}` },
      });
      waitUntil(cache.put(request, response));
      return value;
    },
  };
}

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: CloudflareContext;
    app: AppContext;
  }
}

/** Shared by the Worker entry and the Vite dev server (`cloudflareDevProxyVitePlugin`). */
export async function getLoadContext({
  context,
}: {
  request: Request;
  context: { cloudflare: CloudflareContext } & Partial<AppLoadContext>;
}): Promise<AppLoadContext> {
  const app = context.app ?? (await createAppContext(context.cloudflare));
  return { cloudflare: context.cloudflare, app };
}
