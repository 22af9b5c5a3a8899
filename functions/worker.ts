import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// @ts-ignore The server build exists only after `npm run build`.
import * as build from "../build/server";
import { api } from "./api";
import { getLoadContext } from "./context";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

/**
 * One Worker, two faces: /api/* goes to the Hono JSON API, everything else to Remix. Both get the
 * same per-request context, built once here; every answer says its database work in Server-Timing.
 */
export default {
  async fetch(request, env, ctx) {
    const loadContext = await getLoadContext({
      request,
      context: {
        cloudflare: {
          env,
          ctx: { waitUntil: ctx.waitUntil.bind(ctx), passThroughOnException: ctx.passThroughOnException.bind(ctx) },
          cf: request.cf,
          caches,
        },
      },
    });
    const { pathname } = new URL(request.url);
    const isApi = pathname === "/api" || pathname.startsWith("/api/");
    const response = isApi
      ? await api.fetch(request, { app: loadContext.app }, ctx)
      : await handleRemixRequest(request, loadContext);
    const timed = new Response(response.body, response);
    timed.headers.set("Server-Timing", loadContext.app.timer.header());
    return timed;
  },
} satisfies ExportedHandler<Env>;
