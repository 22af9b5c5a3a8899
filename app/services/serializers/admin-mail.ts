import { z } from "zod";
import { MAIL_STATUSES } from "../../lib/schemas/admin-mail";
import { statusCountsSchema, wireShape } from "./wire";

/** One email of the outbox as the back office's API gives it. */
export const AdminMailSchema = z
  .object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    template: z.string().meta({ description: "`order_placed`, `new_order`, `order_shipped`, `password_reset`..." }),
    status: z.enum(MAIL_STATUSES),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    transport: z
      .string()
      .nullable()
      .meta({ description: "How it left: `resend`, or `none` (no transport configured: kept in the outbox only)." }),
    created_at: z.string().nullable(),
    sent_at: z.string().nullable(),
    text: z.string().meta({
      description:
        "The text part as written; a secret it carried (a reset, confirmation, unsubscribe or guest order link) reads `[hidden: sent only to the recipient]`.",
    }),
    html: z.string().meta({ description: "The HTML part as written, secrets hidden as in `text`." }),
    headers: z
      .record(z.string(), z.string())
      .nullable()
      .meta({ description: "Extra headers (`List-Unsubscribe`...), secrets hidden as in `text`." }),
    body_removed_at: z.string().nullable().meta({
      description:
        "When the body of a sent email was removed (`mail_body_retention_days` after it was sent): `text` then says so, `html` is empty and `headers` null. Null while it is kept.",
    }),
  })
  .meta({ id: "AdminMail" });
export type AdminMailJson = z.output<typeof AdminMailSchema>;

/** How many mails of each status match the address and template filters. */
export const MailCountsSchema = statusCountsSchema(MAIL_STATUSES).meta({ id: "MailCounts" });

export const adminMailJson = wireShape(AdminMailSchema);

export const mailCountsJson = wireShape(MailCountsSchema);
