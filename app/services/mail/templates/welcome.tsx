import { absolute, type MailShop } from "../context";
import { Button, Heading, Layout, Paragraph, renderHtml, subjectLine, textFooter, type RenderedMail } from "./layout";

export interface WelcomeMailData {
  shop: MailShop;
  name: string;
}

/** To a new account, once registered. */
export function welcomeMail({ shop, name }: WelcomeMailData): RenderedMail {
  const subject = subjectLine(`Welcome to ${shop.name}`);
  const greeting = name.trim() ? `Hello ${name.trim()},` : "Hello,";
  const shopLink = absolute(shop, "/products");
  const ordersLink = absolute(shop, "/orders");
  const text = [
    greeting,
    "",
    `Welcome to ${shop.name}! Your account is ready.`,
    "",
    "Our bouquets are twisted, shaped and wrapped by hand, and they never wilt.",
    `Browse the shop: ${shopLink}`,
    `Your orders, once you place one: ${ordersLink}`,
    "",
    "Questions? Just reply to this email or write to us.",
    "",
    textFooter(shop),
  ].join("\n");
  const html = renderHtml(
    <Layout shop={shop} title={subject} preheader={`Your ${shop.name} account is ready.`}>
      <Heading>Welcome to {shop.name}!</Heading>
      <Paragraph>{greeting}</Paragraph>
      <Paragraph>
        Your account is ready. Our bouquets are twisted, shaped and wrapped by hand, and they never wilt.
      </Paragraph>
      <Button href={shopLink}>Browse the shop</Button>
      <Paragraph>
        Your orders, once you place one, are at <a href={ordersLink}>your orders page</a>.
      </Paragraph>
      <Paragraph muted>Questions? Just reply to this email or write to us.</Paragraph>
    </Layout>,
  );
  return { subject, text, html };
}
