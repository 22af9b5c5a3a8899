import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link, useActionData } from "@remix-run/react";
import { AuthCard } from "~/components/account/auth-card";
import { NewsletterSignup } from "~/components/newsletter-signup";
import { honeypotFilled } from "~/lib/honeypot";
import { safeRedirect } from "~/lib/redirect";
import { NEWSLETTER_MESSAGES } from "~/lib/form-messages";
import { NewsletterSubscribeSchema } from "~/lib/schemas/newsletter";
import { fieldErrors } from "~/lib/schemas/query";
import { pageMeta } from "~/lib/seo";
import { mailContext } from "~/http/mail.server";
import { unsubscribeSigner } from "~/http/newsletter.server";
import { formFailure, formPageHeaders, readForm, type FormFailure, formError } from "~/http/pages/forms.server";
import { requireFeature } from "~/http/pages/guards.server";
import { toasts } from "~/http/pages/toast.server";
import { subscribe } from "~/services/newsletter.server";
import { clientAddress } from "~/services/rate-limit.server";

export const meta = pageMeta({
  title: "Newsletter",
  description: "New bouquets and crafting tutorials by email: sign up, confirm, unsubscribe at any time.",
  path: "/newsletter",
});

export const headers = formPageHeaders;

/** The sign-up on a page of its own: where the footer's form lands without JavaScript when an address is refused. */
export async function loader({ context }: LoaderFunctionArgs) {
  await requireFeature(context.app, "newsletter");
  return json(null);
}

/**
 * The footer's sign-up (every page posts here): back to the page it came from with the one answer
 * for every address (post/redirect/get). A malformed address: the form again with the field's
 * message, a toast and what was typed (422); too many sign-ups from one client: 429 and Retry-After.
 * 404 while the settings switch the newsletter off.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  await requireFeature(app, "newsletter");
  const values = await readForm(request);
  const back = safeRedirect(values.redirectTo, "/");
  const done = () => toasts(app.env, request).redirectWithSuccess(back, NEWSLETTER_MESSAGES.requested);
  // A bot that fills in the hidden field is told it worked; nothing is stored or mailed.
  if (honeypotFilled(values)) return done();
  const parsed = NewsletterSubscribeSchema.safeParse(values);
  if (!parsed.success) return formFailure(fieldErrors(parsed.error), NEWSLETTER_MESSAGES.formErrors, values);
  try {
    await subscribe(app.db, parsed.data.email, {
      mail: await mailContext(app, request),
      signer: unsubscribeSigner(app.env),
      client: clientAddress(request),
    });
    return done();
  } catch (error) {
    return formError(error, values, { unexpected: NEWSLETTER_MESSAGES.failed });
  }
}

export default function NewsletterPage() {
  const failure = useActionData<FormFailure>();
  const back = safeRedirect(failure?.values.redirectTo, "/newsletter");
  return (
    <AuthCard
      title="Newsletter"
      subtitle={
        <>
          New bouquets and crafting tutorials by email. Already subscribed?{" "}
          <Link to="/" className="font-medium text-bloom-700 underline hover:text-bloom-800">
            Back to the shop
          </Link>
        </>
      }
    >
      <NewsletterSignup redirectTo={back} idPrefix="newsletter-page-" failure={failure} variant="page" />
    </AuthCard>
  );
}
