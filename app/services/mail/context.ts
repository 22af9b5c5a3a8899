import type { Currency } from "../../lib/money";
import type { SiteConfig } from "../../lib/site";

/**
 * What a service needs to write a mail, given by the request that causes it: the origin every link
 * starts with (the request's), the shop's settings (name, contact details, currency) and the signer
 * of a guest's order confirmation link (the page `/order-confirmation/{number}?sig=` checks it).
 * Built by `mailContext` in app/http/mail.server.ts.
 */
export interface MailContext {
  origin: string;
  site: SiteConfig;
  /** The signature of a guest's confirmation link for this order number. */
  signOrder(orderNumber: string): Promise<string>;
  /**
   * Seals a mail's secrets (`{ mark: value }`, marks from `secretMark`) for `OutgoingMail.sealed`:
   * the outbox keeps the marks, staff see them masked, delivery puts the values back.
   */
  seal(secrets: Record<string, string>): Promise<string>;
}

/** What every template knows of the shop. */
export interface MailShop {
  name: string;
  origin: string;
  currency: Currency;
  email: string;
  phone: string;
  address: string;
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

export function mailShop(context: Pick<MailContext, "origin" | "site">): MailShop {
  const contact = context.site.contact;
  return {
    name: context.site.name,
    origin: context.origin.replace(/\/+$/, ""),
    currency: context.site.currency,
    email: text(contact.contact_email),
    phone: text(contact.contact_phone),
    address: text(contact.contact_address),
  };
}

/** An absolute link: the origin and a path starting with "/". */
export function absolute(shop: Pick<MailShop, "origin">, path: string): string {
  return `${shop.origin}${path.startsWith("/") ? path : `/${path}`}`;
}
