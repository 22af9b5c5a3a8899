import { z } from "zod";
import { listStaffDeliveries, setDeliveryDayClosed } from "../../../app/services/admin/deliveries.server";
import { ok } from "../http";
import { apiApp } from "../openapi";
import { DeliveryDaySchema } from "../../../app/services/serializers/delivery";
import { staffRoute } from "./route";
import { actor } from "./staff";

const StaffDeliveriesSchema = z
  .object({
    today: z.string().meta({ format: "date", description: "Today in the shop's time zone." }),
    time_zone: z.string(),
    max_per_day: z.number().int().meta({ description: "The daily cap: 0 for none." }),
    days: z.array(
      z.object({
        date: z.string().meta({ format: "date" }),
        booked: z.number().int().meta({ description: "Orders (not cancelled) to deliver that day." }),
        remaining: z
          .number()
          .int()
          .nullable()
          .meta({ description: "Orders the day can still take: null without a daily cap, 0 when closed or full." }),
        status: z.enum(["available", "full", "closed"]),
        reason: z
          .string()
          .nullable()
          .meta({ description: 'Why a closed day is closed: "Closed on Sundays", "Closed (holiday)".' }),
        closed_date: z.boolean().meta({
          description: "Whether the day is one of the closed dates (delivery_closed_dates): it can be reopened.",
        }),
        checkout_status: DeliveryDaySchema.shape.status.meta({
          description: "What GET /api/delivery/dates says of the day for an order placed now.",
        }),
      }),
    ),
  })
  .meta({ id: "StaffDeliveries" });

const dateParams = z.object({ date: z.string().meta({ format: "date", description: "The day, YYYY-MM-DD." }) });

/**
 * /api/admin/deliveries: the next 14 days for staff (the page `/admin/deliveries`), and closing or
 * reopening one day, a change of the setting `delivery_closed_dates` (audited; the checkout sees
 * it at once). Orders already booked on a closed day stay.
 */
export const adminDeliveriesApi = staffRoute(
  apiApp(),
  {
    method: "get",
    path: "/",
    summary: "The next 14 delivery days: orders booked, capacity left, closed days",
    description: "From today in the shop's time zone; each day's orders are `GET /api/admin/orders?delivery_date=`.",
    data: StaffDeliveriesSchema,
    answer: "The days, in order.",
  },
  async (c) => ok(c, await listStaffDeliveries(c.var.app.db)),
);

for (const [path, closed] of [
  ["close", true],
  ["open", false],
] as const) {
  staffRoute(
    adminDeliveriesApi,
    {
      method: "post",
      path: `/{date}/${path}`,
      summary: closed ? "Close one delivery day" : "Reopen one delivery day",
      description: closed
        ? "Adds the day to `delivery_closed_dates`: shoppers can no longer choose it; orders already booked on it stay. Closing a closed day changes nothing. A date not written YYYY-MM-DD, or before today, is a 422."
        : "Removes the day from `delivery_closed_dates` (a closed weekday stays closed). Reopening a day that is not a closed date changes nothing. A date not written YYYY-MM-DD, or before today, is a 422.",
      request: { params: dateParams },
      data: StaffDeliveriesSchema,
      more: { changed: z.boolean() },
      answer: "The days as they now stand, and what was done.",
      refusals: [422],
    },
    async (c) => {
      const { db } = c.var.app;
      const { changed, message } = await setDeliveryDayClosed(db, actor(c), c.req.param("date")!, closed);
      return ok(c, await listStaffDeliveries(db), { message, changed });
    },
  );
}
