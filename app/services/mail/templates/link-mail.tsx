import type { ReactNode } from "react";
import type { MailShop } from "../context";
import { Button, composeMail, Heading, Paragraph, type RenderedMail } from "./layout";

/** What a mail made for one link by minutes needs: the shop, who it is for, the link, how long it works. */
export interface LinkMailData {
  shop: MailShop;
  /** The account holder's name, for the greeting. */
  name: string;
  /** The link, or (in the outbox) its secret mark (`secretMark`), sealed with the real link by the caller. */
  link: string;
  /** How long the link works, in minutes. */
  validMinutes: number;
}

/** What a mail made for one link says: the link that confirms, verifies or resets, and the words around it. */
export interface LinkMailWords {
  subject: string;
  preheader: string;
  heading: string;
  greeting: string;
  /** The text part's lines before the link. */
  textIntro: string[];
  /** The HTML's paragraph before the button. */
  intro: ReactNode;
  link: string;
  button: string;
  /** What to do when it was not asked for: the last words. */
  ignore: string;
  /** The text part's last words, when they say more than `ignore`. */
  textIgnore?: string;
  /** What follows them, in the text and in the HTML (the newsletter's way out). */
  footnote?: { text: string; html: ReactNode };
}

/** A mail made for one link: the greeting, what it is for, the button, the address as text, what to do if not asked. */
export function linkMail(shop: MailShop, words: LinkMailWords): RenderedMail {
  return composeMail(shop, {
    subject: words.subject,
    preheader: words.preheader,
    text: [
      words.greeting,
      "",
      ...words.textIntro,
      words.link,
      "",
      words.textIgnore ?? words.ignore,
      ...(words.footnote ? [words.footnote.text] : []),
    ],
    body: (
      <>
        <Heading>{words.heading}</Heading>
        <Paragraph>{words.greeting}</Paragraph>
        <Paragraph>{words.intro}</Paragraph>
        <Button href={words.link}>{words.button}</Button>
        <Paragraph muted>
          Or paste this address into your browser: <a href={words.link}>{words.link}</a>
        </Paragraph>
        <Paragraph muted>{words.ignore}</Paragraph>
        {words.footnote?.html}
      </>
    ),
  });
}
