import type { CloudflareOptions } from "@sentry/cloudflare";
import { scrub, type ErrorReporter } from "../services/log.server";

/**
 * Optional error reporting to Sentry (docs/decisions/032). Without a `SENTRY_DSN` secret nothing
 * of Sentry's SDK runs: it is imported on the first request of an isolate that has the DSN, never
 * at start-up, and nothing is sent. With it, the Worker's handlers are wrapped by the SDK's
 * `withSentry` (which flushes after each request), and every error the logger writes is captured
 * with the request's id. A reporter that fails (the SDK does not load, Sentry does not answer)
 * never fails a request: the handlers run unwrapped, the capture is dropped, the log line stays.
 */

type Handlers<Q> = Required<Pick<ExportedHandler<Env, Q>, "fetch" | "scheduled" | "queue">>;

const sentry = () => import("./sentry.server");

/**
 * Only what the shop chose to send: no default integrations (no request data, no breadcrumbs, no
 * patched fetch or console) but the error's causes, every text scrubbed as the log's are.
 */
function sentryOptions(env: Env, integrations: CloudflareOptions["integrations"]): CloudflareOptions {
  return {
    dsn: env.SENTRY_DSN,
    environment: env.ENVIRONMENT,
    defaultIntegrations: false,
    integrations,
    transportOptions: {
      // A Sentry that does not answer is told to the SDK as a 503 (it drops the event), never left as a rejection.
      fetch: (input, init) => fetch(input, init).catch(() => new Response(null, { status: 503 })),
    },
    beforeSend(event) {
      for (const exception of event.exception?.values ?? [])
        if (exception.value) exception.value = scrub(exception.value);
      return event;
    },
  };
}

let wrapped: Promise<unknown> | undefined;

/** The handlers as this request should run them: wrapped by Sentry when the shop has a DSN. */
export async function reportingHandlers<Q>(env: Env, handlers: Handlers<Q>): Promise<Handlers<Q>> {
  if (!env.SENTRY_DSN) return handlers;
  wrapped ??= sentry()
    .then(({ withSentry, linkedErrorsIntegration }) =>
      withSentry((env: Env) => sentryOptions(env, [linkedErrorsIntegration()]), { ...handlers }),
    )
    .catch(() => handlers);
  return (await wrapped) as Handlers<Q>;
}

/** The logger's reporter for one request or job: Sentry with the request's id, or none without a DSN. */
export function errorReporter(env: Env): ErrorReporter | undefined {
  if (!env.SENTRY_DSN) return undefined;
  return (error, { request_id, route, user_id }) => {
    sentry()
      .then(({ captureException }) =>
        captureException(error, {
          tags: { request_id, route },
          ...(user_id === undefined ? {} : { user: { id: String(user_id) } }),
        }),
      )
      .catch(() => undefined);
  };
}
