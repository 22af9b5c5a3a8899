import { useState } from "react";
import { COUNTRIES } from "~/lib/constants";
import { GIFT_MESSAGE_MAX, messageLength, RECIPIENT_FIELDS, RECIPIENT_PREFIX, recipientFieldName } from "~/lib/gift";
import { FieldError } from "../field-error";
import type { FieldErrors } from "../form";
import { CountryField, PersonField, PersonFields, type PersonPrefix } from "../person-fields";
import { Panel } from "../section";
import { useHydrated } from "../use-hydrated";
import type { SavedRecipient } from "~/services/recipients.server";

type Values = Record<string, string | undefined>;

const countryName = (code: string) => COUNTRIES.find((country) => country.code === code)?.name ?? code;

/** "Nimal Perera, Kandy": how a saved recipient is named in the list. */
export const recipientLabel = (recipient: SavedRecipient) =>
  `${recipient.firstName} ${recipient.lastName}, ${recipient.city}`;

/** "12 Lotus Road, Kandy, 20000, Sri Lanka": a saved recipient's address on one line. */
export const recipientAddressLine = (recipient: SavedRecipient) =>
  [recipient.address, recipient.city, recipient.state, recipient.zipCode, countryName(recipient.country)]
    .filter(Boolean)
    .join(", ");

/** Writes a saved recipient (or nothing, for a new one) into the form's recipient fields. */
function fillRecipient(form: HTMLFormElement | null, recipient: SavedRecipient | null) {
  if (!form) return;
  for (const field of RECIPIENT_FIELDS) {
    const control = form.elements.namedItem(recipientFieldName(field));
    if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement)
      control.value = recipient ? (recipient[field] ?? "") : "";
  }
}

/** The recipient's fields: named `gift.recipient.<field>` (the API's error keys), labelled "Recipient's ...". */
const RECIPIENT: PersonPrefix = { name: RECIPIENT_PREFIX, label: "Recipient's" };

const labelClass = "block text-sm font-medium text-gray-800";

/**
 * "This is a gift", the recipient (a saved one to pick, or typed), the card's message and "Hide
 * prices on the packing slip". Without JavaScript every field is on the page and the server
 * ignores them unless the box is ticked; with JavaScript they show only when it is.
 */
export function GiftFields({
  values,
  errors,
  saved,
  gift,
  onGiftChange,
  onPlaceChange,
}: {
  values: Values;
  errors: FieldErrors;
  saved: SavedRecipient[];
  gift: boolean;
  onGiftChange: (gift: boolean) => void;
  /** The recipient's country or state changed: shipping and tax follow it. */
  onPlaceChange: () => void;
}) {
  const hydrated = useHydrated();
  const [length, setLength] = useState(messageLength(values["gift.message"] ?? ""));
  const chosen = values.recipient_id ?? "new";
  return (
    <Panel id="gift-heading" title="Gift">
      <label className="mt-4 flex items-center gap-3 text-sm font-medium text-gray-900">
        <input
          type="checkbox"
          name="is_gift"
          defaultChecked={gift}
          onChange={(event) => onGiftChange(event.currentTarget.checked)}
          className="h-4 w-4 accent-bloom-600"
        />
        This is a gift
      </label>
      <p className="no-js-only mt-1 text-sm text-gray-600">
        The recipient and the card below are used only when this box is ticked.
      </p>
      <fieldset hidden={hydrated && !gift} className="mt-4 grid gap-4 sm:grid-cols-2">
        <legend className="sr-only">The recipient and the card</legend>
        {saved.length > 0 ? (
          <fieldset className="sm:col-span-2">
            <legend className={labelClass}>Send to</legend>
            <div className="mt-2 grid gap-2 text-sm">
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="recipient_id"
                  value="new"
                  defaultChecked={chosen === "new"}
                  onChange={(event) => fillRecipient(event.currentTarget.form, null)}
                  className="accent-bloom-600"
                />
                New recipient
              </label>
              {saved.map((recipient) => (
                <label key={recipient.id} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="recipient_id"
                    value={recipient.id}
                    defaultChecked={chosen === String(recipient.id)}
                    onChange={(event) => {
                      fillRecipient(event.currentTarget.form, recipient);
                      onPlaceChange();
                    }}
                    className="accent-bloom-600"
                  />
                  {recipientLabel(recipient)}
                </label>
              ))}
            </div>
            <p className="no-js-only mt-1 text-xs text-gray-600">
              A saved recipient is sent to as saved; choose New recipient to use the fields below.
            </p>
          </fieldset>
        ) : null}
        <PersonFields names={["firstName", "lastName", "phone"]} values={values} errors={errors} prefix={RECIPIENT} />
        <PersonField name="address" values={values} errors={errors} prefix={RECIPIENT} className="sm:col-span-2" />
        <PersonField name="city" values={values} errors={errors} prefix={RECIPIENT} />
        <PersonField name="state" values={values} errors={errors} prefix={RECIPIENT} onBlur={onPlaceChange} />
        <PersonField name="zipCode" values={values} errors={errors} prefix={RECIPIENT} />
        <div onChange={onPlaceChange}>
          <CountryField values={values} errors={errors} prefix={RECIPIENT} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="gift.message" className={labelClass}>
            Card message (optional)
          </label>
          <textarea
            id="gift.message"
            name="gift.message"
            rows={4}
            defaultValue={values["gift.message"]}
            onChange={(event) => setLength(messageLength(event.currentTarget.value))}
            aria-invalid={errors["gift.message"]?.length ? true : undefined}
            aria-describedby={errors["gift.message"]?.length ? "gift.message-error" : "gift.message-count"}
            className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 shadow-sm focus:outline-none focus:ring-2 focus:ring-bloom-500 aria-[invalid=true]:border-red-600"
            placeholder="Happy birthday, Mum"
          />
          <p
            id="gift.message-count"
            className={`js-only mt-1 text-xs ${length > GIFT_MESSAGE_MAX ? "text-red-700" : "text-gray-600"}`}
          >
            {length} / {GIFT_MESSAGE_MAX}
          </p>
          <FieldError id="gift.message-error" messages={errors["gift.message"]} />
        </div>
        <label className="flex items-center gap-3 text-sm text-gray-900 sm:col-span-2">
          <input
            type="checkbox"
            name="gift.hide_prices"
            defaultChecked={values["gift.hide_prices"] === "on"}
            className="h-4 w-4 accent-bloom-600"
          />
          Hide prices on the packing slip
        </label>
      </fieldset>
    </Panel>
  );
}
