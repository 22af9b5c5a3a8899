/**
 * Which D1 session a request reads through, and which bookmark it hands back (docs/decisions/016).
 * Pure: the Worker entry and the app context apply these rules; the unit tests check them.
 *
 * D1 read replication answers a session's reads from a replica near the shopper, never older than
 * the session's start: "first-primary" (the primary's state now), a bookmark a previous session
 * returned (at least that state: the shopper's own writes), or "first-unconstrained" (any replica).
 * Writes always go to the primary, whatever the start.
 */

export const FIRST_PRIMARY = "first-primary";
export const FIRST_UNCONSTRAINED = "first-unconstrained";

export interface SessionStart {
  /** What `withSession` is given. */
  constraintOrBookmark: string;
  /** The request may write (any non-GET/HEAD, and the few GETs that do): a bookmark is handed back. */
  mayWrite: boolean;
  /** A token client (Authorization header): never sent a cookie, so it always starts at the primary. */
  tokenClient: boolean;
}

export interface RequestShape {
  method: string;
  pathname: string;
  /** The request carries an Authorization header. */
  tokenClient: boolean;
}

/** GETs that write: the social login's callback signs in (a user, an identity, a session). */
const WRITING_GETS = [/^\/auth\/[^/]+\/callback\/?$/];

/**
 * Read-only requests that always read the primary: the back office (staff act on what they see: a
 * new order, a message) and the pages behind a link from a mail, whose token may have been written
 * a moment ago by another device (no bookmark of that write here).
 */
const PRIMARY_READS = [
  /^\/admin(\/|$)/,
  /^\/api\/admin(\/|$)/,
  /^\/newsletter\/(confirm|unsubscribe)\/?$/,
  /^\/reset-password\/?$/,
  /^\/(verify|confirm)-email\/?$/,
];

/**
 * Read-only requests that must see the shopper's own orders: their bookmark when they have one
 * (they placed the order from this browser), else the primary, never any replica.
 */
const BOOKMARK_OR_PRIMARY = [
  /^\/checkout\/?$/,
  /^\/orders(\/|$)/,
  /^\/order-confirmation\//,
  /^\/api\/orders(\/|$)/,
  /^\/api\/v1\/orders(\/|$)/,
];

const matches = (patterns: RegExp[], pathname: string) => patterns.some((pattern) => pattern.test(pathname));

/** Where this request's session starts; `bookmark` is the verified one from the shopper's cookie, or null. */
export function sessionStart({ method, pathname, tokenClient }: RequestShape, bookmark: string | null): SessionStart {
  const reads = method === "GET" || method === "HEAD";
  const mayWrite = !reads || matches(WRITING_GETS, pathname);
  if (mayWrite || tokenClient || matches(PRIMARY_READS, pathname))
    return { constraintOrBookmark: FIRST_PRIMARY, mayWrite, tokenClient };
  if (bookmark) return { constraintOrBookmark: bookmark, mayWrite, tokenClient };
  return {
    constraintOrBookmark: matches(BOOKMARK_OR_PRIMARY, pathname) ? FIRST_PRIMARY : FIRST_UNCONSTRAINED,
    mayWrite,
    tokenClient,
  };
}

/**
 * The bookmark to hand back in the cookie at the end of the request, or null for no Set-Cookie:
 * - never to a token client ("a token client is never sent a cookie");
 * - not when the session's bookmark is unknown (no statement ran) or is the one that came;
 * - after a request that may write: when the client keeps cookies (it sent one, or this answer
 *   gives it one): a mail client's one-click unsubscribe or a script gets none;
 * - after a read: only to refresh a bookmark cookie that came. A visitor with none who only reads
 *   is never given one, so their answers stay as cacheable as before.
 */
export function bookmarkToHandBack(
  start: SessionStart,
  { incoming, latest, keepsCookies }: { incoming: string | null; latest: string | null; keepsCookies: boolean },
): string | null {
  if (start.tokenClient || latest === null || latest === incoming) return null;
  if (start.mayWrite) return keepsCookies ? latest : null;
  return incoming !== null ? latest : null;
}
