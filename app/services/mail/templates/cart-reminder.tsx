import { formatMoney } from "../../../lib/money";
import type { MailShop } from "../context";
import { UnsubscribeNote, unsubscribeText } from "../newsletter";
import { Button, composeMail, greeting, Heading, Paragraph, type RenderedMail } from "./layout";

/** A line of a left cart as it can be bought now: today's price, the quantity the stock allows. */
export interface CartReminderLine {
  name: string;
  /** "Size: Grand · Colour: Pink", empty for a product without options. */
  options: string;
  quantity: number;
  unitCents: number;
  totalCents: number;
}

export interface CartReminderMailData {
  shop: MailShop;
  /** The account holder's name, for the greeting. */
  name: string;
  lines: CartReminderLine[];
  /** The link that restores the cart (`/cart/restore?token=`), or its secret mark. */
  restoreLink: string;
  /** The link that leaves these reminders in one click, or its secret mark. */
  unsubscribeLink: string;
}

export const CART_REMINDER_SUBJECT = "You left something in your cart";

const lineName = (line: CartReminderLine) => (line.options ? `${line.name} (${line.options})` : line.name);

/**
 * To a signed-in shopper a day after their cart last changed, once, when they have not ordered
 * since: what is in it that can still be bought, at today's prices, and a link that restores it.
 */
export function cartReminderMail({
  shop,
  name,
  lines,
  restoreLink,
  unsubscribeLink,
}: CartReminderMailData): RenderedMail {
  const money = (cents: number) => formatMoney(cents, shop.currency);
  const intro = "Your cart is waiting for you. This is what is in it, at today's prices:";
  return composeMail(shop, {
    subject: CART_REMINDER_SUBJECT,
    preheader: "Your cart is waiting for you.",
    text: [
      greeting(name),
      "",
      intro,
      ...lines.map(
        (line) => `- ${lineName(line)} × ${line.quantity} at ${money(line.unitCents)}: ${money(line.totalCents)}`,
      ),
      "",
      `Return to your cart: ${restoreLink}`,
      "",
      unsubscribeText(unsubscribeLink),
    ],
    body: (
      <>
        <Heading>{CART_REMINDER_SUBJECT}</Heading>
        <Paragraph>{greeting(name)}</Paragraph>
        <Paragraph>{intro}</Paragraph>
        <ul style={{ margin: "0 0 14px", paddingLeft: "20px" }}>
          {lines.map((line) => (
            <li key={lineName(line)}>
              {lineName(line)} × {line.quantity} at {money(line.unitCents)}: <strong>{money(line.totalCents)}</strong>
            </li>
          ))}
        </ul>
        <Button href={restoreLink}>Return to your cart</Button>
        <UnsubscribeNote link={unsubscribeLink} />
      </>
    ),
  });
}
