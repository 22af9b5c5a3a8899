import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { NonceContext } from "./components/nonce";
import { RequestIdContext } from "./components/error-state";
import { log } from "./services/log.server";
import { KeptRenderContext } from "./components/personal";
import { pageContentSecurityPolicy } from "./lib/security-headers";
import { socialLoginFormOrigins } from "./http/oauth-stub.server";

/**
 * The Worker (fetch, queue, cron) travels in the server build, beside the pages it serves:
 * wrangler's `main` (functions/worker.ts) takes it from here, so the app's code is bundled once.
 */
export { createWorker } from "../functions/handler";

/**
 * A visitor's part of a kept page, rendered alone: the Worker takes it from the server build, so
 * the components are bundled once (docs/decisions/017).
 */
export { renderPart } from "./kept-fill.server";

/**
 * Drops the isolate's copy of the cache tags' versions: the worker tests call the Worker's own
 * copy of this module after changing the database behind the shop's back (test/worker/helpers.ts).
 */
export { forgetTagVersions } from "./http/edge-cache.server";

/**
 * Server errors are logged; a client's bad request (a post to a page without a form, 405; a 404)
 * is answered as such and is not a server error. An aborted request logs nothing.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  log.error("page request failed", error, { status: 500 });
}

/**
 * Every page is rendered whole, to one string (docs/decisions/019): nothing in the shop suspends
 * (no deferred data), every reader waited for the whole document anyway (crawlers, readers without
 * JavaScript, the edge keeping a page), and the stream renderer spent a quarter of a page's CPU
 * encoding each piece of markup into bytes on its own and queueing them 512 bytes at a time. A
 * render that throws is rendered again by Remix with the route's error boundary.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.app.nonce;
  // A page rendered to be kept whole marks its visitor's parts' places (docs/decisions/017).
  const html = renderToString(
    <NonceContext.Provider value={nonce}>
      <RequestIdContext.Provider value={loadContext.app.requestId}>
        <KeptRenderContext.Provider value={loadContext.app.shared ? nonce : null}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </KeptRenderContext.Provider>
      </RequestIdContext.Provider>
    </NonceContext.Provider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // The Vite dev server injects its own scripts; every built page is held to the policy.
  if (!import.meta.env.DEV)
    responseHeaders.set(
      "Content-Security-Policy",
      pageContentSecurityPolicy(nonce, socialLoginFormOrigins(loadContext.app.env)),
    );
  return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
}
