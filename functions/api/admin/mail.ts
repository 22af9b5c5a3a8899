import { z } from "zod";
import { MAIL_MESSAGES, MAIL_STATUSES, mailIdOf, MailListQuerySchema } from "../../../app/lib/schemas/admin-mail";
import { getMail, listMail, retryMail } from "../../../app/services/admin/mail.server";
import {
  AdminMailSchema,
  adminMailJson,
  MailCountsSchema,
  mailCountsJson,
} from "../../../app/services/serializers/admin-mail";
import { found, ok, parseQuery, type ApiContext } from "../http";
import { apiApp } from "../openapi";
import { adminPage } from "./audit";
import { idParams as params, listQuery, countedPageJson, staffRoute } from "./route";
import { actor } from "./staff";

/** The email of the path: an id that is not one is simply not found. */
const mailId = (c: ApiContext) => found(mailIdOf(c.req.param("id")), MAIL_MESSAGES.notFound);

/** GET /api/admin/mail, GET /api/admin/mail/{id}, POST /api/admin/mail/{id}/retry: the outbox. */
export const adminMailApi = apiApp();
staffRoute(
  adminMailApi,
  {
    method: "get",
    path: "/",
    summary: "The outbox, newest first: by part of the address, template and status, with the count of each status",
    description:
      "Every email the shop sent or tried to send. `counts` follow the address and template filters; `templates` are those the outbox holds.",
    request: {
      query: listQuery({
        to: z.string().optional(),
        template: z.string().optional(),
        status: z.enum(MAIL_STATUSES).optional(),
      }),
    },
    data: adminPage(AdminMailSchema).extend({ counts: MailCountsSchema, templates: z.array(z.string()) }),
    answer: "A page of emails.",
  },
  async (c) => {
    const page = await listMail(c.var.app.db, parseQuery(c, MailListQuerySchema));
    return ok(c, countedPageJson(page, adminMailJson, mailCountsJson));
  },
);
staffRoute(
  adminMailApi,
  {
    method: "get",
    path: "/{id}",
    summary: "One email of the outbox, its text and HTML as written",
    request: { params },
    data: AdminMailSchema,
    answer: "The email.",
  },
  async (c) => {
    const { mail } = found(await getMail(c.var.app.db, mailId(c)), MAIL_MESSAGES.notFound);
    return ok(c, adminMailJson(mail));
  },
);
staffRoute(
  adminMailApi,
  {
    method: "post",
    path: "/{id}/retry",
    summary: "Send a failed email again",
    description:
      "A failed email (or one waiting after a failed try) goes back to the queue with a fresh set of attempts. A sent one is a 409.",
    request: { params },
    data: AdminMailSchema,
    answer: "The email, queued again.",
    refusals: [409],
  },
  async (c) => {
    const mail = await retryMail(c.var.app.db, actor(c), mailId(c));
    return ok(c, adminMailJson(mail), { message: MAIL_MESSAGES.retried });
  },
);
