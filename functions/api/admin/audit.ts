import { z } from "zod";
import { AuditQuerySchema } from "../../../app/lib/schemas/admin";
import { listAudit } from "../../../app/services/admin/audit.server";
import { ok, parseQuery } from "../http";
import { apiApp, errors, json, mount, success } from "../openapi";
import { STAFF_READ } from "./staff";

export const AuditRecordSchema = z
  .object({
    id: z.number().int(),
    actor: z.object({ id: z.number().int().nullable(), name: z.string(), email: z.string() }),
    action: z.string(),
    entity: z.string(),
    entity_id: z.string(),
    summary: z.string(),
    changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).nullable(),
    created_at: z.string().nullable(),
  })
  .meta({ id: "AuditRecord" });

export const adminPage = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    from: z.number().int().nullable(),
    to: z.number().int().nullable(),
    total: z.number().int(),
  });

/** GET /api/admin/audit?entity=&entity_id=&page=: every staff write, newest first. */
export const auditApi = mount(
  apiApp(),
  {
    method: "get",
    path: "/",
    tags: ["Admin"],
    summary: "The audit log of staff writes",
    security: STAFF_READ,
    request: { query: z.object({ entity: z.string().optional(), entity_id: z.string().optional(), page: z.string().optional(), per_page: z.string().optional() }) },
    responses: { 200: json(success(adminPage(AuditRecordSchema)), "Newest first."), ...errors(401, 403, 422) },
  },
  async (c) => ok(c, await listAudit(c.var.app.db, parseQuery(c, AuditQuerySchema))),
);
