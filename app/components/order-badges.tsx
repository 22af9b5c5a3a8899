import { formatDeliveryDate } from "~/lib/delivery";

/** The spec's colour codes: each order status its own colour (any other a neutral one); "paid" green, anything else yellow. */
const STATUS_CLASSES: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900",
  processing: "bg-blue-100 text-blue-900",
  shipped: "bg-indigo-100 text-indigo-900",
  delivered: "bg-green-100 text-green-900",
  cancelled: "bg-red-100 text-red-900",
};

const label = (value: string) => value.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      data-status={status}
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASSES[status] ?? "bg-gray-100 text-gray-800"}`}
    >
      {label(status)}
    </span>
  );
}

export function PaymentBadge({ status }: { status: string }) {
  return (
    <span
      data-payment-status={status}
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${status === "paid" ? "bg-green-100 text-green-900" : "bg-yellow-100 text-yellow-900"}`}
    >
      Payment: {label(status)}
    </span>
  );
}

/** A cash-on-delivery order's payment in words: "Paid", or "Not collected yet". */
export const paymentStatusText = (status: string) => (status === "paid" ? "Paid" : "Not collected yet");

/** Made once, on first use: `toLocaleDateString` with options builds a new Intl.DateTimeFormat on every call. */
let dayFormat: Intl.DateTimeFormat | undefined;

export function orderDate(iso: string): string {
  dayFormat ??= new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
  return dayFormat.format(new Date(iso));
}

/** A gift's badge: the order goes to someone else than the buyer. */
export function GiftBadge() {
  return (
    <span
      data-gift
      className="inline-flex rounded-full bg-bloom-100 px-2.5 py-0.5 text-xs font-semibold text-bloom-900"
    >
      Gift
    </span>
  );
}

/** What the order badges read of an order: its status, its payment, whether it is a gift. */
interface BadgedOrder {
  status: string;
  payment_status: string;
  gift?: object | null;
}

/** An order's badges side by side: its status and its payment, and "Gift" for a gift. */
export function OrderBadges({ order, className = "flex flex-wrap gap-2" }: { order: BadgedOrder; className?: string }) {
  return (
    <div className={className}>
      <StatusBadge status={order.status} />
      <PaymentBadge status={order.payment_status} />
      {order.gift ? <GiftBadge /> : null}
    </div>
  );
}

/** "Delivery: Friday 12 December 2026"; nothing for an order placed before delivery dates. */
export function DeliveryDate({ date, className }: { date: string | null; className?: string }) {
  if (!date) return null;
  return (
    <p className={className} data-delivery-date={date}>
      Delivery: <strong className="font-semibold">{formatDeliveryDate(date)}</strong>
    </p>
  );
}

/**
 * An order's heading: its number (an h1 on its own page, an h2 in a list), the day it was placed,
 * its delivery date and its badges, side by side.
 */
export function OrderHeading({
  order,
  level,
  className = "",
}: {
  order: BadgedOrder & { order_number: string; created_at: string; delivery_date: string | null };
  level: "h1" | "h2";
  className?: string;
}) {
  const Heading = level;
  return (
    <div className={`flex flex-wrap items-start justify-between gap-3 ${className}`.trim()}>
      <div>
        <Heading
          className={level === "h1" ? "font-display text-3xl font-bold text-gray-900" : "font-semibold text-gray-900"}
        >
          Order {order.order_number}
        </Heading>
        <p className={level === "h1" ? "text-gray-600" : "text-sm text-gray-600"}>
          Placed on {orderDate(order.created_at)}
        </p>
        <DeliveryDate
          date={order.delivery_date}
          className={level === "h1" ? "text-gray-800" : "text-sm text-gray-800"}
        />
      </div>
      <OrderBadges order={order} />
    </div>
  );
}
