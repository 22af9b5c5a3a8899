import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard } from "~/components/account/auth-card";
import { submitButtonClass } from "~/components/form";
import { Toaster } from "~/components/toaster";
import { ACCOUNT_EMAIL_MESSAGES } from "~/lib/account-email";
import { safeRedirect } from "~/lib/redirect";
import { rootSeo, seoMeta } from "~/lib/seo";
import { makeToast } from "~/lib/toast";
import { readForm } from "~/http/pages/forms.server";
import { requireViewer } from "~/http/pages/guards.server";
import { toasts } from "~/http/pages/toast.server";
import { mailContext } from "~/http/mail.server";
import { resendVerification, verificationIsLive, verifyEmail } from "~/services/email-verification.server";
import { ValidationError } from "~/services/errors";
import { RateLimitError } from "~/services/rate-limit.server";

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), { title: "Verify your email address", path: "/verify-email", noindex: true });

/**
 * The token is in the address: no other site is told it through a Referer (`same-origin`: under
 * `no-referrer` the form would post with `Origin: null`, refused as cross-site), and no cache keeps it.
 */
export const headers: HeadersFunction = () => ({
  "Referrer-Policy": "same-origin",
  "Cache-Control": "private, no-store",
});

/**
 * The mailed verification link lands here (docs/decisions/021). Opening it changes nothing (mail
 * scanners open links): the page asks for a press of its button, a POST.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const live = await verificationIsLive(context.app.db, token);
  return json(
    { token: live ? token : null },
    { headers: { "Referrer-Policy": "same-origin", "Cache-Control": "private, no-store" } },
  );
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
  const token = values.token ?? new URL(request.url).searchParams.get("token") ?? "";
  try {
    await verifyEmail(app.db, token);
    return toast.redirectWithSuccess("/", ACCOUNT_EMAIL_MESSAGES.verified);
  } catch (error) {
    if (error instanceof ValidationError)
      return json({ toast: makeToast(ACCOUNT_EMAIL_MESSAGES.verifyInvalid, "error") }, { status: 422 });
    throw error;
  }
}

export default function VerifyEmailPage() {
  const { token } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard title="Verify your email address" subtitle="One press, and your address is confirmed as yours.">
      <Toaster toast={refused?.toast ?? null} listen={false} />
      {token && !refused ? (
        <Form
          method="post"
          action={`/verify-email?token=${encodeURIComponent(token)}`}
          noValidate
          className="grid gap-4"
        >
          <input type="hidden" name="token" value={token} />
          <p className="text-sm text-gray-700">Press the button to confirm that this email address is yours.</p>
          <button type="submit" className={submitButtonClass} disabled={busy}>
            {busy ? "Verifying…" : "Verify my email address"}
          </button>
        </Form>
      ) : (
        <>
          <p role="alert" className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {ACCOUNT_EMAIL_MESSAGES.verifyInvalid}
          </p>
          <p className="text-sm text-gray-700">
            Log in and open{" "}
            <Link to="/profile" className="font-medium text-bloom-700 underline hover:text-bloom-800">
              your profile
            </Link>{" "}
            to get a new link.
          </p>
        </>
      )}
    </AuthCard>
  );
}
