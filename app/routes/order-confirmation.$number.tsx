import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { OrderBadges, orderDate } from "~/components/order-badges";
import { OrderItemList } from "~/components/order-items";
import { PlacedOrderTotals } from "~/components/order-totals";
import { rootSeo, seoMeta } from "~/lib/seo";
import { getOrderByNumber } from "~/services/orders.server";
import { verifySignature } from "~/http/signature.server";
import { errorBoundary, HOME_LINK } from "~/components/error-state";
import { PANEL_CLASS } from "~/components/section";

export const meta: MetaFunction = ({ matches, params }) =>
  seoMeta(rootSeo(matches), {
    title: "Thank you for your order",
    path: `/order-confirmation/${params.number}`,
    noindex: true,
  });

/**
 * A guest's confirmation: the link the checkout sent them to carries a signature of the order
 * number, so nobody can read another shopper's order by guessing numbers.
 */
/** Never cached, and the signed address never leaks to another site through the Referer header. */
export const headers: HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
});

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { app } = context;
  const number = params.number ?? "";
  const signature = new URL(request.url).searchParams.get("sig");
  const order = (await verifySignature(app.env, "order", number, signature))
    ? await getOrderByNumber(app.db, number)
    : null;
  if (!order) throw json({ message: "Order Not Found" }, { status: 404 });
  return json({ order }, { headers: { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" } });
}

export default function OrderConfirmationPage() {
  const { order } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <div className="rounded-2xl border border-green-200 bg-green-50 p-6 text-center">
        <h1 className="font-display text-3xl font-bold text-gray-900">Thank you for your order!</h1>
        <p className="mt-2 text-gray-700">
          Your order number is <strong data-testid="order-number">{order.order_number}</strong>. We sent the details to{" "}
          {order.email}.
        </p>
      </div>
      <section aria-labelledby="items-heading" className={`mt-8 ${PANEL_CLASS}`}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="items-heading" className="font-semibold text-gray-900">
            Placed on {orderDate(order.created_at)}
          </h2>
          <OrderBadges order={order} className="flex gap-2" />
        </div>
        <OrderItemList items={order.items} className="mt-4" />
        <PlacedOrderTotals order={order} totalLabel="Total to pay on delivery" />
      </section>
      <section aria-labelledby="next-heading" className={`mt-8 ${PANEL_CLASS}`}>
        <h2 id="next-heading" className="font-semibold text-gray-900">
          What happens next
        </h2>
        <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm text-gray-700">
          <li>We twist, shape and wrap your bouquet by hand, usually within two business days.</li>
          <li>The courier brings it to the address you gave us and calls ahead if you left a phone number.</li>
          <li>
            You pay the total above in cash when it arrives. Questions? Quote your order number on the contact page.
          </li>
        </ol>
        <p className="mt-4 text-sm text-gray-700">
          Keep this page's address to look at your order again, or{" "}
          <Link to="/register" className="font-medium text-bloom-700 underline">
            create an account
          </Link>{" "}
          to follow your next orders.
        </p>
      </section>
      <div className="mt-8 text-center">
        <Link
          to="/products"
          className="inline-block rounded-full bg-bloom-600 px-6 py-3 font-medium text-white hover:bg-bloom-700"
        >
          Continue Shopping
        </Link>
      </div>
    </div>
  );
}

const ORDER_GONE = "This order may not exist, or you may not have permission to view it.";
export const ErrorBoundary = errorBoundary({
  notFound: { title: "Order Not Found", message: ORDER_GONE, link: HOME_LINK },
  failed: { title: "Failed to fetch order details", message: ORDER_GONE, link: HOME_LINK },
});
