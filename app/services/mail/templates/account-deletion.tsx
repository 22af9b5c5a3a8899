import { greeting, lifetime, type RenderedMail } from "./layout";
import { linkMail, type LinkMailData } from "./link-mail";

/** What the account deletion mail needs (docs/decisions/020): its link is a secret's mark. */
export type AccountDeletionMailData = LinkMailData;

/** To a shopper who asked to delete their account by email: the link to the confirmation, how long it works. */
export function accountDeletionMail({ shop, name, link, validMinutes }: AccountDeletionMailData): RenderedMail {
  const lasts = lifetime(validMinutes);
  return linkMail(shop, {
    subject: `Delete your ${shop.name} account`,
    preheader: `Confirm the deletion of your account: the link works once, for ${lasts}.`,
    heading: "Delete your account",
    greeting: greeting(name),
    textIntro: [
      `You asked to delete your ${shop.name} account. Open this link to confirm (it works once, for ${lasts}):`,
    ],
    intro: (
      <>
        You asked to delete your {shop.name} account. The link works once, for {lasts}; nothing is deleted until you
        press the button on that page.
      </>
    ),
    link,
    button: "Confirm the deletion",
    ignore: "If you did not ask, ignore this email: your account stays as it is.",
    textIgnore:
      "Nothing is deleted until you press the button on that page. If you did not ask, ignore this email: your account stays as it is.",
  });
}
