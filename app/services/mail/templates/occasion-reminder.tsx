import { absolute, type MailShop } from "../context";
import { UnsubscribeNote, unsubscribeText } from "../newsletter";
import { Button, composeMail, greeting, Heading, Paragraph, type RenderedMail } from "./layout";

/** What an occasion's reminder needs: who it is for, the occasion, where to shop, and its two ways out. */
export interface OccasionReminderMailData {
  shop: MailShop;
  /** The account holder's name, for the greeting. */
  name: string;
  occasion: { name: string; date: string };
  /** Where "Shop bouquets" goes: a path on the shop ("/products", "/products?category=wedding"). */
  shopPath: string;
  /** The one-click removal of this occasion: its secret mark, sealed with the real link by the caller. */
  removeLink: string;
  /** The topic's unsubscribe link: its mark (`unsubscribeMarkFor`). */
  unsubscribeLink: string;
}

/**
 * "{Name} is on {date}": an occasion the shopper saved on their profile comes in a few days. One
 * link to shop, one that removes this occasion for good, and the unsubscribe from every occasion
 * reminder.
 */
export function occasionReminderMail({
  shop,
  name,
  occasion,
  shopPath,
  removeLink,
  unsubscribeLink,
}: OccasionReminderMailData): RenderedMail {
  const shopLink = absolute(shop, shopPath);
  const subject = `${occasion.name} is on ${occasion.date}`;
  const why = `You asked ${shop.name} to remind you of it. There is still time to send flowers.`;
  return composeMail(shop, {
    subject,
    preheader: why,
    text: [
      greeting(name),
      "",
      `${subject}.`,
      why,
      "",
      `Shop bouquets: ${shopLink}`,
      "",
      `Remove this reminder for good: ${removeLink}`,
      unsubscribeText(unsubscribeLink),
    ],
    body: (
      <>
        <Heading>{subject}</Heading>
        <Paragraph>{greeting(name)}</Paragraph>
        <Paragraph>{why}</Paragraph>
        <Button href={shopLink}>Shop bouquets</Button>
        <Paragraph muted>
          No longer needed? <a href={removeLink}>Remove this reminder for good</a>.
        </Paragraph>
        <UnsubscribeNote link={unsubscribeLink} />
      </>
    ),
  });
}
