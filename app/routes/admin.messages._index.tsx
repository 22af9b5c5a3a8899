import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { adminPageMeta, adminPageError } from "~/components/admin/admin-page";
import { AdminListPage } from "~/components/admin/list-page";
import { dateTime, RowLink } from "~/components/admin/ui";
import { listHref } from "~/lib/admin-list";
import { MESSAGE_STATUSES, MessageListQuerySchema, type MessageStatus } from "~/lib/schemas/admin-people";
import { lenientQuery } from "~/lib/schemas/query";
import { listMessages } from "~/services/admin/messages.server";
import { privateJson } from "~/http/pages/admin-pages.server";
import { requireAdmin } from "~/http/pages/guards.server";

export const meta = adminPageMeta("Messages", "/admin/messages");

const STATUS_TABS: Record<MessageStatus, string> = { unread: "Unread", read: "Read", archived: "Archived" };

/** One tab of the inbox (Unread unless the link says otherwise), newest first; an unknown tab shows Unread. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.app, request);
  const { query } = lenientQuery(MessageListQuerySchema, new URL(request.url).searchParams);
  const status: MessageStatus = query.status ?? "unread";
  const page = await listMessages(context.app.db, { ...query, status });
  return privateJson({ page, status });
}

const EMPTY: Record<MessageStatus, string> = {
  unread: "No unread messages. New messages from the contact form show here.",
  read: "No read messages.",
  archived: "No archived messages.",
};

export default function AdminMessages() {
  const { page, status } = useLoaderData<typeof loader>();
  // Unread is the inbox's own address: the other tabs say theirs.
  const filtersOf = (tab: MessageStatus) => ({ status: tab === "unread" ? "" : tab });
  return (
    <AdminListPage
      title="Messages"
      description="The contact form's inbox: open a message to read it, then archive it once answered."
      intro={
        <nav aria-label="Inbox" className="mt-6">
          <ul className="flex flex-wrap gap-2 text-sm font-medium">
            {MESSAGE_STATUSES.map((tab) => (
              <li key={tab}>
                <Link
                  to={listHref("/admin/messages", filtersOf(tab))}
                  aria-current={tab === status ? "page" : undefined}
                  className={`inline-flex items-center gap-2 rounded-full border px-4 py-2 ${
                    tab === status
                      ? "border-bloom-600 bg-bloom-600 text-white"
                      : "border-bloom-300 bg-white text-bloom-800 hover:bg-bloom-50"
                  }`}
                >
                  {STATUS_TABS[tab]} ({page.counts[tab]})
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      }
      table={{
        caption: `${STATUS_TABS[status]} messages, newest first`,
        rows: page.data,
        empty: EMPTY[status],
        rowClassName: (message) => (message.status === "unread" ? "font-semibold" : undefined),
        columns: [
          {
            head: "Subject",
            render: (message) =>
              message.status === "unread" ? (
                // Opening marks it read: a form post (never a GET), which then shows the message.
                <Form method="post" action={`/admin/messages/${message.id}`}>
                  <input type="hidden" name="intent" value="open" />
                  <button
                    type="submit"
                    className="text-left font-semibold text-bloom-700 underline hover:text-bloom-800"
                  >
                    {message.subject}
                  </button>
                </Form>
              ) : (
                <RowLink to={`/admin/messages/${message.id}`}>{message.subject}</RowLink>
              ),
          },
          {
            head: "From",
            render: (message) => (
              <>
                <span className="block text-gray-900">{message.name}</span>
                <span className="block break-all font-normal text-gray-600">{message.email}</span>
              </>
            ),
          },
          {
            head: "Received",
            className: "whitespace-nowrap font-normal text-gray-700",
            render: (message) => dateTime(message.created_at),
          },
        ],
      }}
      page={{ ...page, path: "/admin/messages", filters: filtersOf(status) }}
    />
  );
}

export const ErrorBoundary = adminPageError("Could not load the messages");
