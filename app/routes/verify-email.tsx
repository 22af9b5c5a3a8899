import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { ConfirmByButton } from "~/components/account/confirm-by-button";
import { ACCOUNT_EMAIL_MESSAGES } from "~/lib/account-email";
import { safeRedirect } from "~/lib/redirect";
import { noindexMeta } from "~/lib/seo";
import { readForm } from "~/http/pages/forms.server";
import { requireViewer } from "~/http/pages/guards.server";
import { linkRefused, linkToken, mailedLinkData, mailedLinkHeaders } from "~/http/pages/mailed-link.server";
import { toasts } from "~/http/pages/toast.server";
import { mailContext } from "~/http/mail.server";
import { resendVerification, verificationIsLive, verifyEmail } from "~/services/email-verification.server";
import { ValidationError } from "~/services/errors";
import { RateLimitError } from "~/services/rate-limit.server";

export const meta = noindexMeta("Verify your email address", "/verify-email");

export const headers = mailedLinkHeaders;

/**
 * The mailed verification link lands here (docs/decisions/021). Opening it changes nothing (mail
 * scanners open links): the page asks for a press of its button, a POST.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = linkToken(request);
  const live = await verificationIsLive(context.app.db, token);
  return mailedLinkData({ token: live ? token : null });
}

/**
 * `resend=1` (the banner of a signed-in, unverified shopper): a new link, limited per account,
 * then back where the shopper was. Otherwise the page's button: verifies (once), then home with a
 * toast; an unknown, used or expired link says so (422).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const values = await readForm(request);
  const toast = toasts(app.env, request);
  if (values.resend === "1") {
    const viewer = await requireViewer(app, request);
    const back = safeRedirect(values.redirectTo, "/profile");
    try {
      const outcome = await resendVerification(app.db, viewer.user.id, await mailContext(app, request));
      return toast.redirectWithSuccess(
        back,
        outcome === "sent" ? ACCOUNT_EMAIL_MESSAGES.verificationSent : ACCOUNT_EMAIL_MESSAGES.alreadyVerified,
      );
    } catch (error) {
      if (error instanceof RateLimitError) {
        const response = await toast.redirectWithError(back, error.message);
        response.headers.set("Retry-After", String(error.retryAfterSeconds));
        return response;
      }
      throw error;
    }
  }
  try {
    await verifyEmail(app.db, values.token ?? linkToken(request));
    return toast.redirectWithSuccess("/", ACCOUNT_EMAIL_MESSAGES.verified);
  } catch (error) {
    if (error instanceof ValidationError) return linkRefused(ACCOUNT_EMAIL_MESSAGES.verifyInvalid, 422);
    throw error;
  }
}

export default function VerifyEmailPage() {
  return (
    <ConfirmByButton
      title="Verify your email address"
      subtitle="One press, and your address is confirmed as yours."
      action="/verify-email"
      prompt="Press the button to confirm that this email address is yours."
      label="Verify my email address"
      busyLabel="Verifying…"
      invalid={ACCOUNT_EMAIL_MESSAGES.verifyInvalid}
      next={
        <>
          Log in and open{" "}
          <Link to="/profile" className="font-medium text-bloom-700 underline hover:text-bloom-800">
            your profile
          </Link>{" "}
          to get a new link.
        </>
      }
    />
  );
}
