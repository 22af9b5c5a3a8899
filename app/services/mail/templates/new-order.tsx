import { formatMoney } from "../../../lib/money";
import { absolute, type MailShop } from "../context";
import { Button, composeMail, Heading, Paragraph, Subheading, type RenderedMail } from "./layout";
import { deliveryDay, OrderItems, ShippingTo, shippingText, textItems, type MailOrder } from "./order-parts";

export interface NewOrderMailData {
  shop: MailShop;
  order: MailOrder;
  /** The order's id in the back office (`/admin/orders/{id}`): a placeholder the outbox insert fills in. */
  orderId: number | string;
  guest: boolean;
}

/**
 * To the shop's contact address: a new order to make, led by the day it is delivered (what the
 * studio plans by); who placed it, whether it is a gift (its recipient and card), what it holds,
 * where to see it.
 */
export function newOrderMail({ shop, order, orderId, guest }: NewOrderMailData): RenderedMail {
  const total = formatMoney(order.total_cents, shop.currency);
  const customer = order.customer_name || order.email;
  const link = absolute(shop, `/admin/orders/${orderId}`);
  const who = `${customer} <${order.email}>${guest ? " (guest)" : ""}`;
  const day = deliveryDay(order.delivery_date);
  const deliver = day ? `Deliver on ${day}` : null;
  return composeMail(shop, {
    subject: day
      ? `New order ${order.number} for ${day}: ${total}`
      : `New order ${order.number} from ${customer}: ${total}`,
    preheader: `${deliver ? `${deliver}. ` : ""}${customer} ordered ${order.items.length} item(s), ${total}.`,
    text: [
      ...(deliver ? [deliver, ""] : []),
      `New order ${order.number}, cash on delivery.`,
      "",
      `Customer: ${who}`,
      "",
      textItems(order, shop),
      "",
      ...shippingText(order),
      ...(order.notes ? ["", "Customer's note:", order.notes] : []),
      "",
      `Open it in the back office: ${link}`,
    ],
    body: (
      <>
        <Heading>{deliver ?? `New order ${order.number}`}</Heading>
        {deliver ? (
          <Paragraph>
            <strong>New order {order.number}</strong>
          </Paragraph>
        ) : null}
        <Paragraph>
          <strong>Customer:</strong> {customer} (<a href={`mailto:${order.email}`}>{order.email}</a>)
          {guest ? ", guest" : null}
        </Paragraph>
        <Paragraph>Cash on delivery: {total} to collect.</Paragraph>
        <Button href={link}>Open the order</Button>
        <OrderItems title="Items" order={order} shop={shop} />
        <ShippingTo order={order} />
        {order.notes ? (
          <>
            <Subheading>Customer's note</Subheading>
            <Paragraph>{order.notes}</Paragraph>
          </>
        ) : null}
      </>
    ),
  });
}
