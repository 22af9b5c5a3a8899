import { json, type HeadersFunction } from "@remix-run/cloudflare";
import { makeToast } from "../../lib/toast";

/**
 * A mailed link's token is in the address: no other site is told it through a Referer
 * (`same-origin`: under `no-referrer` the page's form would post with `Origin: null`, refused as
 * cross-site), and no cache keeps the page.
 */
export const MAILED_LINK_HEADERS = { "Referrer-Policy": "same-origin", "Cache-Control": "private, no-store" };

/** The document headers of a page a mailed link opens. */
export const mailedLinkHeaders: HeadersFunction = () => MAILED_LINK_HEADERS;

/** The token of the link that opened the page. */
export function linkToken(request: Request): string {
  return new URL(request.url).searchParams.get("token") ?? "";
}

/** The loader's answer of a page a mailed link opens, with its headers. */
export function mailedLinkData<T>(data: T) {
  return json(data, { headers: MAILED_LINK_HEADERS });
}

/** The link's button refused (an invalid link 422, a conflict 409): the page says why, in a toast too. */
export function linkRefused(message: string, status: 409 | 422) {
  return json({ toast: makeToast(message, "error") }, { status });
}
