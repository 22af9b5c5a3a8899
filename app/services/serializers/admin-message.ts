import { z } from "zod";
import { MESSAGE_STATUSES } from "../../lib/schemas/admin-people";
import { statusCountsSchema, wireShape } from "./wire";

/** A contact message as the back office's API gives it. */
export const AdminMessageSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    status: z.enum(MESSAGE_STATUSES),
    read_at: z.string().nullable(),
    created_at: z.string().nullable(),
  })
  .meta({ id: "AdminMessage" });
export type AdminMessageJson = z.output<typeof AdminMessageSchema>;

/** How many messages each status holds (the inbox's tabs). */
export const MessageCountsSchema = statusCountsSchema(MESSAGE_STATUSES).meta({ id: "MessageCounts" });

export const adminMessageJson = wireShape(AdminMessageSchema);

export const messageCountsJson = wireShape(MessageCountsSchema);
