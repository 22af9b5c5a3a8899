import type { ReactNode } from "react";
import { formatMoney } from "~/lib/money";
import { useCurrency } from "./price";

/** One tax line of the totals ("VAT (18%)", or just "Tax"). */
export interface TaxRow {
  label: string;
  cents: number;
}

interface OrderTotalsProps {
  subtotalCents: number;
  discountCents: number;
  /** The coupon the discount came from, named next to it. */
  couponCode?: string | null;
  shippingCents: number;
  /** The shipping method, named next to the shipping cost. */
  shippingName?: string | null;
  /** The tax, line by line; with none, one "Tax" row of `taxCents`. */
  taxLines?: readonly TaxRow[];
  taxCents?: number;
  totalCents: number;
  /** "Total" unless the page says more ("Total to pay on delivery"). */
  totalLabel?: string;
  className?: string;
  /** Announce changes (the checkout recomputes the totals as the shopper types). */
  live?: boolean;
}

function Row({
  label,
  children,
  className = "",
  testId,
}: {
  label: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div className={`flex justify-between ${className}`}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/**
 * An order's money, in one order everywhere (checkout summary, order page, confirmation):
 * subtotal, discount, shipping, tax, total. Amounts are written by `formatMoney` in the shop's currency.
 */
export function OrderTotals({
  subtotalCents,
  discountCents,
  couponCode,
  shippingCents,
  shippingName,
  taxLines,
  taxCents = 0,
  totalCents,
  totalLabel = "Total",
  className = "",
  live = false,
}: OrderTotalsProps) {
  const currency = useCurrency();
  const money = (cents: number) => formatMoney(cents, currency);
  const tax = taxLines?.length ? taxLines : [{ label: "Tax", cents: taxCents }];
  return (
    <dl className={`grid gap-2 text-sm ${className}`} aria-live={live ? "polite" : undefined}>
      <Row label="Subtotal">{money(subtotalCents)}</Row>
      {discountCents > 0 ? (
        <Row label={`Discount${couponCode ? ` (${couponCode})` : ""}`} className="text-leaf-600" testId="discount">
          {`−${money(discountCents)}`}
        </Row>
      ) : null}
      <Row label={`Shipping${shippingName ? ` (${shippingName})` : ""}`} testId="shipping">
        {shippingCents === 0 ? <span className="font-semibold text-leaf-600">Free</span> : money(shippingCents)}
      </Row>
      {tax.map((line) => (
        <Row key={line.label} label={line.label}>
          {money(line.cents)}
        </Row>
      ))}
      <Row label={totalLabel} className="mt-1 border-t border-bloom-200 pt-3 text-base font-semibold" testId="total">
        {money(totalCents)}
      </Row>
    </dl>
  );
}

/** The cents of a placed order, as the order services give them. */
interface PlacedOrder {
  subtotal_cents: number;
  discount_cents: number;
  coupon_code: string | null;
  shipping_cents: number;
  shipping_method_name: string | null;
  tax_cents: number;
  total_cents: number;
}

/** A placed order's totals (the order page, the confirmation), under its items. */
export function PlacedOrderTotals({ order, totalLabel }: { order: PlacedOrder; totalLabel?: string }) {
  return (
    <OrderTotals
      className="mt-4 border-t border-bloom-100 pt-4"
      subtotalCents={order.subtotal_cents}
      discountCents={order.discount_cents}
      couponCode={order.coupon_code}
      shippingCents={order.shipping_cents}
      shippingName={order.shipping_method_name}
      taxCents={order.tax_cents}
      totalCents={order.total_cents}
      totalLabel={totalLabel}
    />
  );
}
