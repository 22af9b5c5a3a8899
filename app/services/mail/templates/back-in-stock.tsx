import type { MailShop } from "../context";
import { UnsubscribeNote, unsubscribeText } from "../newsletter";
import type { RenderedMail } from "./layout";
import { linkMail } from "./link-mail";

/** The product a shopper waits for, as the mails name it: "Blush Rose Box (Colour: Blush)". */
export interface AwaitedItem {
  /** The product's name, with the variant's options when it has some. */
  name: string;
  /** Absolute: the product page, the variant chosen. */
  link: string;
}

/** What the confirmation of a back-in-stock request needs: the shop, the item, the two links. */
export interface StockAlertConfirmationMailData {
  shop: MailShop;
  item: AwaitedItem;
  /** Absolute (or its mark): `${origin}/back-in-stock/confirm?token=...`. */
  confirmLink: string;
  /** Absolute (or its mark): the back-in-stock unsubscribe link. */
  unsubscribeLink: string;
  /** How long the confirmation link works, in hours. */
  validHours: number;
}

/**
 * To an address someone asked to be told when a sold-out item is back (double opt-in): nothing is
 * mailed about it until its owner confirms with the link.
 */
export function stockAlertConfirmationMail({
  shop,
  item,
  confirmLink,
  unsubscribeLink,
  validHours,
}: StockAlertConfirmationMailData): RenderedMail {
  const lasts = `${validHours} hours`;
  return linkMail(shop, {
    subject: `Confirm: email me when ${item.name} is back`,
    preheader: `Confirm your request: the link works once, for ${lasts}.`,
    heading: "Confirm your request",
    greeting: "Hello,",
    textIntro: [
      `Someone (we hope you) asked us to email this address once when ${item.name} is back in stock.`,
      `Confirm your request here (the link works once, for ${lasts}):`,
    ],
    intro: (
      <>
        Someone (we hope you) asked us to email this address once when <a href={item.link}>{item.name}</a> is back in
        stock. The link works once, for {lasts}.
      </>
    ),
    link: confirmLink,
    button: "Confirm my request",
    ignore: "If you did not ask, ignore this email: you will not hear from us about it.",
    footnote: { text: unsubscribeText(unsubscribeLink), html: <UnsubscribeNote link={unsubscribeLink} /> },
  });
}

/** What the mail of a restock needs: the shop, the item, the unsubscribe link (or its mark). */
export interface BackInStockMailData {
  shop: MailShop;
  item: AwaitedItem;
  unsubscribeLink: string;
}

/** The one mail of a confirmed request, when its item is in stock again: the request ends with it. */
export function backInStockMail({ shop, item, unsubscribeLink }: BackInStockMailData): RenderedMail {
  return linkMail(shop, {
    subject: `${item.name} is back`,
    preheader: `${item.name} is back in stock at ${shop.name}.`,
    heading: `${item.name} is back`,
    greeting: "Hello,",
    textIntro: [`You asked us to tell you when ${item.name} is back in stock: it is, while it lasts.`, "See it here:"],
    intro: <>You asked us to tell you when {item.name} is back in stock: it is, while it lasts.</>,
    link: item.link,
    button: "See it in the shop",
    ignore: "This is the only email about it: your request ends with it.",
    footnote: { text: unsubscribeText(unsubscribeLink), html: <UnsubscribeNote link={unsubscribeLink} /> },
  });
}
