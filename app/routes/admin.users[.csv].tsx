import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { csvDownload } from "~/http/pages/csv-download.server";
import { customersCsv } from "~/services/admin/exports.server";

/** GET /admin/users.csv: every account but the deleted ones, without any password hash or secret. */
export const loader = (args: LoaderFunctionArgs) => csvDownload(args, "customers", customersCsv);
