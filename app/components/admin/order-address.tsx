import { COUNTRIES } from "~/lib/constants";
import { AdminCard } from "./ui";

interface Address {
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

/** An order's address as stored (a JSON string); anything unreadable is an empty address. */
function parseAddress(text: string): Address {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" ? (value as Address) : {};
  } catch {
    return {};
  }
}

/** An order's shipping or billing address, for staff: name, street, place, country by name, email and phone. */
export function OrderAddress({ id, title, text }: { id: string; title: string; text: string }) {
  const a = parseAddress(text);
  const country = COUNTRIES.find((c) => c.code === a.country)?.name ?? a.country;
  return (
    <AdminCard id={id} title={title}>
      <address className="mt-2 grid gap-0.5 text-sm not-italic text-gray-700">
        <span className="font-medium text-gray-900">{[a.firstName, a.lastName].filter(Boolean).join(" ")}</span>
        {a.address ? <span>{a.address}</span> : null}
        <span>{[a.city, a.state, a.zipCode].filter(Boolean).join(", ")}</span>
        {country ? <span>{country}</span> : null}
        {a.email ? <a href={`mailto:${a.email}`} className="text-bloom-700 underline">{a.email}</a> : null}
        {a.phone ? <a href={`tel:${a.phone.replace(/\s+/g, "")}`} className="text-bloom-700 underline">{a.phone}</a> : null}
      </address>
    </AdminCard>
  );
}
