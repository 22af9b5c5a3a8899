import { z } from "zod";
import { mailContext } from "../../app/http/mail.server";
import { parseId } from "../../app/lib/ids";
import { IdempotencyKeySchema, OrderApiSchema, SELF_EXPLAINED_FIELDS } from "../../app/lib/schemas/checkout";
import { claimCouponAttempt, placeOrder } from "../../app/services/checkout.server";
import { idempotencyScope } from "../../app/http/visitor.server";
import { clientAddress } from "../../app/services/rate-limit.server";
import { NotFoundError, ValidationError } from "../../app/services/errors";
import { loneMessage } from "../../app/lib/schemas/field-errors";
import { getMyOrder, getOrder, listMyOrders } from "../../app/services/orders.server";
import { orderJson, OrderSchema } from "../../app/services/serializers/order";
import { ok, parseBody } from "./http";
import { apiApp, errors, GUEST_OR_SIGNED_IN_WRITE, json, jsonOrForm, mount, SIGNED_IN_READ, success } from "./openapi";
import { authenticated, optionalViewer } from "./session";

const tags = ["Orders"];
const placed = (description: string) => json(success(OrderSchema, { message: z.string() }), description);

/**
 * POST /api/orders: guests and users (bearer token, or the session cookie with the page's CSRF
 * header). The server re-reads every product and price; what the client says a price or total is
 * is ignored. `Idempotency-Key` makes a retried call answer the same order instead of a second one;
 * a key is the caller's own (the user's, a guest's visitor cookie, else the order's details), so
 * someone else's key is a new key. A guest's orders are limited per client and per address (429),
 * and one address may have 3 guest orders waiting for delivery (409). A coupon code counts as a
 * coupon attempt (docs/decisions/022).
 */
export const ordersApi = mount(
  apiApp(),
  {
    method: "post",
    path: "/",
    tags,
    summary: "Place an order (cash on delivery)",
    description:
      'Prices and totals are computed again on the server; any the client sends are ignored. Each item names its variant (`variant_id`), required for a product with options: a missing one is a 422 with `errors["items.{n}.variant_id"]` = "Please choose a Size." (the first option\'s name), a variant of another product or no longer sold a 422 with "This option is no longer available." there, more than a variant\'s stock a 409. `delivery_date` (`YYYY-MM-DD`, see `GET /api/delivery/dates`) is checked against the shop\'s rules: a refused day is a 422 with the sentence in `errors.delivery_date` ("We do not deliver on Sundays.", "We are fully booked on {date}. Please choose another day.", ...); omitted, the earliest available day is given. With `gift`, the recipient receives the parcel and shipping and tax follow their address; `errors["gift.recipient.firstName"]`, `errors["gift.message"]` name a bad field.',
    middleware: optionalViewer,
    security: GUEST_OR_SIGNED_IN_WRITE,
    request: {
      headers: z.object({
        "Idempotency-Key": IdempotencyKeySchema.optional().meta({
          description:
            "Retrying with the same key answers the same order (the caller's own: the same key from someone else places their own).",
        }),
      }),
      body: jsonOrForm(OrderApiSchema),
    },
    responses: {
      201: placed("Placed."),
      200: placed("Already placed with this Idempotency-Key: the same order."),
      ...errors(401, 403, 409, 422, 429),
    },
  },
  async (c) => {
    const input = await parseBody(c, OrderApiSchema).catch(selfExplained);
    const header = c.req.header("Idempotency-Key")?.trim() || null;
    const key = header === null ? null : IdempotencyKeySchema.safeParse(header);
    if (key && !key.success) return c.json({ success: false, message: key.error.issues[0]!.message }, 422);
    const { db } = c.var.app;
    const client = clientAddress(c.req.raw);
    const userId = c.var.maybeViewer?.user.id ?? null;
    if (input.coupon_code) await claimCouponAttempt(db, client);
    const mail = await mailContext(c.var.app, c.req.raw);
    const order = await placeOrder(db, {
      lines: input.items.map((item) => ({
        productId: item.product_id!,
        variantId: item.variant_id,
        quantity: item.quantity,
      })),
      customer: input.customer,
      shippingMethodId: input.shipping_method_id,
      couponCode: input.coupon_code,
      userId,
      idempotencyKey: key?.data ?? null,
      idempotencyScope: idempotencyScope(c.var.app.env, c.req.raw, userId),
      client,
      mail,
      gift: input.gift ?? null,
      deliveryDate: input.delivery_date,
    });
    const view = await getOrder(db, order.id);
    if (!view) throw new NotFoundError("Order not found");
    c.header("Cache-Control", "no-store");
    return c.json(
      {
        success: true,
        message: "Order placed successfully",
        data: orderJson(view),
      },
      order.created ? 201 : 200,
    );
  },
);

/** A body refused on the delivery date (or the card) alone: its sentence is the answer's message too. */
function selfExplained(error: unknown): never {
  const message = error instanceof ValidationError ? loneMessage(error.errors, SELF_EXPLAINED_FIELDS) : null;
  throw message && error instanceof ValidationError ? new ValidationError(error.errors, message) : error;
}

/** GET /api/v1/orders/my-orders and /api/v1/orders/{id}: the bearer's own orders only. */
export const myOrdersApi = apiApp();
myOrdersApi.use(authenticated);
mount(
  myOrdersApi,
  {
    method: "get",
    path: "/my-orders",
    tags,
    summary: "The caller's orders, newest first",
    security: SIGNED_IN_READ,
    responses: {
      200: json(success(z.array(OrderSchema)), "The orders."),
      ...errors(401),
    },
  },
  async (c) => ok(c, (await listMyOrders(c.var.app.db, c.var.viewer.user.id)).map(orderJson)),
);
mount(
  myOrdersApi,
  {
    method: "get",
    path: "/{id}",
    tags,
    summary: "One of the caller's orders",
    description: "Another user's order answers exactly like one that does not exist.",
    security: SIGNED_IN_READ,
    request: { params: z.object({ id: z.string() }) },
    responses: {
      200: json(success(OrderSchema), "The order."),
      ...errors(401, 404),
    },
  },
  async (c) => {
    const id = parseId(c.req.param("id"));
    const order = id === null ? null : await getMyOrder(c.var.app.db, c.var.viewer.user.id, id);
    if (!order) throw new NotFoundError("Order not found");
    return ok(c, orderJson(order));
  },
);
