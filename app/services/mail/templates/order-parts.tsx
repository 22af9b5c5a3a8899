import type { CSSProperties } from "react";
import type { Totals } from "../../../lib/checkout";
import { COUNTRIES } from "../../../lib/constants";
import { formatDeliveryDate } from "../../../lib/delivery";
import { formatMoney } from "../../../lib/money";
import type { MailShop } from "../context";
import { COLORS, FullWidthTable, Paragraph, Subheading } from "./layout";

/** What the order mails show of an order: its items, figures and address, as HTML and as text. */

/** An order as its mails show it. */
export interface MailOrder extends Totals {
  number: string;
  customer_name: string;
  email: string;
  /** Each line: its product's name, its option values ("Size: Grand · Colour: Pink", empty without options) and SKU. */
  items: Array<{
    name: string;
    options: string;
    sku: string;
    quantity: number;
    unit_cents: number;
    total_cents: number;
  }>;
  coupon_code: string | null;
  shipping_method: string;
  /** Where the parcel goes: the recipient's address for a gift, the customer's otherwise. */
  address: MailAddress;
  notes: string | null;
  /** The day it is delivered (`YYYY-MM-DD`), null for an order placed before delivery dates. */
  delivery_date: string | null;
  /** A gift: the card's message (text, never HTML); null when not a gift. The customer is the buyer. */
  gift: { message: string | null; hide_prices: boolean } | null;
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

/** A line's option values and SKU, as one line under its name: "Size: Grand · SKU: TB-1". */
const itemDetails = (item: MailOrder["items"][number]) =>
  [item.options, `SKU: ${item.sku}`].filter(Boolean).join(" · ");

const ITEMS_HEADINGS: Array<[string, "left" | "right"]> = [
  ["Item", "left"],
  ["Qty", "right"],
  ["Price", "right"],
  ["Total", "right"],
];

function ItemsTable({ order, shop }: { order: MailOrder; shop: MailShop }) {
  return (
    <FullWidthTable style={{ borderCollapse: "collapse", fontSize: "14px" }}>
      <thead>
        <tr>
          {ITEMS_HEADINGS.map(([label, align]) => (
            <th
              key={label}
              align={align}
              style={{ ...(align === "left" ? cell : right), color: COLORS.muted, fontWeight: 600 }}
            >
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {order.items.map((item, index) => (
          <tr key={index}>
            <td style={cell}>
              {item.name}
              <br />
              <span style={{ color: COLORS.muted, fontSize: "12px" }}>{itemDetails(item)}</span>
            </td>
            <td style={right}>{item.quantity}</td>
            <td style={right}>{formatMoney(item.unit_cents, shop.currency)}</td>
            <td style={right}>{formatMoney(item.total_cents, shop.currency)}</td>
          </tr>
        ))}
      </tbody>
    </FullWidthTable>
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

function TotalsTable({ order, shop }: { order: MailOrder; shop: MailShop }) {
  const rows = totalRows(order, shop);
  return (
    <FullWidthTable style={{ marginTop: "8px", fontSize: "14px" }}>
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
    </FullWidthTable>
  );
}

function AddressBlock({ address }: { address: MailAddress }) {
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
      `- ${item.name} (${itemDetails(item)}) × ${item.quantity} at ${formatMoney(item.unit_cents, shop.currency)}: ${formatMoney(item.total_cents, shop.currency)}`,
  );
  const totals = totalRows(order, shop).map(([label, amount]) => `${label}: ${amount}`);
  return [...items, "", ...totals].join("\n");
}

/** The order's items and figures, under their heading. */
export function OrderItems({ title, order, shop }: { title: string; order: MailOrder; shop: MailShop }) {
  return (
    <>
      <Subheading>{title}</Subheading>
      <ItemsTable order={order} shop={shop} />
      <TotalsTable order={order} shop={shop} />
    </>
  );
}

/** Where the order goes: "Shipping to", or for a gift its recipient, whose address it is. */
const shippingTitle = (order: Pick<MailOrder, "gift">) => (order.gift ? "Shipping to the recipient" : "Shipping to");

/** Where the order goes, under its heading; a gift's recipient and card first. */
export function ShippingTo({ order }: { order: Pick<MailOrder, "gift" | "address"> }) {
  return (
    <>
      <GiftNote order={order} />
      <Subheading>{shippingTitle(order)}</Subheading>
      <AddressBlock address={order.address} />
    </>
  );
}

/** Where the order goes, as the text part's lines; a gift's recipient and card first. */
export const shippingText = (order: Pick<MailOrder, "gift" | "address">) => [
  ...(order.gift ? [...giftText(order), ""] : []),
  `${shippingTitle(order)}:`,
  ...addressLines(order.address),
];

/** "Friday 12 December 2026", the day it is delivered; null for an order placed before delivery dates. */
export const deliveryDay = (date: string | null) => (date ? formatDeliveryDate(date) : null);

/** "Delivery: Friday 12 December 2026", or nothing. */
export const deliveryLines = (date: string | null) => (date ? [`Delivery: ${formatDeliveryDate(date)}`] : []);

/** A gift's recipient by name: the name on the address it goes to. */
export const recipientName = (order: Pick<MailOrder, "address">) =>
  `${order.address.firstName} ${order.address.lastName}`.trim();

/** "A gift for {recipient}" and the card's message, as the text part's lines (the message as typed); nothing when not a gift. */
function giftText(order: Pick<MailOrder, "gift" | "address">): string[] {
  if (!order.gift) return [];
  return [
    `A gift for ${recipientName(order)}`,
    ...(order.gift.message ? ["Card message:", order.gift.message] : ["No card message."]),
  ];
}

/** The same in HTML: the message is text (escaped by React), its newlines kept. */
function GiftNote({ order }: { order: Pick<MailOrder, "gift" | "address"> }) {
  if (!order.gift) return null;
  return (
    <>
      <Subheading>A gift for {recipientName(order)}</Subheading>
      {order.gift.message ? (
        <p
          data-card-message=""
          style={{
            margin: "0 0 14px",
            padding: "12px",
            border: `1px solid ${COLORS.line}`,
            whiteSpace: "pre-line",
            color: COLORS.ink,
          }}
        >
          {order.gift.message}
        </p>
      ) : (
        <Paragraph muted>No card message.</Paragraph>
      )}
    </>
  );
}
