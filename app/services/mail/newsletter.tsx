import type { BatchItem } from "drizzle-orm/batch";
import type { SQL } from "drizzle-orm";
import type { Database } from "../../../db/client";
import type { MailContext } from "./context";
import { mailStatement } from "./outbox.server";
import { Paragraph, type RenderedMail } from "./templates/layout";

/**
 * What every newsletter mail carries (the confirmation today, the newsletters themselves later): an
 * unsubscribe link in its text and HTML, and the headers a mail client turns into its own
 * "Unsubscribe" button, `List-Unsubscribe` (RFC 2369) with `List-Unsubscribe-Post:
 * List-Unsubscribe=One-Click` (RFC 8058: the client POSTs to the link, no page, no cookies).
 * A newsletter mail goes to the outbox only through `newsletterMailStatement`, so none can lack them.
 */

/** The two headers of RFC 8058's one-click unsubscribe, for this absolute https link. */
export function listUnsubscribeHeaders(unsubscribeLink: string): Record<string, string> {
  return { "List-Unsubscribe": `<${unsubscribeLink}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** The text part's unsubscribe line. */
export const unsubscribeText = (unsubscribeLink: string) => `Unsubscribe at any time: ${unsubscribeLink}`;

/** The HTML part's unsubscribe line. */
export function UnsubscribeNote({ link }: { link: string }) {
  return (
    <Paragraph muted>
      Do not want these emails? <a href={link}>Unsubscribe</a> at any time, in one click.
    </Paragraph>
  );
}

export interface NewsletterMail {
  to: string;
  /** `newsletter_confirmation`, ... */
  template: string;
  /** Rendered with marks (`secretMark`) where its links go: the unsubscribe link's is `unsubscribeMark`. */
  mail: RenderedMail;
  /** The mark of the unsubscribe link: in the text, the HTML and the List-Unsubscribe header. */
  unsubscribeMark: string;
  /** Each mark of the mail and its absolute link (`${origin}/newsletter/unsubscribe?token=...` for `unsubscribeMark`). */
  secrets: Record<string, string>;
}

/**
 * The outbox INSERT of a newsletter mail, with its List-Unsubscribe headers (see mailStatement for
 * `options`). Its links, the unsubscribe one too, are sealed (docs/decisions/020): the outbox and the
 * staff who read it see marks, delivery puts the links back, in the headers as well. In an array:
 * a drizzle statement is thenable, so a promise of one would run it.
 */
export async function newsletterMailStatement(
  db: Database,
  context: Pick<MailContext, "seal">,
  { to, template, mail, unsubscribeMark, secrets }: NewsletterMail,
  options: { onlyIf?: SQL } = {},
): Promise<Array<BatchItem<"sqlite">>> {
  if (!(unsubscribeMark in secrets))
    throw new Error("newsletterMailStatement: the unsubscribe link is missing from the secrets");
  const sealed = await context.seal(secrets);
  return [
    mailStatement(
      db,
      {
        to,
        template,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: listUnsubscribeHeaders(unsubscribeMark),
        sealed,
      },
      options,
    ),
  ];
}
