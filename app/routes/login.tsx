import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { json, redirect } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AuthCard, SocialButtons } from "~/components/account/auth-card";
import { AuthSubtitle } from "~/components/account/auth-subtitle";
import { PersonField } from "~/components/person-fields";
import { ErrorAlert, FormFailureNotice, SubmitButton, TextField, useFormPage } from "~/components/form";
import { ACCOUNT_MESSAGES } from "~/lib/form-messages";
import { LoginSchema } from "~/lib/schemas/account";
import { fieldErrors } from "~/lib/schemas/query";
import { safeRedirect } from "~/lib/redirect";
import { noindexMeta } from "~/lib/seo";
import { login } from "~/services/auth.server";
import { formFailure, formPageHeaders, readForm, formError } from "~/http/pages/forms.server";
import { clientAddress } from "~/services/rate-limit.server";
import { sessionCookie } from "~/http/session.server";
import { socialLoginMessage } from "~/http/oauth.server";
import { isSocialLoginError } from "~/lib/social-login";
import { signInPageData } from "~/http/pages/sign-in-page.server";
import { toasts } from "~/http/pages/toast.server";
import { challengeCookie } from "~/http/two-factor.server";
import { TwoFactorRequired } from "~/services/two-factor-challenge.server";
import { saveCartOnSignIn } from "~/http/pages/saved-cart.server";

/** The form's checks, imported when a field is first focused: the page loads no schema library (docs/decisions/019). */
const loadLoginSchema = () => import("~/lib/schemas/account").then((module) => module.LoginSchema);

export const meta = noindexMeta("Login", "/login", "Log in to your account to follow your orders.");

export const headers = formPageHeaders;

/**
 * The form, the social buttons the server can honour (docs/decisions/014), and the reason a social
 * sign-in came back here (`?error=<code>&provider=<provider>`), shown on the page as well as in the toast.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { redirectTo, providers } = await signInPageData(context.app, request);
  const params = new URL(request.url).searchParams;
  const error = params.get("error");
  const socialError = isSocialLoginError(error) ? socialLoginMessage(error, params.get("provider")) : null;
  return json({ redirectTo, providers, socialError });
}

/**
 * Logs in from a plain form post: "Login successful!" and back to where the shopper was going.
 * Failures, in the spec's order: the server's message (wrong credentials, a disabled account, too many attempts),
 * else the field messages with "Please fix the errors in the form".
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const values = await readForm(request);
  const redirectTo = safeRedirect(values.redirectTo, "/");
  const parsed = LoginSchema.safeParse(values);
  if (!parsed.success) return formFailure(fieldErrors(parsed.error), ACCOUNT_MESSAGES.formErrors, values);
  try {
    const auth = await login(app.db, app.env, parsed.data, clientAddress(request));
    await saveCartOnSignIn(app, request, auth.user.id);
    return toasts(app.env, request).redirectWithSuccess(redirectTo, "Login successful!", {
      headers: { "Set-Cookie": sessionCookie(app.env, request, auth) },
    });
  } catch (error) {
    // Staff with a second factor (or who must set one up): no session yet, the code's page next (docs/decisions/023).
    if (error instanceof TwoFactorRequired) {
      const next = error.step === "enrol" ? "/login/two-factor/setup" : "/login/two-factor";
      return redirect(`${next}?redirectTo=${encodeURIComponent(redirectTo)}`, {
        headers: { "Set-Cookie": challengeCookie(app.env, request, error.challenge) },
      });
    }
    // Wrong credentials 401, a disabled account 403 ("This account has been disabled. Please contact us."), 429.
    return formError(error, values, { unexpected: ACCOUNT_MESSAGES.loginFailed });
  }
}

export default function LoginPage() {
  const { redirectTo, providers, socialError } = useLoaderData<typeof loader>();
  const { failure, errors, formProps, submitting } = useFormPage(loadLoginSchema, ACCOUNT_MESSAGES.formErrors);
  return (
    <AuthCard
      title="Welcome Back"
      subtitle={<AuthSubtitle text="New here?" to="/register" link="Create an account" redirectTo={redirectTo} />}
    >
      <FormFailureNotice failure={failure} className="mb-4" />
      {socialError && !failure ? <ErrorAlert className="mb-4">{socialError}</ErrorAlert> : null}
      <Form method="post" {...formProps} className="grid gap-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <PersonField name="email" values={failure?.values ?? {}} errors={errors} />
        <TextField name="password" label="Password" type="password" autoComplete="current-password" errors={errors} />
        <div className="flex items-center justify-between text-sm">
          <label className="flex items-center gap-2 text-gray-800">
            <input
              type="checkbox"
              name="remember"
              defaultChecked={failure?.values.remember === "on"}
              className="h-4 w-4 rounded border-gray-300 accent-bloom-600"
            />
            Remember me
          </label>
          <Link to="/forgot-password" className="font-medium text-bloom-700 underline hover:text-bloom-800">
            Forgot password?
          </Link>
        </div>
        <SubmitButton busy={submitting} label="Login" busyLabel="Logging in…" />
      </Form>
      <SocialButtons action="Sign in" providers={providers} redirectTo={redirectTo} />
    </AuthCard>
  );
}
