import type { AppLoadContext } from "@remix-run/cloudflare";
import { createDb, type Database } from "../db/client";
import { QueryTimer } from "../db/timing";

/** What every request needs, built once and handed to both Remix (load context) and Hono (c.var). */
export interface AppContext {
  db: Database;
  env: Env;
  timer: QueryTimer;
  waitUntil: (promise: Promise<unknown>) => void;
}

export interface CloudflareContext {
  env: Env;
  ctx: { waitUntil: (promise: Promise<unknown>) => void; passThroughOnException?: () => void };
  cf?: unknown;
  caches?: unknown;
}

export async function createAppContext(cloudflare: CloudflareContext): Promise<AppContext> {
  const timer = new QueryTimer();
  return {
    db: await createDb(cloudflare.env, timer),
    env: cloudflare.env,
    timer,
    waitUntil: (promise) => cloudflare.ctx.waitUntil(promise),
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
