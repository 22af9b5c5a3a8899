import { formatMoney } from "../../../lib/money";
import type { MailShop } from "../context";
import {
  AddressBlock,
  addressLines,
  Button,
  Heading,
  ItemsTable,
  Layout,
  Paragraph,
  renderHtml,
  Subheading,
  subjectLine,
  TotalsTable,
  textFooter,
  textItems,
  type MailOrder,
  type RenderedMail,
} from "./layout";

export interface OrderPlacedMailData {
  shop: MailShop;
  order: MailOrder;
  /** Absolute: the order's page for a signed-in customer, the signed confirmation page for a guest. */
  link: string;
  guest: boolean;
}

/** To the customer, once the order is placed: what they ordered, what it costs, where it goes, how to pay. */
export function orderPlacedMail({ shop, order, link, guest }: OrderPlacedMailData): RenderedMail {
  const total = formatMoney(order.total_cents, shop.currency);
  const subject = subjectLine(`Your ${shop.name} order ${order.number}`);
  const greeting = order.address.firstName ? `Hello ${order.address.firstName},` : "Hello,";
  const linkText = guest ? "View your order confirmation" : "View your order";
  const text = [
    greeting,
    "",
    `Thank you for your order! We have received order ${order.number} and will start making it soon.`,
    "",
    "What you ordered:",
    textItems(order, shop),
    "",
    `Cash on delivery: pay when it arrives. Please have ${total} ready.`,
    "",
    "Shipping to:",
    ...addressLines(order.address),
    "",
    `${linkText}: ${link}`,
    "",
    "Questions? Just reply to this email or write to us.",
    "",
    textFooter(shop),
  ].join("\n");
  const html = renderHtml(
    <Layout shop={shop} title={subject} preheader={`Order ${order.number}: ${total}, cash on delivery.`}>
      <Heading>Thank you for your order!</Heading>
      <Paragraph>{greeting}</Paragraph>
      <Paragraph>
        We have received order <strong>{order.number}</strong> and will start making it soon.
      </Paragraph>
      <Button href={link}>{linkText}</Button>
      <Subheading>What you ordered</Subheading>
      <ItemsTable order={order} shop={shop} />
      <TotalsTable order={order} shop={shop} />
      <Subheading>Payment</Subheading>
      <Paragraph>
        <strong>Cash on delivery: pay when it arrives.</strong> Please have {total} ready.
      </Paragraph>
      <Subheading>Shipping to</Subheading>
      <AddressBlock address={order.address} />
      <Paragraph muted>Questions? Just reply to this email or write to us.</Paragraph>
    </Layout>,
  );
  return { subject, text, html };
}
