import { SOCIAL_LOGIN_FORM_ORIGINS } from "./social-login";

/**
 * The headers every answer carries, and the Content-Security-Policy of pages: scripts only from the
 * site and the request's nonce (never 'unsafe-inline'), no framing, no plugins, forms only to us (whose social
 * login buttons are redirected on to Google or X).
 */
export const BASE_SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/**
 * Added to every answer over HTTPS (never over plain http, where browsers ignore it anyway): for a
 * year, the browser reaches this host over HTTPS only, so nobody on the way can strip it to http
 * and read or set its cookies.
 */
export const HTTPS_SECURITY_HEADERS: Record<string, string> = {
  "Strict-Transport-Security": "max-age=31536000",
};

/** `formOrigins`: where the social login buttons' redirects may lead (the providers; in development, their stand-in too). */
export function pageContentSecurityPolicy(
  nonce: string,
  formOrigins: readonly string[] = SOCIAL_LOGIN_FORM_ORIGINS,
): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Inline style attributes (a toast's delay, a colour swatch) are harmless and used; scripts are not.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    // The social login buttons post to us and are redirected to the provider: Chrome and Safari check that hop too.
    `form-action 'self' ${formOrigins.join(" ")}`,
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** For JSON and other non-HTML answers: nothing may run or frame them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The API reference page (/api/docs) only: Scalar's bundle (served by the shop itself, at one exact
 * URL) and its start-up script, both carrying the request's nonce; its styles inline; fonts and images from the site (the page is
 * set up without Scalar's web fonts); calls (the document, "try it") to this site only.
 */
export function apiDocsContentSecurityPolicy(nonce: string, scriptUrl: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}' ${scriptUrl}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "form-action 'none'",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}
