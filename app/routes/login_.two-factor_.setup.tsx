import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { json, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/account/auth-card";
import { AuthSubtitle } from "~/components/account/auth-subtitle";
import { TwoFactorSetupDetails } from "~/components/admin/two-factor-setup";
import { FormFailureNotice } from "~/components/form";
import { TwoFactorCodeForm } from "~/components/account/two-factor-code-form";
import { safeRedirect } from "~/lib/redirect";
import { noindexMeta } from "~/lib/seo";
import { AccountDisabledError, AuthError } from "~/services/auth.server";
import { qrPath } from "~/services/qr.server";
import { openChallenge } from "~/services/two-factor-challenge.server";
import { completeEnrolment, enrolmentDetails, TWO_FACTOR_MESSAGES } from "~/services/two-factor.server";
import { formPageHeaders, readForm, type FormFailure, formError } from "~/http/pages/forms.server";
import { toasts } from "~/http/pages/toast.server";
import { sessionCookie } from "~/http/session.server";
import { clearChallengeCookie, codesCookie, readChallengeCookie } from "~/http/two-factor.server";
import { saveCartOnSignIn } from "~/http/pages/saved-cart.server";

export const meta = noindexMeta(
  "Set up two-factor sign-in",
  "/login/two-factor/setup",
  "Staff sign in with a code from an authenticator app.",
);

export const headers = formPageHeaders;

async function loginAgain(env: Env, request: Request, message: string = TWO_FACTOR_MESSAGES.challengeExpired) {
  const response = await toasts(env, request).redirectWithError("/login", message);
  response.headers.append("Set-Cookie", clearChallengeCookie(env, request));
  return response;
}

/**
 * The first staff sign-in while the shop requires a second factor: the secret the challenge carries
 * (nothing is stored until a code confirms it), as a QR code drawn here and as text.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/");
  const token = readChallengeCookie(app.env, request);
  const challenge = await openChallenge(app.env, token);
  if (!challenge) throw await loginAgain(app.env, request);
  if (challenge.step === "verify") throw redirect(`/login/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`);
  const details = await enrolmentDetails(app.db, app.env, token).catch(() => null);
  if (!details) throw await loginAgain(app.env, request);
  return json(
    { redirectTo, account: details.email, secretGrouped: details.secret_grouped, qr: qrPath(details.otpauth_uri) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** A first code confirms the factor and opens the session; the recovery codes are shown next, once. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const values = await readForm(request);
  const redirectTo = safeRedirect(values.redirectTo, "/");
  try {
    const { auth, recoveryCodes } = await completeEnrolment(app.db, app.env, readChallengeCookie(app.env, request), {
      code: values.code,
    });
    await saveCartOnSignIn(app, request, auth.user.id);
    const next = `/admin/security?continue=${encodeURIComponent(redirectTo)}`;
    const response = await toasts(app.env, request).redirectWithSuccess(
      next,
      "Two-factor sign-in is on. Login successful!",
      {
        headers: { "Set-Cookie": sessionCookie(app.env, request, auth) },
      },
    );
    response.headers.append("Set-Cookie", clearChallengeCookie(app.env, request));
    response.headers.append("Set-Cookie", await codesCookie(app.env, request, auth.user.id, recoveryCodes));
    return response;
  } catch (error) {
    if (error instanceof AuthError || error instanceof AccountDisabledError)
      return loginAgain(app.env, request, error.message);
    return formError(error, {});
  }
}

export default function TwoFactorSetupPage() {
  const { redirectTo, account, secretGrouped, qr } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  return (
    <AuthCard
      title="Set up two-factor sign-in"
      subtitle={
        <AuthSubtitle
          text="Staff accounts sign in with a password and a code from an authenticator app."
          to="/login"
          link="Back to login"
        />
      }
    >
      <FormFailureNotice failure={failure} className="mb-4" />
      <TwoFactorSetupDetails qr={qr} secretGrouped={secretGrouped} account={account} />
      <TwoFactorCodeForm
        redirectTo={redirectTo}
        errors={failure?.errors}
        label="Code from the app"
        submitLabel="Turn on and sign in"
        className="mt-6 grid gap-4"
      />
    </AuthCard>
  );
}
