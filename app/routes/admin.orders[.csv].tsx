import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { OrderExportQuerySchema } from "~/lib/schemas/exports";
import { fieldErrors, queryRecord } from "~/lib/schemas/query";
import { csvDownload } from "~/http/pages/csv-download.server";
import { toasts } from "~/http/pages/toast.server";
import { ordersCsv } from "~/services/admin/exports.server";

/**
 * GET /admin/orders.csv?status=&from=&to=: the orders placed in those UTC days (both included) and
 * of that status, one row per order line. A filter that is not valid downloads nothing: the orders
 * list says why (never a file of other orders than asked).
 */
export function loader(args: LoaderFunctionArgs) {
  return csvDownload(args, "orders", async (db, actor) => {
    const parsed = OrderExportQuerySchema.safeParse(queryRecord(new URL(args.request.url).searchParams));
    if (parsed.success) return ordersCsv(db, actor, parsed.data);
    const message = Object.values(fieldErrors(parsed.error)).flat()[0]!;
    throw await toasts(args.context.app.env, args.request).redirectWithError("/admin/orders", message);
  });
}
