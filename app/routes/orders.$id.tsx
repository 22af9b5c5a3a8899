import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BackLink } from "~/components/back-link";
import { OrderHeading } from "~/components/order-badges";
import { AddressLines } from "~/components/order-address";
import { OrderItemList } from "~/components/order-items";
import { PlacedOrderTotals } from "~/components/order-totals";
import { parseId } from "~/lib/ids";
import { rootSeo, seoMeta } from "~/lib/seo";
import { getMyOrder } from "~/services/orders.server";
import { privatePageHeaders, requireViewer } from "~/http/pages/guards.server";
import { errorBoundary } from "~/components/error-state";
import { PANEL_CLASS } from "~/components/section";

export const meta: MetaFunction<typeof loader> = ({ matches, data, params }) =>
  seoMeta(rootSeo(matches), {
    title: data ? `Order ${data.order.order_number}` : "Order Not Found",
    path: `/orders/${params.id}`,
    noindex: true,
  });

export const headers = privatePageHeaders;

/** The order, when it is the viewer's; an unknown order and another user's answer the same 404. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(context.app, request);
  const id = parseId(params.id);
  const order = id ? await getMyOrder(context.app.db, viewer.user.id, id) : null;
  if (!order) throw json({ message: "Order Not Found" }, { status: 404 });
  return json({ order }, { headers: { "Cache-Control": "private, no-store" } });
}

const BACK_TO_ORDERS = { to: "/orders", label: "Back to My Orders" };

function AddressBlock({ title, text }: { title: string; text: string }) {
  return (
    <section className="rounded-2xl border border-bloom-100 bg-white p-6 text-sm shadow-sm">
      <h2 className="font-semibold text-gray-900">{title}</h2>
      <AddressLines text={text} />
    </section>
  );
}

export default function OrderPage() {
  const { order } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <BackLink {...BACK_TO_ORDERS} />
      <OrderHeading order={order} level="h1" className="mt-4" />
      <section aria-labelledby="items-heading" className={`mt-8 ${PANEL_CLASS}`}>
        <h2 id="items-heading" className="font-semibold text-gray-900">
          Items
        </h2>
        <OrderItemList items={order.items} className="mt-2" />
        <PlacedOrderTotals order={order} />
        <p className="mt-4 text-sm text-gray-700">
          Payment: Cash on Delivery{order.shipping_method_name ? ` · Shipping: ${order.shipping_method_name}` : ""}
        </p>
        {order.notes ? <p className="mt-2 text-sm text-gray-700">Notes: {order.notes}</p> : null}
      </section>
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <AddressBlock title="Shipping address" text={order.shipping_address} />
        <AddressBlock title="Billing address" text={order.billing_address} />
      </div>
    </div>
  );
}

export const ErrorBoundary = errorBoundary({
  notFound: {
    title: "Order Not Found",
    message: "This order may not exist, or you may not have permission to view it.",
    link: BACK_TO_ORDERS,
  },
  failed: {
    title: "Failed to fetch order details",
    message: "We could not load this order. Please try again in a moment.",
    link: BACK_TO_ORDERS,
  },
});
