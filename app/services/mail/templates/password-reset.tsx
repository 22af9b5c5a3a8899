import { greeting, lifetime, type RenderedMail } from "./layout";
import { linkMail, type LinkMailData } from "./link-mail";

/** What the password reset mail needs: its link is absolute (`${origin}/reset-password?token=...`). */
export type PasswordResetMailData = LinkMailData;

/** To an account holder who asked to reset the password: the link (a button and as text), how long it works. */
export function passwordResetMail({ shop, name, link, validMinutes }: PasswordResetMailData): RenderedMail {
  const lasts = lifetime(validMinutes);
  return linkMail(shop, {
    subject: `Reset your ${shop.name} password`,
    preheader: `Choose a new password: the link works once, for ${lasts}.`,
    heading: "Reset your password",
    greeting: greeting(name),
    textIntro: [
      `Someone (we hope you) asked to reset the password of your ${shop.name} account.`,
      `Choose a new password here (the link works once, for ${lasts}):`,
    ],
    intro: (
      <>
        Someone (we hope you) asked to reset the password of your {shop.name} account. The link works once, for {lasts}.
      </>
    ),
    link,
    button: "Choose a new password",
    ignore: "If you did not ask, ignore this email: your password stays as it is.",
  });
}
