import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CancelLink, ErrorAlert, FormFailureNotice, submitButtonClass, TextField } from "~/components/form";
import { FieldError } from "~/components/field-error";
import { DeleteAccountSchema, DeleteWithLinkSchema, RIGHTS_MESSAGES } from "~/lib/schemas/account-rights";
import { fieldErrors } from "~/lib/schemas/query";
import { noindexMeta } from "~/lib/seo";
import {
  deleteAccountWithLink,
  deleteAccountWithPassword,
  deletionBlocker,
  deletionLinkAccount,
  requestDeletionLink,
} from "~/services/account-rights.server";
import { mailContext } from "~/http/mail.server";
import { clearSessionCookie, getSession } from "~/http/session.server";
import { formFailure, formPageHeaders, readForm, type FormFailure, formError } from "~/http/pages/forms.server";
import { requireViewer } from "~/http/pages/guards.server";
import { MAILED_LINK_HEADERS } from "~/http/pages/mailed-link.server";
import { toasts } from "~/http/pages/toast.server";

/**
 * Deleting one's account (docs/decisions/025). Signed in: the password and the reviews' fate, or
 * a mailed link instead (for an account made by social login, whose password nobody knows). The
 * link (`?token=`) opens a confirmation; opening it changes nothing, its button deletes.
 */
export const meta = noindexMeta("Delete Account", "/delete-account");

/** Personal, never stored; the link's token is not told to another site (as on every mailed link's page). */
export const headers: HeadersFunction = (args) => {
  const headers = new Headers(formPageHeaders(args));
  for (const [name, value] of Object.entries(MAILED_LINK_HEADERS)) headers.set(name, value);
  return headers;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const token = new URL(request.url).searchParams.get("token");
  if (token !== null) {
    const account = await deletionLinkAccount(app.db, token);
    return json(
      {
        mode: "link" as const,
        token: account ? token : null,
        blocker: account ? await deletionBlocker(app.db, account.userId) : null,
      },
      { headers: MAILED_LINK_HEADERS },
    );
  }
  const viewer = await requireViewer(app, request);
  return json(
    { mode: "password" as const, token: null, blocker: await deletionBlocker(app.db, viewer.user.id) },
    { headers: MAILED_LINK_HEADERS },
  );
}

/** After the deletion: home, signed out, with a toast. */
async function goodbye(app: ActionFunctionArgs["context"]["app"], request: Request, signOut: boolean) {
  return toasts(app.env, request).redirectWithSuccess(
    "/",
    RIGHTS_MESSAGES.deleted,
    signOut ? { headers: { "Set-Cookie": clearSessionCookie(app.env, request) } } : undefined,
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const values = await readForm(request);
  const toast = toasts(app.env, request);
  try {
    if (values.intent === "confirm-link") {
      const parsed = DeleteWithLinkSchema.safeParse(values);
      if (!parsed.success) return formFailure(fieldErrors(parsed.error), RIGHTS_MESSAGES.failed, values);
      const { viewer } = await getSession(app, request);
      const deleted = await deleteAccountWithLink(app.db, parsed.data.token, parsed.data.reviews);
      return goodbye(app, request, viewer?.user.id === deleted.userId);
    }
    const viewer = await requireViewer(app, request);
    if (values.intent === "request-link") {
      await requestDeletionLink(app.db, viewer.user, await mailContext(app, request));
      return toast.redirectWithSuccess("/profile", RIGHTS_MESSAGES.linkSent);
    }
    const parsed = DeleteAccountSchema.safeParse(values);
    if (!parsed.success) return formFailure(fieldErrors(parsed.error), RIGHTS_MESSAGES.failed, values);
    await deleteAccountWithPassword(app.db, viewer.user.id, parsed.data);
    return goodbye(app, request, true);
  } catch (error) {
    return formError(error, values);
  }
}

/** What becomes of the account's reviews: the choices, kept first. */
const REVIEWS_CHOICES = [
  { value: "keep", label: "Keep them, shown as written by a “Former customer”" },
  { value: "delete", label: "Remove them" },
];

function ReviewsChoice({ failure }: { failure?: FormFailure }) {
  const chosen = failure?.values.reviews ?? "keep";
  const messages = failure?.errors.reviews;
  return (
    <fieldset aria-describedby={messages?.length ? "reviews-error" : undefined}>
      <legend className="text-sm font-medium text-gray-800">Your reviews</legend>
      <div className="mt-2 grid gap-2 text-sm text-gray-900">
        {REVIEWS_CHOICES.map((choice) => (
          <label key={choice.value} className="flex items-start gap-2">
            <input
              type="radio"
              name="reviews"
              value={choice.value}
              defaultChecked={chosen === choice.value}
              className="mt-1 accent-bloom-600"
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
      <FieldError id="reviews-error" messages={messages} />
    </fieldset>
  );
}

const dangerClass =
  "inline-flex items-center justify-center rounded-full bg-red-700 px-6 py-2.5 font-medium text-white hover:bg-red-800 disabled:opacity-60";

function WhatHappens() {
  return (
    <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-gray-700">
      <li>You are signed out everywhere, and you cannot sign in to this account again.</li>
      <li>
        Your name, email address, phone, address, password, linked sign-in methods, wishlist and newsletter subscription
        are removed.
      </li>
      <li>Your past orders stay in the shop&rsquo;s books, without your name or contact details.</li>
      <li>You can register again later with the same email address, as a new customer.</li>
    </ul>
  );
}

export default function DeleteAccountPage() {
  const { mode, token, blocker } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="font-display text-3xl font-bold text-gray-900">Delete Account</h1>
      <FormFailureNotice failure={failure} className="mt-4" />
      <section
        className="mt-6 rounded-2xl border border-red-200 bg-white p-6 shadow-sm"
        aria-labelledby="delete-heading"
      >
        <h2 id="delete-heading" className="text-lg font-semibold text-gray-900">
          What deleting your account does
        </h2>
        <WhatHappens />
        <p className="mt-4 text-sm text-gray-700">
          Want a copy first?{" "}
          <a href="/profile/my-data" className="font-medium text-bloom-700 underline" download>
            Download my data
          </a>
        </p>
        {mode === "link" && !token ? (
          <ErrorAlert className="mt-6">{RIGHTS_MESSAGES.linkInvalid}</ErrorAlert>
        ) : blocker ? (
          <p role="alert" className="mt-6 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {blocker}
          </p>
        ) : mode === "link" ? (
          <Form
            method="post"
            action={`/delete-account?token=${encodeURIComponent(token!)}`}
            noValidate
            className="mt-6 grid gap-4"
          >
            <input type="hidden" name="intent" value="confirm-link" />
            <input type="hidden" name="token" value={token!} />
            <ReviewsChoice failure={failure} />
            <div>
              <button type="submit" className={dangerClass} disabled={busy}>
                {busy ? "Deleting…" : "Delete my account"}
              </button>
            </div>
          </Form>
        ) : (
          <>
            <Form method="post" noValidate className="mt-6 grid gap-4">
              <input type="hidden" name="intent" value="password" />
              <TextField
                name="password"
                label="Your password"
                type="password"
                autoComplete="current-password"
                errors={failure?.errors}
              />
              <ReviewsChoice failure={failure} />
              <div className="flex flex-wrap gap-3">
                <button type="submit" className={dangerClass} disabled={busy}>
                  {busy && navigation.formData?.get("intent") === "password" ? "Deleting…" : "Delete my account"}
                </button>
                <CancelLink to="/profile" />
              </div>
            </Form>
            <Form method="post" noValidate className="mt-6 border-t border-gray-100 pt-4">
              <input type="hidden" name="intent" value="request-link" />
              <p className="text-sm text-gray-700">
                Signed up with Google or X, or don&rsquo;t know your password? We can email you a link that deletes the
                account instead.
              </p>
              <button type="submit" className={`${submitButtonClass} mt-3`} disabled={busy}>
                Email me a deletion link
              </button>
            </Form>
          </>
        )}
      </section>
    </div>
  );
}
