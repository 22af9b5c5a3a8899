import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard } from "~/components/account/auth-card";
import { submitButtonClass } from "~/components/form";
import { Toaster } from "~/components/toaster";
import { ONE_CLICK_FIELD, ONE_CLICK_VALUE, RETENTION_MESSAGES } from "~/lib/form-messages";
import { maskedEmail } from "~/lib/masked-email";
import { pageMeta } from "~/lib/seo";
import { makeToast } from "~/lib/toast";
import { retentionSigner } from "~/http/retention.server";
import { readForm } from "~/http/pages/forms.server";
import { toasts } from "~/http/pages/toast.server";
import {
  isSuppressed,
  readUnsubscribeToken,
  RETENTION_TOPICS,
  unsubscribeFromTopic,
} from "~/services/mail/retention.server";

export const meta = pageMeta({ title: "Unsubscribe", path: "/mail/unsubscribe", noindex: true });

/** The token is in the address: kept from other sites and from caches (as the newsletter's page). */
const PRIVATE = { "Referrer-Policy": "same-origin", "Cache-Control": "private, no-store" };
export const headers: HeadersFunction = () => PRIVATE;

const unsubscribePath = (token: string) => `/mail/unsubscribe?token=${encodeURIComponent(token)}`;

/**
 * Every return mail's unsubscribe link (back in stock, a left cart, an occasion) lands here, and it
 * works whatever the settings say. Opening it changes nothing (mail scanners open links): the
 * page's button posts.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const target = await readUnsubscribeToken(retentionSigner(app.env), token);
  return json(
    {
      token: target ? token : null,
      email: target ? maskedEmail(target.email) : null,
      label: target ? RETENTION_TOPICS[target.topic].label : null,
      unsubscribed: target ? await isSuppressed(app.db, target.email, target.topic) : false,
    },
    { headers: PRIVATE },
  );
}

/**
 * Unsubscribes from the link's topic (idempotent, and says which). The page's button is answered
 * with a redirect back here and a toast; a mail client's one-click POST (RFC 8058) with 200 and the
 * message. An invalid link: 422 and its message.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const values = await readForm(request);
  const token = new URL(request.url).searchParams.get("token") ?? values.token ?? "";
  const result = await unsubscribeFromTopic(app.db, retentionSigner(app.env), token);
  if (result.outcome === "invalid") {
    return json(
      {
        message: RETENTION_MESSAGES.invalidUnsubscribe,
        toast: makeToast(RETENTION_MESSAGES.invalidUnsubscribe, "error"),
      },
      { status: 422 },
    );
  }
  const label = RETENTION_TOPICS[result.topic].label;
  const message =
    result.outcome === "already"
      ? RETENTION_MESSAGES.alreadyUnsubscribed(label)
      : RETENTION_MESSAGES.unsubscribed(label);
  if (values[ONE_CLICK_FIELD] === ONE_CLICK_VALUE)
    return json({ message, toast: null }, { headers: { "Cache-Control": "no-store" } });
  return toasts(app.env, request).redirectWithSuccess(unsubscribePath(token), message);
}

export default function MailUnsubscribePage() {
  const { token, email, label, unsubscribed } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const link = "font-medium text-bloom-700 underline hover:text-bloom-800";
  return (
    <AuthCard title="Unsubscribe" subtitle={label ? `From our ${label}.` : "From our emails."}>
      <Toaster toast={answer?.toast ?? null} listen={false} />
      {!token ? (
        <>
          <p role="alert" className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {RETENTION_MESSAGES.invalidUnsubscribe}
          </p>
          <p className="text-sm text-gray-700">
            Use the link in our latest email, or{" "}
            <Link to="/contact" className={link}>
              write to us
            </Link>{" "}
            and we will stop writing to you.
          </p>
        </>
      ) : unsubscribed ? (
        <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900">
          {answer?.message ?? `${email} is unsubscribed. You will not receive ${label} any more.`}
        </p>
      ) : (
        <Form method="post" action={unsubscribePath(token)} noValidate className="grid gap-4">
          <p className="text-sm text-gray-700">
            Stop sending {label} to <span className="font-medium text-gray-900">{email}</span>?
          </p>
          <button type="submit" className={submitButtonClass} disabled={busy}>
            {busy ? "Unsubscribing…" : "Unsubscribe"}
          </button>
        </Form>
      )}
    </AuthCard>
  );
}
