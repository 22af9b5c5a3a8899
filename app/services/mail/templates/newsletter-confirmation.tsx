import type { MailShop } from "../context";
import { UnsubscribeNote, unsubscribeText } from "../newsletter";
import type { RenderedMail } from "./layout";
import { linkMail } from "./link-mail";

/** What the newsletter's confirmation mail needs: the shop and the two absolute links. */
export interface NewsletterConfirmationMailData {
  shop: MailShop;
  /** Absolute: `${origin}/newsletter/confirm?token=...`. */
  confirmLink: string;
  /** Absolute: `${origin}/newsletter/unsubscribe?token=...`. */
  unsubscribeLink: string;
  /** How long the confirmation link works, in hours. */
  validHours: number;
}

/**
 * To an address someone signed up for the newsletter (double opt-in): nothing is sent to it until
 * its owner confirms with the link. Someone who did not ask ignores it, or unsubscribes at once.
 */
export function newsletterConfirmationMail({
  shop,
  confirmLink,
  unsubscribeLink,
  validHours,
}: NewsletterConfirmationMailData): RenderedMail {
  const lasts = `${validHours} hours`;
  return linkMail(shop, {
    subject: `Confirm your subscription to the ${shop.name} newsletter`,
    preheader: `Confirm your subscription: the link works once, for ${lasts}.`,
    heading: "Confirm your subscription",
    greeting: "Hello,",
    textIntro: [
      `Someone (we hope you) asked to receive the ${shop.name} newsletter at this address: new bouquets, crafting tutorials and offers.`,
      `Confirm your subscription here (the link works once, for ${lasts}):`,
    ],
    intro: (
      <>
        Someone (we hope you) asked to receive the {shop.name} newsletter at this address: new bouquets, crafting
        tutorials and offers. The link works once, for {lasts}.
      </>
    ),
    link: confirmLink,
    button: "Confirm my subscription",
    ignore: "If you did not ask, ignore this email: you will not hear from us again.",
    footnote: { text: unsubscribeText(unsubscribeLink), html: <UnsubscribeNote link={unsubscribeLink} /> },
  });
}
