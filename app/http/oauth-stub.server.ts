import { SOCIAL_LOGIN_FORM_ORIGINS } from "../lib/social-login";

/**
 * The development stand-in for Google (docs/decisions/014): a tiny local server (scripts/lib/oauth-stub.mjs,
 * started by the browser journeys' runner) that plays Google's authorization page and token endpoint, so
 * a browser can go through the real sign-in, link and unlink flows without the internet.
 *
 * It acts ONLY on a development Worker (`ENVIRONMENT=development`, as `wrangler dev` runs for the e2e
 * journeys) whose `OAUTH_STUB_ORIGIN` names a plain-http loopback origin. Production and the worker
 * tests (`ENVIRONMENT=test`) ignore the variable, whatever it says; so does development when it
 * names anything but this machine.
 */
export function oauthStubOrigin(env: Pick<Env, "ENVIRONMENT" | "OAUTH_STUB_ORIGIN">): string | null {
  if (env.ENVIRONMENT !== "development") return null;
  const value = typeof env.OAUTH_STUB_ORIGIN === "string" ? env.OAUTH_STUB_ORIGIN.trim() : "";
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const loopback = url.hostname === "127.0.0.1" || url.hostname === "localhost" || url.hostname === "[::1]";
  return url.protocol === "http:" && loopback ? url.origin : null;
}

/** The origins a page's `form-action` allows besides its own: the providers', and the stand-in's when it acts. */
export function socialLoginFormOrigins(env: Pick<Env, "ENVIRONMENT" | "OAUTH_STUB_ORIGIN">): readonly string[] {
  const stub = oauthStubOrigin(env);
  return stub ? [...SOCIAL_LOGIN_FORM_ORIGINS, stub] : SOCIAL_LOGIN_FORM_ORIGINS;
}
