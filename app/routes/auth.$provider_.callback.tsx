import { log } from "~/services/log.server";
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { json, redirect } from "@remix-run/cloudflare";
import type { SocialLoginError, SocialProvider } from "~/lib/social-login";
import { AccountDisabledError } from "~/services/auth.server";
import { clientAddress, RateLimitError } from "~/services/rate-limit.server";
import {
  claimSocialLoginAttempt,
  refundSocialLoginAttempt,
  signInWithIdentity,
  SocialEmailMissingError,
  SocialLinkRequiresPasswordError,
} from "~/services/social-login.server";
import { linkIdentity } from "~/services/sign-in-methods.server";
import { ConflictError } from "~/services/errors";
import { SIGN_IN_METHOD_MESSAGES } from "~/lib/account-email";
import { SOCIAL_PROVIDER_NAMES } from "~/lib/social-login";
import {
  clearOAuthCookie,
  completeSocialLogin,
  socialLoginMessage,
  SocialLoginFailure,
  usableProvider,
} from "~/http/oauth.server";
import { mailContext } from "~/http/mail.server";
import { getSession, sessionCookie } from "~/http/session.server";
import { toasts } from "~/http/pages/toast.server";
import { challengeCookie } from "~/http/two-factor.server";
import { TwoFactorRequired } from "~/services/two-factor-challenge.server";
import { saveCartOnSignIn } from "~/http/pages/saved-cart.server";

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
    const response = await toasts(app.env, request).redirectWithError(
      loginErrorUrl(code, provider, redirectTo),
      toastMessage,
      {
        headers: { "Cache-Control": "no-store" },
      },
    );
    response.headers.append("Set-Cookie", clear);
    return response;
  };

  // Every attempt is counted before it is checked; one that did not fail is given back. A counter
  // that cannot be written back does not turn the answer into a server error.
  const refund = () =>
    refundSocialLoginAttempt(app.db, client).catch((error) =>
      log.error("social login attempt could not be refunded", error),
    );
  const link = (userId: number, identity: Parameters<typeof linkIdentity>[2]) =>
    linkFromProfile(app, request, clear, userId, identity);

  try {
    await claimSocialLoginAttempt(app.db, client);
    const completed = await completeSocialLogin(app.env, request, usable);
    redirectTo = completed.redirectTo;
    if (completed.link) {
      await refund();
      return await link(completed.link, completed.identity);
    }
    const auth = await signInWithIdentity(app.db, app.env, completed.identity, await mailContext(app, request));
    await saveCartOnSignIn(app, request, auth.user.id);
    await refund();
    const response = await toasts(app.env, request).redirectWithSuccess(redirectTo, "Login successful!", {
      headers: { "Cache-Control": "no-store" },
    });
    response.headers.append("Set-Cookie", sessionCookie(app.env, request, auth));
    response.headers.append("Set-Cookie", clear);
    return response;
  } catch (error) {
    // A staff member with a second factor: the provider is the first factor only (docs/decisions/023).
    if (error instanceof TwoFactorRequired) {
      await refund();
      const next = error.step === "enrol" ? "/login/two-factor/setup" : "/login/two-factor";
      const response = redirect(`${next}?redirectTo=${encodeURIComponent(redirectTo)}`, {
        headers: { "Cache-Control": "no-store" },
      });
      response.headers.append("Set-Cookie", challengeCookie(app.env, request, error.challenge));
      response.headers.append("Set-Cookie", clear);
      return response;
    }
    if (error instanceof RateLimitError) return fail("rate_limited", error.message);
    if (error instanceof AccountDisabledError) return fail("disabled");
    if (error instanceof SocialLoginFailure) {
      redirectTo = error.redirectTo;
      if (error.code === "denied") await refund();
      if (error.code === "failed") log.warn(`social login with ${provider} failed`, {}, error);
      return fail(error.code);
    }
    if (error instanceof SocialLinkRequiresPasswordError) return fail("link_required");
    if (error instanceof SocialEmailMissingError) return fail("no_email");
    log.error("social login failed", error);
    return fail("failed");
  }
}

/**
 * A provider linked from the profile (docs/decisions/021): only to the account that started it, still
 * signed in on this browser. The answer goes back to the profile with a toast.
 */
async function linkFromProfile(
  app: LoaderFunctionArgs["context"]["app"],
  request: Request,
  clear: string,
  userId: number,
  identity: Parameters<typeof linkIdentity>[2],
): Promise<Response> {
  const toast = toasts(app.env, request);
  const name = SOCIAL_PROVIDER_NAMES[identity.provider];
  const answer = async (response: Response) => {
    response.headers.set("Cache-Control", "no-store");
    response.headers.append("Set-Cookie", clear);
    return response;
  };
  const { viewer } = await getSession(app, request);
  if (!viewer || viewer.user.id !== userId) {
    return answer(
      await toast.redirectWithError("/login?redirectTo=%2Fprofile", "Please log in to link a sign-in method."),
    );
  }
  try {
    const outcome = await linkIdentity(app.db, { userId, sessionId: viewer.sessionId }, identity);
    const message =
      outcome === "linked" ? SIGN_IN_METHOD_MESSAGES.linked(name) : SIGN_IN_METHOD_MESSAGES.alreadyLinked(name);
    return answer(await toast.redirectWithSuccess("/profile", message));
  } catch (error) {
    if (error instanceof ConflictError) return answer(await toast.redirectWithError("/profile", error.message));
    throw error;
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
