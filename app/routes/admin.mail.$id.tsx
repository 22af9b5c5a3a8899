import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage, DetailsCard, backTo, subjectError, subjectMeta } from "~/components/admin/admin-page";
import { AdminCard, dateTime, primaryButton } from "~/components/admin/ui";
import { MailStatusBadge } from "~/components/admin/mail-status";
import type { AdminSubject } from "~/lib/admin-list";
import { MAIL_MESSAGES, mailIdOf } from "~/lib/schemas/admin-mail";
import { getMail, retryMail } from "~/services/admin/mail.server";
import { stoppedReason } from "~/services/mail/mail-events.server";
import { readForm, buttonError } from "~/http/pages/forms.server";
import { loadSubject, privateJson, subjectAction } from "~/http/pages/admin-pages.server";
import { StaffChanges } from "~/components/admin/staff-changes";

const mails: AdminSubject = { path: "/admin/mail", back: "Back to mail", missing: MAIL_MESSAGES.notFound };

export const meta = subjectMeta<typeof loader>(mails, (data) => data.mail.subject);

/**
 * One email as it was written (its HTML in a sandboxed frame, its text part), or, once the retention
 * sweep removed its body, when and why; and the staff's retries of it. Its secrets (a reset link...) are masked by the service: staff see that one was sent, never it.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { found } = await loadSubject(args, mails, mailIdOf(args.params.id), getMail);
  // An address that bounced or complained gets no return mail (Resend's webhook records it).
  return privateJson({ ...found, stopped: await stoppedReason(args.context.app.db, found.mail.to) });
}

/** `intent=retry`: a failed email goes back to the queue; a toast says so, or why not. */
export async function action(args: ActionFunctionArgs) {
  const { app, actor, id, here, toast, notFound } = await subjectAction(args, mails, mailIdOf(args.params.id));
  const values = await readForm(args.request);
  if (values.intent !== "retry") return toast.redirectWithError(here, "That action is not available for this email.");
  try {
    await retryMail(app.db, actor, id);
    return toast.redirectWithSuccess(here, MAIL_MESSAGES.retried);
  } catch (error) {
    return buttonError(error, { toast, here, notFound });
  }
}

const TRANSPORTS: Record<string, string> = { resend: "Resend", none: "None (kept in the outbox only)" };

export default function AdminMailPage() {
  const { mail, audit, stopped } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return (
    <AdminPage
      back={backTo(mails)}
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
    >
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="grid gap-6">
          {mail.body_removed_at ? (
            // Kept no longer (the retention setting): what it was about stays in the details.
            <AdminCard id="body-heading" title="Body removed">
              <p className="mt-3 text-sm text-gray-700">{mail.text}</p>
              <p className="mt-2 text-sm text-gray-700">Removed {dateTime(mail.body_removed_at)}.</p>
            </AdminCard>
          ) : (
            <>
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
            </>
          )}
        </div>
        <div className="grid h-fit gap-6">
          <DetailsCard
            id="details-heading"
            title="Details"
            rows={[
              { label: "To", value: <span className="break-all">{mail.to}</span> },
              ...(stopped ? [{ label: "Return mails", value: `Stopped: the address ${stopped}` }] : []),
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
          <StaffChanges entries={audit} empty="No staff changes to this email yet." />
        </div>
      </div>
    </AdminPage>
  );
}

export const ErrorBoundary = subjectError(mails, {
  gone: "It may have been removed.",
  failed: "Could not load this email",
});
