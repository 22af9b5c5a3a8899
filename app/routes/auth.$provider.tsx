import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { json, redirect } from "@remix-run/cloudflare";
import { safeRedirect } from "~/lib/redirect";
import { beginSocialLogin, usableProvider } from "~/http/oauth.server";
import { readForm } from "~/http/pages/forms.server";
import { requireViewer } from "~/http/pages/guards.server";

/**
 * The start of a social sign-in (docs/decisions/014): the login and register pages' Google and
 * Twitter buttons post here. A POST, so a link or an image elsewhere cannot start one. The state
 * and PKCE code verifier go into a signed, HttpOnly cookie for ten minutes, and the browser goes
 * to the provider. A provider that is not configured, or the setting switched off: 404.
 * `link=1` (the profile's Link button) starts the same flow for the signed-in shopper, to link
 * the provider to their account instead of signing in.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { app } = context;
  const usable = await usableProvider(app, params.provider);
  if (!usable) throw json(null, { status: 404 });
  const values = await readForm(request);
  // The profile's "Link" button: the signed-in shopper links the provider to their account (docs/decisions/021).
  const link = values.link === "1" ? (await requireViewer(app, request)).user.id : undefined;
  const redirectTo = link ? "/profile" : safeRedirect(values.redirectTo, "/");
  const { url, cookie } = await beginSocialLogin(app.env, request, usable, redirectTo, link);
  return redirect(url, { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
}

/** Nothing to see on a GET: the shop's not-found page. */
export function loader() {
  throw json(null, { status: 404 });
}

export default function SocialLoginStart() {
  return null;
}
