import { formatMoney } from "../../../lib/money";
import type { MailShop } from "../context";
import { deliveryLines } from "./order-parts";
import { Button, composeMail, Heading, Paragraph, QUESTIONS, type RenderedMail } from "./layout";

/** The three news the back office sends a customer about their order. */
export type OrderUpdate = "shipped" | "delivered" | "cancelled";

export interface OrderUpdateMailData {
  shop: MailShop;
  order: {
    number: string;
    customer_name: string;
    total_cents: number;
    payment_status: string;
    /** The day it is delivered (`YYYY-MM-DD`), null for an order placed before delivery dates. */
    delivery_date: string | null;
    /** A gift's recipient by name; null when not a gift. */
    recipient: string | null;
  };
  /** Absolute: the order's page for a signed-in customer, the signed confirmation page for a guest. */
  link: string;
}

/**
 * The mail of one news: `news` ends its subject and heading ("was delivered"), `happened` its
 * preheader; `lines` are its paragraphs.
 */
function render(data: OrderUpdateMailData, news: string, happened: string, lines: string[]): RenderedMail {
  const { shop, order, link } = data;
  const greeting = order.customer_name ? `Hello ${order.customer_name},` : "Hello,";
  return composeMail(shop, {
    subject: `Your ${shop.name} order ${order.number} ${news}`,
    preheader: `Order ${order.number} ${happened}.`,
    text: [greeting, "", ...lines.flatMap((line) => [line, ""]), `View your order: ${link}`, "", QUESTIONS],
    body: (
      <>
        <Heading>Your order {news}</Heading>
        <Paragraph>{greeting}</Paragraph>
        {lines.map((line, index) => (
          <Paragraph key={index}>{line}</Paragraph>
        ))}
        <Button href={link}>View your order</Button>
        <Paragraph muted>{QUESTIONS}</Paragraph>
      </>
    ),
  });
}

export function orderShippedMail(data: OrderUpdateMailData): RenderedMail {
  const { order, shop } = data;
  const total = formatMoney(order.total_cents, shop.currency);
  return render(data, "is on its way", "has shipped", [
    `Good news: order ${order.number} has left our studio and is on its way to ${order.recipient ?? "you"}.`,
    ...deliveryLines(order.delivery_date),
    order.payment_status === "paid"
      ? "It is already paid: nothing to pay on delivery."
      : `Cash on delivery: pay when it arrives. Please have ${total} ready.`,
  ]);
}

export function orderDeliveredMail(data: OrderUpdateMailData): RenderedMail {
  const { order } = data;
  return render(data, "was delivered", "was delivered", [
    order.recipient
      ? `Order ${order.number} was delivered to ${order.recipient}. We hope the flowers bring a smile for a long time.`
      : `Order ${order.number} was delivered. We hope your flowers bring a smile for a long time.`,
    ...deliveryLines(order.delivery_date),
    "Thank you for shopping with us!",
  ]);
}

export const orderCancelledMail = (data: OrderUpdateMailData) =>
  render(data, "was cancelled", "was cancelled", [
    `Order ${data.order.number} was cancelled. Nothing will be delivered and nothing is owed.`,
    "If you did not expect this, reply to this email and we will sort it out.",
  ]);

export const orderUpdateMails: Record<OrderUpdate, (data: OrderUpdateMailData) => RenderedMail> = {
  shipped: orderShippedMail,
  delivered: orderDeliveredMail,
  cancelled: orderCancelledMail,
};
