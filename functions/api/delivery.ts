import { z } from "zod";
import { cachedData } from "../../app/http/cache-entries.server";
import { DELIVERY_RANGE_MAX_DAYS, deliveryRules } from "../../app/lib/delivery";
import { DeliveryDatesQuerySchema } from "../../app/lib/schemas/delivery";
import { deliveryCalendar } from "../../app/services/delivery.server";
import { DeliveryDaySchema } from "../../app/services/serializers/delivery";
import { ok, parseQuery } from "./http";
import { apiApp, errors, json, mount, success } from "./openapi";

const tags = ["Delivery"];

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
    c.header("Cache-Control", "no-store");
    return ok(c, await deliveryCalendar(app.db, rules, query));
  },
);
