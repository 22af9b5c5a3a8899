import { createCookieSessionStorage } from "@remix-run/cloudflare";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { sessionSecret } from "../../services/secrets.server";
import { cookieFlags, cookieName, TOAST_COOKIE } from "../cookies.server";

/**
 * Toasts travel in a flash session signed with SESSION_SECRET (remix-toast's own default cookie is
 * unsigned with a built-in secret). The root loader reads and clears it, so the server renders the
 * toast and it shows with JavaScript off too.
 */
export function toasts(env: Env, request: Request) {
  const storage = createCookieSessionStorage({
    cookie: {
      name: cookieName(env, request, TOAST_COOKIE),
      ...cookieFlags(env, request),
      secrets: [sessionSecret(env)],
    },
  });
  return createToastUtilsWithCustomSession(storage);
}
