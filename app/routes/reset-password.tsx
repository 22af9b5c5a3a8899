import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard } from "~/components/account/auth-card";
import { FormFailureNotice, submitButtonClass, TextField, useLiveValidation } from "~/components/form";
import { ACCOUNT_MESSAGES, RESET_MESSAGES } from "~/lib/form-messages";
import { rootSeo, seoMeta } from "~/lib/seo";
import { formPageHeaders, readForm, type FormFailure, formError } from "~/http/pages/forms.server";
import { resetPassword, resetTokenIsLive } from "~/services/password-reset.server";
import { toasts } from "~/http/pages/toast.server";

/** The form's checks, imported when a field is first focused: the page loads no schema library (docs/decisions/019). */
const loadResetSchema = () => import("~/lib/schemas/account").then((module) => module.ResetPasswordSchema);

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), {
    title: "Reset Password",
    description: "Choose a new password for your account.",
    path: "/reset-password",
    noindex: true,
  });

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
  const failure = useActionData<FormFailure>();
  const { errors, formProps } = useLiveValidation(loadResetSchema, ACCOUNT_MESSAGES.formErrors, failure?.errors);
  const submitting = useNavigation().state === "submitting";
  const invalid = !token || Boolean(failure?.errors.token?.length);
  return (
    <AuthCard
      title="Reset Password"
      subtitle={
        <>
          Remembered it?{" "}
          <Link to="/login" className="font-medium text-bloom-700 underline hover:text-bloom-800">
            Log in
          </Link>
        </>
      }
    >
      {invalid ? (
        <>
          <FormFailureNotice failure={failure ? { ...failure, errors: {} } : undefined} className="mb-4" />
          {failure ? null : (
            <p role="alert" className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {RESET_MESSAGES.invalid}
            </p>
          )}
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
            <TextField
              name="password"
              label="Password"
              type="password"
              autoComplete="new-password"
              aria-describedby={errors.password?.length ? "password-error" : "password-hint"}
              errors={errors}
            />
            {errors.password?.length ? null : (
              <p id="password-hint" className="-mt-3 text-xs text-gray-600">
                At least 8 characters, with a lowercase letter, an uppercase letter and a number.
              </p>
            )}
            <TextField
              name="password_confirmation"
              label="Confirm password"
              type="password"
              autoComplete="new-password"
              errors={errors}
            />
            <button type="submit" className={submitButtonClass} disabled={submitting}>
              {submitting ? "Saving…" : "Reset password"}
            </button>
          </Form>
        </>
      )}
    </AuthCard>
  );
}
