import { createCookieSessionStorage } from "@remix-run/cloudflare";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { TOAST_DURATIONS } from "../lib/constants";
import { sessionSecret } from "./secrets.server";

/**
 * Toasts travel in a flash session signed with SESSION_SECRET (remix-toast's own default cookie is
 * unsigned with a built-in secret). The root loader reads and clears it, so the server renders the
 * toast and it shows with JavaScript off too.
 */
export function toasts(env: Env, request: Request) {
  const storage = createCookieSessionStorage({
    cookie: {
      name: "toast",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: new URL(request.url).protocol === "https:",
      secrets: [sessionSecret(env)],
    },
  });
  return createToastUtilsWithCustomSession(storage);
}

/** The spec's durations: success 3 s, error 5 s, anything else 4 s. */
export function toastDuration(type: string): number {
  return type === "success" || type === "error" ? TOAST_DURATIONS[type] : TOAST_DURATIONS.info;
}
