import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminCard, AdminHeader, dateTime, primaryButton } from "~/components/admin/ui";
import { MailStatusBadge } from "~/components/admin/mail-status";
import { DetailList } from "~/components/detail-list";
import { errorBoundary } from "~/components/error-state";
import { MAIL_MESSAGES, mailIdOf } from "~/lib/schemas/admin-mail";
import { rootSeo, seoMeta } from "~/lib/seo";
import { actorOf } from "~/services/audit.server";
import { getMail, retryMail } from "~/services/admin/mail.server";
import { readForm, buttonError } from "~/http/pages/forms.server";
import { privatePageHeaders, requireAdmin } from "~/http/pages/guards.server";
import { toasts } from "~/http/pages/toast.server";
import { StaffChanges } from "~/components/admin/staff-changes";

export const meta: MetaFunction<typeof loader> = ({ matches, data, params }) =>
  seoMeta(rootSeo(matches), {
    title: data ? data.mail.subject : MAIL_MESSAGES.notFound,
    path: `/admin/mail/${params.id}`,
    noindex: true,
  });

export const headers = privatePageHeaders;

const notFound = () => json({ message: MAIL_MESSAGES.notFound }, { status: 404 });

/**
 * One email as it was written (its HTML in a sandboxed frame, its text part), and the staff's retries
 * of it. Its secrets (a reset link...) are masked by the service: staff see that one was sent, never it.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context.app, request);
  const id = mailIdOf(params.id);
  const found = id ? await getMail(context.app.db, id) : null;
  if (!found) throw notFound();
  return json(found, { headers: { "Cache-Control": "private, no-store" } });
}

/** `intent=retry`: a failed email goes back to the queue; a toast says so, or why not. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { app } = context;
  const viewer = await requireAdmin(app, request);
  const id = mailIdOf(params.id);
  if (!id) throw notFound();
  const here = `/admin/mail/${id}`;
  const toast = toasts(app.env, request);
  const values = await readForm(request);
  if (values.intent !== "retry") return toast.redirectWithError(here, "That action is not available for this email.");
  try {
    await retryMail(app.db, actorOf(viewer), id);
    return toast.redirectWithSuccess(here, MAIL_MESSAGES.retried);
  } catch (error) {
    return buttonError(error, { toast, here, notFound });
  }
}

const TRANSPORTS: Record<string, string> = { resend: "Resend", none: "None (kept in the outbox only)" };

export default function AdminMailPage() {
  const { mail, audit } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="admin-title">
      <Link to="/admin/mail" className="text-sm font-medium text-bloom-700 underline">
        Back to mail
      </Link>
      <div className="mt-3">
        <AdminHeader
          title={mail.subject}
          description={`To ${mail.to}, written ${dateTime(mail.created_at)}`}
          actions={
            mail.can_retry ? (
              <Form method="post" noValidate preventScrollReset>
                <input type="hidden" name="intent" value="retry" />
                <button type="submit" className={primaryButton} disabled={busy}>
                  Retry
                </button>
              </Form>
            ) : null
          }
        />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="grid gap-6">
          <AdminCard id="html-heading" title="As the customer sees it">
            {/* No scripts, no same origin: the email's HTML can neither run nor reach the back office. */}
            <iframe
              sandbox=""
              srcDoc={mail.html}
              title={`The email "${mail.subject}" as the customer sees it`}
              className="mt-3 h-[36rem] w-full rounded-lg border border-bloom-100 bg-white"
            />
          </AdminCard>
          <AdminCard id="text-heading" title="Text part">
            <pre className="mt-3 max-h-[36rem] overflow-auto whitespace-pre-wrap break-words rounded-lg bg-gray-50 p-4 text-sm text-gray-900">
              {mail.text}
            </pre>
          </AdminCard>
        </div>
        <div className="grid h-fit gap-6">
          <AdminCard id="details-heading" title="Details">
            <DetailList
              className="mt-3 grid gap-2 text-sm"
              rows={[
                { label: "To", value: <span className="break-all">{mail.to}</span> },
                { label: "Subject", value: mail.subject },
                { label: "Template", value: mail.template },
                { label: "Status", value: <MailStatusBadge status={mail.status} /> },
                { label: "Attempts", value: String(mail.attempts) },
                {
                  label: "Last error",
                  value: mail.last_error ? <span className="break-words">{mail.last_error}</span> : "None",
                },
                {
                  label: "Transport",
                  value: mail.transport ? (TRANSPORTS[mail.transport] ?? mail.transport) : "Not tried yet",
                },
                { label: "Created", value: dateTime(mail.created_at) },
                { label: "Sent", value: mail.sent_at ? dateTime(mail.sent_at) : "Not sent" },
                ...Object.entries(mail.headers ?? {}).map(([name, value]) => ({
                  label: name,
                  value: <span className="break-all">{value}</span>,
                })),
              ]}
            />
          </AdminCard>
          <StaffChanges entries={audit} empty="No staff changes to this email yet." />
        </div>
      </div>
    </section>
  );
}

export const ErrorBoundary = errorBoundary({
  notFound: {
    title: MAIL_MESSAGES.notFound,
    message: "It may have been removed.",
    link: { to: "/admin/mail", label: "Back to mail" },
  },
  failed: { title: "Could not load this email", message: "Please try again in a moment.", link: "retry" },
});
