import { z } from "zod";

/** A delivery day on the wire (`GET /api/delivery/dates`). */
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
