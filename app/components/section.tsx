import type { Key, ReactNode } from "react";

/** A page section named by its h2 (the display font, 2xl unless `titleClassName` says otherwise), with whatever follows the heading. */
export function TitledSection({
  id,
  title,
  className,
  titleClassName = "font-display text-2xl font-bold text-gray-900",
  busy,
  children,
}: {
  /** The heading's id; the section is labelled by it. */
  id: string;
  title: ReactNode;
  className?: string;
  titleClassName?: string;
  /** Marks the section aria-busy while its content is being replaced. */
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} aria-busy={busy || undefined} className={className}>
      <h2 id={id} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A list of cards (a <ul> with one <li> an item), keyed by the item's id unless told otherwise. */
export function CardList<T>({
  items,
  className,
  itemClassName,
  keyOf = (item) => (item as { id: Key }).id,
  children,
}: {
  items: readonly T[];
  className: string;
  itemClassName?: string;
  keyOf?: (item: T) => Key;
  children: (item: T, index: number) => ReactNode;
}) {
  return (
    <ul className={className}>
      {items.map((item, index) => (
        <li key={keyOf(item)} className={itemClassName}>
          {children(item, index)}
        </li>
      ))}
    </ul>
  );
}

/** The frame of the shop's white cards (checkout steps, an order's parts). */
export const PANEL_CLASS = "rounded-2xl border border-bloom-100 bg-white p-6 shadow-sm";

/** A white card named by its h2 (checkout steps): the card's frame and heading, then its content. */
export function Panel({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={PANEL_CLASS}>
      <h2 id={id} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The "Order Summary" box beside the cart and the checkout form: tinted, named by its h2. */
export function SummaryPanel({ className = "", children }: { className?: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby="summary-heading"
      className={`h-fit rounded-2xl border border-bloom-100 bg-bloom-50 p-6 ${className}`.trim()}
    >
      <h2 id="summary-heading" className="font-display text-xl font-bold text-gray-900">
        Order Summary
      </h2>
      {children}
    </section>
  );
}
