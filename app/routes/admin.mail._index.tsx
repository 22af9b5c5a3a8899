import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { adminPageMeta, adminPageError } from "~/components/admin/admin-page";
import { FilteredListPage } from "~/components/admin/list-page";
import { capitalised, secondaryButton, RowLink } from "~/components/admin/ui";
import { MailStatusBadge } from "~/components/admin/mail-status";
import { MAIL_MESSAGES, MAIL_STATUSES, mailIdOf, MailListQuerySchema, type MailStatus } from "~/lib/schemas/admin-mail";
import { listMail, retryMail } from "~/services/admin/mail.server";
import { readForm, buttonError } from "~/http/pages/forms.server";
import { adminListAction, privateJson, readAdminList } from "~/http/pages/admin-pages.server";

export const meta = adminPageMeta("Mail", "/admin/mail");

/** The outbox, newest first, by the GET form's address, template and status; a filter that is not valid is shown with its message and left out. */
export async function loader(args: LoaderFunctionArgs) {
  const { app, query, list } = await readAdminList(args, MailListQuerySchema, ["to", "template", "status"]);
  const page = await listMail(app.db, query);
  // The list shows no bodies: each mail's page does.
  const data = page.data.map(({ text: _text, html: _html, headers: _headers, ...mail }) => mail);
  return privateJson({ page: { ...page, data }, statuses: MAIL_STATUSES, ...list });
}

/** The list's Retry (a form post per failed row): back to the same filtered list with a toast. */
export async function action(args: ActionFunctionArgs) {
  const { app, actor, back, toast } = await adminListAction(args, "/admin/mail");
  const values = await readForm(args.request);
  const id = mailIdOf(typeof values.id === "string" ? values.id : undefined);
  if (values.intent !== "retry" || !id) return toast.redirectWithError(back, "That action is not available here.");
  try {
    await retryMail(app.db, actor, id);
    return toast.redirectWithSuccess(back, MAIL_MESSAGES.retried);
  } catch (error) {
    return buttonError(error, { toast, here: back });
  }
}

export default function AdminMail() {
  const list = useLoaderData<typeof loader>();
  const { page, filters } = list;
  const busy = useNavigation().state === "submitting";
  // A template typed in the address that no mail has yet stays chosen.
  const templates =
    filters.template && !page.templates.includes(filters.template)
      ? [...page.templates, filters.template]
      : page.templates;
  return (
    <FilteredListPage
      title="Mail"
      description={`Every email the shop sent or tried to send: ${page.counts.queued} queued, ${page.counts.sent} sent, ${page.counts.failed} failed.`}
      noun="email"
      idPrefix="mail"
      list={list}
      filters={[
        { type: "search", name: "to", label: "Address", placeholder: "Part of the address" },
        {
          type: "select",
          name: "template",
          label: "Template",
          all: "All templates",
          options: templates.map((template) => ({ value: template, label: template })),
        },
        {
          type: "status",
          statuses: list.statuses,
          label: (status) => `${capitalised(status)} (${page.counts[status as MailStatus]})`,
        },
      ]}
      empty="No emails yet. Order confirmations, password resets and other mail show here once the shop sends them."
      columns={[
        { head: "To", className: "break-all", render: (mail) => mail.to },
        {
          head: "Subject",
          render: (mail) => <RowLink to={`/admin/mail/${mail.id}`}>{mail.subject}</RowLink>,
        },
        { head: "Template", className: "whitespace-nowrap text-gray-700", render: (mail) => mail.template },
        {
          head: "Status",
          className: "whitespace-nowrap",
          render: (mail) => <MailStatusBadge status={mail.status} />,
        },
        { head: "Attempts", render: (mail) => mail.attempts },
        { head: "Created", date: (mail) => mail.created_at },
        { head: "Sent", date: (mail) => mail.sent_at, missing: "—" },
        {
          head: "Actions",
          render: (mail) =>
            mail.can_retry ? (
              <Form method="post" noValidate preventScrollReset>
                <input type="hidden" name="intent" value="retry" />
                <input type="hidden" name="id" value={mail.id} />
                <button
                  type="submit"
                  className={secondaryButton}
                  disabled={busy}
                  aria-label={`Retry the email "${mail.subject}" to ${mail.to}`}
                >
                  Retry
                </button>
              </Form>
            ) : null,
        },
      ]}
    />
  );
}

export const ErrorBoundary = adminPageError("Could not load the outbox");
