import type { ReactNode } from "react";
import { Pagination } from "~/components/pagination";
import { listHref } from "~/lib/admin-list";
import type { PageMeta } from "~/services/sql";
import { AdminHeader, AdminTable, cell, EmptyRow, FilterForm } from "./ui";

/**
 * Every back-office list page (`/admin/orders`, `/admin/products`, ...): the header with its
 * actions, what the list shows above its filters (counts, tabs), the filters as a GET form that works
 * without JavaScript, the "Showing 1–20 of 45" line, the table (caption, head, rows, the empty row)
 * and the pagination. A page passes only what is its own.
 */

/** One column of the table: its heading, the extra classes of its cells and what a row shows in it. */
export type ListColumn<Row> = {
  head: string;
  className?: string;
  render: (row: Row) => ReactNode;
};

export function AdminListPage<Row extends { id: number | string }>({
  title,
  description,
  actions,
  intro,
  filters,
  counted,
  filtered = false,
  table,
  page,
  children,
}: {
  title: string;
  description: ReactNode;
  actions?: ReactNode;
  /** Shown between the header and the filters. */
  intro?: ReactNode;
  /** The GET form's name and its fields (its Apply button comes with it). */
  filters?: { label: string; fields: ReactNode };
  /** What the rows are, in the singular ("order"): shows "Showing 1–20 of 45 orders" above the table. */
  counted?: string;
  /** Whether a filter is applied: an empty list then says "No orders match these filters." */
  filtered?: boolean;
  table?: {
    caption: string;
    columns: ListColumn<Row>[];
    rows: Row[];
    /** The empty row's text when no filter is applied. */
    empty: ReactNode;
    rowClassName?: (row: Row) => string | undefined;
  };
  /** The page shown, with the list's path and filters its page links keep. */
  page?: Omit<PageMeta, "per_page"> & { path: string; filters: Record<string, string> };
  /** Shown after the table (or in its place, for a list that is not a table). */
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="admin-title">
      <AdminHeader title={title} description={description} actions={actions} />
      {intro}
      {filters ? <FilterForm label={filters.label}>{filters.fields}</FilterForm> : null}
      {counted && page ? (
        <p className="mt-4 text-sm text-gray-700" aria-live="polite">
          {page.total === 0
            ? `No ${counted}s`
            : `Showing ${page.from}–${page.to} of ${page.total} ${counted}${page.total === 1 ? "" : "s"}`}
        </p>
      ) : null}
      {table ? (
        <AdminTable caption={table.caption} head={table.columns.map((column) => column.head)}>
          {table.rows.length === 0 ? (
            <EmptyRow columns={table.columns.length}>
              {filtered ? `No ${counted}s match these filters.` : table.empty}
            </EmptyRow>
          ) : (
            table.rows.map((row) => (
              <tr key={row.id} className={table.rowClassName?.(row)}>
                {table.columns.map((column) => (
                  <td key={column.head} className={column.className ? `${cell} ${column.className}` : cell}>
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </AdminTable>
      ) : null}
      {children}
      {page ? (
        <Pagination
          currentPage={page.current_page}
          lastPage={page.last_page}
          href={(number) => listHref(page.path, page.filters, number)}
        />
      ) : null}
    </section>
  );
}
