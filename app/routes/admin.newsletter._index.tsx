import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import {
  AdminHeader,
  AdminTable,
  adminInput,
  adminLabel,
  cell,
  dateTime,
  EmptyRow,
  FilterForm,
  SearchFilter,
  secondaryButton,
} from "~/components/admin/ui";
import { errorBoundary } from "~/components/error-state";
import { FieldError } from "~/components/field-error";
import { Pagination } from "~/components/pagination";
import { NEWSLETTER_STATUSES, NewsletterListQuerySchema, type NewsletterStatus } from "~/lib/schemas/newsletter";
import { lenientQuery } from "~/lib/schemas/query";
import { rootSeo, seoMeta } from "~/lib/seo";
import { listSubscribers } from "~/services/newsletter.server";
import { privatePageHeaders, requireAdmin } from "~/http/pages/guards.server";

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), { title: "Newsletter", path: "/admin/newsletter", noindex: true });

export const headers = privatePageHeaders;

/** The newsletter's subscribers, newest first, by the GET form's status and search; a filter that is not valid is shown with its message and left out. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.app, request);
  const url = new URL(request.url);
  const { query, errors } = lenientQuery(NewsletterListQuerySchema, url.searchParams);
  const page = await listSubscribers(context.app.db, query);
  return json(
    {
      page,
      errors,
      filters: { status: query.status ?? "", search: query.search ?? url.searchParams.get("search") ?? "" },
      filtered: Boolean(query.status || query.search),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const STATUS_LABELS: Record<NewsletterStatus, string> = {
  pending: "Pending",
  subscribed: "Subscribed",
  unsubscribed: "Unsubscribed",
};
const STATUS_STYLES: Record<NewsletterStatus, string> = {
  pending: "bg-amber-100 text-amber-900",
  subscribed: "bg-green-100 text-green-800",
  unsubscribed: "bg-gray-100 text-gray-800",
};

const withQuery = (path: string, filters: { status: string; search: string }, page = 1) => {
  const params = new URLSearchParams();
  if (filters.status) params.set("status", filters.status);
  if (filters.search) params.set("search", filters.search);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return `${path}${text ? `?${text}` : ""}`;
};

export default function AdminNewsletter() {
  const { page, errors, filters, filtered } = useLoaderData<typeof loader>();
  const summary =
    page.total === 0
      ? "No subscribers"
      : `Showing ${page.from}–${page.to} of ${page.total} subscriber${page.total === 1 ? "" : "s"}`;
  return (
    <section aria-labelledby="admin-title">
      <AdminHeader
        title="Newsletter"
        description={`Everyone who signed up in the footer: ${page.counts.subscribed} subscribed, ${page.counts.pending} waiting to confirm, ${page.counts.unsubscribed} unsubscribed.`}
        actions={
          // A file to download, not a page: a plain link (the browser saves it), with the list's filters.
          <a href={withQuery("/admin/newsletter.csv", filters)} className={secondaryButton} download>
            Download CSV
          </a>
        }
      />
      <FilterForm label="Filter subscribers">
        <SearchFilter
          id="subscriber-search"
          value={filters.search}
          placeholder="Part of the address"
          messages={errors.search}
        />
        <div>
          <label htmlFor="subscriber-status" className={adminLabel}>
            Status
          </label>
          <select
            id="subscriber-status"
            name="status"
            defaultValue={filters.status}
            className={`${adminInput} mt-1`}
            aria-invalid={errors.status ? true : undefined}
            aria-describedby={errors.status ? "subscriber-status-error" : undefined}
          >
            <option value="">All statuses</option>
            {NEWSLETTER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]} ({page.counts[status]})
              </option>
            ))}
          </select>
          <FieldError id="subscriber-status-error" messages={errors.status} alert />
        </div>
      </FilterForm>
      <p className="mt-4 text-sm text-gray-700" aria-live="polite">
        {summary}
      </p>
      <AdminTable
        caption="Subscribers, newest first"
        head={["Email", "Status", "Signed up", "Confirmed", "Unsubscribed"]}
      >
        {page.data.length === 0 ? (
          <EmptyRow columns={5}>
            {filtered
              ? "No subscribers match these filters."
              : "No subscribers yet. Sign-ups from the footer's form show here."}
          </EmptyRow>
        ) : (
          page.data.map((subscriber) => (
            <tr key={subscriber.id}>
              <td className={`${cell} break-all font-medium text-gray-900`}>{subscriber.email}</td>
              <td className={`${cell} whitespace-nowrap`}>
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLES[subscriber.status]}`}>
                  {STATUS_LABELS[subscriber.status]}
                </span>
              </td>
              <td className={`${cell} whitespace-nowrap text-gray-700`}>{dateTime(subscriber.created_at)}</td>
              <td className={`${cell} whitespace-nowrap text-gray-700`}>
                {subscriber.subscribed_at ? dateTime(subscriber.subscribed_at) : "—"}
              </td>
              <td className={`${cell} whitespace-nowrap text-gray-700`}>
                {subscriber.unsubscribed_at ? dateTime(subscriber.unsubscribed_at) : "—"}
              </td>
            </tr>
          ))
        )}
      </AdminTable>
      <Pagination
        currentPage={page.current_page}
        lastPage={page.last_page}
        href={(number) => withQuery("/admin/newsletter", filters, number)}
      />
    </section>
  );
}

export const ErrorBoundary = errorBoundary({
  failed: { title: "Could not load the subscribers", message: "Please try again in a moment.", link: "retry" },
});
