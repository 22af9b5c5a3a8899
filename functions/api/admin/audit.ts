import { z } from "zod";
import { AuditQuerySchema } from "../../../app/lib/schemas/admin";
import { AuditRecordSchema } from "../../../app/services/serializers/admin-audit";
import { pageOf } from "../../../app/services/serializers/page";
import { listAudit } from "../../../app/services/audit.server";
import { ok, parseQuery } from "../http";
import { apiApp, errors, json, mount, success } from "../openapi";
import { STAFF_READ } from "./staff";

export { AuditRecordSchema };
/** A page of a back-office list, in the products list's page shape. */
export const adminPage = pageOf;

/** GET /api/admin/audit?entity=&entity_id=&page=: every staff write, newest first. */
export const auditApi = mount(
  apiApp(),
  {
    method: "get",
    path: "/",
    tags: ["Admin"],
    summary: "The audit log of staff writes",
    security: STAFF_READ,
    request: {
      query: z.object({
        entity: z.string().optional(),
        entity_id: z.string().optional(),
        page: z.string().optional(),
        per_page: z.string().optional(),
      }),
    },
    responses: { 200: json(success(adminPage(AuditRecordSchema)), "Newest first."), ...errors(401, 403, 422) },
  },
  async (c) => ok(c, await listAudit(c.var.app.db, parseQuery(c, AuditQuerySchema))),
);
