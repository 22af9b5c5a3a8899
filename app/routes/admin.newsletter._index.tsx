import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { adminPageMeta, adminPageError } from "~/components/admin/admin-page";
import { FilteredListPage } from "~/components/admin/list-page";
import { DownloadCsvLink } from "~/components/admin/ui";
import { listHref } from "~/lib/admin-list";
import { NEWSLETTER_STATUSES, NewsletterListQuerySchema, type NewsletterStatus } from "~/lib/schemas/newsletter";
import { listSubscribers } from "~/services/newsletter.server";
import { privateJson, readAdminList } from "~/http/pages/admin-pages.server";

export const meta = adminPageMeta("Newsletter", "/admin/newsletter");

/** The newsletter's subscribers, newest first, by the GET form's status and search; a filter that is not valid is shown with its message and left out. */
export async function loader(args: LoaderFunctionArgs) {
  const { app, query, list } = await readAdminList(args, NewsletterListQuerySchema, ["status", "search"]);
  const page = await listSubscribers(app.db, query);
  // The filters as read (a status refused shows as all of them), so the CSV link gets what the list shows.
  const filters = { status: query.status ?? "", search: query.search ?? list.filters.search };
  return privateJson({ page, ...list, filters });
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

export default function AdminNewsletter() {
  const list = useLoaderData<typeof loader>();
  const { page, filters } = list;
  return (
    <FilteredListPage
      title="Newsletter"
      description={`Everyone who signed up in the footer: ${page.counts.subscribed} subscribed, ${page.counts.pending} waiting to confirm, ${page.counts.unsubscribed} unsubscribed.`}
      // With the list's filters.
      actions={<DownloadCsvLink href={listHref("/admin/newsletter.csv", filters)} />}
      noun="subscriber"
      list={list}
      filters={[
        { type: "search", placeholder: "Part of the address" },
        {
          type: "status",
          statuses: NEWSLETTER_STATUSES,
          label: (status) =>
            `${STATUS_LABELS[status as NewsletterStatus]} (${page.counts[status as NewsletterStatus]})`,
        },
      ]}
      empty="No subscribers yet. Sign-ups from the footer's form show here."
      columns={[
        { head: "Email", className: "break-all font-medium text-gray-900", render: (subscriber) => subscriber.email },
        {
          head: "Status",
          className: "whitespace-nowrap",
          render: (subscriber) => (
            <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLES[subscriber.status]}`}>
              {STATUS_LABELS[subscriber.status]}
            </span>
          ),
        },
        { head: "Signed up", date: (subscriber) => subscriber.created_at },
        { head: "Confirmed", date: (subscriber) => subscriber.subscribed_at, missing: "—" },
        { head: "Unsubscribed", date: (subscriber) => subscriber.unsubscribed_at, missing: "—" },
      ]}
    />
  );
}

export const ErrorBoundary = adminPageError("Could not load the subscribers");
