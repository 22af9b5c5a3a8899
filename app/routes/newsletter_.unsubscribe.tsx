import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard } from "~/components/account/auth-card";
import { submitButtonClass } from "~/components/form";
import { Toaster } from "~/components/toaster";
import { NEWSLETTER_MESSAGES, ONE_CLICK_FIELD, ONE_CLICK_VALUE } from "~/lib/form-messages";
import { maskedEmail } from "~/lib/masked-email";
import { pageMeta } from "~/lib/seo";
import { makeToast } from "~/lib/toast";
import { unsubscribeSigner } from "~/http/newsletter.server";
import { readForm } from "~/http/pages/forms.server";
import { toasts } from "~/http/pages/toast.server";
import { unsubscribe, unsubscribeTarget } from "~/services/newsletter.server";

export const meta = pageMeta({ title: "Unsubscribe", path: "/newsletter/unsubscribe", noindex: true });

/** The token is in the address: kept from other sites and from caches (as the confirm page). */
export const headers: HeadersFunction = () => ({
  "Referrer-Policy": "same-origin",
  "Cache-Control": "private, no-store",
});

const unsubscribePath = (token: string) => `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

/**
 * Every newsletter mail's unsubscribe link lands here, and it works whatever the settings say:
 * people must always be able to leave. Opening it changes nothing (mail scanners open links): the
 * page's button posts.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const target = await unsubscribeTarget(app.db, unsubscribeSigner(app.env), token);
  return json(
    {
      token: target ? token : null,
      email: target ? maskedEmail(target.email) : null,
      unsubscribed: target?.status === "unsubscribed",
    },
    { headers: { "Referrer-Policy": "same-origin", "Cache-Control": "private, no-store" } },
  );
}

/**
 * Unsubscribes (idempotent, and says which). Two callers: the page's button, answered with a
 * redirect back here and a toast (post/redirect/get); and a mail client's one-click POST (RFC 8058,
 * body `List-Unsubscribe=One-Click`, no cookies, from anywhere: the Worker lets this path through its
 * cross-site check), answered 200 with the page saying it is done. An invalid link: 422 and its message.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const values = await readForm(request);
  const token = new URL(request.url).searchParams.get("token") ?? values.token ?? "";
  const outcome = await unsubscribe(app.db, unsubscribeSigner(app.env), token);
  if (outcome === "invalid") {
    return json(
      {
        message: NEWSLETTER_MESSAGES.invalidUnsubscribe,
        toast: makeToast(NEWSLETTER_MESSAGES.invalidUnsubscribe, "error"),
      },
      { status: 422 },
    );
  }
  const message = outcome === "already" ? NEWSLETTER_MESSAGES.alreadyUnsubscribed : NEWSLETTER_MESSAGES.unsubscribed;
  if (values[ONE_CLICK_FIELD] === ONE_CLICK_VALUE)
    return json({ message, toast: null }, { headers: { "Cache-Control": "no-store" } });
  return toasts(app.env, request).redirectWithSuccess(unsubscribePath(token), message);
}

export default function NewsletterUnsubscribePage() {
  const { token, email, unsubscribed } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const link = "font-medium text-bloom-700 underline hover:text-bloom-800";
  return (
    <AuthCard title="Unsubscribe" subtitle="From our newsletter: new bouquets and crafting tutorials by email.">
      <Toaster toast={answer?.toast ?? null} listen={false} />
      {!token ? (
        <>
          <p role="alert" className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {NEWSLETTER_MESSAGES.invalidUnsubscribe}
          </p>
          <p className="text-sm text-gray-700">
            Use the link in the newsletter&apos;s latest email, or{" "}
            <Link to="/contact" className={link}>
              write to us
            </Link>{" "}
            and we will take you off the list.
          </p>
        </>
      ) : unsubscribed ? (
        <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900">
          {answer?.message ?? `${email} is unsubscribed. You will not receive our newsletter any more.`}
        </p>
      ) : (
        <Form method="post" action={unsubscribePath(token)} noValidate className="grid gap-4">
          <p className="text-sm text-gray-700">
            Stop sending our newsletter to <span className="font-medium text-gray-900">{email}</span>?
          </p>
          <button type="submit" className={submitButtonClass} disabled={busy}>
            {busy ? "Unsubscribing…" : "Unsubscribe"}
          </button>
        </Form>
      )}
    </AuthCard>
  );
}
