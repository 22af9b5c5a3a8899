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
