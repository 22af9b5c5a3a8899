import { Hono } from "hono";
import { toUnits } from "../../app/lib/money";
import { OrderApiSchema } from "../../app/lib/schemas/checkout";
import { placeOrder } from "../../app/services/checkout.server";
import { NotFoundError } from "../../app/services/errors";
import { getMyOrder, getOrder, listMyOrders, type OrderView } from "../../app/services/orders.server";
import { ok, parseBody, type ApiEnv } from "./http";
import { authenticated, optionalViewer } from "./session";

/** An order as the spec's client reads it: money in currency units, addresses as JSON strings. */
export const orderJson = (order: OrderView) => ({
  id: order.id,
  order_number: order.order_number,
  status: order.status,
  created_at: order.created_at,
  items: order.items.map((item) => ({
    id: item.id,
    product_name: item.product_name,
    product_sku: item.product_sku,
    quantity: item.quantity,
    price: toUnits(item.price_cents),
    total: toUnits(item.total_cents),
    product: { id: item.product_id, image: item.image },
  })),
  subtotal: toUnits(order.subtotal_cents),
  shipping: toUnits(order.shipping_cents),
  tax: toUnits(order.tax_cents),
  discount: toUnits(order.discount_cents),
  total: toUnits(order.total_cents),
  coupon_code: order.coupon_code,
  shipping_method: order.shipping_method_name,
  payment_method: order.payment_method,
  payment_status: order.payment_status,
  notes: order.notes,
  shipping_address: order.shipping_address,
  billing_address: order.billing_address,
});

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/**
 * POST /api/orders: guests and users (bearer token, or the session cookie with the page's CSRF
 * header). The server re-reads every product and price; what the client says a price or total is
 * is ignored. `Idempotency-Key` makes a retried call answer the same order instead of a second one.
 */
export const ordersApi = new Hono<ApiEnv>().post("/", optionalViewer, async (c) => {
  const input = await parseBody(c, OrderApiSchema);
  const key = c.req.header("Idempotency-Key")?.trim() || null;
  if (key !== null && !IDEMPOTENCY_KEY.test(key)) {
    return c.json({ success: false, message: "The Idempotency-Key header must be 8 to 100 letters, digits, hyphens or underscores." }, 422);
  }
  const { db } = c.var.app;
  const placed = await placeOrder(db, {
    lines: input.items.map((item) => ({ productId: item.product_id!, quantity: item.quantity })),
    customer: input.customer,
    shippingMethodId: input.shipping_method_id,
    couponCode: input.coupon_code,
    userId: c.var.maybeViewer?.user.id ?? null,
    idempotencyKey: key,
  });
  const order = await getOrder(db, placed.id);
  if (!order) throw new NotFoundError("Order not found");
  c.header("Cache-Control", "no-store");
  return c.json({ success: true, message: "Order placed successfully", data: orderJson(order) }, placed.created ? 201 : 200);
});

/** GET /api/v1/orders/my-orders and /api/v1/orders/{id}: the bearer's own orders only. */
export const myOrdersApi = new Hono<ApiEnv>()
  .use(authenticated)
  .get("/my-orders", async (c) => {
    const orders = await listMyOrders(c.var.app.db, c.var.viewer.user.id);
    return ok(c, orders.map(orderJson));
  })
  .get("/:id", async (c) => {
    const id = /^\d{1,9}$/.test(c.req.param("id")) ? Number(c.req.param("id")) : 0;
    // Another user's order answers exactly like one that does not exist.
    const order = id > 0 ? await getMyOrder(c.var.app.db, c.var.viewer.user.id, id) : null;
    if (!order) throw new NotFoundError("Order not found");
    return ok(c, orderJson(order));
  });
