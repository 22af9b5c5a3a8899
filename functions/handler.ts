import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/cloudflare";
import {
  API_CONTENT_SECURITY_POLICY,
  BASE_SECURITY_HEADERS,
  HTTPS_SECURITY_HEADERS,
  pageContentSecurityPolicy,
} from "../app/lib/security-headers";
import { overHttps } from "../app/http/cookies.server";
import { socialLoginFormOrigins } from "../app/http/oauth-stub.server";
import { clientHeaders, NONCE_HEADER } from "../app/http/edge-cache.server";
import { keptPageKey } from "../app/http/pages/kept-pages.server";
import { keptPageFor } from "../app/http/pages/personal.server";
import type { PartRenderer } from "../app/lib/personal";
import { configurationProblem } from "../app/services/env.server";
import { UPLOADS_PATH } from "../app/lib/constants";
import { serveUpload } from "../app/services/uploads.server";
import { deliverMail, type EmailMessageConstructor } from "../app/services/mail/delivery.server";
import { enqueueMail, type MailQueueMessage } from "../app/services/mail/outbox.server";
import { createDb } from "../db/client";
import { runScheduledJobs } from "../app/http/jobs.server";
import { QueryTimer } from "../db/timing";
import { log, REQUEST_ID_HEADER, requestIdFor, routeOf, withRequestScope } from "../app/services/log.server";
import { errorReporter, reportingHandlers } from "../app/http/error-report.server";
import { api } from "./api";
import { createAppContext, getLoadContext, type AppContext } from "./context";

/**
 * One Worker, two faces: /api/* goes to the Hono JSON API, everything else to Remix. Both get the
 * same per-request context, built once here; every answer says its database work in Server-Timing.
 *
 * The Worker lives inside the Remix server build (app/entry.server.tsx exports this), so the app's
 * code is bundled once; wrangler's `main` (functions/worker.ts) hands it the build it came in, and
 * `cloudflare:email`'s EmailMessage, a module only workerd has (the Vite dev server loads this too).
 */
export function createWorker(serverBuild: ServerBuild, EmailMessage: EmailMessageConstructor) {
  const handleRemixRequest = createRequestHandler(serverBuild);
  /** A kept page's visitor parts are rendered by the build's own components (app/entry.server.tsx). */
  const { renderPart } = serverBuild.entry.module as unknown as { renderPart: PartRenderer };
  /**
   * Every answer carries the request's id (`X-Request-Id`), the one its log lines and error report
   * name, so a shopper or an integrator can quote it (docs/decisions/032).
   */
  async function fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const requestId = requestIdFor(request);
    return withRequestScope(
      routeOf(request),
      requestId,
      async () => {
        const response = await serve(request, env, ctx, requestId);
        response.headers.set(REQUEST_ID_HEADER, requestId);
        return response;
      },
      errorReporter(env),
    );
  }

  async function serve(request: Request, env: Env, ctx: ExecutionContext, requestId: string): Promise<Response> {
    // Over HTTPS every answer also tells the browser to come back over HTTPS only (HSTS).
    const securityHeaders = overHttps(env, request)
      ? { ...BASE_SECURITY_HEADERS, ...HTTPS_SECURITY_HEADERS }
      : BASE_SECURITY_HEADERS;
    const message = configurationProblem(env);
    if (message) {
      log.error(message);
      return new Response(message, {
        status: 503,
        headers: { "Content-Type": "text/plain; charset=utf-8", ...securityHeaders },
      });
    }
    const cloudflare = {
      env,
      ctx: { waitUntil: ctx.waitUntil.bind(ctx), passThroughOnException: ctx.passThroughOnException.bind(ctx) },
      cf: request.cf,
      caches,
    };
    // The request picks its D1 session: the primary for a write, else the shopper's bookmark (docs/decisions/016).
    const app = await createAppContext(cloudflare, { build: serverBuild.assets?.version, request, requestId });
    const loadContext = await getLoadContext({ request, context: { cloudflare, app } });
    const url = new URL(request.url);
    const { pathname } = url;
    // Pages change data only through form posts from this site: a post from another origin is refused.
    // Browsers send Origin with every POST (and Sec-Fetch-Site); either one naming another site is refused.
    const origin = request.headers.get("Origin");
    const crossSite =
      (origin !== null && origin !== url.origin) || request.headers.get("Sec-Fetch-Site") === "cross-site";
    const isApiPath = pathname === "/api" || pathname.startsWith("/api/");
    // Except the one-click unsubscribes (RFC 8058), the newsletter's and the return mails': a mail
    // client POSTs to the link from anywhere, without cookies; the signed token in the link is its
    // whole authority (decisions 013 and 037).
    const oneClickUnsubscribe =
      (pathname === "/newsletter/unsubscribe" || pathname === "/mail/unsubscribe") && request.method === "POST";
    if (!isApiPath && !oneClickUnsubscribe && request.method !== "GET" && request.method !== "HEAD" && crossSite) {
      return new Response("Cross-site form posts are not accepted", {
        status: 403,
        headers: { ...securityHeaders, "Content-Security-Policy": API_CONTENT_SECURITY_POLICY },
      });
    }
    // Uploaded images (R2): immutable, served before the app's context is needed.
    if (pathname.startsWith(UPLOADS_PATH) && (request.method === "GET" || request.method === "HEAD")) {
      const response = await serveUpload(env.UPLOADS, pathname.slice(UPLOADS_PATH.length), request);
      for (const [name, value] of Object.entries(securityHeaders))
        if (!response.headers.has(name)) response.headers.set(name, value);
      response.headers.set("Content-Security-Policy", API_CONTENT_SECURITY_POLICY);
      return response;
    }
    const isApi = pathname === "/api" || pathname.startsWith("/api/");
    if (isApi) {
      // Public answers come from the edge cache while the data they show is unchanged (docs/decisions/007).
      const { response, hit } = await app.cache.respond(request, async () => api.fetch(request, { app }, ctx));
      await app.cache.afterWrites();
      await enqueueMail(app.db, env.MAIL_QUEUE);
      const timed = new Response(response.body, response);
      clientHeaders(timed.headers);
      timed.headers.set("Server-Timing", `${app.timer.header()}${hit ? ', cache;desc="hit"' : ""}`);
      for (const [name, value] of Object.entries(securityHeaders)) timed.headers.set(name, value);
      // The API reference page (/api/docs) sends its own, which lets Scalar's script run; every other answer gets the strict one.
      if (!timed.headers.has("Content-Security-Policy"))
        timed.headers.set("Content-Security-Policy", API_CONTENT_SECURITY_POLICY);
      // On the copy that leaves, after the edge cache kept (or refused) the answer: never in a kept one.
      await handBackBookmark(app, timed);
      app.runAfterResponse();
      return timed;
    }
    // A page the edge keeps whole: the shared HTML, rendered once without cookies and kept while
    // what it shows is unchanged, filled in for this visitor (docs/decisions/017).
    const key = await keptPageKey(env, request, url);
    const kept = key ? await keptPage(handleRemixRequest, renderPart, app, cloudflare, request, url, key) : null;
    if (kept) {
      await app.cache.afterWrites();
      const timed = new Response(kept.response.body, kept.response);
      timed.headers.set("Server-Timing", `${app.timer.header()}${kept.hit ? ', cache;desc="hit"' : ""}`);
      for (const [name, value] of Object.entries(securityHeaders))
        if (!timed.headers.has(name)) timed.headers.set(name, value);
      await handBackBookmark(app, timed);
      app.runAfterResponse();
      return timed;
    }
    // Remix refuses a document POST whose Origin names another host: the one-click unsubscribe's
    // reaches it without one (its token, not its origin, is what counts).
    const response = await handleRemixRequest(
      oneClickUnsubscribe && crossSite ? withoutOrigin(request) : request,
      loadContext,
    );
    // A page post that wrote (an order, a like) purges before its redirect is followed.
    await app.cache.afterWrites();
    // The mails its batches wrote go to the delivery queue (docs/decisions/011).
    await enqueueMail(app.db, env.MAIL_QUEUE);
    const timed = new Response(response.body, response);
    timed.headers.set("Server-Timing", app.timer.header());
    // A page may be stricter (the order confirmation sends no Referer at all); the rest get the defaults.
    for (const [name, value] of Object.entries(securityHeaders))
      if (!timed.headers.has(name)) timed.headers.set(name, value);
    // Pages get theirs (with the nonce) from entry.server; data, feeds and redirects get the strict one.
    if (!timed.headers.has("Content-Security-Policy"))
      timed.headers.set("Content-Security-Policy", API_CONTENT_SECURITY_POLICY);
    await handBackBookmark(app, timed);
    app.runAfterResponse();
    return timed;
  }

  const handlers = {
    fetch,
    /**
     * Background work reads and writes through the plain binding, which sends every statement to the
     * primary (docs/decisions/016): there is no shopper, and no cookie to carry a bookmark to.
     *
     * The Cron Triggers (wrangler.toml) run the jobs of the registry on their schedule, and nothing
     * else: every 10 minutes the mail sweep, once a day the clean-ups, the expiry of unconfirmed
     * orders and the low-stock digest (app/http/jobs.server.ts, docs/decisions/036).
     */
    async scheduled(controller, env, ctx) {
      const db = await createDb(env, new QueryTimer());
      // Each job is run, recorded and logged by the registry (docs/decisions/036), in the cron's log scope.
      ctx.waitUntil(
        withRequestScope(
          `cron ${controller.cron}`,
          crypto.randomUUID(),
          () => runScheduledJobs(db, env, controller.cron),
          errorReporter(env),
        ),
      );
    },
    /** The mail queue's consumer: one outbox row per message, retried with backoff on a transport's failure. */
    async queue(batch, env, _ctx) {
      await runJob(env, "mail-queue", async () => {
        const db = await createDb(env, new QueryTimer());
        for (const message of batch.messages) {
          const result = await deliverMail(db, env, message.body.id, EmailMessage);
          if (result.outcome === "retry") message.retry({ delaySeconds: result.delaySeconds });
          else message.ack();
        }
      });
    },
  } satisfies ExportedHandler<Env, MailQueueMessage>;
  // With SENTRY_DSN, the same handlers wrapped by Sentry's SDK, loaded on first use (docs/decisions/032).
  return {
    fetch: async (request, env, ctx) => (await reportingHandlers(env, handlers)).fetch(request, env, ctx),
    scheduled: async (controller, env, ctx) => (await reportingHandlers(env, handlers)).scheduled(controller, env, ctx),
    queue: async (batch, env, ctx) => (await reportingHandlers(env, handlers)).queue(batch, env, ctx),
  } satisfies ExportedHandler<Env, MailQueueMessage>;
}

/** What app/entry.server.tsx exports for wrangler's `main`, beside Remix's own exports. */
export interface WorkerEntry {
  createWorker: typeof createWorker;
}

/**
 * Hands the D1 session's latest bookmark back in a cookie when one is due (a write, or a bookmark
 * cookie that came and moved on), on the mutable copy of the answer about to leave.
 */
async function handBackBookmark(app: AppContext, response: Response): Promise<void> {
  const cookie = await app.bookmarkCookie(response);
  if (cookie) response.headers.append("Set-Cookie", cookie);
}

/**
 * A kept page for this visitor, or null when the page cannot be kept (then it is rendered for the
 * visitor as any other). The shared render gets a request with nothing of the visitor's: no cookie,
 * no header but Accept; its loaders know it (`app.shared`).
 */
async function keptPage(
  handleRemixRequest: ReturnType<typeof createRequestHandler>,
  renderPart: PartRenderer,
  app: AppContext,
  cloudflare: AppLoadContext["cloudflare"],
  request: Request,
  url: URL,
  key: string,
) {
  // Kept per host: the page names its origin (canonical links, structured data).
  const kept = await app.cache.page(`/${url.host}${key}`, async () => {
    const shared = { ...app, shared: true };
    const anonymous = new Request(new URL(key, url.origin), { headers: { Accept: "text/html" } });
    const rendered = await handleRemixRequest(anonymous, { cloudflare, app: shared });
    const marked = new Response(rendered.body, rendered);
    marked.headers.set(NONCE_HEADER, app.nonce);
    return marked;
  });
  if (!kept) return null;
  const headers = new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": pageContentSecurityPolicy(app.nonce, socialLoginFormOrigins(app.env)),
    // Filled in for one visitor: no shared cache may keep it.
    "Cache-Control": "private, no-cache",
  });
  const response = await keptPageFor(app, request, url.pathname, kept.parts, headers, kept.subject, renderPart);
  return response && { response, hit: kept.hit };
}

/** The request as it came, less the headers that name the site it came from. */
function withoutOrigin(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete("Origin");
  headers.delete("Sec-Fetch-Site");
  return new Request(request, { headers });
}

/**
 * One run of the queue consumer, in its own log scope: a line when it is done
 * (with how long it took), or the error; the error still fails the run, as it did unlogged.
 */
async function runJob(env: Env, job: string, work: () => Promise<unknown>): Promise<void> {
  await withRequestScope(
    `job ${job}`,
    crypto.randomUUID(),
    async () => {
      try {
        await work();
        log.info("job done", { job });
      } catch (error) {
        log.error("job failed", error, { job });
        throw error;
      }
    },
    errorReporter(env),
  );
}
