import { z } from "zod";
import { parseId } from "../../../app/lib/ids";
import {
  couponsTable,
  shippingTable,
  taxTable,
  type CheckoutTable,
} from "../../../app/services/admin/checkout-tables.server";
import { NotFoundError } from "../../../app/services/errors";
import { ok, parseBody, type ApiContext } from "../http";
import { apiApp, errors, json, jsonOrForm, mount, success, type ApiApp } from "../openapi";
import { actor, STAFF_READ, STAFF_WRITE } from "./staff";

const tags = ["Admin"];
const params = z.object({ id: z.string() });

/** What the reference says of a table's writes. */
interface Notes {
  create: string;
  update: string;
  delete: string;
}

/** GET /, POST / (201), GET /{id}, PUT /{id}, DELETE /{id} of one table. */
function tableApi<Row, Input, Removed>(table: CheckoutTable<Row, Input, Removed>, notes: Notes): ApiApp {
  const { noun, Noun, notFound } = table.fields;
  const idOf = (c: ApiContext) => {
    const id = parseId(c.req.param("id"));
    if (id === null) throw new NotFoundError(notFound);
    return id;
  };
  const app = mount(
    apiApp(),
    {
      method: "get",
      path: "/",
      tags,
      summary: `Every ${noun}, inactive ones too`,
      security: STAFF_READ,
      responses: { 200: json(success(z.array(table.schema)), "The list."), ...errors(401, 403) },
    },
    async (c) => ok(c, (await table.list(c.var.app.db)).map(table.json)),
  );
  mount(
    app,
    {
      method: "post",
      path: "/",
      tags,
      summary: `Create a ${noun}`,
      description: notes.create,
      security: STAFF_WRITE,
      request: { body: jsonOrForm(table.fields.create) },
      responses: {
        201: json(success(table.schema, { message: z.string() }), "Created."),
        ...errors(401, 403, 409, 422),
      },
    },
    async (c) => {
      const input = await parseBody(c, table.fields.create);
      const row = await table.create(c.var.app.db, actor(c), input);
      return c.json({ success: true, data: table.json(row), message: `${Noun} created.` }, 201);
    },
  );
  mount(
    app,
    {
      method: "get",
      path: "/{id}",
      tags,
      summary: `One ${noun}`,
      security: STAFF_READ,
      request: { params },
      responses: { 200: json(success(table.schema), `The ${noun}.`), ...errors(401, 403, 404) },
    },
    async (c) => {
      const row = await table.get(c.var.app.db, idOf(c));
      if (!row) throw new NotFoundError(notFound);
      return ok(c, table.json(row));
    },
  );
  mount(
    app,
    {
      method: "put",
      path: "/{id}",
      tags,
      summary: `Change a ${noun}`,
      description: notes.update,
      security: STAFF_WRITE,
      request: { params, body: jsonOrForm(table.fields.update) },
      responses: {
        200: json(success(table.schema, { message: z.string() }), `The changed ${noun}.`),
        ...errors(401, 403, 404, 409, 422),
      },
    },
    async (c) => {
      const id = idOf(c);
      const input = await parseBody(c, table.fields.update);
      const row = await table.update(c.var.app.db, actor(c), id, input);
      return ok(c, table.json(row), { message: `${Noun} updated.` });
    },
  );
  mount(
    app,
    {
      method: "delete",
      path: "/{id}",
      tags,
      summary: `Delete a ${noun}`,
      description: notes.delete,
      security: STAFF_WRITE,
      request: { params },
      responses: {
        200: json(success(z.object({ id: z.number().int() }), { message: z.string() }), "Deleted."),
        ...errors(401, 403, 404),
      },
    },
    async (c) => {
      const removed = await table.remove(c.var.app.db, actor(c), idOf(c));
      return ok(c, { id: removed.id }, { message: `${Noun} deleted.` });
    },
  );
  return app;
}

/** /api/admin/coupons: the checkout's coupons; the next quote uses a change at once. */
export const adminCouponsApi = tableApi(couponsTable, {
  create:
    "`value` is a whole percent (1-100) for a percentage coupon, an amount above 0 in currency units for a fixed one. The expiry must be after the start. A code in use is a 409.",
  update: "Only the fields sent change. The usage limit may not go below the uses so far (422).",
  delete: "Orders placed with it keep its code.",
});

/** /api/admin/shipping-methods: what the checkout offers, by country. */
export const adminShippingMethodsApi = tableApi(shippingTable, {
  create:
    "Money in currency units; `countries` a list of ISO codes (or comma-separated), empty for every country. A code in use is a 409.",
  update: "Only the fields sent change. The maximum delivery days may not be fewer than the minimum (422).",
  delete: "Orders sent with it keep its name.",
});

/** /api/admin/tax-rates: the checkout's tax, by country and state. */
export const adminTaxRatesApi = tableApi(taxTable, {
  create: "`rate` in percent, 0 to 100 with at most 2 decimals. One name per country and state (409 otherwise).",
  update: "Only the fields sent change.",
  delete: "Orders already placed keep the tax they were charged.",
});
