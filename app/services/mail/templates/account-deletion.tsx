import type { MailShop } from "../context";
import { Button, Heading, Layout, Paragraph, renderHtml, subjectLine, textFooter, type RenderedMail } from "./layout";

/** What the account deletion mail needs: the shop, who it is for, the link (a secret's mark, docs/decisions/020). */
export interface AccountDeletionMailData {
  shop: MailShop;
  name: string;
  /** Where the link goes: a `secretMark`, sealed with the real link by the caller. */
  link: string;
  validMinutes: number;
}

/** To a shopper who asked to delete their account by email: the link to the confirmation, how long it works. */
export function accountDeletionMail({ shop, name, link, validMinutes }: AccountDeletionMailData): RenderedMail {
  const subject = subjectLine(`Delete your ${shop.name} account`);
  const greeting = name.trim() ? `Hello ${name.trim()},` : "Hello,";
  const lasts =
    validMinutes % 60 === 0 ? `${validMinutes / 60} hour${validMinutes === 60 ? "" : "s"}` : `${validMinutes} minutes`;
  const text = [
    greeting,
    "",
    `You asked to delete your ${shop.name} account. Open this link to confirm (it works once, for ${lasts}):`,
    link,
    "",
    "Nothing is deleted until you press the button on that page. If you did not ask, ignore this email: your account stays as it is.",
    "",
    textFooter(shop),
  ].join("\n");
  const html = renderHtml(
    <Layout
      shop={shop}
      title={subject}
      preheader={`Confirm the deletion of your account: the link works once, for ${lasts}.`}
    >
      <Heading>Delete your account</Heading>
      <Paragraph>{greeting}</Paragraph>
      <Paragraph>
        You asked to delete your {shop.name} account. The link works once, for {lasts}; nothing is deleted until you
        press the button on that page.
      </Paragraph>
      <Button href={link}>Confirm the deletion</Button>
      <Paragraph muted>
        Or paste this address into your browser: <a href={link}>{link}</a>
      </Paragraph>
      <Paragraph muted>If you did not ask, ignore this email: your account stays as it is.</Paragraph>
    </Layout>,
  );
  return { subject, text, html };
}
