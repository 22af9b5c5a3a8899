import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData } from "@remix-run/react";
import { AdminPage, adminPageMeta, adminPageError } from "~/components/admin/admin-page";
import { adminLabel, DownloadCsvLink, primaryButton } from "~/components/admin/ui";
import { FieldError } from "~/components/field-error";
import { decodeCsv } from "~/lib/csv";
import { IMPORT_LIMITS, IMPORT_MESSAGES, PRODUCT_CSV_HEADER } from "~/lib/schemas/product-csv";
import { adminAction, loadAdminPage } from "~/http/pages/admin-pages.server";
import { keepImportFile } from "~/services/admin/import-files.server";
import { isChosenFile } from "~/services/uploads.server";

export const meta = adminPageMeta("Import products", "/admin/products/import");

export const loader = (args: LoaderFunctionArgs) => loadAdminPage(args, async () => ({}));

/** What a multipart body may weigh beyond the file itself (its boundaries and the field's headers). */
const FORM_OVERHEAD = 16_384;

/**
 * Takes the file (multipart, field `file`) and keeps it for its preview, then shows the preview
 * (post/redirect/get). A file too large (413), not UTF-8 (415) or missing (422) is refused here
 * with its message; a body larger than the limit is refused before it is read.
 */
export async function action(args: ActionFunctionArgs) {
  const { app } = await adminAction(args);
  const refuse = (error: string, status: number) => json({ error }, { status });
  const bucket = app.env.UPLOADS;
  if (!bucket) return refuse(IMPORT_MESSAGES.noStorage, 503);
  if (Number(args.request.headers.get("Content-Length") ?? 0) > IMPORT_LIMITS.bytes + FORM_OVERHEAD)
    return refuse(IMPORT_MESSAGES.tooLarge, 413);
  const file = await args.request
    .formData()
    .then((form) => form.get("file"))
    .catch(() => null);
  if (!isChosenFile(file)) return refuse(IMPORT_MESSAGES.missing, 422);
  if (file.size > IMPORT_LIMITS.bytes) return refuse(IMPORT_MESSAGES.tooLarge, 413);
  const decoded = decodeCsv(new Uint8Array(await file.arrayBuffer()));
  if ("error" in decoded) return refuse(decoded.error, 415);
  const id = await keepImportFile(bucket, decoded.text, file.name || "products.csv");
  return redirect(`/admin/products/import/${id}`);
}

export default function ImportProducts() {
  const refused = useActionData<typeof action>();
  return (
    <AdminPage
      back={{ to: "/admin/products", label: "Back to products" }}
      title="Import products"
      description="Create and update products from a CSV file. You see every row and its problems before anything is saved."
      actions={<DownloadCsvLink href="/admin/products.csv" />}
    >
      <div className="mt-6 max-w-3xl space-y-3 text-sm text-gray-700">
        <p>
          Start from the products&apos; CSV (Download CSV): its columns are the ones the import reads. Rows are matched
          by <code>sku</code>: a known SKU updates that product, a new one creates a product. A row with a{" "}
          <code>variant_sku</code> updates that variant&apos;s price, sale price and stock.
        </p>
        <p>
          At most 1 MB and {IMPORT_LIMITS.rows.toLocaleString("en-US")} rows, saved as CSV UTF-8. Columns:{" "}
          <code className="break-words">{PRODUCT_CSV_HEADER.join(", ")}</code>.
        </p>
      </div>
      <Form method="post" encType="multipart/form-data" noValidate className="mt-6 max-w-xl space-y-4">
        <div>
          <label htmlFor="import-file" className={adminLabel}>
            CSV file
          </label>
          <input
            id="import-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            className="mt-1 block w-full text-sm"
            aria-invalid={refused ? true : undefined}
            aria-describedby={refused ? "import-file-error" : undefined}
          />
          <FieldError id="import-file-error" messages={refused ? [refused.error] : undefined} alert />
        </div>
        <button type="submit" className={primaryButton}>
          Preview import
        </button>
      </Form>
    </AdminPage>
  );
}

export const ErrorBoundary = adminPageError("Could not load the import");
