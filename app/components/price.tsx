import {} from "@remix-run/react";
import { DEFAULT_CURRENCY, formatMoney, type Currency } from "~/lib/money";
import { useRootData } from "~/components/use-root-data";

/** The shop's currency, from the public settings the root loader read. */
export function useCurrency(): Currency {
  const data = useRootData();
  return data?.site.currency ?? DEFAULT_CURRENCY;
}

interface PriceProps {
  cents: number;
  originalCents?: number | null;
  /** The highest price of the product's variants: above `cents`, the price reads "From $cents". */
  maxCents?: number;
  className?: string;
}

/** A price in cents, with the old price struck through when a sale price applies. */
export function Price(props: PriceProps) {
  return <PriceIn {...props} currency={useCurrency()} />;
}

/** The same in a given currency: for a part the Worker renders alone (docs/decisions/017). */
export function PriceIn({
  cents,
  originalCents,
  maxCents,
  className = "",
  currency,
}: PriceProps & { currency: Currency }) {
  return (
    <span className={`inline-flex items-baseline gap-2 ${className}`}>
      <span className={originalCents ? "font-semibold text-bloom-700" : "font-semibold text-gray-900"}>
        {maxCents !== undefined && maxCents > cents ? <span className="font-normal text-gray-700">From </span> : null}
        {formatMoney(cents, currency)}
      </span>
      {originalCents ? (
        <s className="text-sm text-gray-500">
          <span className="sr-only">Was </span>
          {formatMoney(originalCents, currency)}
        </s>
      ) : null}
    </span>
  );
}
