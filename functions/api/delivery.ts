import { z } from "zod";
import { cachedData } from "../../app/http/cache-entries.server";
import {
  addDays,
  daysBetween,
  DELIVERY_MESSAGES,
  DELIVERY_RANGE_MAX_DAYS,
  deliveryRules,
  deliveryWindow,
  isIsoDate,
} from "../../app/lib/delivery";
import { deliveryCalendar } from "../../app/services/delivery.server";
import { ValidationError } from "../../app/services/errors";
import { ok, parseQuery } from "./http";
import { apiApp, errors, json, mount, success } from "./openapi";

const tags = ["Delivery"];

const dateParam = (field: "from" | "to") =>
  z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return null;
      if (!isIsoDate(value)) {
        ctx.addIssue({ code: "custom", message: DELIVERY_MESSAGES.dateFormat(field) });
        return z.NEVER;
      }
      return value;
    })
    .meta({ type: "string", format: "date" });

export const DeliveryDatesQuerySchema = z.object({
  from: dateParam("from").meta({
    type: "string",
    format: "date",
    description: "The first day; today (the shop's time zone) when absent.",
  }),
  to: dateParam("to").meta({
    type: "string",
    format: "date",
    description: `The last day, included; at most ${DELIVERY_RANGE_MAX_DAYS} days from the first. The last day the shop takes orders for (or the range's longest) when absent.`,
  }),
});

export const DeliveryDaySchema = z
  .object({
    date: z.string().meta({ format: "date" }),
    status: z.enum(["available", "full", "closed", "too_soon", "too_late"]).meta({
      description: "Where several apply, the first of too_soon, too_late, closed, full.",
    }),
    remaining: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Orders the day can still take: null without a daily cap, 0 unless available." }),
  })
  .meta({ id: "DeliveryDay" });

/** GET /api/delivery/dates: each day of a range and whether an order placed now may ask for it. */
export const deliveryApi = apiApp();
mount(
  deliveryApi,
  {
    method: "get",
    path: "/dates",
    tags,
    summary: "The delivery days of a range, with what each is now",
    description: `Computed in the shop's time zone from the settings of the group \`delivery\` (lead days, cutoff, closed weekdays and dates, the daily cap, the horizon). At most ${DELIVERY_RANGE_MAX_DAYS} days: a longer range is a 422.`,
    request: { query: DeliveryDatesQuerySchema },
    responses: {
      200: json(success(z.array(DeliveryDaySchema)), "The days, in order."),
      ...errors(422),
    },
  },
  async (c) => {
    const query = parseQuery(c, DeliveryDatesQuerySchema);
    const { app } = c.var;
    const rules = deliveryRules(await app.cache.read(cachedData.publicSettings()));
    const now = new Date();
    const window = deliveryWindow(rules, now);
    const from = query.from ?? window.today;
    const longest = addDays(from, DELIVERY_RANGE_MAX_DAYS - 1);
    const to = query.to ?? (window.latest < longest ? (window.latest < from ? from : window.latest) : longest);
    if (to < from) throw new ValidationError({ to: [DELIVERY_MESSAGES.rangeOrder] }, DELIVERY_MESSAGES.rangeOrder);
    if (daysBetween(from, to) + 1 > DELIVERY_RANGE_MAX_DAYS)
      throw new ValidationError({ to: [DELIVERY_MESSAGES.range] }, DELIVERY_MESSAGES.range);
    c.header("Cache-Control", "no-store");
    return ok(c, await deliveryCalendar(app.db, rules, from, to, now));
  },
);
