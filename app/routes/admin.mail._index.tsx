import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import {
  AdminHeader,
  AdminTable,
  adminInput,
  adminLabel,
  cell,
  dateTime,
  EmptyRow,
  FilterForm,
  secondaryButton,
} from "~/components/admin/ui";
import { MailStatusBadge } from "~/components/admin/mail-status";
import { errorBoundary } from "~/components/error-state";
import { FieldError } from "~/components/field-error";
import { Pagination } from "~/components/pagination";
import { MAIL_MESSAGES, MAIL_STATUSES, mailIdOf, MailListQuerySchema } from "~/lib/schemas/admin-mail";
import { lenientQuery } from "~/lib/schemas/query";
import { rootSeo, seoMeta } from "~/lib/seo";
import { actorOf } from "~/services/admin/audit.server";
import { listMail, retryMail } from "~/services/admin/mail.server";
import { ConflictError, NotFoundError } from "~/services/errors";
import { readForm } from "~/http/pages/forms.server";
import { privatePageHeaders, requireAdmin } from "~/http/pages/guards.server";
import { toasts } from "~/http/pages/toast.server";

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), { title: "Mail", path: "/admin/mail", noindex: true });

export const headers = privatePageHeaders;

/** The outbox, newest first, by the GET form's address, template and status; a filter that is not valid is shown with its message and left out. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.app, request);
  const url = new URL(request.url);
  const { query, errors } = lenientQuery(MailListQuerySchema, url.searchParams);
  const page = await listMail(context.app.db, query);
  // The list shows no bodies: each mail's page does.
  const data = page.data.map(({ text: _text, html: _html, headers: _headers, ...mail }) => mail);
  return json(
    {
      page: { ...page, data },
      errors,
      statuses: MAIL_STATUSES,
      filters: {
        to: url.searchParams.get("to") ?? "",
        template: url.searchParams.get("template") ?? "",
        status: url.searchParams.get("status") ?? "",
      },
      filtered: Boolean(query.to || query.template || query.status),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** The list's Retry (a form post per failed row): back to the same filtered list with a toast. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const viewer = await requireAdmin(app, request);
  const url = new URL(request.url);
  url.searchParams.delete("index");
  const back = `/admin/mail${url.search}`;
  const toast = toasts(app.env, request);
  const values = await readForm(request);
  const id = mailIdOf(typeof values.id === "string" ? values.id : undefined);
  if (values.intent !== "retry" || !id) return toast.redirectWithError(back, "That action is not available here.");
  try {
    await retryMail(app.db, actorOf(viewer), id);
    return toast.redirectWithSuccess(back, MAIL_MESSAGES.retried);
  } catch (error) {
    if (error instanceof ConflictError || error instanceof NotFoundError)
      return toast.redirectWithError(back, error.message);
    throw error;
  }
}

const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

export default function AdminMail() {
  const { page, errors, statuses, filters, filtered } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  const href = (number: number) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
    if (number > 1) params.set("page", String(number));
    const text = params.toString();
    return `/admin/mail${text ? `?${text}` : ""}`;
  };
  const summary =
    page.total === 0
      ? "No emails"
      : `Showing ${page.from}–${page.to} of ${page.total} email${page.total === 1 ? "" : "s"}`;
  return (
    <section aria-labelledby="admin-title">
      <AdminHeader
        title="Mail"
        description={`Every email the shop sent or tried to send: ${page.counts.queued} queued, ${page.counts.sent} sent, ${page.counts.failed} failed.`}
      />
      <FilterForm label="Filter emails">
        <div className="min-w-[14rem] flex-1">
          <label htmlFor="mail-to" className={adminLabel}>
            Address
          </label>
          <input
            id="mail-to"
            name="to"
            type="search"
            defaultValue={filters.to}
            placeholder="Part of the address"
            className={`${adminInput} mt-1`}
            aria-invalid={errors.to ? true : undefined}
            aria-describedby={errors.to ? "mail-to-error" : undefined}
          />
          <FieldError id="mail-to-error" messages={errors.to} alert />
        </div>
        <div>
          <label htmlFor="mail-template" className={adminLabel}>
            Template
          </label>
          <select
            id="mail-template"
            name="template"
            defaultValue={filters.template}
            className={`${adminInput} mt-1`}
            aria-invalid={errors.template ? true : undefined}
            aria-describedby={errors.template ? "mail-template-error" : undefined}
          >
            <option value="">All templates</option>
            {page.templates.map((template) => (
              <option key={template} value={template}>
                {template}
              </option>
            ))}
            {filters.template && !page.templates.includes(filters.template) ? (
              <option value={filters.template}>{filters.template}</option>
            ) : null}
          </select>
          <FieldError id="mail-template-error" messages={errors.template} alert />
        </div>
        <div>
          <label htmlFor="mail-status" className={adminLabel}>
            Status
          </label>
          <select
            id="mail-status"
            name="status"
            defaultValue={filters.status}
            className={`${adminInput} mt-1`}
            aria-invalid={errors.status ? true : undefined}
            aria-describedby={errors.status ? "mail-status-error" : undefined}
          >
            <option value="">All statuses</option>
            {statuses.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)} ({page.counts[status]})
              </option>
            ))}
          </select>
          <FieldError id="mail-status-error" messages={errors.status} alert />
        </div>
      </FilterForm>
      <p className="mt-4 text-sm text-gray-700" aria-live="polite">
        {summary}
      </p>
      <AdminTable
        caption="Emails, newest first"
        head={["To", "Subject", "Template", "Status", "Attempts", "Created", "Sent", "Actions"]}
      >
        {page.data.length === 0 ? (
          <EmptyRow columns={8}>
            {filtered
              ? "No emails match these filters."
              : "No emails yet. Order confirmations, password resets and other mail show here once the shop sends them."}
          </EmptyRow>
        ) : (
          page.data.map((mail) => (
            <tr key={mail.id}>
              <td className={`${cell} break-all`}>{mail.to}</td>
              <td className={cell}>
                <Link to={`/admin/mail/${mail.id}`} className="font-medium text-bloom-700 underline">
                  {mail.subject}
                </Link>
              </td>
              <td className={`${cell} whitespace-nowrap text-gray-700`}>{mail.template}</td>
              <td className={`${cell} whitespace-nowrap`}>
                <MailStatusBadge status={mail.status} />
              </td>
              <td className={cell}>{mail.attempts}</td>
              <td className={`${cell} whitespace-nowrap text-gray-700`}>{dateTime(mail.created_at)}</td>
              <td className={`${cell} whitespace-nowrap text-gray-700`}>
                {mail.sent_at ? dateTime(mail.sent_at) : "—"}
              </td>
              <td className={cell}>
                {mail.can_retry ? (
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
                ) : null}
              </td>
            </tr>
          ))
        )}
      </AdminTable>
      <Pagination currentPage={page.current_page} lastPage={page.last_page} href={href} />
    </section>
  );
}

export const ErrorBoundary = errorBoundary({
  failed: { title: "Could not load the outbox", message: "Please try again in a moment.", link: "retry" },
});
