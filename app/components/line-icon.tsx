import type { ReactNode } from "react";

/**
 * A 24 × 24 line icon in the text's colour, drawn by its paths (`children`). Hidden from screen
 * readers: the words beside it say what it is.
 */
export function LineIcon({ size = 18, children }: { size?: number; children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      {children}
    </svg>
  );
}
