import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard } from "~/components/account/auth-card";
import { submitButtonClass } from "~/components/form";
import { Toaster } from "~/components/toaster";
import { ACCOUNT_EMAIL_MESSAGES } from "~/lib/account-email";
import { rootSeo, seoMeta } from "~/lib/seo";
import { makeToast } from "~/lib/toast";
import { readForm } from "~/http/pages/forms.server";
import { toasts } from "~/http/pages/toast.server";
import { confirmEmailChange, emailChangeIsLive } from "~/services/email-change.server";
import { ConflictError, ValidationError } from "~/services/errors";

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), { title: "Confirm your new email address", path: "/confirm-email", noindex: true });

/** The token is in the address: `same-origin` referrers and no cache, as the other mailed links' pages. */
export const headers: HeadersFunction = () => ({
  "Referrer-Policy": "same-origin",
  "Cache-Control": "private, no-store",
});

/**
 * The link mailed to the new address of an email change lands here (docs/decisions/021). Opening
 * it changes nothing: the page shows the address and asks for a press of its button, a POST.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const email = await emailChangeIsLive(context.app.db, token);
  return json(
    { token: email ? token : null, email },
    { headers: { "Referrer-Policy": "same-origin", "Cache-Control": "private, no-store" } },
  );
}

/** Applies the change (once): home with a toast; an invalid link 422, an address taken meanwhile 409. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const values = await readForm(request);
  const token = values.token ?? new URL(request.url).searchParams.get("token") ?? "";
  try {
    await confirmEmailChange(app.db, token);
    return toasts(app.env, request).redirectWithSuccess("/", ACCOUNT_EMAIL_MESSAGES.changed);
  } catch (error) {
    if (error instanceof ConflictError) return json({ toast: makeToast(error.message, "error") }, { status: 409 });
    if (error instanceof ValidationError)
      return json({ toast: makeToast(ACCOUNT_EMAIL_MESSAGES.changeInvalid, "error") }, { status: 422 });
    throw error;
  }
}

export default function ConfirmEmailPage() {
  const { token, email } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard title="Confirm your new email address" subtitle="Your account's email changes when you press the button.">
      <Toaster toast={refused?.toast ?? null} listen={false} />
      {token && !refused ? (
        <Form
          method="post"
          action={`/confirm-email?token=${encodeURIComponent(token)}`}
          noValidate
          className="grid gap-4"
        >
          <input type="hidden" name="token" value={token} />
          <p className="text-sm text-gray-700">
            Press the button to make <strong>{email}</strong> your account&apos;s email address.
          </p>
          <button type="submit" className={submitButtonClass} disabled={busy}>
            {busy ? "Confirming…" : "Confirm my new email address"}
          </button>
        </Form>
      ) : (
        <>
          <p role="alert" className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {refused?.toast.message ?? ACCOUNT_EMAIL_MESSAGES.changeInvalid}
          </p>
          <p className="text-sm text-gray-700">
            <Link to="/profile" className="font-medium text-bloom-700 underline hover:text-bloom-800">
              Back to your profile
            </Link>
          </p>
        </>
      )}
    </AuthCard>
  );
}
