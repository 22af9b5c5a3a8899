import { z } from "zod";
import { AuditQuerySchema } from "../../../app/lib/schemas/admin";
import { AuditRecordSchema } from "../../../app/services/serializers/admin-audit";
import { pageOf } from "../../../app/services/serializers/page";
import { listAudit } from "../../../app/services/audit.server";
import { ok, parseQuery } from "../http";
import { apiApp } from "../openapi";
import { listQuery, staffRoute } from "./route";

export { AuditRecordSchema };
/** A page of a back-office list, in the products list's page shape. */
export const adminPage = pageOf;

/** GET /api/admin/audit?entity=&entity_id=&page=: every staff write, newest first. */
export const auditApi = staffRoute(
  apiApp(),
  {
    method: "get",
    path: "/",
    summary: "The audit log of staff writes",
    request: { query: listQuery({ entity: z.string().optional(), entity_id: z.string().optional() }) },
    data: adminPage(AuditRecordSchema),
    answer: "Newest first.",
  },
  async (c) => ok(c, await listAudit(c.var.app.db, parseQuery(c, AuditQuerySchema))),
);
