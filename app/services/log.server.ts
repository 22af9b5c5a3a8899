import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The shop's one logger (docs/decisions/032): one JSON line per event on the console, which
 * Workers Logs indexes and `wrangler tail` shows. A line carries the request it happened in
 * (`request_id`, `route`, `user_id`, `ms` since the request began) without anyone passing it along:
 * the Worker runs each request inside `withRequestScope`.
 *
 * Redaction by construction: a line holds only the fields named here, each a number or a short
 * name the code chose. No request body, header, cookie or query string is ever a field (the route
 * is the method and the path, never the query, where the shop's tokens travel), and an error's
 * text is scrubbed of bearer tokens, secret-looking query values and a failed query's parameters.
 */

export type LogLevel = "info" | "warn" | "error";

/** What an event may say besides its message: names and numbers the code chose, never input. */
export interface LogFields {
  status?: number;
  /** How long the work took; inside a request, the time since it began unless given. */
  ms?: number;
  user_id?: number;
  /** A scheduled job's or the queue consumer's name. */
  job?: string;
  /** A rate limit's kind (`login:email`), never whom it counts. */
  limit?: string;
  /** A mail transport (`resend`, `email-routing`). */
  transport?: string;
  /** An outbox row's id. */
  mail_id?: string;
  attempt?: number;
  count?: number;
}

const FIELD_NAMES = ["ms", "status", "user_id", "job", "limit", "transport", "mail_id", "attempt", "count"] as const;

/** Where an error goes besides the log (Sentry, when the shop has a DSN): it must never throw. */
export type ErrorReporter = (error: unknown, line: { request_id: string; route: string; user_id?: number }) => void;

interface RequestScope {
  request_id: string;
  route: string;
  started: number;
  user_id?: number;
  report?: ErrorReporter;
}

const scope = new AsyncLocalStorage<RequestScope>();

/**
 * Runs `work` as one request (`route` is `routeOf(request)`) or one run of a job (`job mail-sweep`):
 * every line logged inside it names it, and every error logged goes to `report` too.
 */
export function withRequestScope<T>(route: string, requestId: string, work: () => T, report?: ErrorReporter): T {
  return scope.run({ request_id: requestId, route, started: Date.now(), report }, work);
}

/** The request's id for the logs and the shopper's reference, or null outside a request. */
export function currentRequestId(): string | null {
  return scope.getStore()?.request_id ?? null;
}

/** The signed-in user, once known: the request's later lines name them. */
export function noteUser(userId: number): void {
  const current = scope.getStore();
  if (current) current.user_id = userId;
}

/** The header every answer carries the request's id in. */
export const REQUEST_ID_HEADER = "X-Request-Id";

/** `cf-ray` names the request in Cloudflare's own logs too; without it (local runs), a made one. */
export function requestIdFor(request: Request): string {
  return request.headers.get("cf-ray") ?? crypto.randomUUID();
}

/** The method and the path: never the query string, where reset and unsubscribe tokens travel. */
export function routeOf(request: Request): string {
  return `${request.method} ${new URL(request.url).pathname}`;
}

/** A line's error: its name, message, cause and stack, scrubbed. */
export interface LoggedError {
  name: string;
  message: string;
  cause?: string;
  stack?: string;
}

const SCRUBS: Array<[RegExp, string]> = [
  // An Authorization header quoted in a message.
  [/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, "$1 [redacted]"],
  // Query values that are secrets (reset and confirmation links, OAuth codes, signatures).
  [/([?&](?:token|code|state|key|sig|signature|secret|password|email)=)[^&\s"']+/gi, "$1[redacted]"],
  // A failed query's parameters (drizzle's "Failed query: ...\nparams: ..."): emails, hashes, card messages.
  [/\bparams: .*/g, "params: [redacted]"],
  // Addresses: a person's, never needed to find a fault.
  [/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, "[email]"],
  // API keys in the shape mail providers use.
  [/\bre_[A-Za-z0-9_]{8,}/g, "[redacted]"],
];

export function scrub(text: string): string {
  return SCRUBS.reduce((value, [pattern, replacement]) => value.replace(pattern, replacement), text);
}

export function describeError(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { name: "NonError", message: scrub(String(error)) };
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return {
    name: error.name,
    message: scrub(error.message),
    ...(cause ? { cause: scrub(cause) } : {}),
    ...(error.stack ? { stack: scrub(error.stack) } : {}),
  };
}

/** The line for one event: the request's fields, the event's own (only those named), the error. */
export function logLine(level: LogLevel, msg: string, fields: LogFields = {}, error?: unknown): string {
  const current = scope.getStore();
  const line: Record<string, unknown> = { level, msg };
  if (current) {
    line.request_id = current.request_id;
    line.route = current.route;
    if (current.user_id !== undefined) line.user_id = current.user_id;
    line.ms = Date.now() - current.started;
  }
  for (const name of FIELD_NAMES) if (fields[name] !== undefined) line[name] = fields[name];
  if (error !== undefined) line.error = describeError(error);
  return JSON.stringify(line);
}

/**
 * Writes one line, and hands an error to the scope's reporter; a console or a reporter that throws
 * never fails the work that logged.
 */
function write(level: LogLevel, msg: string, fields?: LogFields, error?: unknown): void {
  try {
    const text = logLine(level, msg, fields, error);
    if (level === "error") console.error(text);
    else if (level === "warn") console.warn(text);
    else console.log(text);
  } catch {
    // Nothing to do: the log sink is down, the request goes on.
  }
  const current = scope.getStore();
  if (level !== "error" || !current?.report) return;
  try {
    const { request_id, route, user_id } = current;
    current.report(error ?? new Error(msg), { request_id, route, user_id });
  } catch {
    // The reporter's own fault: the log line above is the record.
  }
}

export const log = {
  info: (msg: string, fields?: LogFields) => write("info", msg, fields),
  warn: (msg: string, fields?: LogFields, error?: unknown) => write("warn", msg, fields, error),
  error: (msg: string, error?: unknown, fields?: LogFields) => write("error", msg, fields, error),
};
