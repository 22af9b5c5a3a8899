import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ADMIN_ORDERS } from "../../lib/admin-list";
import { getAdminOrder } from "../../services/admin/orders.server";
import { parseId } from "../../lib/ids";
import { getMyOrder, getOrderByNumber } from "../../services/orders.server";
import type { OrderView } from "../../services/serializers/order";
import type { AppContext } from "../context.server";
import { verifySignature } from "../signature.server";
import { loadSubject, privateJson } from "./admin-pages.server";
import { requireViewer } from "./guards.server";

/**
 * How the shopper's pages of one order find it (the order page, its invoice, the guest's
 * confirmation and its invoice): the same rules for the page and its papers.
 */

const orderNotFound = () => json({ message: "Order Not Found" }, { status: 404 });

/** The signed-in shopper's order `id`: an anonymous visitor logs in first; an unknown order and another shopper's are the same 404. */
export async function myOrder(app: AppContext, request: Request, id: string | undefined): Promise<OrderView> {
  const viewer = await requireViewer(app, request);
  const orderId = parseId(id);
  const order = orderId ? await getMyOrder(app.db, viewer.user.id, orderId) : null;
  if (!order) throw orderNotFound();
  return order;
}

/** A guest's pages of an order: never cached, and the signed address never leaks to another site through the Referer header. */
export const GUEST_ORDER_HEADERS = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

/**
 * A guest's order by its number: the link the checkout sent them to carries a signature of the
 * number (`sig`), so nobody reads another shopper's order by guessing numbers. The signature comes
 * back to link the order's other pages.
 */
export async function signedOrder(
  app: AppContext,
  request: Request,
  number: string,
): Promise<{ order: OrderView; signature: string }> {
  const signature = new URL(request.url).searchParams.get("sig") ?? "";
  const order = (await verifySignature(app.env, "order", number, signature))
    ? await getOrderByNumber(app.db, number)
    : null;
  if (!order) throw orderNotFound();
  return { order, signature };
}

/** A paper of an order for staff (packing slip, invoice): the admin guard of its page, its 404. */
export async function adminOrderPaper(args: LoaderFunctionArgs) {
  const { found: order } = await loadSubject(args, ADMIN_ORDERS, parseId(args.params.id), getAdminOrder);
  return privateJson({ order });
}
