import { z } from "zod";
import { isIsoDate } from "../delivery";
import { ORDER_STATUSES } from "../order-lifecycle";
import { enumParam, searchParam } from "./query";

/**
 * The back office's CSV exports (`/admin/orders.csv`, `/api/admin/orders.csv`): which orders. The
 * days are UTC days of placing, as the dashboard counts them; both ends are included.
 */

export const EXPORT_MESSAGES = {
  from: "The from date must be a date written YYYY-MM-DD, such as 2026-12-01.",
  to: "The to date must be a date written YYYY-MM-DD, such as 2026-12-31.",
  range: "The to date must be the same as or after the from date.",
} as const;

const day = (field: "from" | "to") =>
  searchParam(field, 10).refine((value) => value === undefined || isIsoDate(value), { error: EXPORT_MESSAGES[field] });

export const OrderExportQuerySchema = z
  .object({ status: enumParam("status", ORDER_STATUSES), from: day("from"), to: day("to") })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ["to"],
    error: EXPORT_MESSAGES.range,
  });
export type OrderExportQuery = z.output<typeof OrderExportQuerySchema>;
