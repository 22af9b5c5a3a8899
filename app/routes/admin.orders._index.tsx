import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { adminPageMeta, adminPageError } from "~/components/admin/admin-page";
import { FilteredListPage } from "~/components/admin/list-page";
import { PaymentBadge, StatusBadge } from "~/components/order-badges";
import { Price } from "~/components/price";
import { AdminOrderQuerySchema, ORDER_STATUSES } from "~/lib/order-lifecycle";
import { listAdminOrders } from "~/services/admin/orders.server";
import { shopToday } from "~/http/shop-day.server";
import { shortDeliveryDate } from "~/lib/delivery";
import { privateJson, readAdminList } from "~/http/pages/admin-pages.server";
import { RowLink, SearchFilter, secondaryButton, StatusFilter } from "~/components/admin/ui";

export const meta = adminPageMeta("Orders", "/admin/orders");

// The lifecycle's module (and its zod schemas) stays on the server: the page gets the statuses as data.

/** The orders, newest first, by the GET form's status and search; a filter that is not valid is shown with its message and left out. */
export async function loader(args: LoaderFunctionArgs) {
  const { app, query, list } = await readAdminList(args, AdminOrderQuerySchema, [
    "status",
    "search",
    "delivery_date",
    "delivery",
  ]);
  const today = query.delivery ? await shopToday(app) : undefined;
  return privateJson({ page: await listAdminOrders(app.db, query, today), statuses: ORDER_STATUSES, ...list });
}

/**
 * The orders as a CSV file (one row per order line): a plain GET form, so the browser downloads
 * the file with or without JavaScript; its days are UTC days of placing, both included.
 */
function ExportOrders({ statuses }: { statuses: readonly string[] }) {
  return (
    <form
      method="get"
      action="/admin/orders.csv"
      aria-label="Export orders"
      noValidate
      className="mt-6 flex flex-wrap items-end gap-3 rounded-2xl border border-bloom-100 p-4"
    >
      <SearchFilter id="export-from" name="from" label="Placed from (UTC)" value="" type="date" />
      <SearchFilter id="export-to" name="to" label="Placed to (UTC)" value="" type="date" />
      <StatusFilter id="export-status" value="" statuses={statuses} />
      <button type="submit" className={secondaryButton}>
        Download CSV
      </button>
    </form>
  );
}

export default function AdminOrders() {
  const list = useLoaderData<typeof loader>();
  return (
    <FilteredListPage
      title="Orders"
      description="Find an order, then confirm, ship and deliver it, and record the cash collected."
      intro={<ExportOrders statuses={list.statuses} />}
      noun="order"
      list={list}
      filters={[
        { type: "status", statuses: list.statuses },
        { type: "search", placeholder: "Order number, email or name" },
        { type: "date", name: "delivery_date", label: "Delivery date" },
        {
          type: "select",
          name: "delivery",
          label: "Delivery",
          all: "Any day",
          options: [
            { value: "today", label: "Today" },
            { value: "tomorrow", label: "Tomorrow" },
          ],
        },
      ]}
      empty="No orders yet. They will show here as soon as shoppers check out."
      columns={[
        {
          head: "Order",
          className: "whitespace-nowrap",
          render: (order) => <RowLink to={`/admin/orders/${order.id}`}>{order.order_number}</RowLink>,
        },
        { head: "Placed", date: (order) => order.created_at },
        {
          head: "Delivery",
          className: "whitespace-nowrap",
          render: (order) => (order.delivery_date ? shortDeliveryDate(order.delivery_date) : "—"),
        },
        {
          head: "Customer",
          render: (order) => (
            <>
              <span className="block text-gray-900">{order.customer.name}</span>
              <span className="block text-gray-600">
                {order.customer.email}
                {order.customer.guest ? " · Guest" : ""}
              </span>
            </>
          ),
        },
        { head: "Items", render: (order) => order.items_count },
        { head: "Total", className: "whitespace-nowrap", render: (order) => <Price cents={order.total_cents} /> },
        { head: "Status", className: "whitespace-nowrap", render: (order) => <StatusBadge status={order.status} /> },
        {
          head: "Payment",
          className: "whitespace-nowrap",
          render: (order) => <PaymentBadge status={order.payment_status} />,
        },
      ]}
    />
  );
}

export const ErrorBoundary = adminPageError("Could not load the orders");
