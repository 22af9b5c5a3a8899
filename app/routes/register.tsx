import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { safeRedirect } from "~/lib/redirect";
import { json, redirect } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AuthCard, SocialButtons } from "~/components/account/auth-card";
import { AuthSubtitle } from "~/components/account/auth-subtitle";
import { FieldError } from "~/components/field-error";
import { FormFailureNotice, Honeypot, SubmitButton, useFormPage } from "~/components/form";
import { NewPasswordFields } from "~/components/account/new-password-fields";
import { PersonField, PersonFields } from "~/components/person-fields";
import { ACCOUNT_MESSAGES } from "~/lib/form-messages";
import { ACCOUNT_EMAIL_MESSAGES } from "~/lib/account-email";
import { RegisterFormSchema } from "~/lib/schemas/account";
import { fieldErrors } from "~/lib/schemas/query";
import { noindexMeta } from "~/lib/seo";
import { registerUser } from "~/services/auth.server";
import { honeypotFilled } from "~/lib/honeypot";
import { formFailure, formPageHeaders, readForm, formError } from "~/http/pages/forms.server";
import { clientAddress } from "~/services/rate-limit.server";
import { sessionCookie } from "~/http/session.server";
import { signInPageData } from "~/http/pages/sign-in-page.server";
import { siteConfigFromSettings } from "~/services/settings.server";
import { toasts } from "~/http/pages/toast.server";
import { cachedData } from "~/http/cache-entries.server";
import { mailContext } from "~/http/mail.server";
import { saveCartOnSignIn } from "~/http/pages/saved-cart.server";

/** The form's checks, imported when a field is first focused: the page loads no schema library (docs/decisions/019). */
const loadRegisterSchema = () => import("~/lib/schemas/account").then((module) => module.RegisterFormSchema);

export const meta = noindexMeta(
  "Create Account",
  "/register",
  "Create an account to check out faster and follow your orders.",
);

export const headers = formPageHeaders;

/**
 * Where a shopper sent to the login (a guest's heart, a page behind the login) was going: the
 * login's "Create an account" link carries it here, and the new account goes on there.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await signInPageData(context.app, request));
}

/**
 * Creates the account and logs the shopper in: "Registration successful!" with a welcome naming
 * the shop, then the home page (or where the shopper was going). A taken email shows under the
 * email field.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const values = await readForm(request);
  if (honeypotFilled(values)) return redirect("/");
  const parsed = RegisterFormSchema.safeParse(values);
  if (!parsed.success) return formFailure(fieldErrors(parsed.error), ACCOUNT_MESSAGES.formErrors, values);
  const { firstName, lastName, email, password } = parsed.data;
  try {
    const auth = await registerUser(
      app.db,
      app.env,
      { name: `${firstName} ${lastName}`, email, password },
      clientAddress(request),
      await mailContext(app, request),
    );
    await saveCartOnSignIn(app, request, auth.user.id);
    const settings = await app.cache.read(cachedData.publicSettings()).catch(() => ({}));
    const shop = siteConfigFromSettings(settings).name;
    return toasts(app.env, request).redirectWithSuccess(
      safeRedirect(values.redirectTo, "/"),
      {
        message: "Registration successful!",
        description: `Welcome to ${shop}, ${firstName}! Happy twisting. ${ACCOUNT_EMAIL_MESSAGES.verificationSent}`,
      },
      { headers: { "Set-Cookie": sessionCookie(app.env, request, auth) } },
    );
  } catch (error) {
    return formError(error, values, { unexpected: ACCOUNT_MESSAGES.registerFailed });
  }
}

export default function RegisterPage() {
  const { providers, redirectTo } = useLoaderData<typeof loader>();
  const { failure, errors, formProps, submitting } = useFormPage(loadRegisterSchema, ACCOUNT_MESSAGES.formErrors);
  const values = failure?.values ?? {};
  return (
    <AuthCard
      title="Create Account"
      subtitle={<AuthSubtitle text="Already have an account?" to="/login" link="Log in" redirectTo={redirectTo} />}
    >
      <FormFailureNotice failure={failure} className="mb-4" />
      <Form method="post" {...formProps} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <PersonFields names={["firstName", "lastName"]} values={values} errors={errors} />
        </div>
        <PersonField name="email" values={values} errors={errors} />
        <NewPasswordFields confirmName="confirmPassword" errors={errors} />
        <Honeypot />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <div>
          <label className="flex items-start gap-2 text-sm text-gray-800">
            <input
              type="checkbox"
              name="terms"
              defaultChecked={values.terms === "on"}
              aria-invalid={errors.terms?.length ? true : undefined}
              aria-describedby={errors.terms?.length ? "terms-error" : undefined}
              className="mt-0.5 h-4 w-4 rounded border-gray-300 accent-bloom-600"
            />
            <span>
              I agree to the{" "}
              <Link to="/terms" className="font-medium text-bloom-700 underline">
                Terms of Service
              </Link>{" "}
              and the{" "}
              <Link to="/privacy" className="font-medium text-bloom-700 underline">
                Privacy Policy
              </Link>
            </span>
          </label>
          <FieldError id="terms-error" messages={errors.terms} />
        </div>
        <SubmitButton busy={submitting} label="Create Account" busyLabel="Creating account…" />
      </Form>
      <SocialButtons action="Sign up" providers={providers} redirectTo={redirectTo} />
    </AuthCard>
  );
}
