import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { FieldError } from "~/components/field-error";

/**
 * The back office's building blocks, so every screen looks and behaves the same: a page header (the
 * h1 every admin page has), a card, a table frame, a GET filter form that works without JavaScript,
 * and the shared classes of inputs and buttons.
 */

export const adminInput =
  "block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 focus:border-bloom-500 focus:outline-none focus:ring-2 focus:ring-bloom-200";
export const adminLabel = "block text-sm font-medium text-gray-800";
export const primaryButton =
  "inline-flex items-center justify-center rounded-full bg-bloom-600 px-4 py-2 text-sm font-medium text-white hover:bg-bloom-700 disabled:opacity-60";
export const secondaryButton =
  "inline-flex items-center justify-center rounded-full border border-bloom-300 bg-white px-4 py-2 text-sm font-medium text-bloom-800 hover:bg-bloom-50 disabled:opacity-60";
export const dangerButton =
  "inline-flex items-center justify-center rounded-full border border-red-300 bg-white px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-60";

/** A row's link to its own page, in a back-office list. */
export function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-medium text-bloom-700 underline">
      {children}
    </Link>
  );
}

/** The page's h1 (`#admin-title`), its one-line description and its actions on the right. */
export function AdminHeader({
  title,
  description,
  actions,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 id="admin-title" className="font-display text-3xl font-bold text-gray-900">
          {title}
        </h1>
        {description ? <p className="mt-1 text-gray-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}

/** A white card named by its h2. */
export function AdminCard({
  id,
  title,
  className = "",
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`rounded-2xl border border-bloom-100 bg-white p-5 shadow-sm ${className}`.trim()}
    >
      <h2 id={id} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A table that scrolls sideways on a phone rather than squeezing its columns. */
export function AdminTable({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="mt-6 overflow-x-auto rounded-2xl border border-bloom-100 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-bloom-100 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-bloom-50 text-xs font-semibold uppercase tracking-wide text-gray-700">
          <tr>
            {head.map((column) => (
              <th key={column} scope="col" className="px-4 py-3">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-bloom-50">{children}</tbody>
      </table>
    </div>
  );
}

export const cell = "px-4 py-3 align-top";

/** A list's filters as a GET form: it works without JavaScript, and the URL says what is shown. */
export function FilterForm({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      className="mt-6 flex flex-wrap items-end gap-3 rounded-2xl bg-bloom-50 p-4"
    >
      {children}
      <button type="submit" className={primaryButton}>
        Apply
      </button>
    </Form>
  );
}

/** What a list shows when nothing matches. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="px-4 py-10 text-center text-gray-600">
        {children}
      </td>
    </tr>
  );
}

/** Date and time as staff read them (UTC, so every screen agrees). */
export function dateTime(iso: string | null): string {
  if (!iso) return "";
  return new Date(iso).toLocaleString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  });
}

/** A list's search box inside its FilterForm, with the message of a search that was refused. */
export function SearchFilter({
  id,
  name = "search",
  label = "Search",
  value,
  placeholder,
  type = "search",
  messages,
}: {
  id: string;
  name?: string;
  label?: string;
  value: string;
  placeholder?: string;
  /** A date filter is the same box, typed `date`. */
  type?: "search" | "date";
  messages?: string[];
}) {
  return (
    <div className="min-w-[14rem] flex-1">
      <label htmlFor={id} className={adminLabel}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={value}
        placeholder={placeholder}
        className={`${adminInput} mt-1`}
        aria-invalid={messages?.length ? true : undefined}
        aria-describedby={messages?.length ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} messages={messages} alert />
    </div>
  );
}

export const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A list's Status choice inside its FilterForm: "All statuses", then each status (capitalised unless `label` names it). */
export function StatusFilter<Status extends string>({
  id,
  value,
  statuses,
  label = capitalised,
  messages,
}: {
  id: string;
  value: string;
  statuses: readonly Status[];
  label?: (status: Status) => string;
  messages?: string[];
}) {
  return (
    <SelectFilter
      id={id}
      name="status"
      label="Status"
      value={value}
      all="All statuses"
      options={statuses.map((status) => ({ value: status, label: label(status) }))}
      messages={messages}
    />
  );
}

/** A list's choice inside its FilterForm (`all` names the first option, which filters nothing), with the message of a choice that was refused. */
export function SelectFilter({
  id,
  name,
  label,
  value,
  all,
  options,
  messages,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  all?: string;
  options: Array<{ value: string; label: string }>;
  messages?: string[];
}) {
  return (
    <div>
      <label htmlFor={id} className={adminLabel}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        className={`${adminInput} mt-1`}
        aria-invalid={messages?.length ? true : undefined}
        aria-describedby={messages?.length ? `${id}-error` : undefined}
      >
        {all === undefined ? null : <option value="">{all}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} messages={messages} alert />
    </div>
  );
}

/** A CSV file to download, not a page: a plain link (the browser saves it, with or without JavaScript). */
export function DownloadCsvLink({ href }: { href: string }) {
  return (
    <a href={href} className={secondaryButton} download>
      Download CSV
    </a>
  );
}
