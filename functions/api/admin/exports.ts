import { z } from "zod";
import type { Database } from "../../../db/client";
import { csvFile } from "../../../app/lib/csv";
import { ORDER_STATUSES } from "../../../app/lib/order-lifecycle";
import { OrderExportQuerySchema } from "../../../app/lib/schemas/exports";
import type { Actor } from "../../../app/services/audit.server";
import { customersCsv, ordersCsv, productsCsv } from "../../../app/services/admin/exports.server";
import { parseQuery, type ApiContext } from "../http";
import { apiApp, errors, mount, type ApiApp } from "../openapi";
import { actor, STAFF_READ } from "./staff";

/**
 * GET /api/admin/orders.csv, /users.csv, /products.csv: the back office's CSV exports
 * (docs/decisions/034), the same files as the pages' "Download CSV", streamed. Each is a staff read
 * recorded in the audit log.
 */
export const exportsApi = apiApp();

function csvRoute(
  app: ApiApp,
  path: string,
  summary: string,
  file: string,
  open: (c: ApiContext, db: Database, actor: Actor) => Promise<ReadableStream<Uint8Array>>,
  query?: z.ZodObject,
) {
  return mount(
    app,
    {
      method: "get",
      path,
      tags: ["Admin"],
      summary,
      security: STAFF_READ,
      request: query ? { query } : undefined,
      responses: {
        200: {
          description: `A CSV file (RFC 4180, UTF-8, CRLF; a cell a spreadsheet would run as a formula starts with '), as an attachment named ${file}-YYYY-MM-DD.csv.`,
          content: { "text/csv": { schema: z.string() } },
        },
        ...errors(401, 403, ...(query ? ([422] as const) : [])),
      },
    },
    async (c) => csvFile(await open(c, c.var.app.db, actor(c)), file),
  );
}

csvRoute(
  exportsApi,
  "/orders.csv",
  "The orders as CSV, one row per order line (options, gift recipient, delivery date), by status and UTC days of placing",
  "orders",
  (c, db, staff) => ordersCsv(db, staff, parseQuery(c, OrderExportQuerySchema)),
  z.object({
    status: z.enum(ORDER_STATUSES).optional(),
    from: z.string().optional().meta({ format: "date", description: "The first UTC day of placing (YYYY-MM-DD)." }),
    to: z.string().optional().meta({ format: "date", description: "The last UTC day of placing, included." }),
  }),
);
csvRoute(
  exportsApi,
  "/users.csv",
  "The accounts as CSV (never a password hash or secret)",
  "customers",
  (_c, db, staff) => customersCsv(db, staff),
);
csvRoute(
  exportsApi,
  "/products.csv",
  "The products as CSV, one row per variant sold: the columns the product import reads",
  "products",
  (_c, db, staff) => productsCsv(db, staff),
);
