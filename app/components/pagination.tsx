import { Link } from "@remix-run/react";
import { MAX_PAGINATION_BUTTONS } from "~/lib/constants";

/** The page numbers to show: at most five, centred on the current page where possible. */
export function pageWindow(current: number, last: number, size = MAX_PAGINATION_BUTTONS): number[] {
  const count = Math.min(size, last);
  let start = Math.max(1, current - Math.floor(count / 2));
  start = Math.min(start, last - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

export function Pagination({
  currentPage,
  lastPage,
  href,
}: {
  currentPage: number;
  lastPage: number;
  href: (page: number) => string;
}) {
  if (lastPage <= 1) return null;
  const base = "inline-flex min-w-10 items-center justify-center rounded-lg border px-3 py-2 text-sm font-medium";
  const idle = `${base} border-gray-200 bg-white text-gray-700 hover:border-bloom-300 hover:text-bloom-700`;
  return (
    <nav aria-label="Pagination" className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {currentPage > 1 ? (
        <Link to={href(currentPage - 1)} className={idle} rel="prev" preventScrollReset={false}>
          Previous
        </Link>
      ) : null}
      {pageWindow(currentPage, lastPage).map((page) =>
        page === currentPage ? (
          <span key={page} aria-current="page" className={`${base} border-bloom-600 bg-bloom-600 text-white`}>
            {page}
          </span>
        ) : (
          <Link key={page} to={href(page)} className={idle} aria-label={`Page ${page}`}>
            {page}
          </Link>
        ),
      )}
      {currentPage < lastPage ? (
        <Link to={href(currentPage + 1)} className={idle} rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
