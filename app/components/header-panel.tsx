import { useRef, type ReactNode } from "react";
import { useCloseOnNavigate } from "./use-close-on-navigate";

/**
 * A <details> panel of the header (the mobile menu, the cart): it opens and closes without
 * JavaScript; with it, it closes after navigating. `summary` is what the closed panel shows.
 */
export function HeaderPanel({
  className,
  summaryClassName,
  summary,
  children,
}: {
  className: string;
  summaryClassName: string;
  summary: ReactNode;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  useCloseOnNavigate(ref);
  return (
    <details ref={ref} className={className}>
      <summary className={summaryClassName}>{summary}</summary>
      {children}
    </details>
  );
}
