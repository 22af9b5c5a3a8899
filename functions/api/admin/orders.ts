import { z } from "zod";
import {
  AdminOrderQuerySchema,
  DELIVERY_FILTERS,
  ORDER_STATUSES,
  OrderUpdateSchema,
  STAFF_NOTE_MAX,
} from "../../../app/lib/order-lifecycle";
import { getAdminOrder, listAdminOrders, updateOrder } from "../../../app/services/admin/orders.server";
import {
  adminOrderJson,
  adminOrderRowJson,
  AdminOrderRowSchema,
  AdminOrderSchema,
} from "../../../app/services/serializers/admin-order";
import { mailContext } from "../../../app/http/mail.server";
import { shopToday } from "../../../app/http/shop-day.server";
import { found, ok, parseBody, parseQuery, pathId, type ApiContext } from "../http";
import { apiApp } from "../openapi";
import { actor } from "./staff";
import { adminPage } from "./audit";
import { idParams as params, listQuery, pageJson, rowChange, staffRoute } from "./route";

const ORDER_NOT_FOUND = "Order not found";

/** The order of the path: an id that is not one is simply not found. */
const orderId = (c: ApiContext) => pathId(c, ORDER_NOT_FOUND);

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
export const adminOrdersApi = staffRoute(
  apiApp(),
  {
    method: "get",
    path: "/",
    summary: "Orders, newest first: by status, by number, email or customer name, and by delivery date",
    request: {
      query: listQuery({
        status: z.enum(ORDER_STATUSES).optional(),
        search: z.string().optional(),
        delivery_date: z.string().optional().meta({
          format: "date",
          description: "The orders delivered that day (YYYY-MM-DD; another format is a 422).",
        }),
        delivery: z
          .enum(DELIVERY_FILTERS)
          .optional()
          .meta({ description: "The orders delivered today or tomorrow, in the shop's time zone." }),
      }),
    },
    data: adminPage(AdminOrderRowSchema),
    answer: "One page of orders.",
  },
  async (c) => {
    const query = parseQuery(c, AdminOrderQuerySchema);
    const today = query.delivery ? await shopToday(c.var.app) : undefined;
    const page = await listAdminOrders(c.var.app.db, query, today);
    return ok(c, pageJson(page, adminOrderRowJson));
  },
);

staffRoute(
  adminOrdersApi,
  {
    method: "get",
    path: "/{id}",
    summary: "One order with its customer, history and the transitions it allows",
    request: { params },
    data: AdminOrderSchema,
    answer: "The order.",
  },
  async (c) => ok(c, adminOrderJson(found(await getAdminOrder(c.var.app.db, orderId(c)), ORDER_NOT_FOUND))),
);

staffRoute(
  adminOrdersApi,
  {
    method: "patch",
    path: "/{id}",
    summary: "Change an order's status, record the cash collected, or set its internal note",
    description:
      "Cancelling puts the stock back and gives the coupon use back, in the same batch. A transition the status does not allow, paid before shipped, or a `version` older than the order's is a 409.",
    request: rowChange(OrderPatchSchema),
    data: AdminOrderSchema,
    answer: "The updated order.",
    refusals: [409],
  },
  async (c) => {
    const id = orderId(c);
    const input = await parseBody(c, OrderUpdateSchema);
    const order = await updateOrder(c.var.app.db, actor(c), id, input, await mailContext(c.var.app, c.req.raw));
    return ok(c, adminOrderJson(order), { message: "Order updated." });
  },
);
