import type { ReactNode } from "react";

/** One labelled value of a description list. */
export interface Detail {
  label: string;
  value: ReactNode;
}

/** A description list: each row a muted label (dt) over or beside its value (dd). */
export function DetailList({
  rows,
  className,
  rowClassName,
  valueClassName = "text-gray-900",
}: {
  rows: Detail[];
  className: string;
  rowClassName?: string;
  valueClassName?: string;
}) {
  return (
    <dl className={className}>
      {rows.map((row) => (
        <div key={row.label} className={rowClassName}>
          <dt className="font-medium text-gray-600">{row.label}</dt>
          <dd className={valueClassName}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
