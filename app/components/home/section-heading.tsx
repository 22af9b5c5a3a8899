import type { ReactNode } from "react";

/** A home section's title (h2) and subtitle, with an optional link beside them. */
export function SectionHeading({
  id,
  title,
  subtitle,
  action,
  align = "start",
}: {
  id: string;
  title: string;
  subtitle?: string;
  action?: ReactNode;
  align?: "start" | "center";
}) {
  const heading = (
    <>
      <h2 id={id} className="font-display text-3xl font-bold text-gray-900 sm:text-4xl">
        {title}
      </h2>
      {subtitle ? <p className="mt-3 text-base text-gray-600 sm:text-lg">{subtitle}</p> : null}
    </>
  );
  if (align === "center") {
    return (
      <div className="mx-auto max-w-2xl text-center">
        {heading}
        {action ? <div className="mt-4">{action}</div> : null}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="max-w-2xl">{heading}</div>
      {action ? <div className="shrink-0">{action}</div> : null}
    </div>
  );
}
