import { log } from "~/services/log.server";
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { revokeSession } from "~/services/auth.server";
import { clearSessionCookie, getSession } from "~/http/session.server";
import { toasts } from "~/http/pages/toast.server";

/** Logging out never happens on a GET: a link or an image pointing here changes nothing. */
export const loader = () => redirect("/");

/**
 * Revokes the session on the server and clears the cookie. The cookie is cleared even when the
 * server-side revocation fails: the shopper is logged out in their browser in every case.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  try {
    const { viewer } = await getSession(app, request);
    if (viewer) await revokeSession(app.db, viewer.sessionId);
  } catch (error) {
    log.error("session could not be revoked", error);
  }
  return toasts(app.env, request).redirectWithSuccess("/", "You have been logged out.", {
    headers: { "Set-Cookie": clearSessionCookie(app.env, request) },
  });
}
