import { z } from "zod";
import { DELIVERY_MESSAGES, DELIVERY_RANGE_MAX_DAYS, isIsoDate } from "../delivery";

/** A day of `GET /api/delivery/dates`' range: `YYYY-MM-DD`, null when absent. */
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

/** `GET /api/delivery/dates?from=&to=`: each checked as a date; the range's rules are the service's. */
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
