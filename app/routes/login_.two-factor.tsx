import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { json, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/account/auth-card";
import { AuthSubtitle } from "~/components/account/auth-subtitle";
import { FormFailureNotice } from "~/components/form";
import { TwoFactorCodeForm } from "~/components/account/two-factor-code-form";
import { safeRedirect } from "~/lib/redirect";
import { noindexMeta } from "~/lib/seo";
import { AccountDisabledError, AuthError } from "~/services/auth.server";
import { openChallenge } from "~/services/two-factor-challenge.server";
import { completeTwoFactorSignIn, TWO_FACTOR_MESSAGES } from "~/services/two-factor.server";
import { formPageHeaders, readForm, type FormFailure, formError } from "~/http/pages/forms.server";
import { toasts } from "~/http/pages/toast.server";
import { sessionCookie } from "~/http/session.server";
import { clearChallengeCookie, readChallengeCookie } from "~/http/two-factor.server";
import { saveCartOnSignIn } from "~/http/pages/saved-cart.server";

export const meta = noindexMeta(
  "Two-factor sign-in",
  "/login/two-factor",
  "Enter the code from your authenticator app.",
);

export const headers = formPageHeaders;

/** Back to the login, saying why, and without the dead challenge. */
async function loginAgain(
  env: Env,
  request: Request,
  redirectTo: string,
  message: string = TWO_FACTOR_MESSAGES.challengeExpired,
) {
  const target = redirectTo === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(redirectTo)}`;
  const response = await toasts(env, request).redirectWithError(target, message);
  response.headers.append("Set-Cookie", clearChallengeCookie(env, request));
  return response;
}

/** The second step of a staff sign-in: only with a live challenge (the right password, minutes ago). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.app;
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/");
  const challenge = await openChallenge(env, readChallengeCookie(env, request));
  if (!challenge) throw await loginAgain(env, request, redirectTo);
  if (challenge.step === "enrol")
    throw redirect(`/login/two-factor/setup?redirectTo=${encodeURIComponent(redirectTo)}`);
  return json({ redirectTo }, { headers: { "Cache-Control": "private, no-store" } });
}

/** A code (or a recovery code) opens the session: "Login successful!" and on to where the staff member was going. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const values = await readForm(request);
  const redirectTo = safeRedirect(values.redirectTo, "/");
  try {
    const auth = await completeTwoFactorSignIn(app.db, app.env, readChallengeCookie(app.env, request), {
      code: values.code,
    });
    await saveCartOnSignIn(app, request, auth.user.id);
    const response = await toasts(app.env, request).redirectWithSuccess(redirectTo, "Login successful!", {
      headers: { "Set-Cookie": sessionCookie(app.env, request, auth) },
    });
    response.headers.append("Set-Cookie", clearChallengeCookie(app.env, request));
    return response;
  } catch (error) {
    if (error instanceof AuthError) return loginAgain(app.env, request, redirectTo, error.message);
    if (error instanceof AccountDisabledError) return loginAgain(app.env, request, redirectTo, error.message);
    return formError(error, {});
  }
}

export default function TwoFactorPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  return (
    <AuthCard title="Two-factor sign-in" subtitle={<AuthSubtitle text="Not you?" to="/login" link="Back to login" />}>
      <FormFailureNotice failure={failure} className="mb-4" />
      <TwoFactorCodeForm
        redirectTo={redirectTo}
        errors={failure?.errors}
        label="Authentication code"
        submitLabel="Verify"
        recovery
        className="grid gap-4"
      />
    </AuthCard>
  );
}
