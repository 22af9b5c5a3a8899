import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** The focus ring every home control shares: visible on keyboard focus, on light and dark backgrounds. */
export const FOCUS_RING = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-bloom-600";

/**
 * A URL from the home data that is safe to put in an href: a path on this site ("/products") or
 * an absolute http(s) address. Anything else (javascript:, protocol-relative, empty) gives null.
 */
export function safeHref(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const url = value.trim();
  if (url.startsWith("/") && !url.startsWith("//")) return url;
  if (/^https?:\/\/[^\s]+$/i.test(url)) return url;
  return null;
}

/** A client-side Link for paths on this site, a plain anchor for other sites. */
export function SmartLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  if (href.startsWith("/")) {
    return (
      <Link to={href} prefetch="intent" className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className} rel="noopener noreferrer">
      {children}
    </a>
  );
}
