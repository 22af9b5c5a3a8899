const DUMMY_ORIGIN = "http://twistbloom.invalid";

/**
 * A same-site path to send the shopper back to; anything else falls back. ONE rule for every
 * "back" / "redirectTo" target (login, register, social sign-in, the wishlist, the cart...):
 * - a string of printable ASCII only (no whitespace or control character anywhere: browsers drop a
 *   tab or a newline, so `/\t/evil.com` would become `//evil.com`), and no backslash (read as `/`);
 * - exactly one "/" first (`//evil`, `/%2F...` after decoding are others' hosts or tricks);
 * - read as a browser reads it (`new URL(value, origin)`), it stays on our origin and its path
 *   still starts with exactly one "/".
 * The answer is the path, query and hash as the URL parser normalised them.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  return isSafePath(to) ? normalisedPath(to) : fallback;
}

/** Printable ASCII but space and backslash: what a path we send a browser to may contain. */
const PLAIN_PATH = /^\/[\x21-\x5b\x5d-\x7e]*$/;

function isSafePath(to: unknown): to is string {
  if (typeof to !== "string" || to.length > 2048 || !PLAIN_PATH.test(to) || to.startsWith("//")) return false;
  // An encoded slash, backslash, space or control in the PATH decodes into one that a later
  // redirect could read as a host (`/%2F/evil`, `/%09/evil`); the query may hold any (a search).
  let decodedPath: string;
  try {
    decodedPath = decodeURIComponent(to.split(/[?#]/, 1)[0]!);
  } catch {
    return false;
  }
  if (/[\\\s\x00-\x1f\x7f]/.test(decodedPath) || decodedPath.startsWith("//")) return false;
  try {
    const url = new URL(to, DUMMY_ORIGIN);
    return url.origin === DUMMY_ORIGIN && url.pathname.startsWith("/") && !url.pathname.startsWith("//");
  } catch {
    return false;
  }
}

function normalisedPath(to: string): string {
  const url = new URL(to, DUMMY_ORIGIN);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The path and query of the page a form was posted from, when the browser says so. */
export function refererPath(request: Request): string | null {
  const referer = request.headers.get("Referer");
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.origin === new URL(request.url).origin ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}
