import { Form, useNavigate } from "@remix-run/react";
import { variantHref, type OptionChoice } from "~/lib/variants";

const focusRing =
  "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-bloom-600";

export type OptionChoices = Array<{ name: string; choices: OptionChoice[] }>;

export { variantHref };

/**
 * A product's options, one fieldset per option (its name the legend) of radio buttons styled as
 * chips, in a GET form to the product page: without JavaScript "Show" submits the values (one field
 * per option) and the page answers with a redirect to the variant they name. With JavaScript, and
 * when each choice knows its variant (`navigateOnChange`), choosing a chip goes to that variant in
 * place (the URL follows, no scroll jump) and "Show" is not needed. A value that cannot be chosen
 * is shown disabled with its reason; the checked one never is. With `navigateOnChange` the chips
 * follow the page's variant (controlled); without it they are the form's own until it is sent.
 */
export function ProductOptions({
  slug,
  options,
  navigateOnChange = true,
}: {
  slug: string;
  options: OptionChoices;
  navigateOnChange?: boolean;
}) {
  const navigate = useNavigate();
  if (options.length === 0) return null;
  return (
    <Form method="get" action={`/product/${slug}`} noValidate className="flex flex-col gap-4">
      {options.map((option) => (
        <fieldset key={option.name} className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-semibold text-gray-900">{option.name}</legend>
          <div className="flex flex-wrap gap-2">
            {option.choices.map((choice) => {
              const disabled = choice.status !== "available" && !choice.checked;
              return (
                // Relative: the hidden radio sits inside its chip, so focusing it scrolls nowhere.
                <label key={choice.value} className={`relative ${disabled ? "cursor-not-allowed" : "cursor-pointer"}`}>
                  <input
                    type="radio"
                    name={option.name}
                    value={choice.value}
                    {...(navigateOnChange ? { checked: choice.checked } : { defaultChecked: choice.checked })}
                    disabled={disabled}
                    className="peer sr-only"
                    onChange={() => {
                      if (navigateOnChange && choice.variant_id !== null)
                        navigate(variantHref(slug, choice.variant_id), { replace: true, preventScrollReset: true });
                    }}
                  />
                  <span
                    className={`inline-flex flex-col items-center rounded-full border px-4 py-1.5 text-sm font-medium peer-checked:border-bloom-600 peer-checked:bg-bloom-50 peer-checked:text-bloom-800 peer-disabled:border-dashed peer-disabled:text-gray-500 ${focusRing} ${
                      disabled
                        ? "border-gray-300 bg-gray-50"
                        : "border-gray-300 bg-white text-gray-900 hover:border-bloom-500"
                    }`}
                  >
                    {choice.value}
                    {choice.reason ? <span className="text-xs font-normal">{choice.reason}</span> : null}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
      {/* Hidden from the first paint when scripts run (no shift when the page hydrates). */}
      <button
        type="submit"
        className={`${navigateOnChange ? "no-js-only " : ""}self-start rounded-full border border-bloom-600 px-5 py-1.5 text-sm font-semibold text-bloom-700 hover:bg-bloom-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-bloom-600`}
      >
        Show
      </button>
    </Form>
  );
}
