import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { DetailList } from "~/components/detail-list";
import { CancelLink, SubmitButton, TextField, useLiveValidation } from "~/components/form";
import { CountryField, PERSON_FIELDS, PersonFields } from "~/components/person-fields";
import { Panel } from "~/components/section";
import { Toaster } from "~/components/toaster";
import { COUNTRIES } from "~/lib/constants";
import { featureFlags } from "~/lib/features";
import { ACCOUNT_MESSAGES } from "~/lib/form-messages";
import { PasswordChangeSchema, ProfileSchema } from "~/lib/schemas/account";
import { fieldErrors } from "~/lib/schemas/query";
import { noindexMeta } from "~/lib/seo";
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
import { SavedRecipientsSection } from "~/components/account/saved-recipients";
import { parseId } from "~/lib/ids";
import { listSavedRecipients, removeSavedRecipient } from "~/services/recipients.server";
import { OccasionsSection, readOccasionIntent } from "~/components/account/occasions";
import { OCCASION_MESSAGES } from "~/lib/form-messages";
import { shopToday } from "~/http/shop-day.server";
import {
  addOccasion,
  listOccasions,
  occasionReminderSettings,
  removeOccasion,
  updateOccasion,
} from "~/services/occasions.server";

/** The form's checks, imported when a field is first focused: the page loads no schema library (docs/decisions/019). */
const loadProfileSchema = () => import("~/lib/schemas/account").then((module) => module.ProfileSchema);
const loadPasswordSchema = () => import("~/lib/schemas/account").then((module) => module.PasswordChangeSchema);

export const meta = noindexMeta("My Profile", "/profile");

export const headers = privatePageHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(context.app, request);
  const today = await shopToday(context.app);
  const [methods, pendingEmail, providers, recipients, occasions, reminders] = await Promise.all([
    signInMethods(context.app.db, viewer.user.id),
    pendingEmailChange(context.app.db, viewer.user.id),
    socialLoginProviders(context.app),
    listSavedRecipients(context.app.db, viewer.user.id),
    listOccasions(context.app.db, viewer.user.id, today),
    occasionReminderSettings(context.app.db),
  ]);
  return json(
    { user: viewer.user, methods, pendingEmail, providers, recipients, occasions, reminders, today },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * Forms post here: `intent=profile` saves the profile (a new email waits for its confirmation link),
 * `intent=password` changes the password, `unlink=<provider>` removes a provider (docs/decisions/021),
 * `remove_recipient=<id>` forgets a saved recipient (another shopper's id changes nothing),
 * `intent=occasion` adds an occasion, `intent=occasion-<id>` changes one, `remove_occasion=<id>` removes one.
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
  if (values.remove_recipient !== undefined) {
    const id = parseId(values.remove_recipient);
    const removed = id !== null && (await removeSavedRecipient(app.db, viewer.user.id, id));
    return removed
      ? toast.redirectWithSuccess("/profile", "Recipient removed")
      : toast.redirectWithError("/profile", "That recipient is not saved.");
  }
  if (values.remove_occasion !== undefined) {
    const id = parseId(values.remove_occasion);
    const removed = id !== null && (await removeOccasion(app.db, viewer.user.id, id));
    return removed
      ? toast.redirectWithSuccess("/profile", OCCASION_MESSAGES.removed)
      : toast.redirectWithError("/profile", OCCASION_MESSAGES.notFound);
  }
  const occasion = readOccasionIntent(values.intent);
  if (occasion) {
    try {
      const today = await shopToday(app);
      if (occasion.id === undefined) await addOccasion(app.db, viewer.user.id, values, today);
      else await updateOccasion(app.db, viewer.user.id, occasion.id, values, today);
      return toast.redirectWithSuccess(
        "/profile",
        occasion.id === undefined ? OCCASION_MESSAGES.saved : OCCASION_MESSAGES.updated,
      );
    } catch (error) {
      return buttonError(error, { toast, here: "/profile", values });
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

/** The white card each part of the profile is drawn in. */
const cardClass = "rounded-2xl border border-bloom-100 bg-white p-6 shadow-sm";

function SummaryCard({ user }: { user: AuthUser }) {
  const address = [user.address, user.city, user.state, user.zip_code, countryName(user.country)]
    .filter(Boolean)
    .join(", ");
  return (
    <section aria-labelledby="summary-name" className={cardClass}>
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

/** The profile form's fields, in their order (the country's select follows). */
const PROFILE_FIELDS = ["name", "email", "phone", "address", "city", "state", "zip_code"] as const;

function ProfileForm({ user, failure }: { user: AuthUser; failure?: FormFailure }) {
  const own = failure?.values.intent === "profile" ? failure : undefined;
  const { errors, formProps } = useLiveValidation(loadProfileSchema, ACCOUNT_MESSAGES.formErrors, own?.errors);
  // What the shopper typed, else the account's details.
  const saved = Object.fromEntries([...PROFILE_FIELDS, "country" as const].map((name) => [name, user[name] ?? ""]));
  const values = { ...saved, ...own?.values };
  const submitting = useNavigation().formData?.get("intent") === "profile";
  return (
    <Form method="post" action="/profile?edit=profile" {...formProps} className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="profile" />
      <PersonFields names={PROFILE_FIELDS} values={values} errors={errors} />
      <CountryField values={values} errors={errors} choose />
      <TextField
        name="current_password"
        label="Current password (only to change your email)"
        type="password"
        autoComplete="current-password"
        hint="A new email address changes when you open the link we send to it; we also tell your current address."
        errors={errors}
        className="sm:col-span-2"
      />
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
      <SubmitButton busy={submitting} label={label} busyLabel={busyLabel} />
      <CancelLink to="/profile" />
    </div>
  );
}

/** The password form's fields: the current password, then the new one twice. */
const PASSWORD_FIELDS = [
  { name: "current_password", label: "Current password", autoComplete: "current-password" },
  { name: "new_password", label: "New password", autoComplete: "new-password" },
  { name: "new_password_confirmation", label: "Confirm new password", autoComplete: "new-password" },
];

function PasswordForm({ failure }: { failure?: FormFailure }) {
  const own = failure?.values.intent === "password" ? failure : undefined;
  const { errors, formProps } = useLiveValidation(loadPasswordSchema, ACCOUNT_MESSAGES.passwordFormErrors, own?.errors);
  const submitting = useNavigation().formData?.get("intent") === "password";
  return (
    <Form method="post" action="/profile?edit=password" {...formProps} className="grid max-w-md gap-4">
      <input type="hidden" name="intent" value="password" />
      {PASSWORD_FIELDS.map((field) => (
        <TextField key={field.name} type="password" {...field} errors={errors} />
      ))}
      <FormActions submitting={submitting} label="Update Password" busyLabel="Updating…" className="flex gap-3" />
    </Form>
  );
}

const toggleClass =
  "inline-flex items-center rounded-full border border-bloom-300 px-4 py-2 text-sm font-medium text-bloom-700 hover:bg-bloom-50 aria-[current=true]:bg-bloom-600 aria-[current=true]:text-white";

/**
 * A card whose toggle opens its form in place: a link (`?edit=<edit>`), so it works without
 * JavaScript; `open` shows the form, else the card's `children`.
 */
function EditableCard({
  id,
  title,
  edit,
  toggleLabel,
  open,
  form,
  children,
}: {
  id: string;
  title: string;
  edit: string;
  toggleLabel: string;
  open: boolean;
  form: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={cardClass}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold text-gray-900">
          {title}
        </h2>
        <Link
          to={open ? "/profile" : `/profile?edit=${edit}`}
          aria-current={open}
          className={toggleClass}
          preventScrollReset
        >
          {open ? "Close" : toggleLabel}
        </Link>
      </div>
      <div className="mt-6">{open ? form : children}</div>
    </section>
  );
}

/** The ways on from the profile: orders, the wishlist (when the shop has one), the data, deleting the account. */
function AccountCard({ wishlistOn }: { wishlistOn: boolean }) {
  return (
    <section aria-labelledby="account-heading" className={cardClass}>
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
  );
}

/** The password and the providers: Link starts the provider's sign-in for this account, Unlink removes one while another way in remains. */
function SignInMethodsSection({ methods, providers }: { methods: SignInMethods; providers: SocialProvider[] }) {
  const linked = new Map(methods.identities.map((identity) => [identity.provider, identity]));
  const shown = SOCIAL_PROVIDERS.filter((provider) => linked.has(provider) || providers.includes(provider));
  const buttonClass =
    "rounded-full border border-gray-300 px-4 py-1.5 text-sm font-medium text-gray-800 hover:border-bloom-400";
  return (
    <Panel id="methods-heading" title="Sign-in methods">
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
    </Panel>
  );
}

export default function ProfilePage() {
  const { user, methods, pendingEmail, providers, recipients, occasions, reminders, today } =
    useLoaderData<typeof loader>();
  const root = useRootData();
  const wishlistOn = featureFlags(root?.site.features).wishlist;
  const failure = useActionData<FormFailure>();
  const [params] = useSearchParams();
  // The Edit and Change Password toggles are links, so they work without JavaScript; a form the
  // server sent back with errors stays open.
  const mode = failure?.values.intent ?? params.get("edit");
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
          <AccountCard wishlistOn={wishlistOn} />
        </div>
        <div className="grid h-fit gap-8">
          <EditableCard
            id="profile-heading"
            title="Profile Information"
            edit="profile"
            toggleLabel="Edit"
            open={mode === "profile"}
            form={<ProfileForm user={user} failure={failure} />}
          >
            <DetailList
              className="grid gap-4 text-sm sm:grid-cols-2"
              valueClassName="mt-0.5 text-gray-900"
              rows={[
                ...PROFILE_FIELDS.map((name) => ({ label: PERSON_FIELDS[name].label, value: user[name] })),
                { label: "Country", value: countryName(user.country) },
              ].map(({ label, value }) => ({ label, value: value || "Not provided" }))}
            />
          </EditableCard>
          <EditableCard
            id="password-heading"
            title="Password"
            edit="password"
            toggleLabel="Change Password"
            open={mode === "password"}
            form={<PasswordForm failure={failure} />}
          >
            <p className="text-sm text-gray-600">Changing your password logs you out on every other device.</p>
          </EditableCard>
          <SignInMethodsSection methods={methods} providers={providers} />
          <SavedRecipientsSection recipients={recipients} />
          <OccasionsSection
            occasions={occasions}
            days={reminders.days}
            enabled={reminders.enabled}
            today={today}
            mode={mode}
            failure={failure}
          />
        </div>
      </div>
    </div>
  );
}
