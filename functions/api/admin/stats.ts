import { z } from "zod";
import { mailTransport } from "../../../app/services/admin/mail.server";
import { getDashboard } from "../../../app/services/admin/stats.server";
import { ORDER_STATUSES } from "../../../app/lib/order-statuses";
import { shopToday } from "../../../app/http/shop-day.server";
import { ok } from "../http";
import { apiApp } from "../openapi";
import { staffRoute } from "./route";

const count = z.number().int();
const money = z.number().meta({ description: "Currency units (24.99)." });

export const StatsSchema = z
  .object({
    orders: z.object({
      total: count,
      today: count,
      last_7_days: count,
      last_30_days: count,
      by_status: z.object(Object.fromEntries(ORDER_STATUSES.map((status) => [status, count]))),
      value: z
        .object({ today: money, last_7_days: money, last_30_days: money })
        .meta({ description: "What those orders are worth, cancelled ones left out." }),
    }),
    revenue: z
      .object({ placed: money, collected: money })
      .meta({ description: "Placed: orders not cancelled; collected: paid (cash received)." }),
    products: z.object({ total: count, active: count, low_stock: count, out_of_stock: count }),
    customers: z.object({ total: count, new_last_7_days: count }),
    messages: z.object({ unread: count }),
    reviews: z.object({ pending: count }),
    deliveries: z
      .object({
        today: z.object({ date: z.string().meta({ format: "date" }), orders: count }),
        tomorrow: z.object({ date: z.string().meta({ format: "date" }), orders: count }),
      })
      .meta({
        description:
          "Orders (not cancelled) to deliver today and tomorrow in the shop's time zone; `GET /api/admin/orders?delivery=today` lists them.",
      }),
    mail: z.object({ transport: z.enum(["resend", "none"]), delivering: z.boolean() }).meta({
      description: "How mail leaves: `none` keeps every email in the outbox (/admin/mail), delivered to nobody.",
    }),
  })
  .meta({ id: "ShopStats" });

/** GET /api/admin/stats: the dashboard's figures (days are UTC). */
export const statsApi = staffRoute(
  apiApp(),
  {
    method: "get",
    path: "/",
    summary: "The dashboard's figures",
    description:
      "Orders today / 7 / 30 days (UTC) and their value, by status, revenue placed and collected, stock alerts (low: 1 left up to the setting `low_stock_threshold`, 5 unless set), customers, unread messages, reviews waiting for approval, deliveries today and tomorrow (the shop's time zone), and how mail leaves.",
    data: StatsSchema,
    answer: "The figures.",
  },
  async (c) => {
    const now = new Date();
    const dashboard = await getDashboard(c.var.app.db, now, await shopToday(c.var.app, now));
    return ok(c, { ...dashboard.stats, mail: mailTransport(c.var.app.env) });
  },
);
