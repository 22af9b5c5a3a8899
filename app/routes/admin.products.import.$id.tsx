import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AdminPage, adminPageMeta, adminPageError } from "~/components/admin/admin-page";
import { AdminTable, cell, EmptyRow, primaryButton } from "~/components/admin/ui";
import { BookmarkNotice } from "~/components/admin/bookmark";
import { IMPORT_MESSAGES, type RowError } from "~/lib/schemas/product-csv";
import { adminAction, privateJson } from "~/http/pages/admin-pages.server";
import { requireAdmin } from "~/http/pages/guards.server";
import { currentBookmark } from "~/http/d1-bookmark.server";
import { importFile, importReport, keepImportReport } from "~/services/admin/import-files.server";
import { checkImport, commitImport, type ImportAction, type ImportRow } from "~/services/admin/product-import.server";

export const meta = adminPageMeta("Import products", "/admin/products/import");

/**
 * GET /admin/products/import/{id}: before the import, every row of the file with what it does and
 * its problems (nothing written yet) and the database's bookmark to restore to; after it, the
 * report. An import that expired (a day) or is unknown says so.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { app } = context;
  await requireAdmin(app, request);
  const bucket = app.env.UPLOADS;
  const id = params.id ?? "";
  const done = bucket ? await importReport(bucket, id) : null;
  if (done) return privateJson({ state: "done" as const, ...done });
  const file = bucket ? await importFile(bucket, id) : null;
  if (!file) return privateJson({ state: "expired" as const });
  const check = await checkImport(app.db, file.text);
  return privateJson({ state: "preview" as const, name: file.name, check, bookmark: await currentBookmark(app.env) });
}

/** "Import": the file checked again and written a group of rows at a time; then the report (post/redirect/get). */
export async function action(args: ActionFunctionArgs) {
  const { app, actor, toast } = await adminAction(args);
  const bucket = app.env.UPLOADS;
  const id = args.params.id ?? "";
  const file = bucket ? await importFile(bucket, id) : null;
  if (!bucket || !file) return toast.redirectWithError("/admin/products/import", IMPORT_MESSAGES.expired);
  const report = await commitImport(app.db, actor, file.text, file.name);
  await keepImportReport(bucket, id, file.name, report);
  return toast.redirectWithSuccess(
    `/admin/products/import/${id}`,
    `Import done: ${report.created} created, ${report.updated} updated, ${report.failed.length} failed.`,
  );
}

const ACTIONS: Record<ImportAction, string> = { create: "Create", update: "Update", variant: "Update variant" };

function Problems({ errors }: { errors: RowError[] }) {
  if (!errors.length) return <span className="text-green-800">Ready</span>;
  return (
    <ul className="space-y-1 text-red-700">
      {errors.map((error, index) => (
        <li key={index}>
          {error.column ? <code className="mr-1 text-gray-800">{error.column}:</code> : null}
          {error.message}
        </li>
      ))}
    </ul>
  );
}

function RowsTable({ caption, rows, empty }: { caption: string; rows: ImportRow[]; empty: string }) {
  return (
    <AdminTable caption={caption} head={["Row", "SKU", "Product", "Action", "Problems"]}>
      {rows.length === 0 ? (
        <EmptyRow columns={5}>{empty}</EmptyRow>
      ) : (
        rows.map((row) => (
          <tr key={row.line} data-row={row.line}>
            <td className={cell}>{row.line}</td>
            <td className={`${cell} whitespace-nowrap`}>{row.sku}</td>
            <td className={cell}>{row.label}</td>
            <td className={`${cell} whitespace-nowrap`}>{ACTIONS[row.action]}</td>
            <td className={cell}>
              <Problems errors={row.errors} />
            </td>
          </tr>
        ))
      )}
    </AdminTable>
  );
}

export default function ImportPreview() {
  const data = useLoaderData<typeof loader>();
  const back = { to: "/admin/products/import", label: "Import another file" };
  if (data.state === "expired")
    return <AdminPage back={back} title="Import products" description={IMPORT_MESSAGES.expired} />;
  if (data.state === "done") {
    const { report } = data;
    return (
      <AdminPage
        back={back}
        title={`Imported ${data.name}`}
        description={`${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged, ${report.failed.length} failed.`}
      >
        <RowsTable caption="The rows that were not imported" rows={report.failed} empty="Every row was imported." />
        <p className="mt-6">
          <Link to="/admin/products" className="font-medium text-bloom-700 underline">
            Back to products
          </Link>
        </p>
      </AdminPage>
    );
  }
  const { check } = data;
  const good = check.rows.filter((row) => row.errors.length === 0).length;
  const bad = check.rows.length - good;
  return (
    <AdminPage
      back={back}
      title={`Preview of ${data.name}`}
      description={
        check.fileErrors.length
          ? "This file cannot be imported."
          : `${check.rows.length} rows: ${good} ready, ${bad} with problems (left out). Nothing is saved until you import.`
      }
    >
      {check.fileErrors.length ? (
        <ul role="alert" className="mt-6 space-y-1 text-sm text-red-700">
          {check.fileErrors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : (
        <>
          <RowsTable caption="The file's rows" rows={check.rows} empty="The file has no rows." />
          <BookmarkNotice bookmark={data.bookmark} what="import" verb="import" />
          {good > 0 ? (
            <Form method="post" noValidate className="mt-6">
              <button type="submit" className={primaryButton}>
                Import {good} {good === 1 ? "row" : "rows"}
              </button>
            </Form>
          ) : null}
        </>
      )}
    </AdminPage>
  );
}

export const ErrorBoundary = adminPageError("Could not load the import");
