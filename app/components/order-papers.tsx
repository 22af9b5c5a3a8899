import type { ReactNode } from "react";
import type { MetaFunction } from "@remix-run/cloudflare";
import { AddressLines, CardMessage } from "./order-address";
import { DeliveryDate, orderDate, paymentStatusText } from "./order-badges";
import { OrderItemTable } from "./order-items";
import { PlacedOrderTotals } from "./order-totals";
import { useRootData } from "./use-root-data";
import { errorBoundary, HOME_LINK } from "./error-state";
import { formatDeliveryDate } from "~/lib/delivery";
import { siteConfigFromSettings } from "~/lib/site";
import { rootSeo, seoMeta } from "~/lib/seo";
import type { PaperHandle } from "~/lib/paper";
import type { OrderView } from "~/services/serializers/order";
import printStyles from "~/styles/print.css?url";

/**
 * The papers of an order, printed on A4 (gifting.md section 5): the packing slip that goes in the
 * parcel and the invoice. Plain server-rendered pages, without the shop's header and footer.
 */

/** What a paper's route exports besides its loader: the bare document and the print style sheet. */
export const paperHandle: PaperHandle = { paper: true };
export const paperLinks = () => [{ rel: "stylesheet", href: printStyles }];

/** A paper's title ("Invoice INV-2026-000042"), never listed by search engines. */
export function paperMeta(title: (order: OrderView) => string): MetaFunction {
  return ({ matches, data, location }) =>
    seoMeta(rootSeo(matches), {
      title: data ? title((data as { order: OrderView }).order) : "Order Not Found",
      path: location.pathname,
      noindex: true,
    });
}

const ORDER_GONE = "This order may not exist, or you may not have permission to view it.";

export const BACK_TO_ORDERS = { to: "/orders", label: "Back to My Orders" };

/** The error screen of a shopper's order and of its invoice. */
export const MyOrderError = errorBoundary({
  notFound: {
    title: "Order Not Found",
    message: ORDER_GONE,
    link: BACK_TO_ORDERS,
  },
  failed: {
    title: "Failed to fetch order details",
    message: "We could not load this order. Please try again in a moment.",
    link: BACK_TO_ORDERS,
  },
});

/** The error screen of a guest's confirmation and of its invoice. */
export const GuestOrderError = errorBoundary({
  notFound: { title: "Order Not Found", message: ORDER_GONE, link: HOME_LINK },
  failed: { title: "Failed to fetch order details", message: ORDER_GONE, link: HOME_LINK },
});

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The shop's name and contact, at the head of a paper. */
function ShopHeading() {
  const site = useRootData()?.site ?? siteConfigFromSettings({});
  const contact = [site.contact.contact_address, site.contact.contact_email, site.contact.contact_phone]
    .map(text)
    .filter(Boolean);
  return (
    <div>
      <p className="font-display text-2xl font-bold text-bloom-700">{site.name}</p>
      {contact.map((line) => (
        <p key={line} className="text-sm text-gray-700">
          {line}
        </p>
      ))}
    </div>
  );
}

/**
 * A paper: the Print button (the browser's print dialogue; without JavaScript, the words to use
 * the browser's own Print), the shop at its head, the `title` and what the paper holds.
 */
function Paper({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="paper mx-auto max-w-3xl bg-white p-8 text-gray-900 print:max-w-none print:p-0">
      <div className="mb-6 flex items-center justify-end gap-3 print:hidden">
        <button
          type="button"
          onClick={() => window.print()}
          className="js-only rounded-full bg-bloom-600 px-5 py-2 text-sm font-medium text-white hover:bg-bloom-700"
        >
          Print
        </button>
        <p className="no-js-only text-sm text-gray-700">To print, use your browser&apos;s Print (Ctrl+P or ⌘P).</p>
      </div>
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-gray-300 pb-4">
        <ShopHeading />
        <h1 className="text-2xl font-bold">{title}</h1>
      </header>
      {children}
    </main>
  );
}

function PaperSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-5 break-inside-avoid">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-gray-600">{title}</h2>
      {children}
    </section>
  );
}

/** Whether a packing slip shows the prices: a gift's only when its buyer did not hide them. */
export const slipShowsPrices = (order: Pick<OrderView, "gift">) => !order.gift?.hide_prices;

/** The packing slip: where the parcel goes, what is in it, the card; the prices unless a gift hides them. */
export function PackingSlip({ order }: { order: OrderView }) {
  const prices = slipShowsPrices(order);
  return (
    <Paper title="Packing slip">
      <div className="mt-4 grid gap-1 text-sm">
        <p>
          Order <strong>{order.order_number}</strong>
        </p>
        <DeliveryDate date={order.delivery_date} />
      </div>
      <PaperSection title={order.gift ? "Deliver to (recipient)" : "Deliver to"}>
        <AddressLines text={order.shipping_address} />
      </PaperSection>
      <PaperSection title="Items">
        <OrderItemTable items={order.items} prices={prices} />
        {prices ? <PlacedOrderTotals order={order} /> : null}
      </PaperSection>
      {order.gift ? (
        <PaperSection title="Card message">
          <CardMessage message={order.gift.message} className="mt-2 rounded border border-gray-300 p-3 text-base" />
        </PaperSection>
      ) : null}
    </Paper>
  );
}

/** The invoice: numbered, dated the day of the order; who pays, where it goes, the lines and the money. */
export function Invoice({ order }: { order: OrderView }) {
  return (
    <Paper title={`Invoice ${order.invoice_number ?? ""}`.trim()}>
      <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-600">Date issued</dt>
        <dd>{orderDate(order.created_at)}</dd>
        <dt className="text-gray-600">Order</dt>
        <dd>{order.order_number}</dd>
        {order.delivery_date ? (
          <>
            <dt className="text-gray-600">Delivery</dt>
            <dd>{formatDeliveryDate(order.delivery_date)}</dd>
          </>
        ) : null}
      </dl>
      <div className="grid grid-cols-2 gap-6">
        <PaperSection title="Bill to">
          <AddressLines text={order.billing_address} />
        </PaperSection>
        <PaperSection title={order.gift ? "Deliver to (recipient)" : "Deliver to"}>
          <AddressLines text={order.shipping_address} />
        </PaperSection>
      </div>
      <PaperSection title="Items">
        <OrderItemTable items={order.items} prices />
        <PlacedOrderTotals order={order} />
      </PaperSection>
      <PaperSection title="Payment">
        <p className="mt-1 text-sm">Cash on delivery · {paymentStatusText(order.payment_status)}</p>
      </PaperSection>
    </Paper>
  );
}
