import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { DetailList } from "~/components/detail-list";
import { SelectField, submitButtonClass, TextField, useLiveValidation } from "~/components/form";
import { Toaster } from "~/components/toaster";
import { COUNTRIES } from "~/lib/constants";
import { featureFlags } from "~/lib/features";
import { ACCOUNT_MESSAGES } from "~/lib/form-messages";
import { PasswordChangeSchema, ProfileSchema } from "~/lib/schemas/account";
import { fieldErrors } from "~/lib/schemas/query";
import { rootSeo, seoMeta } from "~/lib/seo";
import { changePassword, type AuthUser } from "~/services/auth.server";
import { VerifyEmailBanner } from "~/components/account/verify-email-banner";
import { isSocialProvider, SOCIAL_PROVIDER_NAMES, SOCIAL_PROVIDERS, type SocialProvider } from "~/lib/social-login";
import { SIGN_IN_METHOD_MESSAGES } from "~/lib/account-email";
import { pendingEmailChange, saveProfile } from "~/services/email-change.server";
import { signInMethods, unlinkProvider, type SignInMethods } from "~/services/sign-in-methods.server";
import { mailContext } from "~/http/mail.server";
import { socialLoginProviders } from "~/http/oauth.server";
import { formFailure, readForm, type FormFailure, formError, buttonError } from "~/http/pages/forms.server";
import { sessionCookie } from "~/http/session.server";
import { privatePageHeaders, requireViewer } from "~/http/pages/guards.server";
import { toasts } from "~/http/pages/toast.server";
import { useRootData } from "~/components/use-root-data";

/** The form's checks, imported when a field is first focused: the page loads no schema library (docs/decisions/019). */
const loadProfileSchema = () => import("~/lib/schemas/account").then((module) => module.ProfileSchema);
const loadPasswordSchema = () => import("~/lib/schemas/account").then((module) => module.PasswordChangeSchema);

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), { title: "My Profile", path: "/profile", noindex: true });

export const headers = privatePageHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(context.app, request);
  const [methods, pendingEmail, providers] = await Promise.all([
    signInMethods(context.app.db, viewer.user.id),
    pendingEmailChange(context.app.db, viewer.user.id),
    socialLoginProviders(context.app),
  ]);
  return json(
    { user: viewer.user, methods, pendingEmail, providers },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * Forms post here: `intent=profile` saves the profile (a new email waits for its confirmation link),
 * `intent=password` changes the password, `unlink=<provider>` removes a provider (docs/decisions/021).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const viewer = await requireViewer(app, request);
  const values = await readForm(request);
  const toast = toasts(app.env, request);
  if (values.unlink !== undefined) {
    const provider = values.unlink;
    if (!isSocialProvider(provider)) return toast.redirectWithError("/profile", "Please choose a sign-in method.");
    try {
      await unlinkProvider(app.db, viewer.user.id, provider);
      return toast.redirectWithSuccess("/profile", SIGN_IN_METHOD_MESSAGES.unlinked(SOCIAL_PROVIDER_NAMES[provider]));
    } catch (error) {
      return buttonError(error, { toast, here: "/profile" });
    }
  }
  if (values.intent === "password") {
    const parsed = PasswordChangeSchema.safeParse(values);
    if (!parsed.success) return formFailure(fieldErrors(parsed.error), ACCOUNT_MESSAGES.passwordFormErrors, values);
    try {
      const auth = await changePassword(app.db, app.env, viewer, parsed.data);
      // Every other session is logged out; this browser carries on with a fresh token.
      return toast.redirectWithSuccess("/profile", "Password updated successfully!", {
        headers: { "Set-Cookie": sessionCookie(app.env, request, auth) },
      });
    } catch (error) {
      return formError(error, values, { unexpected: ACCOUNT_MESSAGES.passwordUpdateError });
    }
  }
  const parsed = ProfileSchema.safeParse(values);
  if (!parsed.success)
    return formFailure(fieldErrors(parsed.error), ACCOUNT_MESSAGES.formErrors, { ...values, intent: "profile" });
  try {
    const saved = await saveProfile(app.db, viewer.user, parsed.data, await mailContext(app, request));
    return toast.redirectWithSuccess("/profile", saved.pendingEmail ? saved.message : "Profile updated successfully!");
  } catch (error) {
    return formError(
      error,
      { ...values, intent: "profile" },
      { fieldsMessage: ACCOUNT_MESSAGES.profileFailed, unexpected: ACCOUNT_MESSAGES.profileError },
    );
  }
}

const countryName = (code: string | null) => COUNTRIES.find((country) => country.code === code)?.name ?? code ?? "";

function memberSince(createdAt: string): string {
  return new Date(createdAt).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

function SummaryCard({ user }: { user: AuthUser }) {
  const address = [user.address, user.city, user.state, user.zip_code, countryName(user.country)]
    .filter(Boolean)
    .join(", ");
  return (
    <section aria-labelledby="summary-name" className="rounded-2xl border border-bloom-100 bg-white p-6 shadow-sm">
      <div className="flex items-center gap-4">
        <span
          aria-hidden="true"
          className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-bloom-600 font-display text-2xl font-bold text-white"
        >
          {user.name.trim().charAt(0).toUpperCase()}
        </span>
        <div className="min-w-0">
          <h2 id="summary-name" className="truncate text-xl font-semibold text-gray-900">
            {user.name}
          </h2>
          <p className="truncate text-gray-600">{user.email}</p>
        </div>
      </div>
      <DetailList
        className="mt-6 grid gap-3 text-sm"
        rows={[
          { label: "Member since", value: memberSince(user.created_at) },
          ...(user.phone ? [{ label: "Phone", value: user.phone }] : []),
          ...(address ? [{ label: "Address", value: address }] : []),
        ]}
      />
    </section>
  );
}

function ProfileForm({ user, failure }: { user: AuthUser; failure?: FormFailure }) {
  const own = failure?.values.intent === "profile" ? failure : undefined;
  const { errors, formProps } = useLiveValidation(loadProfileSchema, ACCOUNT_MESSAGES.formErrors, own?.errors);
  const value = (name: keyof AuthUser) => own?.values[name] ?? (user[name] as string | null) ?? "";
  const submitting = useNavigation().formData?.get("intent") === "profile";
  return (
    <Form method="post" action="/profile?edit=profile" {...formProps} className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="profile" />
      <TextField name="name" label="Name" autoComplete="name" defaultValue={value("name")} errors={errors} />
      <TextField
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        defaultValue={value("email")}
        errors={errors}
      />
      <TextField
        name="phone"
        label="Phone"
        type="tel"
        autoComplete="tel"
        defaultValue={value("phone")}
        errors={errors}
      />
      <TextField
        name="address"
        label="Address"
        autoComplete="address-line1"
        defaultValue={value("address")}
        errors={errors}
      />
      <TextField name="city" label="City" autoComplete="address-level2" defaultValue={value("city")} errors={errors} />
      <TextField
        name="state"
        label="State / Province"
        autoComplete="address-level1"
        defaultValue={value("state")}
        errors={errors}
      />
      <TextField
        name="zip_code"
        label="Zip / Postal code"
        autoComplete="postal-code"
        defaultValue={value("zip_code")}
        errors={errors}
      />
      <SelectField
        name="country"
        label="Country"
        defaultValue={value("country")}
        errors={errors}
        options={[
          { value: "", label: "Choose a country" },
          ...COUNTRIES.map((country) => ({ value: country.code, label: country.name })),
        ]}
      />
      <div className="sm:col-span-2">
        <TextField
          name="current_password"
          label="Current password (only to change your email)"
          type="password"
          autoComplete="current-password"
          aria-describedby={errors.current_password?.length ? "current_password-error" : "current_password-hint"}
          errors={errors}
        />
        {errors.current_password?.length ? null : (
          <p id="current_password-hint" className="mt-1 text-xs text-gray-600">
            A new email address changes when you open the link we send to it; we also tell your current address.
          </p>
        )}
      </div>
      <FormActions submitting={submitting} label="Save" busyLabel="Saving…" className="flex gap-3 sm:col-span-2" />
    </Form>
  );
}

/** A profile form's submit button (its busy label while this form is being sent) and the Cancel link back to the profile. */
function FormActions({
  submitting,
  label,
  busyLabel,
  className,
}: {
  submitting: boolean;
  label: string;
  busyLabel: string;
  className: string;
}) {
  return (
    <div className={className}>
      <button type="submit" className={submitButtonClass} disabled={submitting}>
        {submitting ? busyLabel : label}
      </button>
      <Link
        to="/profile"
        className="inline-flex items-center rounded-full border border-gray-300 px-6 py-2.5 font-medium text-gray-800 hover:border-bloom-400"
      >
        Cancel
      </Link>
    </div>
  );
}

function PasswordForm({ failure }: { failure?: FormFailure }) {
  const own = failure?.values.intent === "password" ? failure : undefined;
  const { errors, formProps } = useLiveValidation(loadPasswordSchema, ACCOUNT_MESSAGES.passwordFormErrors, own?.errors);
  const submitting = useNavigation().formData?.get("intent") === "password";
  return (
    <Form method="post" action="/profile?edit=password" {...formProps} className="grid max-w-md gap-4">
      <input type="hidden" name="intent" value="password" />
      <TextField
        name="current_password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        errors={errors}
      />
      <TextField name="new_password" label="New password" type="password" autoComplete="new-password" errors={errors} />
      <TextField
        name="new_password_confirmation"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        errors={errors}
      />
      <FormActions submitting={submitting} label="Update Password" busyLabel="Updating…" className="flex gap-3" />
    </Form>
  );
}

const toggleClass =
  "inline-flex items-center rounded-full border border-bloom-300 px-4 py-2 text-sm font-medium text-bloom-700 hover:bg-bloom-50 aria-[current=true]:bg-bloom-600 aria-[current=true]:text-white";

/** The password and the providers: Link starts the provider's sign-in for this account, Unlink removes one while another way in remains. */
function SignInMethodsSection({ methods, providers }: { methods: SignInMethods; providers: SocialProvider[] }) {
  const linked = new Map(methods.identities.map((identity) => [identity.provider, identity]));
  const shown = SOCIAL_PROVIDERS.filter((provider) => linked.has(provider) || providers.includes(provider));
  const buttonClass =
    "rounded-full border border-gray-300 px-4 py-1.5 text-sm font-medium text-gray-800 hover:border-bloom-400";
  return (
    <section aria-labelledby="methods-heading" className="rounded-2xl border border-bloom-100 bg-white p-6 shadow-sm">
      <h2 id="methods-heading" className="text-lg font-semibold text-gray-900">
        Sign-in methods
      </h2>
      <ul className="mt-4 grid gap-3 text-sm">
        <li className="flex flex-wrap items-center justify-between gap-3">
          <span className="font-medium text-gray-900">Password</span>
          <span className="text-gray-700">
            {methods.password_set ? "Set" : 'Not set: use "Forgot password?" on the login page to set one'}
          </span>
        </li>
        {shown.map((provider) => {
          const identity = linked.get(provider);
          const name = SOCIAL_PROVIDER_NAMES[provider];
          return (
            <li key={provider} className="flex flex-wrap items-center justify-between gap-3">
              <span className="font-medium text-gray-900">{name}</span>
              {identity ? (
                <div className="flex flex-wrap items-center gap-3">
                  <span className="text-gray-700">Linked{identity.email ? ` (${identity.email})` : ""}</span>
                  <Form method="post" action="/profile" noValidate>
                    <input type="hidden" name="unlink" value={provider} />
                    <button type="submit" className={buttonClass} aria-label={`Unlink ${name}`}>
                      Unlink
                    </button>
                  </Form>
                </div>
              ) : (
                <div className="flex flex-wrap items-center gap-3">
                  <span className="text-gray-700">Not linked</span>
                  {/* A plain form: the answer is a redirect to the provider's site. */}
                  <form method="post" action={`/auth/${provider}`} noValidate>
                    <input type="hidden" name="link" value="1" />
                    <button type="submit" className={buttonClass} aria-label={`Link ${name}`}>
                      Link
                    </button>
                  </form>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <p className="mt-4 text-xs text-gray-600">Linking a provider logs you out on every other device.</p>
    </section>
  );
}

export default function ProfilePage() {
  const { user, methods, pendingEmail, providers } = useLoaderData<typeof loader>();
  const root = useRootData();
  const wishlistOn = featureFlags(root?.site.features).wishlist;
  const failure = useActionData<FormFailure>();
  const [params] = useSearchParams();
  // The Edit and Change Password toggles are links, so they work without JavaScript; a form the
  // server sent back with errors stays open.
  const mode = failure?.values.intent ?? params.get("edit");
  const editing = mode === "profile";
  const changingPassword = mode === "password";
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="font-display text-3xl font-bold text-gray-900">My Profile</h1>
      <Toaster toast={failure?.toast ?? null} listen={false} />
      {user.email_verified ? null : (
        <div className="mt-6">
          <VerifyEmailBanner email={user.email} redirectTo="/profile" />
        </div>
      )}
      {pendingEmail ? (
        <p
          role="status"
          className="mt-4 rounded-2xl border border-bloom-100 bg-bloom-50 px-4 py-3 text-sm text-gray-800"
        >
          Pending change to <span className="font-medium">{pendingEmail}</span>: open the link we sent there to confirm
          it.
        </p>
      ) : null}
      <div className="mt-8 grid gap-8 lg:grid-cols-[20rem_1fr]">
        <div className="grid h-fit gap-6">
          <SummaryCard user={user} />
          <section
            aria-labelledby="account-heading"
            className="rounded-2xl border border-bloom-100 bg-white p-6 shadow-sm"
          >
            <h2 id="account-heading" className="font-semibold text-gray-900">
              Account
            </h2>
            <div className="mt-4 grid gap-2">
              <Link
                to="/orders"
                className="rounded-full bg-bloom-600 px-4 py-2 text-center text-sm font-medium text-white hover:bg-bloom-700"
              >
                My Orders
              </Link>
              {wishlistOn ? (
                <Link
                  to="/wishlist"
                  className="rounded-full border border-gray-300 px-4 py-2 text-center text-sm font-medium text-gray-800 hover:border-bloom-400"
                >
                  Wishlist
                </Link>
              ) : null}
              <a
                href="/profile/my-data"
                download
                className="rounded-full border border-gray-300 px-4 py-2 text-center text-sm font-medium text-gray-800 hover:border-bloom-400"
              >
                Download my data
              </a>
              <Link
                to="/delete-account"
                className="rounded-full border border-red-200 px-4 py-2 text-center text-sm font-medium text-red-700 hover:border-red-400"
              >
                Delete Account
              </Link>
            </div>
          </section>
        </div>
        <div className="grid h-fit gap-8">
          <section
            aria-labelledby="profile-heading"
            className="rounded-2xl border border-bloom-100 bg-white p-6 shadow-sm"
          >
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="profile-heading" className="text-lg font-semibold text-gray-900">
                Profile Information
              </h2>
              <Link
                to={editing ? "/profile" : "/profile?edit=profile"}
                aria-current={editing}
                className={toggleClass}
                preventScrollReset
              >
                {editing ? "Close" : "Edit"}
              </Link>
            </div>
            <div className="mt-6">
              {editing ? (
                <ProfileForm user={user} failure={failure} />
              ) : (
                <DetailList
                  className="grid gap-4 text-sm sm:grid-cols-2"
                  valueClassName="mt-0.5 text-gray-900"
                  rows={(
                    [
                      ["Name", user.name],
                      ["Email", user.email],
                      ["Phone", user.phone],
                      ["Address", user.address],
                      ["City", user.city],
                      ["State / Province", user.state],
                      ["Zip / Postal code", user.zip_code],
                      ["Country", countryName(user.country)],
                    ] as const
                  ).map(([label, value]) => ({ label, value: value || "Not provided" }))}
                />
              )}
            </div>
          </section>
          <section
            aria-labelledby="password-heading"
            className="rounded-2xl border border-bloom-100 bg-white p-6 shadow-sm"
          >
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="password-heading" className="text-lg font-semibold text-gray-900">
                Password
              </h2>
              <Link
                to={changingPassword ? "/profile" : "/profile?edit=password"}
                aria-current={changingPassword}
                className={toggleClass}
                preventScrollReset
              >
                {changingPassword ? "Close" : "Change Password"}
              </Link>
            </div>
            <div className="mt-6">
              {changingPassword ? (
                <PasswordForm failure={failure} />
              ) : (
                <p className="text-sm text-gray-600">Changing your password logs you out on every other device.</p>
              )}
            </div>
          </section>
          <SignInMethodsSection methods={methods} providers={providers} />
        </div>
      </div>
    </div>
  );
}
