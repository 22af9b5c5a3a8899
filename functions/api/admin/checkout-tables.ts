import { z } from "zod";
import { parseId } from "../../../app/lib/ids";
import {
  CATALOGUE_MESSAGES,
  CouponCreateSchema,
  CouponUpdateSchema,
  ShippingMethodCreateSchema,
  ShippingMethodUpdateSchema,
  TaxRateCreateSchema,
  TaxRateUpdateSchema,
} from "../../../app/lib/schemas/admin-catalogue";
import {
  createCoupon,
  createShippingMethod,
  createTaxRate,
  deleteCoupon,
  deleteShippingMethod,
  deleteTaxRate,
  getCoupon,
  getShippingMethod,
  getTaxRate,
  listCoupons,
  listShippingMethods,
  listTaxRatesForStaff,
  updateCoupon,
  updateShippingMethod,
  updateTaxRate,
} from "../../../app/services/admin/checkout-tables.server";
import type { Actor } from "../../../app/services/admin/audit.server";
import { NotFoundError } from "../../../app/services/errors";
import {
  adminCouponJson,
  AdminCouponSchema,
  adminShippingMethodJson,
  AdminShippingMethodSchema,
  adminTaxRateJson,
  AdminTaxRateSchema,
} from "../../../app/services/serializers/admin-checkout-tables";
import type { Database } from "../../../db/client";
import { ok, parseBody, type ApiContext } from "../http";
import { apiApp, errors, json, jsonOrForm, mount, success, type ApiApp } from "../openapi";
import { actor, STAFF_READ, STAFF_WRITE } from "./staff";

const tags = ["Admin"];
const params = z.object({ id: z.string() });

/** What one checkout table's routes are made of: its names, schemas and service calls. */
interface Table<Row, Input> {
  /** "coupon", "shipping method", "tax rate". */
  noun: string;
  Noun: string;
  notFound: string;
  schema: z.ZodType;
  json: (row: Row) => unknown;
  create: { schema: z.ZodType<Input>; description: string };
  update: { schema: z.ZodType<Input>; description: string };
  deleteNote: string;
  list: (db: Database) => Promise<Row[]>;
  get: (db: Database, id: number) => Promise<Row | null>;
  add: (db: Database, actor: Actor, input: Input) => Promise<Row>;
  change: (db: Database, actor: Actor, id: number, input: Input) => Promise<Row>;
  remove: (db: Database, actor: Actor, id: number) => Promise<{ id: number }>;
}

/** GET /, POST / (201), GET /{id}, PUT /{id}, DELETE /{id} of one table. */
function tableApi<Row, Input>(table: Table<Row, Input>): ApiApp {
  const idOf = (c: ApiContext) => {
    const id = parseId(c.req.param("id"));
    if (id === null) throw new NotFoundError(table.notFound);
    return id;
  };
  const app = mount(
    apiApp(),
    {
      method: "get",
      path: "/",
      tags,
      summary: `Every ${table.noun}, inactive ones too`,
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
      summary: `Create a ${table.noun}`,
      description: table.create.description,
      security: STAFF_WRITE,
      request: { body: jsonOrForm(table.create.schema) },
      responses: {
        201: json(success(table.schema, { message: z.string() }), "Created."),
        ...errors(401, 403, 409, 422),
      },
    },
    async (c) => {
      const input = await parseBody(c, table.create.schema);
      const row = await table.add(c.var.app.db, actor(c), input);
      return c.json({ success: true, data: table.json(row), message: `${table.Noun} created.` }, 201);
    },
  );
  mount(
    app,
    {
      method: "get",
      path: "/{id}",
      tags,
      summary: `One ${table.noun}`,
      security: STAFF_READ,
      request: { params },
      responses: { 200: json(success(table.schema), `The ${table.noun}.`), ...errors(401, 403, 404) },
    },
    async (c) => {
      const row = await table.get(c.var.app.db, idOf(c));
      if (!row) throw new NotFoundError(table.notFound);
      return ok(c, table.json(row));
    },
  );
  mount(
    app,
    {
      method: "put",
      path: "/{id}",
      tags,
      summary: `Change a ${table.noun}`,
      description: table.update.description,
      security: STAFF_WRITE,
      request: { params, body: jsonOrForm(table.update.schema) },
      responses: {
        200: json(success(table.schema, { message: z.string() }), `The changed ${table.noun}.`),
        ...errors(401, 403, 404, 409, 422),
      },
    },
    async (c) => {
      const id = idOf(c);
      const input = await parseBody(c, table.update.schema);
      const row = await table.change(c.var.app.db, actor(c), id, input);
      return ok(c, table.json(row), { message: `${table.Noun} updated.` });
    },
  );
  mount(
    app,
    {
      method: "delete",
      path: "/{id}",
      tags,
      summary: `Delete a ${table.noun}`,
      description: table.deleteNote,
      security: STAFF_WRITE,
      request: { params },
      responses: {
        200: json(success(z.object({ id: z.number().int() }), { message: z.string() }), "Deleted."),
        ...errors(401, 403, 404),
      },
    },
    async (c) => {
      const removed = await table.remove(c.var.app.db, actor(c), idOf(c));
      return ok(c, { id: removed.id }, { message: `${table.Noun} deleted.` });
    },
  );
  return app;
}

/** /api/admin/coupons: the checkout's coupons; the next quote uses a change at once. */
export const adminCouponsApi = tableApi({
  noun: "coupon",
  Noun: "Coupon",
  notFound: CATALOGUE_MESSAGES.couponNotFound,
  schema: AdminCouponSchema,
  json: adminCouponJson,
  create: {
    schema: CouponCreateSchema,
    description:
      "`value` is a whole percent (1-100) for a percentage coupon, an amount above 0 in currency units for a fixed one. The expiry must be after the start. A code in use is a 409.",
  },
  update: {
    schema: CouponUpdateSchema,
    description: "Only the fields sent change. The usage limit may not go below the uses so far (422).",
  },
  deleteNote: "Orders placed with it keep its code.",
  list: listCoupons,
  get: getCoupon,
  add: createCoupon,
  change: updateCoupon,
  remove: deleteCoupon,
});

/** /api/admin/shipping-methods: what the checkout offers, by country. */
export const adminShippingMethodsApi = tableApi({
  noun: "shipping method",
  Noun: "Shipping method",
  notFound: CATALOGUE_MESSAGES.shippingNotFound,
  schema: AdminShippingMethodSchema,
  json: adminShippingMethodJson,
  create: {
    schema: ShippingMethodCreateSchema,
    description:
      "Money in currency units; `countries` a list of ISO codes (or comma-separated), empty for every country. A code in use is a 409.",
  },
  update: {
    schema: ShippingMethodUpdateSchema,
    description: "Only the fields sent change. The maximum delivery days may not be fewer than the minimum (422).",
  },
  deleteNote: "Orders sent with it keep its name.",
  list: listShippingMethods,
  get: getShippingMethod,
  add: createShippingMethod,
  change: updateShippingMethod,
  remove: deleteShippingMethod,
});

/** /api/admin/tax-rates: the checkout's tax, by country and state. */
export const adminTaxRatesApi = tableApi({
  noun: "tax rate",
  Noun: "Tax rate",
  notFound: CATALOGUE_MESSAGES.taxNotFound,
  schema: AdminTaxRateSchema,
  json: adminTaxRateJson,
  create: {
    schema: TaxRateCreateSchema,
    description: "`rate` in percent, 0 to 100 with at most 2 decimals. One name per country and state (409 otherwise).",
  },
  update: { schema: TaxRateUpdateSchema, description: "Only the fields sent change." },
  deleteNote: "Orders already placed keep the tax they were charged.",
  list: listTaxRatesForStaff,
  get: getTaxRate,
  add: createTaxRate,
  change: updateTaxRate,
  remove: deleteTaxRate,
});
