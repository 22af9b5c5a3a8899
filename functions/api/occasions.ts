import { z } from "zod";
import { OCCASION_MESSAGES, OccasionBodySchema } from "../../app/lib/schemas/occasions";
import { OCCASION_REPEATS, OCCASIONS_MAX } from "../../app/lib/occasions";
import { shopToday } from "../../app/http/shop-day.server";
import { addOccasion, listOccasions, removeOccasion, updateOccasion } from "../../app/services/occasions.server";
import { NotFoundError } from "../../app/services/errors";
import { ok, pathId, readBody } from "./http";
import { apiApp, Done, errors, json, jsonOrForm, mount, SIGNED_IN_READ, SIGNED_IN_WRITE, success } from "./openapi";
import { authenticated } from "./session";

const tags = ["Account"];

const OccasionSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    month: z.number().int(),
    day: z.number().int(),
    year: z.number().int().nullable().meta({ description: "A one-time occasion's year; null for a yearly one." }),
    repeats: z.enum(OCCASION_REPEATS),
    date_label: z.string().meta({ description: 'As the profile writes it: "14 February, every year", "3 June 2027".' }),
    next_date: z.string().nullable().meta({
      description:
        "Its next day (YYYY-MM-DD, the shop's time zone; a yearly 29 February is the 28th in other years); null once a one-time occasion is past.",
    }),
    created_at: z.string().nullable(),
  })
  .meta({ id: "Occasion" });

const one = (description: string) => json(success(OccasionSchema, { message: z.string() }), description);
const idParam = { params: z.object({ id: z.string() }) };

/**
 * GET, POST /api/v1/occasions and PATCH, DELETE /api/v1/occasions/{id}: the caller's own
 * occasions, reminded of by mail some days before each (the profile's "Occasions"). Another
 * shopper's occasion is not found.
 */
export const occasionsApi = apiApp();
occasionsApi.use(authenticated);

mount(
  occasionsApi,
  {
    method: "get",
    path: "/",
    tags,
    summary: "The caller's occasions, the next one first",
    security: SIGNED_IN_READ,
    responses: { 200: json(success(z.array(OccasionSchema)), "The occasions."), ...errors(401) },
  },
  async (c) => ok(c, await listOccasions(c.var.app.db, c.var.viewer.user.id, await shopToday(c.var.app))),
);

mount(
  occasionsApi,
  {
    method: "post",
    path: "/",
    tags,
    summary: "Save an occasion",
    description: `At most ${OCCASIONS_MAX} per account: one more is a 409.`,
    security: SIGNED_IN_WRITE,
    request: { body: jsonOrForm(OccasionBodySchema) },
    responses: { 201: one("Saved."), ...errors(401, 403, 409, 422) },
  },
  async (c) => {
    const { app, viewer } = c.var;
    const occasion = await addOccasion(app.db, viewer.user.id, await readBody(c), await shopToday(app));
    return c.json({ success: true, message: OCCASION_MESSAGES.saved, data: occasion }, 201);
  },
);

mount(
  occasionsApi,
  {
    method: "patch",
    path: "/{id}",
    tags,
    summary: "Change an occasion",
    description: "The fields given replace the saved ones; the occasion as a whole is checked again.",
    security: SIGNED_IN_WRITE,
    request: { ...idParam, body: jsonOrForm(OccasionBodySchema.partial()) },
    responses: { 200: one("Changed."), ...errors(401, 403, 404, 422) },
  },
  async (c) => {
    const { app, viewer } = c.var;
    const id = pathId(c, OCCASION_MESSAGES.notFound);
    const occasion = await updateOccasion(app.db, viewer.user.id, id, await readBody(c), await shopToday(app));
    return c.json({ success: true, message: OCCASION_MESSAGES.updated, data: occasion });
  },
);

mount(
  occasionsApi,
  {
    method: "delete",
    path: "/{id}",
    tags,
    summary: "Remove an occasion",
    security: SIGNED_IN_WRITE,
    request: idParam,
    responses: { 200: json(Done, "Removed."), ...errors(401, 403, 404) },
  },
  async (c) => {
    const id = pathId(c, OCCASION_MESSAGES.notFound);
    if (!(await removeOccasion(c.var.app.db, c.var.viewer.user.id, id)))
      throw new NotFoundError(OCCASION_MESSAGES.notFound);
    return c.json({ success: true, message: OCCASION_MESSAGES.removed });
  },
);
