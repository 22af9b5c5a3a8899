import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../../db/client";
import { absolute, mailShop, type MailContext } from "./context";
import { fillMark, isMailable, mailStatement } from "./outbox.server";
import { secretMark } from "./sealed.server";
import type { MailOrder } from "./templates/order-parts";
import { newOrderMail } from "./templates/new-order";
import { orderPlacedMail } from "./templates/order-placed";
import { orderUpdateMails, type OrderUpdate } from "./templates/order-update";
import { welcomeMail } from "./templates/welcome";

/**
 * The order and account mails, as statements for the batch of the change that causes them. A mail
 * whose address is not a plain address (an odd one the form let through, a shop without a contact
 * address) is not written: the order or account still is.
 */

/**
 * Where a customer reads their order: its page when signed in (it asks them to log in), the signed
 * confirmation page for a guest. The guest's link opens the order to whoever holds it: the mail gets
 * a mark, the link is sealed (docs/decisions/020), so staff reading the outbox never see it.
 */
async function customerLink(
  context: MailContext,
  order: { number: string; signedIn: boolean; id: number | string },
): Promise<{ link: string; sealed?: string }> {
  const shop = mailShop(context);
  if (order.signedIn) return { link: absolute(shop, `/orders/${order.id}`) };
  const signature = await context.signOrder(order.number);
  const mark = secretMark("order_link");
  const link = absolute(
    shop,
    `/order-confirmation/${encodeURIComponent(order.number)}?sig=${encodeURIComponent(signature)}`,
  );
  return { link: mark, sealed: await context.seal({ [mark]: link }) };
}

/**
 * The two mails of a placed order, for placeOrder's batch: the customer's confirmation and the
 * shop's "new order". The order's id is not known before the batch: `orderId` is the SQL that reads
 * it there, and the links are filled in with it by the outbox insert.
 */
export async function orderPlacedStatements(
  db: Database,
  context: MailContext,
  placed: { order: MailOrder; userId: number | null; orderId: SQL },
): Promise<Array<BatchItem<"sqlite">>> {
  const shop = mailShop(context);
  const { order } = placed;
  const mark = fillMark("order-id");
  const fill = { [mark]: placed.orderId };
  const guest = placed.userId === null;
  const statements: Array<BatchItem<"sqlite">> = [];
  if (isMailable(order.email)) {
    const { link, sealed } = await customerLink(context, { number: order.number, signedIn: !guest, id: mark });
    statements.push(
      mailStatement(
        db,
        { to: order.email, template: "order_placed", ...orderPlacedMail({ shop, order, link, guest }), sealed },
        guest ? {} : { fill },
      ),
    );
  }
  if (isMailable(shop.staffEmail)) {
    statements.push(
      mailStatement(
        db,
        { to: shop.staffEmail, template: "new_order", ...newOrderMail({ shop, order, orderId: mark, guest }) },
        { fill },
      ),
    );
  }
  return statements;
}

const UPDATE_TEMPLATES: Record<OrderUpdate, string> = {
  shipped: "order_shipped",
  delivered: "order_delivered",
  cancelled: "order_cancelled",
};

export const isOrderUpdate = (status: string): status is OrderUpdate => status in UPDATE_TEMPLATES;

/** The customer's mail of a status change (shipped, delivered, cancelled), written only when `onlyIf` holds. */
export async function orderUpdateStatement(
  db: Database,
  context: MailContext,
  order: {
    id: number;
    number: string;
    email: string;
    userId: number | null;
    customerName: string;
    totalCents: number;
    paymentStatus: string;
    /** The day it is delivered (`YYYY-MM-DD`), null for an order placed before delivery dates. */
    deliveryDate: string | null;
    /** A gift's recipient by name ("delivered to {name}"); null when not a gift. */
    recipient: string | null;
  },
  status: OrderUpdate,
  onlyIf: SQL,
): Promise<Array<BatchItem<"sqlite">>> {
  if (!isMailable(order.email)) return [];
  const shop = mailShop(context);
  const { link, sealed } = await customerLink(context, {
    number: order.number,
    signedIn: order.userId !== null,
    id: order.id,
  });
  const mail = orderUpdateMails[status]({
    shop,
    link,
    order: {
      number: order.number,
      customer_name: order.customerName,
      total_cents: order.totalCents,
      payment_status: order.paymentStatus,
      delivery_date: order.deliveryDate,
      recipient: order.recipient,
    },
  });
  return [mailStatement(db, { to: order.email, template: UPDATE_TEMPLATES[status], ...mail, sealed }, { onlyIf })];
}

/** The welcome of a new account, for registration's batch. */
export function welcomeStatements(
  db: Database,
  context: MailContext,
  user: { name: string; email: string },
): Array<BatchItem<"sqlite">> {
  if (!isMailable(user.email)) return [];
  return [
    mailStatement(db, {
      to: user.email,
      template: "welcome",
      ...welcomeMail({ shop: mailShop(context), name: user.name }),
    }),
  ];
}
