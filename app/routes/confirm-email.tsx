import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ConfirmByButton } from "~/components/account/confirm-by-button";
import { ACCOUNT_EMAIL_MESSAGES } from "~/lib/account-email";
import { noindexMeta } from "~/lib/seo";
import { readForm } from "~/http/pages/forms.server";
import { linkRefused, linkToken, mailedLinkData, mailedLinkHeaders } from "~/http/pages/mailed-link.server";
import { toasts } from "~/http/pages/toast.server";
import { confirmEmailChange, emailChangeIsLive } from "~/services/email-change.server";
import { ConflictError, ValidationError } from "~/services/errors";

export const meta = noindexMeta("Confirm your new email address", "/confirm-email");

export const headers = mailedLinkHeaders;

/**
 * The link mailed to the new address of an email change lands here (docs/decisions/021). Opening
 * it changes nothing: the page shows the address and asks for a press of its button, a POST.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = linkToken(request);
  const email = await emailChangeIsLive(context.app.db, token);
  return mailedLinkData({ token: email ? token : null, email });
}

/** Applies the change (once): home with a toast; an invalid link 422, an address taken meanwhile 409. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const values = await readForm(request);
  try {
    await confirmEmailChange(app.db, values.token ?? linkToken(request));
    return toasts(app.env, request).redirectWithSuccess("/", ACCOUNT_EMAIL_MESSAGES.changed);
  } catch (error) {
    if (error instanceof ConflictError) return linkRefused(error.message, 409);
    if (error instanceof ValidationError) return linkRefused(ACCOUNT_EMAIL_MESSAGES.changeInvalid, 422);
    throw error;
  }
}

export default function ConfirmEmailPage() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <ConfirmByButton
      title="Confirm your new email address"
      subtitle="Your account's email changes when you press the button."
      action="/confirm-email"
      prompt={
        <>
          Press the button to make <strong>{email}</strong> your account&apos;s email address.
        </>
      }
      label="Confirm my new email address"
      busyLabel="Confirming…"
      invalid={ACCOUNT_EMAIL_MESSAGES.changeInvalid}
      next={
        <Link to="/profile" className="font-medium text-bloom-700 underline hover:text-bloom-800">
          Back to your profile
        </Link>
      }
    />
  );
}
