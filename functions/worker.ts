import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// @ts-ignore The server build exists only after `npm run build`.
import * as build from "../build/server";
import { API_CONTENT_SECURITY_POLICY, BASE_SECURITY_HEADERS } from "../app/lib/security-headers";
import { missingSecrets } from "../app/services/secrets.server";
import { api } from "./api";
import { getLoadContext } from "./context";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

/**
 * Public catalogue answers (those the API marks `Cache-Control: public, max-age=N`, the spec's
 * lifetimes) are kept in the data centre's cache for that long, so repeated reads skip the
 * database. They never depend on who asks; anything else is never cached.
 */
async function fromEdgeCache(request: Request, ctx: ExecutionContext, produce: () => Promise<Response>) {
  if (request.method !== "GET") return { response: await produce(), hit: false };
  const cache = (caches as unknown as { default: Cache }).default;
  const hit = await cache.match(request);
  if (hit) return { response: hit, hit: true };
  const response = await produce();
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  if (response.status === 200 && /^public, max-age=\d+$/.test(cacheControl) && !response.headers.has("Set-Cookie")) {
    ctx.waitUntil(cache.put(request, response.clone()));
  }
  return { response, hit: false };
}

/**
 * One Worker, two faces: /api/* goes to the Hono JSON API, everything else to Remix. Both get the
 * same per-request context, built once here; every answer says its database work in Server-Timing.
 */
export default {
  async fetch(request, env, ctx) {
    const missing = missingSecrets(env);
    if (missing.length > 0) {
      const message = `The shop is not configured: ${missing.join(" and ")} ${missing.length === 1 ? "is" : "are"} not set. Run ${missing
        .map((name) => `\`wrangler secret put ${name}\``)
        .join(" and ")} (at least 16 random characters each).`;
      console.error(message);
      return new Response(message, { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8", ...BASE_SECURITY_HEADERS } });
    }
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
    const url = new URL(request.url);
    const { pathname } = url;
    // Pages change data only through form posts from this site: a post from another origin is refused.
    // Browsers send Origin with every POST (and Sec-Fetch-Site); either one naming another site is refused.
    const origin = request.headers.get("Origin");
    const crossSite = (origin !== null && origin !== url.origin) || request.headers.get("Sec-Fetch-Site") === "cross-site";
    const isApiPath = pathname === "/api" || pathname.startsWith("/api/");
    if (!isApiPath && request.method !== "GET" && request.method !== "HEAD" && crossSite) {
      return new Response("Cross-site form posts are not accepted", { status: 403, headers: { ...BASE_SECURITY_HEADERS, "Content-Security-Policy": API_CONTENT_SECURITY_POLICY } });
    }
    const isApi = pathname === "/api" || pathname.startsWith("/api/");
    if (isApi) {
      const { response, hit } = await fromEdgeCache(request, ctx, async () => api.fetch(request, { app: loadContext.app }, ctx));
      const timed = new Response(response.body, response);
      timed.headers.set("Server-Timing", `${loadContext.app.timer.header()}${hit ? ', cache;desc="hit"' : ""}`);
      for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) timed.headers.set(name, value);
      timed.headers.set("Content-Security-Policy", API_CONTENT_SECURITY_POLICY);
      loadContext.app.runAfterResponse();
      return timed;
    }
    const response = await handleRemixRequest(request, loadContext);
    const timed = new Response(response.body, response);
    timed.headers.set("Server-Timing", loadContext.app.timer.header());
    // A page may be stricter (the order confirmation sends no Referer at all); the rest get the defaults.
    for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) if (!timed.headers.has(name)) timed.headers.set(name, value);
    // Pages get theirs (with the nonce) from entry.server; data, feeds and redirects get the strict one.
    if (!timed.headers.has("Content-Security-Policy")) timed.headers.set("Content-Security-Policy", API_CONTENT_SECURITY_POLICY);
    loadContext.app.runAfterResponse();
    return timed;
  },
} satisfies ExportedHandler<Env>;
