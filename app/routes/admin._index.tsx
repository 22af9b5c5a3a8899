import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { OrdersChart } from "~/components/admin/orders-chart";
import { AdminCard, AdminHeader, AdminTable, cell, dateTime, EmptyRow } from "~/components/admin/ui";
import { OrderBadges } from "~/components/order-badges";
import { Price, useCurrency } from "~/components/price";
import { requireAdmin } from "~/http/pages/guards.server";
import { ORDER_STATUSES } from "~/lib/order-statuses";
import { toCents } from "~/lib/money";
import { mailNotDelivered } from "~/services/admin/mail.server";
import { getDashboard } from "~/services/admin/stats.server";
import { shopToday } from "~/http/shop-day.server";
import { shortDeliveryDate } from "~/lib/delivery";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.app, request);
  const now = new Date();
  const dashboard = await getDashboard(context.app.db, now, await shopToday(context.app, now));
  // A production shop without a mail transport keeps every email in the outbox: staff are told.
  return json(
    { ...dashboard, mailNotDelivered: mailNotDelivered(context.app.env) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

function Figure({
  label,
  value,
  detail,
  to,
}: {
  label: string;
  value: React.ReactNode;
  detail?: React.ReactNode;
  to?: string;
}) {
  const body = (
    <>
      <dt className="text-sm font-medium text-gray-600">{label}</dt>
      <dd className="mt-1 font-display text-3xl font-bold text-gray-900">{value}</dd>
      {detail ? <dd className="mt-1 text-sm text-gray-600">{detail}</dd> : null}
    </>
  );
  const frame = "block h-full rounded-2xl border border-bloom-100 bg-white p-5 shadow-sm";
  return (
    <div>
      {to ? (
        <Link to={to} className={`${frame} hover:border-bloom-300`}>
          <dl>{body}</dl>
        </Link>
      ) : (
        <dl className={frame}>{body}</dl>
      )}
    </div>
  );
}

export default function AdminDashboard() {
  const { stats, days, latest, lowStockThreshold, mailNotDelivered } = useLoaderData<typeof loader>();
  const currency = useCurrency();
  const money = (units: number) => <Price cents={toCents(units)} />;
  return (
    <section aria-labelledby="admin-title">
      <AdminHeader
        title="Dashboard"
        description="Orders, cash and stock at a glance (days in UTC; deliveries in the shop's time zone)."
      />
      {mailNotDelivered ? (
        <div role="alert" className="mt-6 rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-semibold">Email is not configured: mail is kept in the outbox and not delivered.</p>
          <p className="mt-1">
            Set RESEND_API_KEY and MAIL_FROM (README, Deploying). Customers get no order or password reset emails until
            then;{" "}
            <Link to="/admin/mail" className="font-medium underline">
              see the outbox
            </Link>
            .
          </p>
        </div>
      ) : null}
      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Figure
          label="Orders today"
          value={stats.orders.today}
          detail={<>worth {money(stats.orders.value.today)}</>}
          to="/admin/orders"
        />
        <Figure
          label="Last 7 days"
          value={stats.orders.last_7_days}
          detail={<>worth {money(stats.orders.value.last_7_days)}</>}
        />
        <Figure
          label="Last 30 days"
          value={stats.orders.last_30_days}
          detail={<>worth {money(stats.orders.value.last_30_days)}</>}
        />
        <Figure
          label="Cash collected"
          value={money(stats.revenue.collected)}
          detail={<>of {money(stats.revenue.placed)} placed</>}
        />
        <Figure
          label="Deliveries today"
          value={stats.deliveries.today.orders}
          detail={shortDeliveryDate(stats.deliveries.today.date)}
          to="/admin/orders?delivery=today"
        />
        <Figure
          label="Deliveries tomorrow"
          value={stats.deliveries.tomorrow.orders}
          detail={shortDeliveryDate(stats.deliveries.tomorrow.date)}
          to="/admin/orders?delivery=tomorrow"
        />
        <Figure label="Unread messages" value={stats.messages.unread} to="/admin/messages" />
        <Figure label="Reviews to approve" value={stats.reviews.pending} to="/admin/reviews" />
        <Figure
          label="Customers"
          value={stats.customers.total}
          detail={`${stats.customers.new_last_7_days} new in 7 days`}
          to="/admin/users"
        />
        <Figure
          label="Low stock"
          value={stats.products.low_stock}
          detail={`${lowStockThreshold} or fewer left`}
          to="/admin/products?low_stock=1"
        />
        <Figure
          label="Out of stock"
          value={stats.products.out_of_stock}
          detail={`of ${stats.products.active} products on sale`}
          to="/admin/products?low_stock=1"
        />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <AdminCard id="chart-heading" title="Orders per day, last 30 days">
          <OrdersChart days={days} currency={currency} />
        </AdminCard>
        <AdminCard id="status-heading" title="Orders by status">
          <ul className="mt-3 divide-y divide-bloom-50 text-sm">
            {ORDER_STATUSES.map((status) => (
              <li key={status}>
                <Link to={`/admin/orders?status=${status}`} className="flex justify-between py-2 hover:text-bloom-800">
                  <span>{statusLabel(status)}</span>
                  <span className="font-semibold">{stats.orders.by_status[status]}</span>
                </Link>
              </li>
            ))}
            <li className="flex justify-between py-2 font-semibold">
              <span>All orders</span>
              <span>{stats.orders.total}</span>
            </li>
          </ul>
        </AdminCard>
      </div>

      <section aria-labelledby="latest-heading" className="mt-8">
        <div className="flex items-center justify-between">
          <h2 id="latest-heading" className="text-lg font-semibold text-gray-900">
            Latest orders
          </h2>
          <Link to="/admin/orders" className="text-sm font-medium text-bloom-800 underline">
            All orders
          </Link>
        </div>
        <AdminTable caption="Latest orders" head={["Order", "Placed", "Customer", "Total", "Status"]}>
          {latest.length === 0 ? (
            <EmptyRow columns={5}>No orders yet.</EmptyRow>
          ) : (
            latest.map((order) => (
              <tr key={order.id}>
                <td className={cell}>
                  <Link to={`/admin/orders/${order.id}`} className="font-medium text-bloom-800 underline">
                    {order.order_number}
                  </Link>
                </td>
                <td className={cell}>{dateTime(order.created_at)}</td>
                <td className={cell}>
                  {order.customer_name}
                  <span className="block text-xs text-gray-600">{order.email}</span>
                </td>
                <td className={cell}>
                  <Price cents={order.total_cents} />
                </td>
                <td className={cell}>
                  <OrderBadges order={order} />
                </td>
              </tr>
            ))
          )}
        </AdminTable>
      </section>
    </section>
  );
}
