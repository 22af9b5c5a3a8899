import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import type { SocialLoginError, SocialProvider } from "~/lib/social-login";
import { AccountDisabledError } from "~/services/auth.server";
import { clientAddress, RateLimitError } from "~/services/rate-limit.server";
import { claimSocialLoginAttempt, refundSocialLoginAttempt, signInWithIdentity, SocialEmailMissingError } from "~/services/social-login.server";
import { clearOAuthCookie, completeSocialLogin, socialLoginMessage, SocialLoginFailure, usableProvider } from "~/http/oauth.server";
import { mailContext } from "~/http/mail.server";
import { sessionCookie } from "~/http/session.server";
import { toasts } from "~/http/pages/toast.server";

/**
 * Where the provider sends the browser back (docs/decisions/014). The provider redirects with a
 * GET, so this is the one GET of the shop that writes: it signs in, links an identity or creates
 * an account, and only after the signed state cookie, the state in the URL and the provider's code
 * all check out. It ends as a password login does ("Login successful!", a session cookie); anything
 * else ends on the login page with the reason, as a toast and on the page. The state cookie is
 * cleared either way. A provider that is not configured, or the setting switched off: 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const usable = await usableProvider(app, params.provider);
  if (!usable) throw json(null, { status: 404 });
  const { provider } = usable;
  const client = clientAddress(request);
  const clear = clearOAuthCookie(app.env, request);
  let redirectTo = "/";

  const fail = async (code: SocialLoginError, toastMessage = socialLoginMessage(code, provider)) => {
    const response = await toasts(app.env, request).redirectWithError(loginErrorUrl(code, provider, redirectTo), toastMessage, {
      headers: { "Cache-Control": "no-store" },
    });
    response.headers.append("Set-Cookie", clear);
    return response;
  };

  // Every attempt is counted before it is checked; one that did not fail is given back. A counter
  // that cannot be written back does not turn the answer into a server error.
  const refund = () => refundSocialLoginAttempt(app.db, client).catch((error) => console.error(error));

  try {
    await claimSocialLoginAttempt(app.db, client);
    const completed = await completeSocialLogin(app.env, request, usable);
    redirectTo = completed.redirectTo;
    const auth = await signInWithIdentity(app.db, app.env, completed.identity, await mailContext(app, request));
    await refund();
    const response = await toasts(app.env, request).redirectWithSuccess(redirectTo, "Login successful!", {
      headers: { "Cache-Control": "no-store" },
    });
    response.headers.append("Set-Cookie", sessionCookie(app.env, request, auth));
    response.headers.append("Set-Cookie", clear);
    return response;
  } catch (error) {
    if (error instanceof RateLimitError) return fail("rate_limited", error.message);
    if (error instanceof AccountDisabledError) return fail("disabled");
    if (error instanceof SocialLoginFailure) {
      redirectTo = error.redirectTo;
      if (error.code === "denied") await refund();
      if (error.code === "failed") console.warn(`Social login with ${provider} failed: ${error.message}`);
      return fail(error.code);
    }
    if (error instanceof SocialEmailMissingError) return fail("no_email");
    console.error(error);
    return fail("failed");
  }
}

/** The login page with the reason (its loader shows it), keeping where the shopper was going. */
function loginErrorUrl(code: SocialLoginError, provider: SocialProvider, redirectTo: string): string {
  const query = new URLSearchParams({ error: code, provider });
  if (redirectTo !== "/") query.set("redirectTo", redirectTo);
  return `/login?${query}`;
}

export default function SocialLoginCallback() {
  return null;
}
