import { z } from "zod";
import { MESSAGE_STATUSES, MessageListQuerySchema, MessageUpdateSchema } from "../../../app/lib/schemas/admin-people";
import { listMessages, MESSAGE_NOT_FOUND, setMessageStatus } from "../../../app/services/admin/messages.server";
import {
  AdminMessageSchema,
  adminMessageJson,
  MessageCountsSchema,
  messageCountsJson,
} from "../../../app/services/serializers/admin-message";
import { ok, parseBody, parseQuery, pathId } from "../http";
import { apiApp } from "../openapi";
import { adminPage } from "./audit";
import { countedPageJson, listQuery, rowChange, staffRoute } from "./route";
import { actor } from "./staff";

/** GET /api/admin/messages?status= and PATCH /api/admin/messages/{id}: the contact form's inbox. */
export const messagesApi = apiApp();
staffRoute(
  messagesApi,
  {
    method: "get",
    path: "/",
    summary: "The contact inbox, newest first: one status (unread, read, archived) or all, with the count of each",
    request: { query: listQuery({ status: z.enum(MESSAGE_STATUSES).optional() }) },
    data: adminPage(AdminMessageSchema).extend({ counts: MessageCountsSchema }),
    answer: "A page of messages. Reading them changes nothing.",
  },
  async (c) => {
    const page = await listMessages(c.var.app.db, parseQuery(c, MessageListQuerySchema));
    return ok(c, countedPageJson(page, adminMessageJson, messageCountsJson));
  },
);
staffRoute(
  messagesApi,
  {
    method: "patch",
    path: "/{id}",
    summary: "Mark a message unread, read or archived",
    request: rowChange(MessageUpdateSchema),
    data: AdminMessageSchema,
    answer: "The message as saved.",
    refusals: [409],
  },
  async (c) => {
    const id = pathId(c, MESSAGE_NOT_FOUND);
    const { status } = await parseBody(c, MessageUpdateSchema);
    const message = await setMessageStatus(c.var.app.db, actor(c), id, status);
    return ok(c, adminMessageJson(message), { message: "Message updated successfully" });
  },
);
