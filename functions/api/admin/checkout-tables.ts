import { z } from "zod";
import {
  couponsTable,
  shippingTable,
  taxTable,
  type CheckoutTable,
} from "../../../app/services/admin/checkout-tables.server";
import { ok, pathId } from "../http";
import { apiApp, jsonOrForm, type ApiApp } from "../openapi";
import { deletedId, idParams as params, staffResource, staffRoute } from "./route";
import { actor } from "./staff";

/** What the reference says of a table's writes. */
interface Notes {
  create: string;
  update: string;
  delete: string;
}

/** GET /, POST / (201), GET /{id}, PUT /{id}, DELETE /{id} of one table. */
function tableApi<Row, Input, Removed>(table: CheckoutTable<Row, Input, Removed>, notes: Notes): ApiApp {
  const { noun, Noun, notFound } = table.fields;
  const app = staffRoute(
    apiApp(),
    {
      method: "get",
      path: "/",
      summary: `Every ${noun}, inactive ones too`,
      data: z.array(table.schema),
      answer: "The list.",
    },
    async (c) => ok(c, (await table.list(c.var.app.db)).map(table.json)),
  );
  staffResource(app, {
    data: table.schema,
    json: table.json,
    notFound,
    create: {
      summary: `Create a ${noun}`,
      description: notes.create,
      body: jsonOrForm(table.fields.create),
      input: table.fields.create,
      answer: "Created.",
      message: `${Noun} created.`,
      run: table.create,
    },
    read: { summary: `One ${noun}`, answer: `The ${noun}.`, get: table.get },
    update: {
      summary: `Change a ${noun}`,
      description: notes.update,
      body: jsonOrForm(table.fields.update),
      input: table.fields.update,
      answer: `The changed ${noun}.`,
      message: `${Noun} updated.`,
      run: table.update,
    },
  });
  return staffRoute(
    app,
    {
      method: "delete",
      path: "/{id}",
      summary: `Delete a ${noun}`,
      description: notes.delete,
      request: { params },
      data: deletedId,
      answer: "Deleted.",
    },
    async (c) => {
      const removed = await table.remove(c.var.app.db, actor(c), pathId(c, notFound));
      return ok(c, { id: removed.id }, { message: `${Noun} deleted.` });
    },
  );
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
