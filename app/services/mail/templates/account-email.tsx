import type { MailShop } from "../context";
import { Button, Heading, Layout, Paragraph, renderHtml, subjectLine, textFooter, type RenderedMail } from "./layout";

/**
 * The mails that prove an address (docs/decisions/021): verifying a new account's address,
 * confirming a new address, and the notice to the old address. `link` is a secret mark
 * (`secretMark`): the outbox keeps the mark, delivery puts the link back.
 */

const greet = (name: string) => (name.trim() ? `Hello ${name.trim()},` : "Hello,");
const validFor = (hours: number) => `${hours} hour${hours === 1 ? "" : "s"}`;

export interface AccountLinkMailData {
  shop: MailShop;
  name: string;
  /** The link, or (in the outbox) its secret mark. */
  link: string;
  validHours: number;
}

/** To a new account's address: the link that proves it. */
export function verifyEmailMail({ shop, name, link, validHours }: AccountLinkMailData): RenderedMail {
  const subject = subjectLine(`Verify your email address for ${shop.name}`);
  const lasts = validFor(validHours);
  const text = [
    greet(name),
    "",
    `Please confirm that this is your email address for your ${shop.name} account.`,
    `Verify it here (the link works once, for ${lasts}):`,
    link,
    "",
    "If you did not create an account, ignore this email.",
    "",
    textFooter(shop),
  ].join("\n");
  const html = renderHtml(
    <Layout shop={shop} title={subject} preheader={`Verify your email address: the link works once, for ${lasts}.`}>
      <Heading>Verify your email address</Heading>
      <Paragraph>{greet(name)}</Paragraph>
      <Paragraph>
        Please confirm that this is your email address for your {shop.name} account. The link works once, for {lasts}.
      </Paragraph>
      <Button href={link}>Verify my email address</Button>
      <Paragraph muted>
        Or paste this address into your browser: <a href={link}>{link}</a>
      </Paragraph>
      <Paragraph muted>If you did not create an account, ignore this email.</Paragraph>
    </Layout>,
  );
  return { subject, text, html };
}

/** To the new address of an email change: the link that makes it the account's. */
export function confirmEmailChangeMail({ shop, name, link, validHours }: AccountLinkMailData): RenderedMail {
  const subject = subjectLine(`Confirm your new email address for ${shop.name}`);
  const lasts = validFor(validHours);
  const text = [
    greet(name),
    "",
    `You asked to use this email address for your ${shop.name} account.`,
    `Confirm it here (the link works once, for ${lasts}); until then your account keeps its old address:`,
    link,
    "",
    "If you did not ask, ignore this email: nothing changes.",
    "",
    textFooter(shop),
  ].join("\n");
  const html = renderHtml(
    <Layout
      shop={shop}
      title={subject}
      preheader={`Confirm your new email address: the link works once, for ${lasts}.`}
    >
      <Heading>Confirm your new email address</Heading>
      <Paragraph>{greet(name)}</Paragraph>
      <Paragraph>
        You asked to use this email address for your {shop.name} account. The link works once, for {lasts}; until then
        your account keeps its old address.
      </Paragraph>
      <Button href={link}>Confirm my new email address</Button>
      <Paragraph muted>
        Or paste this address into your browser: <a href={link}>{link}</a>
      </Paragraph>
      <Paragraph muted>If you did not ask, ignore this email: nothing changes.</Paragraph>
    </Layout>,
  );
  return { subject, text, html };
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
  const subject = subjectLine(`Your ${shop.name} email address is about to change`);
  const text = [
    greet(name),
    "",
    `Someone signed in to your ${shop.name} account asked to change its email address to ${newEmail}.`,
    "The change happens only when that address confirms it with the link we sent there.",
    "",
    `If this was not you, reset your password now (this ends every session of your account): ${resetLink}`,
    "",
    textFooter(shop),
  ].join("\n");
  const html = renderHtml(
    <Layout shop={shop} title={subject} preheader={`A change of your email address to ${newEmail} was asked for.`}>
      <Heading>Your email address is about to change</Heading>
      <Paragraph>{greet(name)}</Paragraph>
      <Paragraph>
        Someone signed in to your {shop.name} account asked to change its email address to {newEmail}. The change
        happens only when that address confirms it with the link we sent there.
      </Paragraph>
      <Paragraph>If this was not you, reset your password now: it ends every session of your account.</Paragraph>
      <Button href={resetLink}>Reset my password</Button>
    </Layout>,
  );
  return { subject, text, html };
}
