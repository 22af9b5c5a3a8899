import type { AppLoadContext } from "@remix-run/cloudflare";
import { createAppContext, type AppContext, type CloudflareContext } from "../app/http/context.server";

export { createAppContext };
export type { AppContext, CloudflareContext };

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
