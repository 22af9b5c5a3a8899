import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard } from "~/components/account/auth-card";
import { submitButtonClass } from "~/components/form";
import { Toaster } from "~/components/toaster";
import { OCCASION_MESSAGES } from "~/lib/form-messages";
import { pageMeta } from "~/lib/seo";
import { occasionRemovalSigner } from "~/http/retention.server";
import { linkRefused, linkToken, mailedLinkData, mailedLinkHeaders } from "~/http/pages/mailed-link.server";
import { toasts } from "~/http/pages/toast.server";
import { removalTarget, removeOccasionByLink } from "~/services/occasions.server";
import { occasionRemovalPath } from "~/lib/occasions";

export const meta = pageMeta({ title: "Remove a reminder", path: "/occasions/remove", noindex: true });

export const headers = mailedLinkHeaders;

/**
 * An occasion reminder's "Remove this reminder for good" link lands here: the page names the
 * occasion and asks; opening it changes nothing (mail scanners open links), its button posts. It
 * needs no sign-in: the signed token is its whole authority.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const token = linkToken(request);
  const target = await removalTarget(app.db, occasionRemovalSigner(app.env), token);
  return mailedLinkData({ token: target.status === "invalid" ? null : token, target });
}

/** Removes the link's occasion: a redirect back here with a toast; an invalid link 422 and its message. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const token = linkToken(request);
  const result = await removeOccasionByLink(app.db, occasionRemovalSigner(app.env), token);
  if (result.status === "invalid") return linkRefused(OCCASION_MESSAGES.invalidLink, 422);
  const message =
    result.status === "removed" ? OCCASION_MESSAGES.removedByLink(result.name) : OCCASION_MESSAGES.alreadyRemoved;
  return toasts(app.env, request).redirectWithSuccess(occasionRemovalPath(token), message);
}

export default function OccasionRemovePage() {
  const { token, target } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const link = "font-medium text-bloom-700 underline hover:text-bloom-800";
  return (
    <AuthCard title="Remove a reminder" subtitle="An occasion you asked us to remind you of.">
      <Toaster toast={answer?.toast ?? null} listen={false} />
      {!token || target.status === "invalid" ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {OCCASION_MESSAGES.invalidLink}
        </p>
      ) : target.status === "gone" ? (
        <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900">
          {OCCASION_MESSAGES.alreadyRemoved}
        </p>
      ) : (
        <Form method="post" action={occasionRemovalPath(token)} noValidate className="grid gap-4">
          <p className="text-sm text-gray-700">
            Remove <span className="font-medium text-gray-900">{target.name}</span> ({target.date_label}) for good? We
            will not remind you of it again.
          </p>
          <button type="submit" className={submitButtonClass} disabled={busy}>
            {busy ? "Removing…" : "Remove for good"}
          </button>
        </Form>
      )}
      <p className="mt-4 text-sm text-gray-700">
        Your other occasions are on{" "}
        <Link to="/profile" className={link}>
          your profile
        </Link>
        .
      </p>
    </AuthCard>
  );
}
