import { PANEL_CLASS } from "~/components/section";
import { COUNTRIES } from "~/lib/constants";

/** An order's address as the checkout stores it (a JSON string). */
export interface OrderAddressFields {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  address?: string;
  city?: string;
  state?: string;
  zipCode?: string;
  country?: string;
}

/** An order's stored address; anything unreadable is an empty address. */
export function parseAddress(text: string): OrderAddressFields {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" ? (value as OrderAddressFields) : {};
  } catch {
    return {};
  }
}

/**
 * An order's address, line by line: name, street, place, the country by name, email and phone.
 * `contactLinks` (staff) makes the email and phone mailto: and tel: links.
 */
export function AddressLines({ text, contactLinks = false }: { text: string; contactLinks?: boolean }) {
  const a = parseAddress(text);
  const country = COUNTRIES.find((c) => c.code === a.country)?.name ?? a.country;
  const link = "text-bloom-700 underline";
  return (
    <address className="mt-2 grid gap-0.5 text-sm not-italic text-gray-700">
      <span className={contactLinks ? "font-medium text-gray-900" : undefined}>
        {[a.firstName, a.lastName].filter(Boolean).join(" ")}
      </span>
      {a.address ? <span>{a.address}</span> : null}
      <span>{[a.city, a.state, a.zipCode].filter(Boolean).join(", ")}</span>
      {country ? <span>{country}</span> : null}
      {a.email ? (
        contactLinks ? (
          <a href={`mailto:${a.email}`} className={link}>
            {a.email}
          </a>
        ) : (
          <span>{a.email}</span>
        )
      ) : null}
      {a.phone ? (
        contactLinks ? (
          <a href={`tel:${a.phone.replace(/\s+/g, "")}`} className={link}>
            {a.phone}
          </a>
        ) : (
          <span>{a.phone}</span>
        )
      ) : null}
    </address>
  );
}

/**
 * The titles of an order's two addresses: a gift goes to its recipient (the shipping address) and
 * the buyer, who pays, is the billing address.
 */
export function addressTitles(gift: object | null): { shipping: string; billing: string } {
  return gift
    ? { shipping: "Recipient (delivered to)", billing: "Buyer (billing address)" }
    : { shipping: "Shipping address", billing: "Billing address" };
}

/** A gift's card message as typed: text (never HTML), its newlines kept. */
export function CardMessage({ message, className = "" }: { message: string | null; className?: string }) {
  return (
    <p data-card-message className={`whitespace-pre-line ${className}`.trim()}>
      {message || "No card message."}
    </p>
  );
}

function AddressBlock({ title, text }: { title: string; text: string }) {
  return (
    <section className="rounded-2xl border border-bloom-100 bg-white p-6 text-sm shadow-sm">
      <h2 className="font-semibold text-gray-900">{title}</h2>
      <AddressLines text={text} />
    </section>
  );
}

/** The shopper's view of where an order goes and who pays, and a gift's card message. */
export function OrderAddresses({
  order,
}: {
  order: { shipping_address: string; billing_address: string; gift: { message: string | null } | null };
}) {
  const titles = addressTitles(order.gift);
  return (
    <>
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <AddressBlock title={titles.shipping} text={order.shipping_address} />
        <AddressBlock title={titles.billing} text={order.billing_address} />
      </div>
      {order.gift ? (
        <section aria-labelledby="card-heading" className={`mt-6 ${PANEL_CLASS}`}>
          <h2 id="card-heading" className="font-semibold text-gray-900">
            Card message
          </h2>
          <CardMessage message={order.gift.message} className="mt-2 text-sm text-gray-700" />
        </section>
      ) : null}
    </>
  );
}
