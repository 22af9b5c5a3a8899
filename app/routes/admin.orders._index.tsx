import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
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
} from "~/components/admin/ui";
import { errorBoundary } from "~/components/error-state";
import { FieldError } from "~/components/field-error";
import { PaymentBadge, StatusBadge } from "~/components/order-badges";
import { Pagination } from "~/components/pagination";
import { Price } from "~/components/price";
import { AdminOrderQuerySchema, ORDER_STATUSES } from "~/lib/order-lifecycle";
import { lenientQuery } from "~/lib/schemas/query";
import { rootSeo, seoMeta } from "~/lib/seo";
import { listAdminOrders } from "~/services/admin/orders.server";
import { privatePageHeaders, requireAdmin } from "~/http/pages/guards.server";

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), { title: "Orders", path: "/admin/orders", noindex: true });

export const headers = privatePageHeaders;

// The lifecycle's module (and its zod schemas) stays on the server: the page gets the statuses as data.

/** The orders, newest first, by the GET form's status and search; a filter that is not valid is shown with its message and left out. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.app, request);
  const url = new URL(request.url);
  const { query, errors } = lenientQuery(AdminOrderQuerySchema, url.searchParams);
  const page = await listAdminOrders(context.app.db, query);
  return json(
    {
      page,
      errors,
      statuses: ORDER_STATUSES,
      status: url.searchParams.get("status") ?? "",
      search: url.searchParams.get("search") ?? "",
      filtered: Boolean(query.status || query.search),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

export default function AdminOrders() {
  const { page, errors, statuses, status, search, filtered } = useLoaderData<typeof loader>();
  const href = (number: number) => {
    const params = new URLSearchParams();
    if (status) params.set("status", status);
    if (search) params.set("search", search);
    if (number > 1) params.set("page", String(number));
    const text = params.toString();
    return `/admin/orders${text ? `?${text}` : ""}`;
  };
  const summary =
    page.total === 0
      ? "No orders"
      : `Showing ${page.from}–${page.to} of ${page.total} order${page.total === 1 ? "" : "s"}`;
  return (
    <section aria-labelledby="admin-title">
      <AdminHeader
        title="Orders"
        description="Find an order, then confirm, ship and deliver it, and record the cash collected."
      />
      <FilterForm label="Filter orders">
        <div>
          <label htmlFor="order-status" className={adminLabel}>
            Status
          </label>
          <select
            id="order-status"
            name="status"
            defaultValue={status}
            className={`${adminInput} mt-1`}
            aria-invalid={errors.status ? true : undefined}
            aria-describedby={errors.status ? "order-status-error" : undefined}
          >
            <option value="">All statuses</option>
            {statuses.map((value) => (
              <option key={value} value={value}>
                {statusLabel(value)}
              </option>
            ))}
          </select>
          <FieldError id="order-status-error" messages={errors.status} alert />
        </div>
        <SearchFilter
          id="order-search"
          value={search}
          placeholder="Order number, email or name"
          messages={errors.search}
        />
      </FilterForm>
      <p className="mt-4 text-sm text-gray-700" aria-live="polite">
        {summary}
      </p>
      <AdminTable
        caption="Orders, newest first"
        head={["Order", "Placed", "Customer", "Items", "Total", "Status", "Payment"]}
      >
        {page.data.length === 0 ? (
          <EmptyRow columns={7}>
            {filtered
              ? "No orders match these filters."
              : "No orders yet. They will show here as soon as shoppers check out."}
          </EmptyRow>
        ) : (
          page.data.map((order) => (
            <tr key={order.id}>
              <td className={`${cell} whitespace-nowrap`}>
                <Link to={`/admin/orders/${order.id}`} className="font-medium text-bloom-700 underline">
                  {order.order_number}
                </Link>
              </td>
              <td className={`${cell} whitespace-nowrap text-gray-700`}>{dateTime(order.created_at)}</td>
              <td className={cell}>
                <span className="block text-gray-900">{order.customer.name}</span>
                <span className="block text-gray-600">
                  {order.customer.email}
                  {order.customer.guest ? " · Guest" : ""}
                </span>
              </td>
              <td className={cell}>{order.items_count}</td>
              <td className={`${cell} whitespace-nowrap`}>
                <Price cents={order.total_cents} />
              </td>
              <td className={`${cell} whitespace-nowrap`}>
                <StatusBadge status={order.status} />
              </td>
              <td className={`${cell} whitespace-nowrap`}>
                <PaymentBadge status={order.payment_status} />
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
  failed: { title: "Could not load the orders", message: "Please try again in a moment.", link: "retry" },
});
