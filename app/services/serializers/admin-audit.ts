import { z } from "zod";

/** An audit entry as GET /api/admin/audit gives it, and as the order and settings pages show it. */
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
