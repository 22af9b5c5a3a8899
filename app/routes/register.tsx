import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { safeRedirect } from "~/lib/redirect";
import { json, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard, SocialButtons } from "~/components/account/auth-card";
import { FieldError } from "~/components/field-error";
import { FormFailureNotice, Honeypot, submitButtonClass, TextField, useLiveValidation } from "~/components/form";
import { ACCOUNT_MESSAGES } from "~/lib/form-messages";
import { ACCOUNT_EMAIL_MESSAGES } from "~/lib/account-email";
import { RegisterFormSchema } from "~/lib/schemas/account";
import { fieldErrors } from "~/lib/schemas/query";
import { rootSeo, seoMeta } from "~/lib/seo";
import { registerUser } from "~/services/auth.server";
import { honeypotFilled } from "~/lib/honeypot";
import { formFailure, formPageHeaders, readForm, type FormFailure, formError } from "~/http/pages/forms.server";
import { clientAddress } from "~/services/rate-limit.server";
import { sessionCookie } from "~/http/session.server";
import { redirectIfLoggedIn } from "~/http/pages/guards.server";
import { siteConfigFromSettings } from "~/services/settings.server";
import { toasts } from "~/http/pages/toast.server";
import { cachedData } from "~/http/cache-entries.server";
import { mailContext } from "~/http/mail.server";
import { socialLoginProviders } from "~/http/oauth.server";

/** The form's checks, imported when a field is first focused: the page loads no schema library (docs/decisions/019). */
const loadRegisterSchema = () => import("~/lib/schemas/account").then((module) => module.RegisterFormSchema);

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), {
    title: "Create Account",
    description: "Create an account to check out faster and follow your orders.",
    path: "/register",
    noindex: true,
  });

export const headers = formPageHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectIfLoggedIn(context.app, request);
  // Where a shopper sent to the login (a guest's heart, a page behind the login) was going: the
  // login's "Create an account" link carries it here, and the new account goes on there.
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/");
  return json({ providers: await socialLoginProviders(context.app), redirectTo });
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
  const failure = useActionData<FormFailure>();
  const { errors, formProps } = useLiveValidation(loadRegisterSchema, ACCOUNT_MESSAGES.formErrors, failure?.errors);
  const submitting = useNavigation().state === "submitting";
  const values = failure?.values ?? {};
  return (
    <AuthCard
      title="Create Account"
      subtitle={
        <>
          Already have an account?{" "}
          <Link
            to={redirectTo === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(redirectTo)}`}
            className="font-medium text-bloom-700 underline hover:text-bloom-800"
          >
            Log in
          </Link>
        </>
      }
    >
      <FormFailureNotice failure={failure} className="mb-4" />
      <Form method="post" {...formProps} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="firstName"
            label="First name"
            autoComplete="given-name"
            defaultValue={values.firstName}
            errors={errors}
          />
          <TextField
            name="lastName"
            label="Last name"
            autoComplete="family-name"
            defaultValue={values.lastName}
            errors={errors}
          />
        </div>
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          defaultValue={values.email}
          errors={errors}
        />
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
          name="confirmPassword"
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          errors={errors}
        />
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
        <button type="submit" className={submitButtonClass} disabled={submitting}>
          {submitting ? "Creating account…" : "Create Account"}
        </button>
      </Form>
      <SocialButtons action="Sign up" providers={providers} redirectTo={redirectTo} />
    </AuthCard>
  );
}
