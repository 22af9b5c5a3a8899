import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { ConfirmByButton } from "~/components/account/confirm-by-button";
import { NEWSLETTER_MESSAGES } from "~/lib/form-messages";
import { noindexMeta } from "~/lib/seo";
import { readForm } from "~/http/pages/forms.server";
import { requireFeature } from "~/http/pages/guards.server";
import { linkRefused, linkToken, mailedLinkData, mailedLinkHeaders } from "~/http/pages/mailed-link.server";
import { toasts } from "~/http/pages/toast.server";
import { confirmationIsLive, confirmSubscription } from "~/services/newsletter.server";

export const meta = noindexMeta("Confirm your subscription", "/newsletter/confirm");

export const headers = mailedLinkHeaders;

/**
 * The mailed link lands here. Opening it changes nothing (mail scanners open links): the page asks
 * for a press of its button, a POST. An unknown, used or expired link says so.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireFeature(context.app, "newsletter");
  const token = linkToken(request);
  const live = await confirmationIsLive(context.app.db, token);
  return mailedLinkData({ token: live ? token : null });
}

/** Confirms (the link works once): home with "You are subscribed."; an invalid link, its message (422). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  await requireFeature(app, "newsletter");
  const values = await readForm(request);
  if (await confirmSubscription(app.db, values.token ?? linkToken(request)))
    return toasts(app.env, request).redirectWithSuccess("/", NEWSLETTER_MESSAGES.confirmed);
  return linkRefused(NEWSLETTER_MESSAGES.invalidConfirmation, 422);
}

export default function NewsletterConfirmPage() {
  return (
    <ConfirmByButton
      title="Confirm your subscription"
      subtitle="One press, and our newsletter is on its way to you."
      action="/newsletter/confirm"
      prompt="Press the button to confirm that you want to receive our newsletter at this address."
      label="Confirm subscription"
      busyLabel="Confirming…"
      invalid={NEWSLETTER_MESSAGES.invalidConfirmation}
      next={
        <>
          <Link to="/newsletter" className="font-medium text-bloom-700 underline hover:text-bloom-800">
            Sign up again
          </Link>{" "}
          to get a new link.
        </>
      }
    />
  );
}
