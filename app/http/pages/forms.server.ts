import { log } from "../../services/log.server";
import { json, type HeadersFunction } from "@remix-run/cloudflare";
import { makeToast, type Toast } from "../../lib/toast";
import { DomainError, NotFoundError, ValidationError } from "../../services/errors";
import { RateLimitError } from "../../services/rate-limit.server";
import type { toasts } from "./toast.server";

/** What an action answers when it shows its form again: field messages, a toast, the typed values. */
export interface FormFailure {
  errors: Record<string, string[]>;
  toast: Toast;
  /** The values to show again (never passwords). */
  values: Record<string, string>;
}

/**
 * The form's text fields: the first value of a name, or for a name of `lists` (checkboxes sharing
 * it) all its values, one a line. Files are not used by these forms.
 */
export async function readForm(request: Request, lists: readonly string[] = []): Promise<Record<string, string>> {
  const form = await request.formData();
  const values: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value !== "string") continue;
    if (!(key in values)) values[key] = value;
    else if (lists.includes(key)) values[key] += `\n${value}`;
  }
  return values;
}

/** Everything typed except secrets, so the form shows it again. */
export function keepValues(values: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) if (!/password/i.test(key)) kept[key] = value;
  return kept;
}

/**
 * The form shown again: its messages under the fields and a toast, rendered by the server so they
 * show without JavaScript too. The toast travels with the data (not the flash cookie, which only the
 * next request would read).
 */
export function formFailure(
  errors: Record<string, string[]>,
  message: string,
  values: Record<string, string>,
  init: ResponseInit & { status: number } = { status: 422 },
) {
  return json<FormFailure>({ errors, toast: makeToast(message, "error"), values: keepValues(values) }, init);
}

/** Too many attempts: the form again with the server's message, 429 and when to try again (Retry-After). */
export function rateLimited(error: RateLimitError, values: Record<string, string>) {
  return formFailure({}, error.message, values, {
    status: 429,
    headers: { "Retry-After": String(error.retryAfterSeconds) },
  });
}

/**
 * The one mapping from a domain error to a form's answer, as the API's `onError` maps them to JSON:
 * the fields' messages (422, under a toast of `fieldsMessage` or the error's own), too many attempts
 * (429 with Retry-After), any other domain error as a toast with its status. Anything else is a bug:
 * rethrown for the error page, or, given `unexpected`, logged and answered 500 with that message so
 * the shopper keeps what they typed.
 */
export function formError(
  error: unknown,
  values: Record<string, string>,
  { fieldsMessage, unexpected }: { fieldsMessage?: string; unexpected?: string } = {},
) {
  if (error instanceof ValidationError) return formFailure(error.errors, fieldsMessage ?? error.message, values);
  if (error instanceof RateLimitError) return rateLimited(error, values);
  if (error instanceof DomainError) return formFailure({}, error.message, values, { status: error.status });
  if (unexpected === undefined) throw error;
  log.error("form could not be handled", error);
  return formFailure({}, unexpected, values, { status: 500 });
}

/**
 * The same mapping for a button's action, where nothing typed is shown again: a refusal (a conflict,
 * a forbidden change, a stale version, a row gone from a list) goes back to `here` with its message
 * as an error toast. A page about one thing passes `notFound`: its subject gone is its 404. A form
 * passes its `values`: field messages and too many attempts show on it as `formError` shows them.
 * Anything else is rethrown for the error page.
 */
export function buttonError(
  error: unknown,
  {
    toast,
    here,
    notFound,
    values,
  }: {
    toast: Pick<ReturnType<typeof toasts>, "redirectWithError">;
    here: string;
    notFound?: () => Response;
    values?: Record<string, string>;
  },
) {
  if (error instanceof NotFoundError && notFound) throw notFound();
  if (values && (error instanceof ValidationError || error instanceof RateLimitError)) return formError(error, values);
  if (error instanceof DomainError) return toast.redirectWithError(here, error.message);
  throw error;
}

/** A loader's missing subject as the page's 404 (its error boundary shows `message`); any other error as it is. */
export function notFoundAs(error: unknown, message: string): unknown {
  return error instanceof NotFoundError ? json({ message }, { status: 404 }) : error;
}

/**
 * The document headers of a page whose action can refuse with 429: Remix keeps only an action's
 * cookies for a full page, so its Retry-After is passed on here (a plain form post sees it too).
 */
export const formPageHeaders: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
