import { renderToStaticMarkup } from "react-dom/server";

/** What the password reset mail needs: who it is for, the shop's name, the absolute reset link. */
export interface PasswordResetMailProps {
  shopName: string;
  /** The account holder's name, for the greeting. */
  name: string;
  /** Absolute: `${origin}/reset-password?token=...`. */
  link: string;
  /** How long the link works, in minutes. */
  validMinutes: number;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const BLOOM = "#be185d";

const validFor = (minutes: number) => (minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? "" : "s"}` : `${minutes} minutes`);

/** The HTML part: one column, inline styles only (mail clients drop style sheets), the link as a button and as text. */
export function PasswordResetEmail({ shopName, name, link, validMinutes }: PasswordResetMailProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`Reset your ${shopName} password`}</title>
      </head>
      <body style={{ margin: 0, padding: "24px 0", backgroundColor: "#fdf2f8", fontFamily: "Helvetica, Arial, sans-serif", color: "#1f2937" }}>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
          <tbody>
            <tr>
              <td align="center">
                <table role="presentation" width="560" cellPadding={0} cellSpacing={0} style={{ maxWidth: 560, backgroundColor: "#ffffff", borderRadius: 12, padding: 32 }}>
                  <tbody>
                    <tr>
                      <td>
                        <p style={{ margin: "0 0 24px", fontSize: 20, fontWeight: 700, color: BLOOM }}>{shopName}</p>
                        <h1 style={{ margin: "0 0 16px", fontSize: 22 }}>Reset your password</h1>
                        <p style={{ margin: "0 0 16px", lineHeight: 1.5 }}>Hello {name},</p>
                        <p style={{ margin: "0 0 24px", lineHeight: 1.5 }}>
                          Someone (we hope you) asked to reset the password of your {shopName} account. Choose a new one with the button
                          below. The link works once, for {validFor(validMinutes)}.
                        </p>
                        <p style={{ margin: "0 0 24px" }}>
                          <a
                            href={link}
                            style={{ display: "inline-block", backgroundColor: BLOOM, color: "#ffffff", padding: "12px 24px", borderRadius: 9999, fontWeight: 600, textDecoration: "none" }}
                          >
                            Reset my password
                          </a>
                        </p>
                        <p style={{ margin: "0 0 8px", fontSize: 14, lineHeight: 1.5 }}>If the button does not work, open this address:</p>
                        <p style={{ margin: "0 0 24px", fontSize: 14, wordBreak: "break-all" }}>
                          <a href={link} style={{ color: BLOOM }}>
                            {link}
                          </a>
                        </p>
                        <p style={{ margin: 0, fontSize: 14, lineHeight: 1.5, color: "#4b5563" }}>
                          If you did not ask for this, ignore this email: your password stays as it is.
                        </p>
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

/** The plain-text part, saying the same as the HTML. */
export function passwordResetText({ shopName, name, link, validMinutes }: PasswordResetMailProps): string {
  return [
    `Hello ${name},`,
    "",
    `Someone (we hope you) asked to reset the password of your ${shopName} account.`,
    `Choose a new one at this address (it works once, for ${validFor(validMinutes)}):`,
    "",
    link,
    "",
    "If you did not ask for this, ignore this email: your password stays as it is.",
    "",
    `-- ${shopName}`,
    "",
  ].join("\n");
}

/** The password reset mail: subject, text and HTML (rendered on the server). */
export function passwordResetMail(props: PasswordResetMailProps): RenderedMail {
  return {
    // One line whatever the shop's name holds: a subject never carries a line break.
    subject: `Reset your ${props.shopName} password`.replace(/[\r\n]+/g, " "),
    text: passwordResetText(props),
    html: `<!DOCTYPE html>${renderToStaticMarkup(<PasswordResetEmail {...props} />)}`,
  };
}
