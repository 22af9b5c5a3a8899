import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PlacedImg, type ImgPlace } from "~/components/img";
import { PANEL_CLASS } from "~/components/section";
import { OrderHeading } from "~/components/order-badges";
import { Price } from "~/components/price";
import { ORDER_LIST_PREVIEW_ITEMS } from "~/lib/constants";
import { pageMeta } from "~/lib/seo";
import { listMyOrders } from "~/services/orders.server";
import { privatePageHeaders, requireViewer } from "~/http/pages/guards.server";

const ORDER_PREVIEW_IMAGE: ImgPlace = {
  width: 48,
  height: 48,
  className: "h-12 w-12 rounded-lg bg-bloom-50 object-cover",
};

export const meta = pageMeta({ title: "My Orders", path: "/orders", noindex: true });

export const headers = privatePageHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(context.app, request);
  const orders = await listMyOrders(context.app.db, viewer.user.id);
  return json({ orders }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function OrdersPage() {
  const { orders } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="font-display text-3xl font-bold text-gray-900">My Orders</h1>
      {orders.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-bloom-100 bg-bloom-50 p-10 text-center">
          <p className="text-lg font-semibold text-gray-900">You have not placed any orders yet</p>
          <p className="mt-2 text-gray-700">When you do, you can follow them here.</p>
          <Link
            to="/products"
            className="mt-6 inline-block rounded-full bg-bloom-600 px-6 py-2.5 font-medium text-white hover:bg-bloom-700"
          >
            Start Shopping
          </Link>
        </div>
      ) : (
        <ul className="mt-8 grid gap-6">
          {orders.map((order) => {
            const more = order.items.length - ORDER_LIST_PREVIEW_ITEMS;
            return (
              <li key={order.id} className={PANEL_CLASS}>
                <OrderHeading order={order} level="h2" />
                <ul className="mt-4 divide-y divide-bloom-50">
                  {order.items.slice(0, ORDER_LIST_PREVIEW_ITEMS).map((item) => (
                    <li key={item.id} className="flex items-center gap-3 py-2 text-sm">
                      <PlacedImg place={ORDER_PREVIEW_IMAGE} src={item.image} />
                      <span className="flex-1 text-gray-900">{item.product_name}</span>
                      <span className="text-gray-700">
                        {item.quantity} × <Price cents={item.price_cents} />
                      </span>
                    </li>
                  ))}
                </ul>
                {more > 0 ? <p className="mt-1 text-sm text-gray-600">+{more} more items</p> : null}
                <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-bloom-100 pt-4">
                  <p className="font-semibold text-gray-900">
                    Total: <Price cents={order.total_cents} />
                  </p>
                  <Link
                    to={`/orders/${order.id}`}
                    className="font-medium text-bloom-700 underline hover:text-bloom-800"
                  >
                    View order {order.order_number}
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
