import { Form, useNavigation } from "@remix-run/react";
import { FieldError } from "~/components/field-error";
import { VARIANT_INTENTS } from "~/lib/schemas/admin-products";
import { fitsOptions, optionsLabel, type ProductOption } from "~/lib/variants";
import type { AdminVariant } from "~/services/serializers/admin-product";
import { AdminCard, adminInput, adminLabel, cell, primaryButton, secondaryButton } from "./ui";

/**
 * The product page's Options and Variants sections (`/admin/products/{id}`): plain forms posting to
 * the route's action with an `intent`, working without JavaScript; each row's fields are numbered
 * (`options.0.values`, `variants.2.price`) and show their messages under them, with what was typed
 * kept after a refusal.
 */

type Errors = Record<string, string[] | undefined>;
/** A refusal of the whole form (a stale save), shown above the form that was sent. */
const FORM_ERROR = "_form";

const money = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

/** The props of one numbered field: its id, name, messages and their link. */
function rowField(name: string, errors: Errors) {
  const invalid = Boolean(errors[name]?.length);
  return {
    id: name,
    name,
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid ? `${name}-error` : undefined,
  };
}

function useBusy(intents: readonly string[]) {
  const navigation = useNavigation();
  const intent = navigation.formData?.get("intent");
  return navigation.state !== "idle" && typeof intent === "string" && intents.includes(intent);
}

/** A form's main button, sending its intent; "Saving…" while it is under way. */
function SaveButton({ intent, label, busy }: { intent: string; label: string; busy: boolean }) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className={primaryButton}
      disabled={busy}
      aria-busy={busy || undefined}
    >
      {busy ? "Saving…" : label}
    </button>
  );
}

/** One field of an option's row: its label, input and messages. */
function OptionField({
  name,
  label,
  value,
  placeholder,
  errors,
}: {
  name: string;
  label: string;
  value: string;
  placeholder?: string;
  errors: Errors;
}) {
  return (
    <div>
      <label htmlFor={name} className={adminLabel}>
        {label}
      </label>
      <input
        type="text"
        {...rowField(name, errors)}
        inputMode={name.endsWith(".position") ? "numeric" : undefined}
        defaultValue={value}
        placeholder={placeholder}
        className={`${adminInput} mt-1`}
      />
      <FieldError id={`${name}-error`} messages={errors[name]} />
    </div>
  );
}

export function ProductOptionsCard({
  options,
  version,
  errors,
  typed,
}: {
  options: ProductOption[];
  version: number;
  errors: Errors;
  /** What was typed in this form before a refusal. */
  typed?: Record<string, string>;
}) {
  const busy = useBusy(["options"]);
  const typedRows = typed
    ? Object.keys(typed).filter((key) => /^options\.\d+\.name$/.test(key)).length
    : options.length + 1;
  const rows = Array.from({ length: Math.max(typedRows, 1) }, (_, row) => ({
    row,
    name: typed ? (typed[`options.${row}.name`] ?? "") : (options[row]?.name ?? ""),
    values: typed ? (typed[`options.${row}.values`] ?? "") : (options[row]?.values.join(", ") ?? ""),
    position: typed ? (typed[`options.${row}.position`] ?? "") : String(row + 1),
    existing: row < options.length,
  }));
  return (
    <AdminCard id="product-options" title="Options">
      <p className="mt-1 text-sm text-gray-600">
        Up to 3 options, such as Size or Colour, each with up to 20 values. Change the positions to reorder them; a
        variant whose values an option no longer has is removed (switched off when ordered).
      </p>
      <Form method="post" noValidate className="mt-4 grid gap-4">
        <input type="hidden" name="version" value={version} />
        {typed ? <FieldError id={`${FORM_ERROR}-error`} messages={errors[FORM_ERROR]} alert /> : null}
        <FieldError id="options-error" messages={errors.options} />
        {rows.map(({ row, name, values, position, existing }) => (
          <fieldset key={row} className="grid gap-3 rounded-xl border border-bloom-100 p-3 sm:grid-cols-[1fr_2fr_6rem]">
            <legend className="px-1 text-sm font-medium text-gray-800">
              {existing ? `Option ${row + 1}` : "Add an option"}
            </legend>
            <OptionField
              name={`options.${row}.name`}
              label="Option name"
              value={name}
              placeholder={existing ? undefined : "e.g. Size"}
              errors={errors}
            />
            <OptionField
              name={`options.${row}.values`}
              label="Option values"
              value={values}
              placeholder="Separated by commas, e.g. Small, Large"
              errors={errors}
            />
            <OptionField name={`options.${row}.position`} label="Option position" value={position} errors={errors} />
            {existing ? (
              <label className="flex items-center gap-2 text-sm text-gray-800 sm:col-span-3">
                <input type="checkbox" name={`options.${row}.remove`} value="1" /> Remove this option
              </label>
            ) : null}
          </fieldset>
        ))}
        <div>
          <SaveButton intent="options" label="Save options" busy={busy} />
        </div>
      </Form>
    </AdminCard>
  );
}

export function ProductVariantsCard({
  options,
  variants,
  version,
  errors,
  typed,
}: {
  options: ProductOption[];
  variants: AdminVariant[];
  version: number;
  errors: Errors;
  /** What was typed in this form before a refusal. */
  typed?: Record<string, string>;
}) {
  const busy = useBusy(VARIANT_INTENTS);
  if (!options.length)
    return (
      <AdminCard id="product-variants" title="Variants">
        <p className="mt-1 text-sm text-gray-700">
          This product has no options: its price and stock above are its own. Add an option to sell it in sizes or
          colours, then generate its variants.
        </p>
      </AdminCard>
    );
  // Switched-off variants whose values the options no longer have are kept for past orders, not edited.
  const rows = variants.filter((variant) => fitsOptions(options, variant.options));
  const kept = variants.filter((variant) => !fitsOptions(options, variant.options));
  const value = (row: number, name: string, stored: string) =>
    typed ? (typed[`variants.${row}.${name}`] ?? "") : stored;
  const checked = (row: number, name: string, stored: boolean) =>
    typed ? Boolean(typed[`variants.${row}.${name}`]) : stored;
  const input = (
    row: number,
    name: string,
    label: string,
    stored: string,
    extra: { inputMode?: "decimal" | "numeric" } = {},
  ) => {
    const field = `variants.${row}.${name}`;
    return (
      <td className={cell}>
        <input
          type="text"
          {...rowField(field, errors)}
          aria-label={label}
          inputMode={extra.inputMode}
          defaultValue={value(row, name, stored)}
          className={`${adminInput} ${name === "sku" || name === "image" ? "min-w-[11rem]" : "min-w-[6rem]"}`}
        />
        <FieldError id={`${field}-error`} messages={errors[field]} />
      </td>
    );
  };
  return (
    <AdminCard id="product-variants" title="Variants">
      <p className="mt-1 text-sm text-gray-600">
        One row per combination sold. &quot;Generate variants&quot; adds a row for each combination not here yet, at the
        product&apos;s price; a switched-off row is not sold.
      </p>
      <Form method="post" noValidate className="mt-4 grid gap-4">
        <input type="hidden" name="version" value={version} />
        {typed ? <FieldError id={`${FORM_ERROR}-error`} messages={errors[FORM_ERROR]} alert /> : null}
        {rows.length ? (
          <div className="overflow-x-auto rounded-xl border border-bloom-100">
            <table className="min-w-full divide-y divide-bloom-100 text-left text-sm">
              <caption className="sr-only">The product&apos;s variants</caption>
              <thead className="bg-bloom-50 text-xs font-semibold uppercase tracking-wide text-gray-700">
                <tr>
                  {["Select", "Options", "SKU", "Price", "Sale price", "Stock", "Image URL", "Switched off"].map(
                    (head) => (
                      <th key={head} scope="col" className="px-4 py-3">
                        {head}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody className="divide-y divide-bloom-50">
                {rows.map((variant, row) => {
                  const label = optionsLabel(variant.options);
                  return (
                    <tr key={variant.id}>
                      <td className={cell}>
                        <input
                          type="checkbox"
                          name={`variants.${row}.selected`}
                          value="1"
                          aria-label={`Select ${label}`}
                          defaultChecked={checked(row, "selected", false)}
                        />
                      </td>
                      <th scope="row" className={`${cell} min-w-[9rem] font-medium text-gray-900`}>
                        {label}
                        <input type="hidden" name={`variants.${row}.id`} value={variant.id} />
                        <input type="hidden" name={`variants.${row}.options`} value={JSON.stringify(variant.options)} />
                        <FieldError id={`variants.${row}.options-error`} messages={errors[`variants.${row}.options`]} />
                      </th>
                      {input(row, "sku", `SKU of ${label}`, variant.sku)}
                      {input(row, "price", `Price of ${label}`, money(variant.price_cents), { inputMode: "decimal" })}
                      {input(row, "sale_price", `Sale price of ${label}`, money(variant.sale_price_cents), {
                        inputMode: "decimal",
                      })}
                      {input(row, "stock", `Stock of ${label}`, String(variant.stock), { inputMode: "numeric" })}
                      {input(row, "image", `Image URL of ${label}`, variant.image ?? "")}
                      <td className={cell}>
                        <input
                          type="checkbox"
                          name={`variants.${row}.off`}
                          value="1"
                          aria-label={`Switch off ${label}`}
                          defaultChecked={checked(row, "off", !variant.is_active)}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-sm text-gray-700">
            No variants yet: &quot;Generate variants&quot; makes one per combination.
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          {rows.length ? <SaveButton intent="variants" label="Save variants" busy={busy} /> : null}
          <button type="submit" name="intent" value="generate" className={secondaryButton} disabled={busy}>
            Generate variants
          </button>
        </div>
        {rows.length ? (
          <fieldset className="grid gap-3 rounded-xl border border-bloom-100 p-3 sm:grid-cols-2">
            <legend className="px-1 text-sm font-medium text-gray-800">For the selected rows</legend>
            {(
              [
                ["bulk_price", "Price", "set_price", "Set price", "decimal"],
                ["bulk_stock", "Stock", "set_stock", "Set stock", "numeric"],
              ] as const
            ).map(([name, label, intent, button, inputMode]) => (
              <div key={name}>
                <label htmlFor={name} className={adminLabel}>
                  {label}
                </label>
                <div className="mt-1 flex items-center gap-2">
                  <input
                    type="text"
                    {...rowField(name, errors)}
                    inputMode={inputMode}
                    defaultValue={typed?.[name] ?? ""}
                    className={adminInput}
                  />
                  <button
                    type="submit"
                    name="intent"
                    value={intent}
                    className={`${secondaryButton} whitespace-nowrap`}
                    disabled={busy}
                  >
                    {button}
                  </button>
                </div>
                <FieldError id={`${name}-error`} messages={errors[name]} />
              </div>
            ))}
          </fieldset>
        ) : null}
        {kept.length ? (
          <div className="text-sm text-gray-700">
            <p>Kept for past orders (switched off; the options no longer have their values):</p>
            <ul className="mt-1 list-disc pl-5">
              {kept.map((variant) => (
                <li key={variant.id}>
                  {variant.sku}
                  {optionsLabel(variant.options) ? ` (${optionsLabel(variant.options)})` : ""}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </Form>
    </AdminCard>
  );
}
