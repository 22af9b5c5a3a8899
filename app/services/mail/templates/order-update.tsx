import { formatMoney } from "../../../lib/money";
import type { MailShop } from "../context";
import { Button, Heading, Layout, Paragraph, renderHtml, subjectLine, textFooter, type RenderedMail } from "./layout";

/** The three news the back office sends a customer about their order. */
export type OrderUpdate = "shipped" | "delivered" | "cancelled";

export interface OrderUpdateMailData {
  shop: MailShop;
  order: { number: string; customer_name: string; total_cents: number; payment_status: string };
  /** Absolute: the order's page for a signed-in customer, the signed confirmation page for a guest. */
  link: string;
}

function render(
  data: OrderUpdateMailData,
  words: { subject: string; heading: string; lines: string[]; preheader: string },
): RenderedMail {
  const { shop, order, link } = data;
  const greeting = order.customer_name ? `Hello ${order.customer_name},` : "Hello,";
  const subject = subjectLine(words.subject);
  const text = [
    greeting,
    "",
    ...words.lines.flatMap((line) => [line, ""]),
    `View your order: ${link}`,
    "",
    "Questions? Just reply to this email or write to us.",
    "",
    textFooter(shop),
  ].join("\n");
  const html = renderHtml(
    <Layout shop={shop} title={subject} preheader={words.preheader}>
      <Heading>{words.heading}</Heading>
      <Paragraph>{greeting}</Paragraph>
      {words.lines.map((line, index) => (
        <Paragraph key={index}>{line}</Paragraph>
      ))}
      <Button href={link}>View your order</Button>
      <Paragraph muted>Questions? Just reply to this email or write to us.</Paragraph>
    </Layout>,
  );
  return { subject, text, html };
}

export function orderShippedMail(data: OrderUpdateMailData): RenderedMail {
  const { order, shop } = data;
  const total = formatMoney(order.total_cents, shop.currency);
  const paid = order.payment_status === "paid";
  return render(data, {
    subject: `Your ${shop.name} order ${order.number} is on its way`,
    heading: "Your order is on its way",
    preheader: `Order ${order.number} has shipped.`,
    lines: [
      `Good news: order ${order.number} has left our studio and is on its way to you.`,
      paid
        ? "It is already paid: nothing to pay on delivery."
        : `Cash on delivery: pay when it arrives. Please have ${total} ready.`,
    ],
  });
}

export function orderDeliveredMail(data: OrderUpdateMailData): RenderedMail {
  const { order, shop } = data;
  return render(data, {
    subject: `Your ${shop.name} order ${order.number} was delivered`,
    heading: "Your order was delivered",
    preheader: `Order ${order.number} was delivered.`,
    lines: [
      `Order ${order.number} was delivered. We hope your flowers bring a smile for a long time.`,
      "Thank you for shopping with us!",
    ],
  });
}

export function orderCancelledMail(data: OrderUpdateMailData): RenderedMail {
  const { order, shop } = data;
  return render(data, {
    subject: `Your ${shop.name} order ${order.number} was cancelled`,
    heading: "Your order was cancelled",
    preheader: `Order ${order.number} was cancelled.`,
    lines: [
      `Order ${order.number} was cancelled. Nothing will be delivered and nothing is owed.`,
      "If you did not expect this, reply to this email and we will sort it out.",
    ],
  });
}

export const orderUpdateMails: Record<OrderUpdate, (data: OrderUpdateMailData) => RenderedMail> = {
  shipped: orderShippedMail,
  delivered: orderDeliveredMail,
  cancelled: orderCancelledMail,
};
