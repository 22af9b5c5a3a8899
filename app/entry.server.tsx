import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { NonceContext } from "./components/nonce";
import { pageContentSecurityPolicy } from "./lib/security-headers";

/**
 * Server errors are logged; a client's bad request (a post to a page without a form, 405; a 404)
 * is answered as such and is not a server error. An aborted request logs nothing.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  let status = responseStatusCode;
  const nonce = loadContext.app.nonce;
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>,
    {
    nonce,
    signal: request.signal,
    onError(error: unknown) {
      if (!request.signal.aborted) console.error(error);
      status = 500;
    },
  });

  // Crawlers and no-JavaScript readers get the whole document at once; so does the edge, keeping a
  // page whole (docs/decisions/017).
  if (loadContext.app.shared || isbot(request.headers.get("user-agent") || "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // The Vite dev server injects its own scripts; every built page is held to the policy.
  if (!import.meta.env.DEV) responseHeaders.set("Content-Security-Policy", pageContentSecurityPolicy(nonce));
  return new Response(body, { headers: responseHeaders, status });
}
