import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/account/auth-card";
import { AuthSubtitle } from "~/components/account/auth-subtitle";
import { FormFailureNotice, SubmitButton, useFormPage } from "~/components/form";
import { PersonField } from "~/components/person-fields";
import { ACCOUNT_MESSAGES, RESET_MESSAGES } from "~/lib/form-messages";
import { ForgotPasswordSchema } from "~/lib/schemas/account";
import { fieldErrors } from "~/lib/schemas/query";
import { noindexMeta } from "~/lib/seo";
import { formFailure, formPageHeaders, readForm, formError } from "~/http/pages/forms.server";
import { clientAddress } from "~/services/rate-limit.server";
import { requestPasswordReset } from "~/services/password-reset.server";
import { toasts } from "~/http/pages/toast.server";
import { mailContext } from "~/http/mail.server";

/** The form's checks, imported when a field is first focused: the page loads no schema library (docs/decisions/019). */
const loadForgotSchema = () => import("~/lib/schemas/account").then((module) => module.ForgotPasswordSchema);

export const meta = noindexMeta("Forgot Password", "/forgot-password", "Ask for a link to reset your password.");

export const headers = formPageHeaders;

/** `?sent=1` after a request: the page says the neutral message (the toast says it too). */
export async function loader({ request }: LoaderFunctionArgs) {
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  return json({ sent: sent ? RESET_MESSAGES.requested : null });
}

/**
 * Mails a reset link when the address has an account; the answer is the same either way, so the
 * form tells nobody which addresses have accounts. Too many requests: 429 with Retry-After.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const values = await readForm(request);
  const parsed = ForgotPasswordSchema.safeParse(values);
  if (!parsed.success) return formFailure(fieldErrors(parsed.error), ACCOUNT_MESSAGES.formErrors, values);
  try {
    await requestPasswordReset(app.db, parsed.data.email, await mailContext(app, request), clientAddress(request));
    return toasts(app.env, request).redirectWithSuccess("/forgot-password?sent=1", RESET_MESSAGES.requested);
  } catch (error) {
    return formError(error, values, { unexpected: "Something went wrong. Please try again." });
  }
}

export default function ForgotPasswordPage() {
  const { sent } = useLoaderData<typeof loader>();
  const { failure, errors, formProps, submitting } = useFormPage(loadForgotSchema, ACCOUNT_MESSAGES.formErrors);
  return (
    <AuthCard title="Forgot Password" subtitle={<AuthSubtitle text="Remembered it?" to="/login" link="Log in" />}>
      {sent && !failure ? (
        <p role="status" className="mb-4 rounded-lg bg-bloom-50 px-3 py-2 text-sm text-gray-800">
          {sent} The link works once, for one hour.
        </p>
      ) : null}
      <FormFailureNotice failure={failure} className="mb-4" />
      <p className="mb-4 text-sm text-gray-700">
        Enter the email of your account and we will send you a link to choose a new password.
      </p>
      <Form method="post" {...formProps} className="grid gap-4">
        <PersonField name="email" values={failure?.values ?? {}} errors={errors} />
        <SubmitButton busy={submitting} label="Send reset link" busyLabel="Sending…" />
      </Form>
    </AuthCard>
  );
}
