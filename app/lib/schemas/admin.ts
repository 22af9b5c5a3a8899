import { z } from "zod";
import { enumParam, integerParam, searchParam } from "./query";

/** Rows per back-office list page, and the most a client may ask for. */
export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_MAX_PAGE_SIZE = 100;

/** `page` and `per_page` of every back-office list (the storefront's page rules). */
export const adminPaging = {
  page: integerParam("page", { fallback: 1 }),
  per_page: integerParam("per_page", { fallback: ADMIN_PAGE_SIZE, clampTo: ADMIN_MAX_PAGE_SIZE }),
};

/** A back-office list of one status (every status when absent), newest first, in pages. */
export const statusListQuery = <const T extends readonly [string, ...string[]]>(statuses: T) =>
  z.object({ status: enumParam("status", statuses), ...adminPaging });

/** GET /api/admin/audit: one entity's entries (and one id's), newest first. */
export const AuditQuerySchema = z.object({
  entity: searchParam("entity", 40),
  entity_id: searchParam("entity_id", 128),
  ...adminPaging,
});
export type AuditQuery = z.output<typeof AuditQuerySchema>;
