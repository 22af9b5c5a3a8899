import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { csvDownload } from "~/http/pages/csv-download.server";
import { productsCsv } from "~/services/admin/exports.server";

/** GET /admin/products.csv: every product, one row per variant sold, in the columns the import reads back. */
export const loader = (args: LoaderFunctionArgs) => csvDownload(args, "products", productsCsv);
