/**
 * Options and variants, the pure rules shared by the server and the browser: the combinations of a
 * product's options, a variant's label, the variant a choice of values names, and why a value
 * cannot be chosen. A product without options has one variant whose `options` is `{}`.
 */

/** The most options a product may have, and values per option (gifting.md, section 1). */
export const MAX_OPTIONS = 3;
export const MAX_OPTION_VALUES = 20;

export interface ProductOption {
  name: string;
  values: string[];
}

/** A variant's option values, `{ Size: "Grand", Colour: "Pink" }`, in the options' order. */
export type OptionValues = Record<string, string>;

/** What the choosing rules need of a variant. */
export interface ChoosableVariant {
  id: number;
  options: OptionValues;
  stock: number;
}

/** What a shopper reads when a product with options comes without a choice: its first option's name. */
export function chooseOptionMessage(option: string): string {
  return `Please choose a ${option}.`;
}

/** "Size: Grand · Colour: Pink" (empty for a product without options). */
export function optionsLabel(options: OptionValues): string {
  return Object.entries(options)
    .map(([name, value]) => `${name}: ${value}`)
    .join(" · ");
}

/** The values written in the options' order: one combination is always one text (the unique index's). */
export function optionsKey(options: readonly ProductOption[], values: OptionValues): string {
  return JSON.stringify(Object.fromEntries(options.map((option) => [option.name, values[option.name] ?? ""])));
}

/** Every combination of the options' values, the first option varying slowest; `[{}]` without options. */
export function combinations(options: readonly ProductOption[]): OptionValues[] {
  return options.reduce<OptionValues[]>(
    (rows, option) => rows.flatMap((row) => option.values.map((value) => ({ ...row, [option.name]: value }))),
    [{}],
  );
}

const sameValues = (a: OptionValues, b: OptionValues) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([name, value]) => b[name] === value);

/** The variant sold for exactly these values, if any. */
export function variantFor<V extends ChoosableVariant>(variants: readonly V[], values: OptionValues): V | undefined {
  return variants.find((variant) => sameValues(variant.options, values));
}

/**
 * The variant a choice names when its exact combination is not sold: the one sharing the most
 * values, earlier options weighing more (a shopper who picks "Grand" keeps "Grand"), in stock first.
 */
export function closestVariant<V extends ChoosableVariant>(
  options: readonly ProductOption[],
  variants: readonly V[],
  values: OptionValues,
): V | undefined {
  const score = (variant: V) =>
    options.reduce(
      (sum, option, index) =>
        sum + (variant.options[option.name] === values[option.name] ? 2 ** (options.length - index) : 0),
      0,
    ) + (variant.stock > 0 ? 0.5 : 0);
  return [...variants].sort((a, b) => score(b) - score(a))[0];
}

/** The first variant a product page shows: the first in stock, else the first. */
export function defaultVariant<V extends ChoosableVariant>(variants: readonly V[]): V | undefined {
  return variants.find((variant) => variant.stock > 0) ?? variants[0];
}

export type ChoiceStatus = "available" | "out_of_stock" | "not_sold";

export interface OptionChoice {
  value: string;
  /** The variant choosing this value leads to, keeping the other options' values (null: not sold). */
  variant_id: number | null;
  status: ChoiceStatus;
  checked: boolean;
  /** Why it cannot be chosen, in words a shopper reads beside the value ("Sold out"). */
  reason: string | null;
}

/**
 * Each option's values as the product page offers them, beside the chosen variant: a value that
 * with the other chosen values makes a variant in stock can be chosen; one whose variant is sold
 * out, or whose combination is not sold, is shown disabled with its reason.
 */
export function optionChoices(
  options: readonly ProductOption[],
  variants: readonly ChoosableVariant[],
  chosen: ChoosableVariant,
): Array<{ name: string; choices: OptionChoice[] }> {
  return options.map((option) => ({
    name: option.name,
    choices: option.values.map((value) => {
      const variant = variantFor(variants, { ...chosen.options, [option.name]: value });
      const others = options
        .filter((other) => other.name !== option.name)
        .map((other) => chosen.options[other.name])
        .filter(Boolean)
        .join(", ");
      const status: ChoiceStatus = !variant ? "not_sold" : variant.stock > 0 ? "available" : "out_of_stock";
      return {
        value,
        variant_id: variant?.id ?? null,
        status,
        checked: chosen.options[option.name] === value,
        reason:
          status === "out_of_stock"
            ? "Sold out"
            : status === "not_sold"
              ? others
                ? `Not made in ${others}`
                : "Not available"
              : null,
      };
    }),
  }));
}
