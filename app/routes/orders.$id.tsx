import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BackLink } from "~/components/back-link";
import { OrderHeading } from "~/components/order-badges";
import { OrderAddresses } from "~/components/order-address";
import { OrderItemList } from "~/components/order-items";
import { PlacedOrderTotals } from "~/components/order-totals";
import { rootSeo, seoMeta } from "~/lib/seo";
import { myOrder } from "~/http/pages/papers.server";
import { privatePageHeaders } from "~/http/pages/guards.server";
import { BACK_TO_ORDERS, MyOrderError } from "~/components/order-papers";
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
  const order = await myOrder(context.app, request, params.id);
  return json({ order }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function OrderPage() {
  const { order } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <BackLink {...BACK_TO_ORDERS} />
      <OrderHeading order={order} level="h1" className="mt-4" />
      <p className="mt-3 text-sm">
        <a href={`/orders/${order.id}/invoice`} className="font-medium text-bloom-700 underline hover:text-bloom-800">
          Invoice
        </a>
      </p>
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
      <OrderAddresses order={order} />
    </div>
  );
}

export const ErrorBoundary = MyOrderError;
