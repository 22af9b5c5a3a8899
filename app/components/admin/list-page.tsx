import type { ReactNode } from "react";
import { Pagination } from "~/components/pagination";
import { listHref } from "~/lib/admin-list";
import type { PageMeta } from "~/services/sql";
import {
  AdminHeader,
  AdminTable,
  capitalised,
  cell,
  dateTime,
  EmptyRow,
  FilterForm,
  SearchFilter,
  SelectFilter,
  StatusFilter,
} from "./ui";

/**
 * Every back-office list page (`/admin/orders`, `/admin/products`, ...): the header with its
 * actions, what the list shows above its filters (counts, tabs), the filters as a GET form that works
 * without JavaScript, the "Showing 1–20 of 45" line, the table (caption, head, rows, the empty row)
 * and the pagination. A page passes only what is its own.
 */

/**
 * One column of the table: its heading, the extra classes of its cells and what a row shows in it;
 * or a column of dates and times (`missing` where a row has none).
 */
export type ListColumn<Row> =
  | { head: string; className?: string; render: (row: Row) => ReactNode }
  | { head: string; date: (row: Row) => string | null; missing?: string };

const dateCell = `${cell} whitespace-nowrap text-gray-700`;

function Cell<Row>({ column, row }: { column: ListColumn<Row>; row: Row }) {
  if ("date" in column) {
    const date = column.date(row);
    return <td className={dateCell}>{date ? dateTime(date) : (column.missing ?? "")}</td>;
  }
  return <td className={column.className ? `${cell} ${column.className}` : cell}>{column.render(row)}</td>;
}

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
                  <Cell key={column.head} column={column} row={row} />
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

/**
 * One filter of a list's GET form, by what it is: the search box, the Status choice (statuses
 * capitalised unless `label` names them), another choice, or a checkbox. Its value and message come
 * from the list; `quiet` leaves its message out (a choice made from the list, never typed).
 */
export type ListFilter =
  | { type: "search"; name?: string; label?: string; placeholder: string }
  | { type: "date"; name: string; label: string }
  | { type: "status"; statuses: readonly string[]; label?: (status: string) => string }
  | { type: "select"; name: string; label: string; all: string; options: SelectOption[]; quiet?: boolean }
  | { type: "checkbox"; name: string; label: ReactNode };
type SelectOption = { value: string; label: string };

/** What a list's loader gives (see http/pages/admin-pages.server `readAdminList`). */
export interface ListData<Row> {
  page: Omit<PageMeta, "per_page"> & { data: Row[] };
  filters: Record<string, string>;
  errors: Record<string, string[] | undefined>;
  filtered: boolean;
  /** The list's own path, which its pages link to. */
  path: string;
}

function FilterField({ filter, idPrefix, list }: { filter: ListFilter; idPrefix: string; list: ListData<unknown> }) {
  const name = filter.type === "search" ? (filter.name ?? "search") : filter.type === "status" ? "status" : filter.name;
  const id = `${idPrefix}-${name.replace("_", "-")}`;
  const value = list.filters[name] ?? "";
  const messages = list.errors[name];
  if (filter.type === "date")
    return <SearchFilter id={id} name={name} label={filter.label} value={value} type="date" messages={messages} />;
  if (filter.type === "search")
    return (
      <SearchFilter
        id={id}
        name={filter.name}
        label={filter.label}
        value={value}
        placeholder={filter.placeholder}
        messages={messages}
      />
    );
  if (filter.type === "status")
    return <StatusFilter id={id} value={value} statuses={filter.statuses} label={filter.label} messages={messages} />;
  if (filter.type === "select")
    return (
      <SelectFilter
        id={id}
        name={name}
        label={filter.label}
        value={value}
        all={filter.all}
        options={filter.options}
        messages={filter.quiet ? undefined : messages}
      />
    );
  return (
    <div className="flex items-center gap-2 pb-2">
      <input id={id} type="checkbox" name={name} value="1" defaultChecked={value === "1"} />
      <label htmlFor={id} className="text-sm text-gray-800">
        {filter.label}
      </label>
    </div>
  );
}

/**
 * A list filtered by a GET form and shown a page at a time, newest first: its texts say `noun`
 * ("order": "Filter orders", "Orders, newest first", "Showing 1–20 of 45 orders"), its filters
 * are `filters` (ids `{idPrefix}-{name}`, the noun unless said), and its rows, pages, path and
 * filters' values are the loader's.
 */
export function FilteredListPage<Row extends { id: number | string }>({
  noun,
  idPrefix = noun,
  list,
  filters,
  empty,
  columns,
  ...frame
}: {
  title: string;
  description: ReactNode;
  actions?: ReactNode;
  intro?: ReactNode;
  noun: string;
  idPrefix?: string;
  list: ListData<Row>;
  filters: ListFilter[];
  empty: ReactNode;
  columns: ListColumn<Row>[];
}) {
  const plural = `${noun}s`;
  return (
    <AdminListPage
      {...frame}
      filters={{
        label: `Filter ${plural}`,
        fields: filters.map((filter, index) => (
          <FilterField key={index} filter={filter} idPrefix={idPrefix} list={list} />
        )),
      }}
      counted={noun}
      filtered={list.filtered}
      table={{ caption: `${capitalised(plural)}, newest first`, columns, rows: list.page.data, empty }}
      page={{ ...list.page, path: list.path, filters: list.filters }}
    />
  );
}
