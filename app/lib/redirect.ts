/** A same-site path to send the shopper back to; anything else (other hosts, `//evil`) falls back. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
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
