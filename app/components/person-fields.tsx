import { COUNTRIES } from "~/lib/constants";
import { SelectField, TextField, type FieldErrors } from "./form";

const zip = { label: "Zip / Postal code", autoComplete: "postal-code" };

/** How each field of a person's details is labelled and filled in, the same on every form that asks for it. */
export const PERSON_FIELDS = {
  name: { label: "Name", autoComplete: "name" },
  firstName: { label: "First name", autoComplete: "given-name" },
  lastName: { label: "Last name", autoComplete: "family-name" },
  email: { label: "Email", type: "email", autoComplete: "email" },
  phone: { label: "Phone", type: "tel", autoComplete: "tel" },
  address: { label: "Address", autoComplete: "address-line1" },
  city: { label: "City", autoComplete: "address-level2" },
  state: { label: "State / Province", autoComplete: "address-level1" },
  // The checkout's form says zipCode (the API's field), the profile's zip_code (the account's column).
  zipCode: zip,
  zip_code: zip,
} satisfies Record<string, { label: string; type?: string; autoComplete: string }>;

export type PersonFieldName = keyof typeof PERSON_FIELDS;

/** The values a form shows (typed, or the account's). */
type Values = Record<string, string | undefined>;

/**
 * A second person's fields on the same form (a gift's recipient): their names start with `name`
 * (`gift.recipient.`) and their labels with `label` ("Recipient's first name").
 */
export interface PersonPrefix {
  name: string;
  label: string;
}

const prefixed = (prefix: PersonPrefix | undefined, name: string, label: string) =>
  prefix ? { name: `${prefix.name}${name}`, label: `${prefix.label} ${label.toLowerCase()}` } : { name, label };

/**
 * One field of a person's details, showing its value from `values` and its messages; `prefix`
 * names a second person's fields on the same form (a gift's recipient).
 */
export function PersonField({
  name,
  values,
  errors,
  className,
  onBlur,
  prefix,
}: {
  name: PersonFieldName;
  values: Values;
  errors: FieldErrors;
  className?: string;
  onBlur?: () => void;
  prefix?: PersonPrefix;
}) {
  const field = prefixed(prefix, name, PERSON_FIELDS[name].label);
  return (
    <TextField
      {...PERSON_FIELDS[name]}
      {...field}
      defaultValue={values[field.name]}
      errors={errors}
      className={className}
      onBlur={onBlur}
    />
  );
}

/** Several fields of a person's details, in the order given. */
export function PersonFields({
  names,
  values,
  errors,
  prefix,
}: {
  names: readonly PersonFieldName[];
  values: Values;
  errors: FieldErrors;
  prefix?: PersonPrefix;
}) {
  return (
    <>
      {names.map((name) => (
        <PersonField key={name} name={name} values={values} errors={errors} prefix={prefix} />
      ))}
    </>
  );
}

const COUNTRY_OPTIONS = COUNTRIES.map((country) => ({ value: country.code, label: country.name }));

/** The country select; `choose` puts an empty first choice (an account may have no country yet). */
export function CountryField({
  values,
  errors,
  choose = false,
  prefix,
}: {
  values: Values;
  errors: FieldErrors;
  choose?: boolean;
  prefix?: PersonPrefix;
}) {
  const field = prefixed(prefix, "country", "Country");
  return (
    <SelectField
      {...field}
      defaultValue={values[field.name]}
      errors={errors}
      options={choose ? [{ value: "", label: "Choose a country" }, ...COUNTRY_OPTIONS] : COUNTRY_OPTIONS}
    />
  );
}
