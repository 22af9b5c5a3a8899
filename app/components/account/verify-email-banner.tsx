import { Form } from "@remix-run/react";
import { ACCOUNT_EMAIL_MESSAGES } from "~/lib/account-email";

/**
 * For a signed-in shopper whose address is not verified yet (docs/decisions/021): a note and a
 * button that mails a new link (a POST to /verify-email, limited per account), then back here. Only
 * on personal pages, never kept at the edge (docs/decisions/017).
 */
export function VerifyEmailBanner({ email, redirectTo }: { email: string; redirectTo: string }) {
  return (
    <div
      role="status"
      aria-labelledby="verify-banner-text"
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <p id="verify-banner-text">
        {ACCOUNT_EMAIL_MESSAGES.unverifiedBanner} <span className="font-medium">({email})</span>
      </p>
      <Form method="post" action="/verify-email" noValidate>
        <input type="hidden" name="resend" value="1" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <button
          type="submit"
          className="rounded-full border border-amber-400 bg-white px-4 py-1.5 font-medium text-amber-900 hover:bg-amber-100"
        >
          Resend verification email
        </button>
      </Form>
    </div>
  );
}
