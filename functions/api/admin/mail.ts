import { z } from "zod";
import { MAIL_MESSAGES, MAIL_STATUSES, mailIdOf, MailListQuerySchema } from "../../../app/lib/schemas/admin-mail";
import { getMail, listMail, retryMail } from "../../../app/services/admin/mail.server";
import { NotFoundError } from "../../../app/services/errors";
import {
  AdminMailSchema,
  adminMailJson,
  MailCountsSchema,
  mailCountsJson,
} from "../../../app/services/serializers/admin-mail";
import { ok, parseQuery } from "../http";
import { apiApp, errors, json, mount, success } from "../openapi";
import { adminPage } from "./audit";
import { actor, STAFF_READ, STAFF_WRITE } from "./staff";

const tags = ["Admin"];

const idOf = (text: string | undefined) => {
  const id = mailIdOf(text);
  if (!id) throw new NotFoundError(MAIL_MESSAGES.notFound);
  return id;
};

/** GET /api/admin/mail, GET /api/admin/mail/{id}, POST /api/admin/mail/{id}/retry: the outbox. */
export const adminMailApi = apiApp();
mount(
  adminMailApi,
  {
    method: "get",
    path: "/",
    tags,
    summary: "The outbox, newest first: by part of the address, template and status, with the count of each status",
    description:
      "Every email the shop sent or tried to send. `counts` follow the address and template filters; `templates` are those the outbox holds.",
    security: STAFF_READ,
    request: {
      query: z.object({
        to: z.string().optional(),
        template: z.string().optional(),
        status: z.enum(MAIL_STATUSES).optional(),
        page: z.string().optional(),
        per_page: z.string().optional(),
      }),
    },
    responses: {
      200: json(
        success(adminPage(AdminMailSchema).extend({ counts: MailCountsSchema, templates: z.array(z.string()) })),
        "A page of emails.",
      ),
      ...errors(401, 403, 422),
    },
  },
  async (c) => {
    const page = await listMail(c.var.app.db, parseQuery(c, MailListQuerySchema));
    return ok(c, { ...page, data: page.data.map(adminMailJson), counts: mailCountsJson(page.counts) });
  },
);
mount(
  adminMailApi,
  {
    method: "get",
    path: "/{id}",
    tags,
    summary: "One email of the outbox, its text and HTML as written",
    security: STAFF_READ,
    request: { params: z.object({ id: z.string() }) },
    responses: { 200: json(success(AdminMailSchema), "The email."), ...errors(401, 403, 404) },
  },
  async (c) => {
    const found = await getMail(c.var.app.db, idOf(c.req.param("id")));
    if (!found) throw new NotFoundError(MAIL_MESSAGES.notFound);
    return ok(c, adminMailJson(found.mail));
  },
);
mount(
  adminMailApi,
  {
    method: "post",
    path: "/{id}/retry",
    tags,
    summary: "Send a failed email again",
    description:
      "A failed email (or one waiting after a failed try) goes back to the queue with a fresh set of attempts. A sent one is a 409.",
    security: STAFF_WRITE,
    request: { params: z.object({ id: z.string() }) },
    responses: {
      200: json(success(AdminMailSchema, { message: z.string() }), "The email, queued again."),
      ...errors(401, 403, 404, 409),
    },
  },
  async (c) => {
    const mail = await retryMail(c.var.app.db, actor(c), idOf(c.req.param("id")));
    return ok(c, adminMailJson(mail), { message: MAIL_MESSAGES.retried });
  },
);
