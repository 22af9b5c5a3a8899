import { z } from "zod";
import { parseId } from "../../../app/lib/ids";
import { MESSAGE_STATUSES, MessageListQuerySchema, MessageUpdateSchema } from "../../../app/lib/schemas/admin-people";
import { listMessages, MESSAGE_NOT_FOUND, setMessageStatus } from "../../../app/services/admin/messages.server";
import { NotFoundError } from "../../../app/services/errors";
import {
  AdminMessageSchema,
  adminMessageJson,
  MessageCountsSchema,
  messageCountsJson,
} from "../../../app/services/serializers/admin-message";
import { ok, parseBody, parseQuery } from "../http";
import { apiApp, errors, json, jsonOrForm, mount, success } from "../openapi";
import { adminPage } from "./audit";
import { actor, STAFF_READ, STAFF_WRITE } from "./staff";

const tags = ["Admin"];

/** GET /api/admin/messages?status= and PATCH /api/admin/messages/{id}: the contact form's inbox. */
export const messagesApi = apiApp();
mount(
  messagesApi,
  {
    method: "get",
    path: "/",
    tags,
    summary: "The contact inbox, newest first: one status (unread, read, archived) or all, with the count of each",
    security: STAFF_READ,
    request: {
      query: z.object({
        status: z.enum(MESSAGE_STATUSES).optional(),
        page: z.string().optional(),
        per_page: z.string().optional(),
      }),
    },
    responses: {
      200: json(
        success(adminPage(AdminMessageSchema).extend({ counts: MessageCountsSchema })),
        "A page of messages. Reading them changes nothing.",
      ),
      ...errors(401, 403, 422),
    },
  },
  async (c) => {
    const page = await listMessages(c.var.app.db, parseQuery(c, MessageListQuerySchema));
    return ok(c, { ...page, data: page.data.map(adminMessageJson), counts: messageCountsJson(page.counts) });
  },
);
mount(
  messagesApi,
  {
    method: "patch",
    path: "/{id}",
    tags,
    summary: "Mark a message unread, read or archived",
    security: STAFF_WRITE,
    request: { params: z.object({ id: z.string() }), body: jsonOrForm(MessageUpdateSchema) },
    responses: {
      200: json(success(AdminMessageSchema, { message: z.string() }), "The message as saved."),
      ...errors(401, 403, 404, 409, 422),
    },
  },
  async (c) => {
    const id = parseId(c.req.param("id"));
    if (id === null) throw new NotFoundError(MESSAGE_NOT_FOUND);
    const { status } = await parseBody(c, MessageUpdateSchema);
    const message = await setMessageStatus(c.var.app.db, actor(c), id, status);
    return ok(c, adminMessageJson(message), { message: "Message updated successfully" });
  },
);
