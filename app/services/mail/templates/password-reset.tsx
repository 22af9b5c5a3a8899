import type { MailShop } from "../context";
import { Button, Heading, Layout, Paragraph, renderHtml, subjectLine, textFooter, type RenderedMail } from "./layout";

/** What the password reset mail needs: the shop, who it is for, the absolute reset link. */
export interface PasswordResetMailData {
  shop: MailShop;
  /** The account holder's name, for the greeting. */
  name: string;
  /** Absolute: `${origin}/reset-password?token=...`. */
  link: string;
  /** How long the link works, in minutes. */
  validMinutes: number;
}

const validFor = (minutes: number) =>
  minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? "" : "s"}` : `${minutes} minutes`;

/** To an account holder who asked to reset the password: the link (a button and as text), how long it works. */
export function passwordResetMail({ shop, name, link, validMinutes }: PasswordResetMailData): RenderedMail {
  const subject = subjectLine(`Reset your ${shop.name} password`);
  const greeting = name.trim() ? `Hello ${name.trim()},` : "Hello,";
  const lasts = validFor(validMinutes);
  const text = [
    greeting,
    "",
    `Someone (we hope you) asked to reset the password of your ${shop.name} account.`,
    `Choose a new password here (the link works once, for ${lasts}):`,
    link,
    "",
    "If you did not ask, ignore this email: your password stays as it is.",
    "",
    textFooter(shop),
  ].join("\n");
  const html = renderHtml(
    <Layout shop={shop} title={subject} preheader={`Choose a new password: the link works once, for ${lasts}.`}>
      <Heading>Reset your password</Heading>
      <Paragraph>{greeting}</Paragraph>
      <Paragraph>
        Someone (we hope you) asked to reset the password of your {shop.name} account. The link works once, for {lasts}.
      </Paragraph>
      <Button href={link}>Choose a new password</Button>
      <Paragraph muted>
        Or paste this address into your browser: <a href={link}>{link}</a>
      </Paragraph>
      <Paragraph muted>If you did not ask, ignore this email: your password stays as it is.</Paragraph>
    </Layout>,
  );
  return { subject, text, html };
}
