import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard } from "~/components/account/auth-card";
import { submitButtonClass } from "~/components/form";
import { Toaster } from "~/components/toaster";
import { NEWSLETTER_MESSAGES } from "~/lib/form-messages";
import { rootSeo, seoMeta } from "~/lib/seo";
import { makeToast } from "~/lib/toast";
import { readForm } from "~/http/pages/forms.server";
import { requireFeature } from "~/http/pages/guards.server";
import { toasts } from "~/http/pages/toast.server";
import { confirmationIsLive, confirmSubscription } from "~/services/newsletter.server";

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), { title: "Confirm your subscription", path: "/newsletter/confirm", noindex: true });

/**
 * The token is in the address: no other site is told it through a Referer (`same-origin`, not
 * `no-referrer`, which would make the form's post say `Origin: null`, refused as cross-site), and
 * no cache keeps the page.
 */
export const headers: HeadersFunction = () => ({
  "Referrer-Policy": "same-origin",
  "Cache-Control": "private, no-store",
});

/**
 * The mailed link lands here. Opening it changes nothing (mail scanners open links): the page asks
 * for a press of its button, a POST. An unknown, used or expired link says so.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireFeature(context.app, "newsletter");
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const live = await confirmationIsLive(context.app.db, token);
  return json(
    { token: live ? token : null },
    { headers: { "Referrer-Policy": "same-origin", "Cache-Control": "private, no-store" } },
  );
}

/** Confirms (the link works once): home with "You are subscribed."; an invalid link, its message (422). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  await requireFeature(app, "newsletter");
  const values = await readForm(request);
  const token = values.token ?? new URL(request.url).searchParams.get("token") ?? "";
  if (await confirmSubscription(app.db, token))
    return toasts(app.env, request).redirectWithSuccess("/", NEWSLETTER_MESSAGES.confirmed);
  return json({ toast: makeToast(NEWSLETTER_MESSAGES.invalidConfirmation, "error") }, { status: 422 });
}

export default function NewsletterConfirmPage() {
  const { token } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard title="Confirm your subscription" subtitle="One press, and our newsletter is on its way to you.">
      <Toaster toast={refused?.toast ?? null} listen={false} />
      {token && !refused ? (
        <Form
          method="post"
          action={`/newsletter/confirm?token=${encodeURIComponent(token)}`}
          noValidate
          className="grid gap-4"
        >
          <input type="hidden" name="token" value={token} />
          <p className="text-sm text-gray-700">
            Press the button to confirm that you want to receive our newsletter at this address.
          </p>
          <button type="submit" className={submitButtonClass} disabled={busy}>
            {busy ? "Confirming…" : "Confirm subscription"}
          </button>
        </Form>
      ) : (
        <>
          <p role="alert" className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {NEWSLETTER_MESSAGES.invalidConfirmation}
          </p>
          <p className="text-sm text-gray-700">
            <Link to="/newsletter" className="font-medium text-bloom-700 underline hover:text-bloom-800">
              Sign up again
            </Link>{" "}
            to get a new link.
          </p>
        </>
      )}
    </AuthCard>
  );
}
