import type { MailShop } from "../context";
import { Button, composeMail, greeting, Heading, lifetime, Paragraph, type RenderedMail } from "./layout";
import { linkMail } from "./link-mail";

/**
 * The mails that prove an address (docs/decisions/021): verifying a new account's address,
 * confirming a new address, and the notice to the old address. `link` is a secret mark
 * (`secretMark`): the outbox keeps the mark, delivery puts the link back.
 */

export interface AccountLinkMailData {
  shop: MailShop;
  name: string;
  /** The link, or (in the outbox) its secret mark. */
  link: string;
  validHours: number;
}

/** To a new account's address: the link that proves it. */
export function verifyEmailMail({ shop, name, link, validHours }: AccountLinkMailData): RenderedMail {
  const lasts = lifetime(validHours * 60);
  return linkMail(shop, {
    subject: `Verify your email address for ${shop.name}`,
    preheader: `Verify your email address: the link works once, for ${lasts}.`,
    heading: "Verify your email address",
    greeting: greeting(name),
    textIntro: [
      `Please confirm that this is your email address for your ${shop.name} account.`,
      `Verify it here (the link works once, for ${lasts}):`,
    ],
    intro: (
      <>
        Please confirm that this is your email address for your {shop.name} account. The link works once, for {lasts}.
      </>
    ),
    link,
    button: "Verify my email address",
    ignore: "If you did not create an account, ignore this email.",
  });
}

/** To the new address of an email change: the link that makes it the account's. */
export function confirmEmailChangeMail({ shop, name, link, validHours }: AccountLinkMailData): RenderedMail {
  const lasts = lifetime(validHours * 60);
  return linkMail(shop, {
    subject: `Confirm your new email address for ${shop.name}`,
    preheader: `Confirm your new email address: the link works once, for ${lasts}.`,
    heading: "Confirm your new email address",
    greeting: greeting(name),
    textIntro: [
      `You asked to use this email address for your ${shop.name} account.`,
      `Confirm it here (the link works once, for ${lasts}); until then your account keeps its old address:`,
    ],
    intro: (
      <>
        You asked to use this email address for your {shop.name} account. The link works once, for {lasts}; until then
        your account keeps its old address.
      </>
    ),
    link,
    button: "Confirm my new email address",
    ignore: "If you did not ask, ignore this email: nothing changes.",
  });
}

export interface EmailChangeNoticeData {
  shop: MailShop;
  name: string;
  /** The address asked for. */
  newEmail: string;
  /** Absolute: the forgot-password page. */
  resetLink: string;
}

/** To the account's current address when a change is asked for: no secret, just the facts and what to do. */
export function emailChangeNoticeMail({ shop, name, newEmail, resetLink }: EmailChangeNoticeData): RenderedMail {
  return composeMail(shop, {
    subject: `Your ${shop.name} email address is about to change`,
    preheader: `A change of your email address to ${newEmail} was asked for.`,
    text: [
      greeting(name),
      "",
      `Someone signed in to your ${shop.name} account asked to change its email address to ${newEmail}.`,
      "The change happens only when that address confirms it with the link we sent there.",
      "",
      `If this was not you, reset your password now (this ends every session of your account): ${resetLink}`,
    ],
    body: (
      <>
        <Heading>Your email address is about to change</Heading>
        <Paragraph>{greeting(name)}</Paragraph>
        <Paragraph>
          Someone signed in to your {shop.name} account asked to change its email address to {newEmail}. The change
          happens only when that address confirms it with the link we sent there.
        </Paragraph>
        <Paragraph>If this was not you, reset your password now: it ends every session of your account.</Paragraph>
        <Button href={resetLink}>Reset my password</Button>
      </>
    ),
  });
}
