import { absolute, type MailShop } from "../context";
import { Button, composeMail, greeting, Heading, Paragraph, QUESTIONS, type RenderedMail } from "./layout";

export interface WelcomeMailData {
  shop: MailShop;
  name: string;
}

/** To a new account, once registered. */
export function welcomeMail({ shop, name }: WelcomeMailData): RenderedMail {
  const hello = greeting(name);
  const shopLink = absolute(shop, "/products");
  const ordersLink = absolute(shop, "/orders");
  return composeMail(shop, {
    subject: `Welcome to ${shop.name}`,
    preheader: `Your ${shop.name} account is ready.`,
    text: [
      hello,
      "",
      `Welcome to ${shop.name}! Your account is ready.`,
      "",
      "Our bouquets are twisted, shaped and wrapped by hand, and they never wilt.",
      `Browse the shop: ${shopLink}`,
      `Your orders, once you place one: ${ordersLink}`,
      "",
      QUESTIONS,
    ],
    body: (
      <>
        <Heading>Welcome to {shop.name}!</Heading>
        <Paragraph>{hello}</Paragraph>
        <Paragraph>
          Your account is ready. Our bouquets are twisted, shaped and wrapped by hand, and they never wilt.
        </Paragraph>
        <Button href={shopLink}>Browse the shop</Button>
        <Paragraph>
          Your orders, once you place one, are at <a href={ordersLink}>your orders page</a>.
        </Paragraph>
        <Paragraph muted>{QUESTIONS}</Paragraph>
      </>
    ),
  });
}
