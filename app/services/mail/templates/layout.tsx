import type { CSSProperties, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { COUNTRIES } from "../../../lib/constants";
import { formatMoney } from "../../../lib/money";
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

const COLORS = {
  ink: "#2d2433",
  muted: "#6b6170",
  brand: "#b83280",
  line: "#eadfe8",
  paper: "#fdf8fb",
  white: "#ffffff",
};
const FONT = "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif";

/** The whole document, with its doctype. */
export function renderHtml(element: ReactNode): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(<>{element}</>)}`;
}

/** A subject on one line, whatever the names in it hold. */
export function subjectLine(...parts: string[]): string {
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
        <table
          role="presentation"
          width="100%"
          cellPadding={0}
          cellSpacing={0}
          style={{ backgroundColor: COLORS.paper }}
        >
          <tbody>
            <tr>
              <td align="center" style={{ padding: "24px 12px" }}>
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
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
                </table>
              </td>
            </tr>
          </tbody>
        </table>
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

/** The text part's footer: the same details as the HTML's. */
export function textFooter(shop: MailShop): string {
  const contact = [shop.phone, shop.email].filter(Boolean).join(" · ");
  return ["--", shop.name, shop.address, contact, absolute(shop, "/")].filter(Boolean).join("\n");
}

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

// ---------------------------------------------------------------- orders

/** An order as its mails show it. */
export interface MailOrder {
  number: string;
  customer_name: string;
  email: string;
  items: Array<{ name: string; quantity: number; unit_cents: number; total_cents: number }>;
  subtotal_cents: number;
  shipping_cents: number;
  tax_cents: number;
  discount_cents: number;
  total_cents: number;
  coupon_code: string | null;
  shipping_method: string;
  address: MailAddress;
  notes: string | null;
}

export interface MailAddress {
  firstName: string;
  lastName: string;
  phone?: string;
  address: string;
  city: string;
  state?: string;
  zipCode?: string;
  country: string;
}

/** The address as lines: name, street, city with state and postcode, country, phone. */
export function addressLines(address: MailAddress): string[] {
  const country = COUNTRIES.find((c) => c.code === address.country)?.name ?? address.country;
  const cityLine = [address.city, [address.state, address.zipCode].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return [
    `${address.firstName} ${address.lastName}`.trim(),
    address.address,
    cityLine,
    country,
    address.phone ?? "",
  ].filter((line) => line.trim() !== "");
}

const cell: CSSProperties = { padding: "8px 0", borderBottom: `1px solid ${COLORS.line}`, verticalAlign: "top" };
const right: CSSProperties = { ...cell, textAlign: "right", whiteSpace: "nowrap" };

export function ItemsTable({ order, shop }: { order: MailOrder; shop: MailShop }) {
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ borderCollapse: "collapse", fontSize: "14px" }}
    >
      <thead>
        <tr>
          <th align="left" style={{ ...cell, color: COLORS.muted, fontWeight: 600 }}>
            Item
          </th>
          <th align="right" style={{ ...right, color: COLORS.muted, fontWeight: 600 }}>
            Qty
          </th>
          <th align="right" style={{ ...right, color: COLORS.muted, fontWeight: 600 }}>
            Price
          </th>
          <th align="right" style={{ ...right, color: COLORS.muted, fontWeight: 600 }}>
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {order.items.map((item, index) => (
          <tr key={index}>
            <td style={cell}>{item.name}</td>
            <td style={right}>{item.quantity}</td>
            <td style={right}>{formatMoney(item.unit_cents, shop.currency)}</td>
            <td style={right}>{formatMoney(item.total_cents, shop.currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The order's figures, as rows of label and amount (a discount shown only when there is one). */
export function totalRows(order: MailOrder, shop: MailShop): Array<[string, string]> {
  const money = (cents: number) => formatMoney(cents, shop.currency);
  return [
    ["Subtotal", money(order.subtotal_cents)],
    [`Shipping (${order.shipping_method})`, order.shipping_cents === 0 ? "Free" : money(order.shipping_cents)],
    ["Tax", money(order.tax_cents)],
    ...(order.discount_cents > 0
      ? [
          [order.coupon_code ? `Discount (${order.coupon_code})` : "Discount", `-${money(order.discount_cents)}`] as [
            string,
            string,
          ],
        ]
      : []),
    ["Total", money(order.total_cents)],
  ];
}

export function TotalsTable({ order, shop }: { order: MailOrder; shop: MailShop }) {
  const rows = totalRows(order, shop);
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ marginTop: "8px", fontSize: "14px" }}
    >
      <tbody>
        {rows.map(([label, amount], index) => {
          const last = index === rows.length - 1;
          const style: CSSProperties = {
            padding: "4px 0",
            fontWeight: last ? 700 : 400,
            fontSize: last ? "16px" : "14px",
          };
          return (
            <tr key={label}>
              <td style={style}>{label}</td>
              <td align="right" style={{ ...style, textAlign: "right", whiteSpace: "nowrap" }}>
                {amount}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function AddressBlock({ address }: { address: MailAddress }) {
  return (
    <p style={{ margin: "0 0 14px" }}>
      {addressLines(address).map((line, index) => (
        <span key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </span>
      ))}
    </p>
  );
}

/** The items and figures as text: one line an item, amounts after the names. */
export function textItems(order: MailOrder, shop: MailShop): string {
  const items = order.items.map(
    (item) =>
      `- ${item.name} × ${item.quantity} at ${formatMoney(item.unit_cents, shop.currency)}: ${formatMoney(item.total_cents, shop.currency)}`,
  );
  const totals = totalRows(order, shop).map(([label, amount]) => `${label}: ${amount}`);
  return [...items, "", ...totals].join("\n");
}
