import { formatMoney } from "../../../lib/money";
import type { MailShop } from "../context";
import { Button, composeMail, Heading, Paragraph, QUESTIONS, Subheading, type RenderedMail } from "./layout";
import { deliveryLines, OrderItems, ShippingTo, shippingText, textItems, type MailOrder } from "./order-parts";

export interface OrderPlacedMailData {
  shop: MailShop;
  order: MailOrder;
  /** Absolute: the order's page for a signed-in customer, the signed confirmation page for a guest. */
  link: string;
  guest: boolean;
}

/**
 * To the customer, once the order is placed: what they ordered, what it costs, when and where it
 * goes, how to pay; for a gift, who receives it and the card's message (the customer is the buyer;
 * the recipient gets no mail).
 */
export function orderPlacedMail({ shop, order, link, guest }: OrderPlacedMailData): RenderedMail {
  const total = formatMoney(order.total_cents, shop.currency);
  // A gift's address is its recipient's: the buyer is greeted by the name they ordered under.
  const name = order.gift ? order.customer_name : order.address.firstName;
  const greeting = name ? `Hello ${name},` : "Hello,";
  const delivery = deliveryLines(order.delivery_date);
  const linkText = guest ? "View your order confirmation" : "View your order";
  return composeMail(shop, {
    subject: `Your ${shop.name} order ${order.number}`,
    preheader: `Order ${order.number}: ${total}, cash on delivery.`,
    text: [
      greeting,
      "",
      `Thank you for your order! We have received order ${order.number} and will start making it soon.`,
      ...delivery,
      "",
      "What you ordered:",
      textItems(order, shop),
      "",
      `Cash on delivery: pay when it arrives. Please have ${total} ready.`,
      "",
      ...shippingText(order),
      "",
      `${linkText}: ${link}`,
      "",
      QUESTIONS,
    ],
    body: (
      <>
        <Heading>Thank you for your order!</Heading>
        <Paragraph>{greeting}</Paragraph>
        <Paragraph>
          We have received order <strong>{order.number}</strong> and will start making it soon.
        </Paragraph>
        {delivery.map((line) => (
          <Paragraph key={line}>
            <strong>{line}</strong>
          </Paragraph>
        ))}
        <Button href={link}>{linkText}</Button>
        <OrderItems title="What you ordered" order={order} shop={shop} />
        <Subheading>Payment</Subheading>
        <Paragraph>
          <strong>Cash on delivery: pay when it arrives.</strong> Please have {total} ready.
        </Paragraph>
        <ShippingTo order={order} />
        <Paragraph muted>{QUESTIONS}</Paragraph>
      </>
    ),
  });
}
