import type { CSSProperties, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { absolute, type MailShop } from "../context";

/**
 * The shop's mails: small React components rendered once to static HTML on the server (no
 * react-email: docs/decisions/011-mail.md says why). Mail clients ignore stylesheets and flexbox, so
 * the look is tables and inline styles, at most 600px wide. Every string goes through React, which
 * escapes it: a customer's or product's name can never become markup.
 */

/** What a template module answers: the subject (one line), a text part written for people, the HTML part. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export const COLORS = {
  ink: "#2d2433",
  muted: "#6b6170",
  brand: "#b83280",
  line: "#eadfe8",
  paper: "#fdf8fb",
  white: "#ffffff",
};
const FONT = "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif";

/** The whole document, with its doctype. */
function renderHtml(element: ReactNode): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(<>{element}</>)}`;
}

/** A subject on one line, whatever the names in it hold. */
function subjectLine(...parts: string[]): string {
  return parts
    .join("")
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

export function Layout({
  shop,
  title,
  preheader,
  children,
}: {
  shop: MailShop;
  title: string;
  preheader: string;
  children: ReactNode;
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{title}</title>
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: COLORS.paper, color: COLORS.ink, fontFamily: FONT }}>
        {/* The preheader: the line a mail client shows after the subject, hidden in the mail itself. */}
        <div
          style={{
            display: "none",
            overflow: "hidden",
            maxHeight: 0,
            maxWidth: 0,
            opacity: 0,
            fontSize: "1px",
            lineHeight: "1px",
            color: COLORS.paper,
          }}
        >
          {preheader}
        </div>
        <FullWidthTable style={{ backgroundColor: COLORS.paper }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: "24px 12px" }}>
                <FullWidthTable
                  style={{
                    maxWidth: "600px",
                    backgroundColor: COLORS.white,
                    border: `1px solid ${COLORS.line}`,
                    borderRadius: "12px",
                  }}
                >
                  <tbody>
                    <tr>
                      <td style={{ padding: "20px 28px", borderBottom: `3px solid ${COLORS.brand}` }}>
                        <a
                          href={absolute(shop, "/")}
                          style={{ color: COLORS.brand, fontSize: "22px", fontWeight: 700, textDecoration: "none" }}
                        >
                          {shop.name}
                        </a>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: "24px 28px", fontSize: "15px", lineHeight: "22px" }}>{children}</td>
                    </tr>
                    <tr>
                      <td
                        style={{
                          padding: "16px 28px 24px",
                          borderTop: `1px solid ${COLORS.line}`,
                          color: COLORS.muted,
                          fontSize: "12px",
                          lineHeight: "18px",
                        }}
                      >
                        <Footer shop={shop} />
                      </td>
                    </tr>
                  </tbody>
                </FullWidthTable>
              </td>
            </tr>
          </tbody>
        </FullWidthTable>
      </body>
    </html>
  );
}

function Footer({ shop }: { shop: MailShop }) {
  return (
    <>
      <strong>{shop.name}</strong>
      {shop.address ? <div>{shop.address}</div> : null}
      {shop.phone || shop.email ? (
        <div>
          {shop.phone ? (
            <a href={`tel:${shop.phone.replace(/[^+\d]/g, "")}`} style={{ color: COLORS.muted }}>
              {shop.phone}
            </a>
          ) : null}
          {shop.phone && shop.email ? " · " : null}
          {shop.email ? (
            <a href={`mailto:${shop.email}`} style={{ color: COLORS.muted }}>
              {shop.email}
            </a>
          ) : null}
        </div>
      ) : null}
      <div>
        <a href={absolute(shop, "/")} style={{ color: COLORS.muted }}>
          {shop.origin.replace(/^https?:\/\//, "")}
        </a>
      </div>
    </>
  );
}

/** A table for layout only, as wide as its column: how mail clients are given boxes. */
export function FullWidthTable({ style, children }: { style: CSSProperties; children: ReactNode }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={style}>
      {children}
    </table>
  );
}

/** The text part's footer: the same details as the HTML's. */
function textFooter(shop: MailShop): string {
  const contact = [shop.phone, shop.email].filter(Boolean).join(" · ");
  return ["--", shop.name, shop.address, contact, absolute(shop, "/")].filter(Boolean).join("\n");
}

/** The greeting, by name when there is one. */
export const greeting = (name: string) => (name.trim() ? `Hello ${name.trim()},` : "Hello,");

/** How long a link works, from minutes: in hours when they are whole ("1 hour", "2 hours"), else in minutes. */
export const lifetime = (minutes: number) =>
  minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? "" : "s"}` : `${minutes} minutes`;

/** A whole mail: the subject on one line, the text part (written for people) with its footer, the HTML in the layout. */
export function composeMail(
  shop: MailShop,
  parts: { subject: string; preheader: string; text: string[]; body: ReactNode },
): RenderedMail {
  const subject = subjectLine(parts.subject);
  const html = renderHtml(
    <Layout shop={shop} title={subject} preheader={parts.preheader}>
      {parts.body}
    </Layout>,
  );
  return { subject, text: [...parts.text, "", textFooter(shop)].join("\n"), html };
}

/** The last words of a mail to a customer, in the text and the HTML. */
export const QUESTIONS = "Questions? Just reply to this email or write to us.";

export function Heading({ children }: { children: ReactNode }) {
  return <h1 style={{ margin: "0 0 16px", fontSize: "22px", lineHeight: "28px", color: COLORS.ink }}>{children}</h1>;
}

export function Subheading({ children }: { children: ReactNode }) {
  return <h2 style={{ margin: "24px 0 8px", fontSize: "16px", lineHeight: "22px", color: COLORS.ink }}>{children}</h2>;
}

export function Paragraph({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return <p style={{ margin: "0 0 14px", color: muted ? COLORS.muted : COLORS.ink }}>{children}</p>;
}

/** A button made of a table cell, as mail clients draw it. */
export function Button({ href, children }: { href: string; children: ReactNode }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} style={{ margin: "8px 0 18px" }}>
      <tbody>
        <tr>
          <td style={{ backgroundColor: COLORS.brand, borderRadius: "8px" }}>
            <a
              href={href}
              style={{
                display: "inline-block",
                padding: "12px 22px",
                color: COLORS.white,
                fontWeight: 700,
                textDecoration: "none",
              }}
            >
              {children}
            </a>
          </td>
        </tr>
      </tbody>
    </table>
  );
}
