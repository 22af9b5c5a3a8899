import { z } from "zod";
import { NEWSLETTER_STATUSES, NewsletterListQuerySchema } from "../../../app/lib/schemas/newsletter";
import { listSubscribers } from "../../../app/services/newsletter.server";
import { statusCountsSchema } from "../../../app/services/serializers/wire";
import { ok, parseQuery } from "../http";
import { apiApp } from "../openapi";
import { adminPage } from "./audit";
import { listQuery, staffRoute } from "./route";

/** A newsletter subscriber as the back office's API gives it. */
export const AdminSubscriberSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    status: z.enum(NEWSLETTER_STATUSES),
    subscribed_at: z.string().nullable(),
    unsubscribed_at: z.string().nullable(),
    created_at: z.string().nullable(),
  })
  .meta({ id: "AdminSubscriber" });

/** How many subscribers each status holds. */
export const SubscriberCountsSchema = statusCountsSchema(NEWSLETTER_STATUSES).meta({ id: "SubscriberCounts" });

/** GET /api/admin/newsletter?status=&search=&page=: the newsletter's subscribers, newest first. */
export const adminNewsletterApi = staffRoute(
  apiApp(),
  {
    method: "get",
    path: "/",
    summary:
      "The newsletter's subscribers, newest first: one status (pending, subscribed, unsubscribed) or all, by part of the address, with the count of each status",
    request: {
      query: listQuery({ status: z.enum(NEWSLETTER_STATUSES).optional(), search: z.string().optional() }),
    },
    data: adminPage(AdminSubscriberSchema).extend({ counts: SubscriberCountsSchema }),
    answer: "A page of subscribers. Reading them changes nothing.",
  },
  async (c) => ok(c, await listSubscribers(c.var.app.db, parseQuery(c, NewsletterListQuerySchema))),
);
