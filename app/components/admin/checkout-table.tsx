import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { SelectField, TextField, type FieldErrors } from "~/components/form";
import type { TableForm } from "~/lib/schemas/admin-catalogue";
import type { FormFailure } from "~/http/pages/forms.server";
import { AdminPage, adminPageError, adminPageMeta } from "./admin-page";
import { AdminCard, AdminTable, cell, dangerButton, EmptyRow, primaryButton, secondaryButton } from "./ui";

/**
 * The back office's page of one checkout table (`/admin/coupons`, `/admin/shipping`, `/admin/tax`):
 * its rows with their status, an edit and a delete button each; the edit form of the row
 * `?edit={id}` names; the form of a new row. Every form posts to the page's action (see
 * http/pages/admin-catalogue.server) and works without JavaScript; a refused form comes back with
 * the messages under its fields and what was typed.
 */
export interface TablePage<Row, Removed = unknown> {
  path: string;
  title: string;
  description: string;
  /** The cards' heading ids: `edit-{ids}-heading`, `new-{ids}-heading`. */
  ids: string;
  caption: string;
  /** The columns before Status and Actions. */
  columns: ReadonlyArray<{ head: string; className?: string; cell: (row: Row) => ReactNode }>;
  empty: string;
  /** What names a row: its buttons' labels ("Edit SPRING10") and the edit card's title. */
  label: (row: Row) => string;
  editTitle?: (row: Row) => string;
  /** What the toasts name a row by ("Coupon SPRING10 created."), and what a delete's says. */
  toastName: (row: Row) => string;
  deleted: (removed: Removed) => string;
  /** A line under a row's buttons, and one under the table. */
  rowNote?: (row: Row) => ReactNode;
  note?: string;
  /** The error screen's title when the page cannot load. */
  failed: string;
}

/** What the page's loader gives: the rows, the row being edited and the form (the fields the API reads). */
export interface TableData<Row> {
  rows: Row[];
  editing: Row | null;
  form: TableForm;
}

export const tablePageMeta = (page: { title: string; path: string }) => adminPageMeta(page.title, page.path);

export const tablePageError = (page: { failed: string }) => adminPageError(page.failed);

/** The route component of a checkout table's page: `page` with what its loader gave. */
export function tablePageRoute<Row extends { id: number; is_active: boolean }, Removed>(page: TablePage<Row, Removed>) {
  return function CheckoutTableRoute() {
    // The data of the checkout table's loader (http/pages/admin-catalogue.server), with `page`'s rows.
    const data = useLoaderData<unknown>() as TableData<Row>;
    return <CheckoutTablePage page={page} data={data} />;
  };
}

function FieldControl({ field, values, errors, prefix }: TableFieldProps) {
  const { label, options, attributes, className } = field.input;
  const shared = { name: field.name, label, errors, idPrefix: prefix };
  if (options)
    return <SelectField {...shared} options={options} defaultValue={values[field.name]} className={className} />;
  return <TextField {...shared} {...attributes} defaultValue={values[field.name]} className={className} />;
}

interface TableFieldProps {
  field: TableForm["fields"][number];
  values: Record<string, string>;
  errors?: FieldErrors;
  prefix: string;
}

function TableForm({
  fields,
  list,
  prefix,
  values,
  errors,
  id,
  submitLabel,
  action,
}: {
  fields: TableForm["fields"];
  /** Where Cancel goes back to. */
  list: string;
  prefix: string;
  values: Record<string, string>;
  errors?: FieldErrors;
  id?: number;
  submitLabel: string;
  action: string;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" action={action} noValidate className="mt-4 grid gap-4" aria-label={submitLabel}>
      <input type="hidden" name="intent" value={id ? "update" : "create"} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {fields
          .filter((field) => !field.input.checkbox)
          .map((field) => (
            <FieldControl key={field.name} field={field} values={values} errors={errors} prefix={prefix} />
          ))}
      </div>
      {fields
        .filter((field) => field.input.checkbox)
        .map((field) => (
          <label key={field.name} className="flex items-center gap-2 text-sm text-gray-900">
            <input
              type="checkbox"
              name={field.name}
              defaultChecked={values[field.name] === "on"}
              className="h-4 w-4 rounded border-gray-300 accent-bloom-600"
            />
            {field.input.label}
          </label>
        ))}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} disabled={busy}>
          {submitLabel}
        </button>
        {id ? (
          <Link to={list} className={secondaryButton}>
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

function Status({ active }: { active: boolean }) {
  return active ? (
    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">Active</span>
  ) : (
    <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-800">Inactive</span>
  );
}

export function CheckoutTablePage<Row extends { id: number; is_active: boolean }, Removed>({
  page,
  data: { rows, editing, form },
}: {
  page: TablePage<Row, Removed>;
  data: TableData<Row>;
}) {
  const failure = useActionData<FormFailure>();
  const busy = useNavigation().state === "submitting";
  const failedEdit = failure?.values.intent === "update" ? failure : undefined;
  const failedCreate = failure?.values.intent === "create" ? failure : undefined;
  const { noun, fields } = form;
  return (
    <AdminPage toast={failure?.toast ?? null} title={page.title} description={page.description}>
      {editing ? (
        <AdminCard
          id={`edit-${page.ids}-heading`}
          title={page.editTitle?.(editing) ?? `Edit ${page.label(editing)}`}
          className="mt-6"
        >
          <TableForm
            fields={fields}
            list={page.path}
            prefix="edit-"
            id={editing.id}
            values={failedEdit?.values ?? form.values ?? form.blank}
            errors={failedEdit?.errors}
            submitLabel={`Save ${noun}`}
            action={`${page.path}?edit=${editing.id}`}
          />
        </AdminCard>
      ) : null}

      <AdminTable caption={page.caption} head={[...page.columns.map((column) => column.head), "Status", "Actions"]}>
        {rows.length === 0 ? (
          <EmptyRow columns={page.columns.length + 2}>{page.empty}</EmptyRow>
        ) : (
          rows.map((row) => (
            <tr key={row.id}>
              {page.columns.map((column) => (
                <td key={column.head} className={column.className ? `${cell} ${column.className}` : cell}>
                  {column.cell(row)}
                </td>
              ))}
              <td className={cell}>
                <Status active={row.is_active} />
              </td>
              <td className={cell}>
                <div className="flex flex-wrap gap-2">
                  <Link
                    to={`${page.path}?edit=${row.id}`}
                    className={secondaryButton}
                    aria-label={`Edit ${page.label(row)}`}
                  >
                    Edit
                  </Link>
                  <Form method="post" action={page.path} noValidate>
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="id" value={row.id} />
                    <button
                      type="submit"
                      className={dangerButton}
                      disabled={busy}
                      aria-label={`Delete ${page.label(row)}`}
                    >
                      Delete
                    </button>
                  </Form>
                </div>
                {page.rowNote?.(row)}
              </td>
            </tr>
          ))
        )}
      </AdminTable>
      {page.note ? <p className="mt-2 text-sm text-gray-600">{page.note}</p> : null}

      <AdminCard id={`new-${page.ids}-heading`} title={`New ${noun}`} className="mt-8">
        <TableForm
          fields={fields}
          list={page.path}
          prefix="new-"
          values={failedCreate?.values ?? form.blank}
          errors={failedCreate?.errors}
          submitLabel={`Create ${noun}`}
          action={page.path}
        />
      </AdminCard>
    </AdminPage>
  );
}
