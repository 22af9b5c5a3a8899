import type { Currency } from "../../lib/money";
import type { SiteConfig } from "../../lib/site";
import { isMailable } from "./outbox.server";

/**
 * What a service needs to write a mail, given by the request that causes it: the origin every link
 * starts with (the request's), the shop's settings (name, contact details, currency) and the signer
 * of a guest's order confirmation link (the page `/order-confirmation/{number}?sig=` checks it).
 * Built by `mailContext` in app/http/mail.server.ts.
 */
export interface MailContext {
  origin: string;
  site: SiteConfig;
  /**
   * Where staff notifications go (a new order, the low-stock digest): the `admin_email` setting,
   * which only the server reads. When it is empty or not an address, the shop's contact address.
   */
  staffEmail?: string;
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
  /** Where staff notifications go: `MailContext.staffEmail`, else the contact address. */
  staffEmail: string;
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

export function mailShop(context: Pick<MailContext, "origin" | "site" | "staffEmail">): MailShop {
  const contact = context.site.contact;
  const email = text(contact.contact_email);
  const staffEmail = text(context.staffEmail);
  return {
    name: context.site.name,
    origin: context.origin.replace(/\/+$/, ""),
    currency: context.site.currency,
    email,
    phone: text(contact.contact_phone),
    address: text(contact.contact_address),
    staffEmail: isMailable(staffEmail) ? staffEmail : email,
  };
}

/** An absolute link: the origin and a path starting with "/". */
export function absolute(shop: Pick<MailShop, "origin">, path: string): string {
  return `${shop.origin}${path.startsWith("/") ? path : `/${path}`}`;
}
