import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard } from "~/components/account/auth-card";
import { FormFailureNotice, submitButtonClass, TextField } from "~/components/form";
import { safeRedirect } from "~/lib/redirect";
import { rootSeo, seoMeta } from "~/lib/seo";
import { AccountDisabledError, AuthError } from "~/services/auth.server";
import { openChallenge } from "~/services/two-factor-challenge.server";
import { completeTwoFactorSignIn, TWO_FACTOR_MESSAGES } from "~/services/two-factor.server";
import { formPageHeaders, readForm, type FormFailure, formError } from "~/http/pages/forms.server";
import { toasts } from "~/http/pages/toast.server";
import { sessionCookie } from "~/http/session.server";
import { clearChallengeCookie, readChallengeCookie } from "~/http/two-factor.server";

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), {
    title: "Two-factor sign-in",
    description: "Enter the code from your authenticator app.",
    path: "/login/two-factor",
    noindex: true,
  });

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
  const submitting = useNavigation().state === "submitting";
  return (
    <AuthCard
      title="Two-factor sign-in"
      subtitle={
        <>
          Not you?{" "}
          <Link to="/login" className="font-medium text-bloom-700 underline hover:text-bloom-800">
            Back to login
          </Link>
        </>
      }
    >
      <FormFailureNotice failure={failure} className="mb-4" />
      <Form method="post" noValidate className="grid gap-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          name="code"
          label="Authentication code"
          type="text"
          inputMode="text"
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          aria-describedby={failure?.errors.code?.length ? "code-error" : "code-hint"}
          errors={failure?.errors}
        />
        {failure?.errors.code?.length ? null : (
          <p id="code-hint" className="-mt-3 text-xs text-gray-600">
            The 6-digit code your authenticator app shows, or one of your recovery codes.
          </p>
        )}
        <button type="submit" className={submitButtonClass} disabled={submitting}>
          {submitting ? "Checking…" : "Verify"}
        </button>
      </Form>
    </AuthCard>
  );
}
