import { hasCookie, readCookie, TOAST_COOKIE } from "./cookies.server";

/**
 * Which pages the edge keeps whole (docs/decisions/017): those whose HTML is the same for every
 * visitor but for the parts the Worker fills in (`personal.server`). The pages that are personal by
 * nature (cart, checkout, account, orders, wishlist, the back office) and the pages with forms that
 * echo what was typed (login, register, contact) are never kept.
 */
const KEPT_PAGES = /^\/(?:|products|categories|categories\/[^/]+|product\/[^/]+|blog|blog\/[^/]+|about|privacy|terms)$/;

/** Query parameters no page reads: the same page, whatever their value. */
const TRACKING_PARAMETERS = /^(?:utm_[a-z_]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|_ga|ref)$/;

/**
 * The key a page is kept under, the normalised URL of its path and query (its parameters sorted by
 * name, tracking parameters dropped), or null when this request must be rendered for its visitor: not a
 * GET, not a kept page, Remix's data requests, the spec's cache-busting `_t`, or a toast to show
 * (a toast is never kept). Cookies are never part of the key: the kept page is rendered without them.
 */
export function keptPageKey(env: Env, request: Request, url: URL): string | null {
  if (request.method !== "GET" || !KEPT_PAGES.test(url.pathname)) return null;
  if (url.searchParams.has("_data") || url.searchParams.has("_t")) return null;
  if (carriesToast(env, request)) return null;
  const parameters = [...url.searchParams].filter(([name]) => !TRACKING_PARAMETERS.test(name));
  // By name only: a repeated parameter's values keep their order (the page's links keep it too).
  parameters.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(parameters).toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/**
 * Whether the request's toast cookie holds a toast to show. remix-toast keeps the cookie once its
 * toast was shown, empty (`{}`, signed); a cookie that cannot be read counts as holding one (the
 * page is then rendered for the visitor, as before, and its loader decides).
 */
function carriesToast(env: Env, request: Request): boolean {
  if (!hasCookie(env, request, TOAST_COOKIE)) return false;
  const value = readCookie(env, request, TOAST_COOKIE) ?? "";
  try {
    const signed = decodeURIComponent(value);
    const dot = signed.lastIndexOf(".");
    return atob(dot > 0 ? signed.slice(0, dot) : signed).includes("__flash");
  } catch {
    return true;
  }
}
