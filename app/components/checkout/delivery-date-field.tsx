import { useState } from "react";
import { shortDeliveryDate, type DayStatus, type DeliveryDay } from "~/lib/delivery";
import { FieldError } from "../field-error";
import type { FieldErrors } from "../form";
import { Panel } from "../section";
import { useHydrated } from "../use-hydrated";

/** What a day the shopper cannot pick says in the list. */
const UNAVAILABLE: Record<Exclude<DayStatus, "available">, string> = {
  full: "Fully booked",
  closed: "Closed",
  too_soon: "Too soon",
  too_late: "Not open yet",
};

/**
 * The delivery date: a native date input (min and max from the rules; the server checks it, so it
 * works alone without JavaScript) and the next days listed, each available one a button that picks
 * it (with JavaScript it sets the input; without, it posts `delivery_pick` and the page comes back
 * with the date set), the full and closed ones shown as such.
 */
export function DeliveryDateField({
  value,
  min,
  max,
  days,
  errors,
}: {
  value: string;
  min: string;
  max: string;
  days: DeliveryDay[];
  errors: FieldErrors;
}) {
  const hydrated = useHydrated();
  const [date, setDate] = useState(value);
  const messages = errors.delivery_date;
  return (
    <Panel id="delivery-heading" title="Delivery date">
      <label htmlFor="delivery_date" className="mt-4 block text-sm font-medium text-gray-800">
        Deliver on
      </label>
      <input
        type="date"
        id="delivery_date"
        name="delivery_date"
        min={min}
        max={max}
        value={date}
        onChange={(event) => setDate(event.currentTarget.value)}
        aria-invalid={messages?.length ? true : undefined}
        aria-describedby={messages?.length ? "delivery_date-error" : undefined}
        className="mt-1 block rounded-lg border border-gray-300 px-3 py-2 text-gray-900 shadow-sm focus:outline-none focus:ring-2 focus:ring-bloom-500 aria-[invalid=true]:border-red-600"
      />
      <FieldError id="delivery_date-error" messages={messages} />
      <p id="delivery-days-heading" className="mt-4 text-sm font-medium text-gray-800">
        The next days
      </p>
      <ul aria-labelledby="delivery-days-heading" className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-7">
        {days.map((day) => (
          <li key={day.date}>
            {day.status === "available" ? (
              <button
                type="submit"
                name="delivery_pick"
                value={day.date}
                aria-pressed={date === day.date}
                onClick={(event) => {
                  if (!hydrated) return;
                  event.preventDefault();
                  setDate(day.date);
                }}
                className="delivery-day"
              >
                {shortDeliveryDate(day.date)}
              </button>
            ) : (
              <span className="delivery-day">
                {shortDeliveryDate(day.date)}
                <span className="text-xs">{UNAVAILABLE[day.status]}</span>
              </span>
            )}
          </li>
        ))}
      </ul>
    </Panel>
  );
}
