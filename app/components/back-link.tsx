import { Link } from "@remix-run/react";

/** The "Back to …" link above a page that belongs to a list (an order, a mail). */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="text-sm font-medium text-bloom-700 underline">
      {label}
    </Link>
  );
}
