import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/account/auth-card";
import { AuthSubtitle } from "~/components/account/auth-subtitle";
import { NewPasswordFields } from "~/components/account/new-password-fields";
import { ErrorAlert, FormFailureNotice, SubmitButton, useFormPage } from "~/components/form";
import { ACCOUNT_MESSAGES, RESET_MESSAGES } from "~/lib/form-messages";
import { noindexMeta } from "~/lib/seo";
import { formPageHeaders, readForm, formError } from "~/http/pages/forms.server";
import { resetPassword, resetTokenIsLive } from "~/services/password-reset.server";
import { toasts } from "~/http/pages/toast.server";

/** The form's checks, imported when a field is first focused: the page loads no schema library (docs/decisions/019). */
const loadResetSchema = () => import("~/lib/schemas/account").then((module) => module.ResetPasswordSchema);

export const meta = noindexMeta("Reset Password", "/reset-password", "Choose a new password for your account.");

/**
 * The token is in the address: no other site is told it through a Referer. `same-origin`, not
 * `no-referrer`: under `no-referrer` a browser posts the form with `Origin: null`, which the
 * Worker's cross-site check refuses, so the form would fail without JavaScript.
 */
export const headers: HeadersFunction = (args) => {
  const headers = new Headers(formPageHeaders(args));
  headers.set("Referrer-Policy", "same-origin");
  return headers;
};

/** The form when the link's token still works; otherwise the message and a way to ask for a new link. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const live = await resetTokenIsLive(context.app.db, token);
  return json({ token: live ? token : null }, { headers: { "Referrer-Policy": "same-origin" } });
}

/** Sets the new password, then the login page with "Your password has been reset. Please log in.". */
export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const values = await readForm(request);
  try {
    await resetPassword(app.db, values.token ?? "", values.password ?? "", values.password_confirmation ?? "");
    return toasts(app.env, request).redirectWithSuccess("/login", RESET_MESSAGES.done);
  } catch (error) {
    return formError(error, values, { unexpected: "Something went wrong. Please try again." });
  }
}

export default function ResetPasswordPage() {
  const { token } = useLoaderData<typeof loader>();
  const { failure, errors, formProps, submitting } = useFormPage(loadResetSchema, ACCOUNT_MESSAGES.formErrors);
  const invalid = !token || Boolean(failure?.errors.token?.length);
  return (
    <AuthCard title="Reset Password" subtitle={<AuthSubtitle text="Remembered it?" to="/login" link="Log in" />}>
      {invalid ? (
        <>
          <FormFailureNotice failure={failure ? { ...failure, errors: {} } : undefined} className="mb-4" />
          {failure ? null : <ErrorAlert className="mb-4">{RESET_MESSAGES.invalid}</ErrorAlert>}
          <p className="text-sm text-gray-700">
            <Link to="/forgot-password" className="font-medium text-bloom-700 underline hover:text-bloom-800">
              Ask for a new reset link
            </Link>
          </p>
        </>
      ) : (
        <>
          <FormFailureNotice failure={failure} className="mb-4" />
          <Form method="post" {...formProps} className="grid gap-4">
            <input type="hidden" name="token" value={token} />
            <NewPasswordFields confirmName="password_confirmation" errors={errors} />
            <SubmitButton busy={submitting} label="Reset password" busyLabel="Saving…" />
          </Form>
        </>
      )}
    </AuthCard>
  );
}
