import type { MailShop } from "../context";
import { UnsubscribeNote, unsubscribeText } from "../newsletter";
import { Button, Heading, Layout, Paragraph, renderHtml, subjectLine, textFooter, type RenderedMail } from "./layout";

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
  const subject = subjectLine(`Confirm your subscription to the ${shop.name} newsletter`);
  const lasts = `${validHours} hours`;
  const text = [
    "Hello,",
    "",
    `Someone (we hope you) asked to receive the ${shop.name} newsletter at this address: new bouquets, crafting tutorials and offers.`,
    `Confirm your subscription here (the link works once, for ${lasts}):`,
    confirmLink,
    "",
    "If you did not ask, ignore this email: you will not hear from us again.",
    unsubscribeText(unsubscribeLink),
    "",
    textFooter(shop),
  ].join("\n");
  const html = renderHtml(
    <Layout shop={shop} title={subject} preheader={`Confirm your subscription: the link works once, for ${lasts}.`}>
      <Heading>Confirm your subscription</Heading>
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        Someone (we hope you) asked to receive the {shop.name} newsletter at this address: new bouquets, crafting
        tutorials and offers. The link works once, for {lasts}.
      </Paragraph>
      <Button href={confirmLink}>Confirm my subscription</Button>
      <Paragraph muted>
        Or paste this address into your browser: <a href={confirmLink}>{confirmLink}</a>
      </Paragraph>
      <Paragraph muted>If you did not ask, ignore this email: you will not hear from us again.</Paragraph>
      <UnsubscribeNote link={unsubscribeLink} />
    </Layout>,
  );
  return { subject, text, html };
}
