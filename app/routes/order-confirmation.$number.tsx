import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { DeliveryDate, OrderBadges, orderDate } from "~/components/order-badges";
import { OrderAddresses } from "~/components/order-address";
import { OrderItemList } from "~/components/order-items";
import { PlacedOrderTotals } from "~/components/order-totals";
import { rootSeo, seoMeta } from "~/lib/seo";
import { GUEST_ORDER_HEADERS, signedOrder } from "~/http/pages/papers.server";
import { GuestOrderError } from "~/components/order-papers";
import { PANEL_CLASS } from "~/components/section";

export const meta: MetaFunction = ({ matches, params }) =>
  seoMeta(rootSeo(matches), {
    title: "Thank you for your order",
    path: `/order-confirmation/${params.number}`,
    noindex: true,
  });

/**
 * A guest's confirmation: the link the checkout sent them to carries a signature of the order
 * number (`signedOrder`), which links its invoice too.
 */
export const headers: HeadersFunction = () => GUEST_ORDER_HEADERS;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { order, signature } = await signedOrder(context.app, request, params.number ?? "");
  const invoice = `/order-confirmation/${encodeURIComponent(order.order_number)}/invoice?sig=${encodeURIComponent(signature)}`;
  return json({ order, invoice }, { headers: GUEST_ORDER_HEADERS });
}

export default function OrderConfirmationPage() {
  const { order, invoice } = useLoaderData<typeof loader>();
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
        <DeliveryDate date={order.delivery_date} className="mt-2 text-sm text-gray-800" />
        <OrderItemList items={order.items} className="mt-4" />
        <PlacedOrderTotals order={order} totalLabel="Total to pay on delivery" />
        <p className="mt-4 text-sm">
          <a href={invoice} className="font-medium text-bloom-700 underline hover:text-bloom-800">
            Invoice
          </a>
        </p>
      </section>
      {/* A gift: who receives it and who pays, and the card (the confirmation shows no address otherwise). */}
      {order.gift ? <OrderAddresses order={order} /> : null}
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

export const ErrorBoundary = GuestOrderError;
