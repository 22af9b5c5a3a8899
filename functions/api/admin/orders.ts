import { z } from "zod";
import { parseId } from "../../../app/lib/ids";
import {
  AdminOrderQuerySchema,
  ORDER_STATUSES,
  OrderUpdateSchema,
  STAFF_NOTE_MAX,
} from "../../../app/lib/order-lifecycle";
import { getAdminOrder, listAdminOrders, updateOrder } from "../../../app/services/admin/orders.server";
import { NotFoundError } from "../../../app/services/errors";
import {
  adminOrderJson,
  adminOrderRowJson,
  AdminOrderRowSchema,
  AdminOrderSchema,
} from "../../../app/services/serializers/admin-order";
import { mailContext } from "../../../app/http/mail.server";
import { ok, parseBody, parseQuery, type ApiContext } from "../http";
import { apiApp, errors, json, jsonOrForm, mount, success } from "../openapi";
import { actor, STAFF_READ, STAFF_WRITE } from "./staff";
import { adminPage } from "./audit";

const tags = ["Admin"];
const params = z.object({ id: z.string() });

/** The order of the path: an id that is not one is simply not found. */
function orderId(c: ApiContext): number {
  const id = parseId(c.req.param("id"));
  if (id === null) throw new NotFoundError("Order not found");
  return id;
}

/** The PATCH body as the contract declares it (the lifecycle's schema enforces it). */
const OrderPatchSchema = z.object({
  status: z
    .enum(ORDER_STATUSES)
    .optional()
    .meta({ description: "The next status: one the order's status allows (else 409)." }),
  payment_status: z
    .literal("paid")
    .optional()
    .meta({ description: "Cash collected: only once the order is shipped or delivered (else 409)." }),
  note: z
    .string()
    .max(STAFF_NOTE_MAX)
    .optional()
    .meta({ description: "The internal note (staff only); empty clears it." }),
  version: z
    .number()
    .int()
    .min(1)
    .optional()
    .meta({ description: "The version the client last saw: a change made since is a 409, not overwritten." }),
});

/**
 * /api/admin/orders: staff find orders, read one with its customer and history, and move it
 * through its lifecycle (back-office contract, "Order lifecycle").
 */
export const adminOrdersApi = mount(
  apiApp(),
  {
    method: "get",
    path: "/",
    tags,
    summary: "Orders, newest first: by status, and by number, email or customer name",
    security: STAFF_READ,
    request: {
      query: z.object({
        status: z.enum(ORDER_STATUSES).optional(),
        search: z.string().optional(),
        page: z.string().optional(),
        per_page: z.string().optional(),
      }),
    },
    responses: { 200: json(success(adminPage(AdminOrderRowSchema)), "One page of orders."), ...errors(401, 403, 422) },
  },
  async (c) => {
    const page = await listAdminOrders(c.var.app.db, parseQuery(c, AdminOrderQuerySchema));
    return ok(c, { ...page, data: page.data.map(adminOrderRowJson) });
  },
);

mount(
  adminOrdersApi,
  {
    method: "get",
    path: "/{id}",
    tags,
    summary: "One order with its customer, history and the transitions it allows",
    security: STAFF_READ,
    request: { params },
    responses: { 200: json(success(AdminOrderSchema), "The order."), ...errors(401, 403, 404) },
  },
  async (c) => {
    const order = await getAdminOrder(c.var.app.db, orderId(c));
    if (!order) throw new NotFoundError("Order not found");
    return ok(c, adminOrderJson(order));
  },
);

mount(
  adminOrdersApi,
  {
    method: "patch",
    path: "/{id}",
    tags,
    summary: "Change an order's status, record the cash collected, or set its internal note",
    description:
      "Cancelling puts the stock back and gives the coupon use back, in the same batch. A transition the status does not allow, paid before shipped, or a `version` older than the order's is a 409.",
    security: STAFF_WRITE,
    request: { params, body: jsonOrForm(OrderPatchSchema) },
    responses: {
      200: json(success(AdminOrderSchema, { message: z.string() }), "The updated order."),
      ...errors(401, 403, 404, 409, 422),
    },
  },
  async (c) => {
    const id = orderId(c);
    const input = await parseBody(c, OrderUpdateSchema);
    const order = await updateOrder(c.var.app.db, actor(c), id, input, await mailContext(c.var.app, c.req.raw));
    return ok(c, adminOrderJson(order), { message: "Order updated." });
  },
);
