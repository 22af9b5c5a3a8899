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

/** A variant's SKU suffix: each value's initials ("Light Pink" → "LP"), joined by dashes ("S-LP"). */
export function valueInitials(values: OptionValues): string {
  return Object.values(values)
    .map((value) =>
      value
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map((word) => word[0]!.toUpperCase())
        .join(""),
    )
    .filter(Boolean)
    .join("-");
}

/** `sku`, or `sku-2`, `sku-3`... the first not in `taken` (compared without case). */
export function uniqueSku(sku: string, taken: ReadonlySet<string>): string {
  if (!taken.has(sku.toUpperCase())) return sku;
  for (let n = 2; ; n++) if (!taken.has(`${sku}-${n}`.toUpperCase())) return `${sku}-${n}`;
}

/** A variant row the back office edits: what "Generate variants" adds. */
export interface GeneratedVariant {
  sku: string;
  options: OptionValues;
  price: number;
  sale_price: null;
  stock: number;
}

/**
 * "Generate variants": one new row per combination of the options that no row has yet (the rows
 * given keep their figures), its SKU `{product SKU}-{value initials}` made unique among `taken`
 * (every SKU in use, upper case) and the rows', its price the product's, no stock.
 */
export function generateVariants(
  options: readonly ProductOption[],
  rows: ReadonlyArray<{ sku: string; options: OptionValues }>,
  product: { sku: string; price: number },
  taken: ReadonlySet<string> = new Set(),
): GeneratedVariant[] {
  const skus = new Set([...taken, ...rows.map((row) => row.sku.toUpperCase())]);
  const present = new Set(rows.map((row) => optionsKey(options, row.options)));
  const added: GeneratedVariant[] = [];
  for (const values of combinations(options)) {
    if (present.has(optionsKey(options, values))) continue;
    const initials = valueInitials(values);
    const sku = uniqueSku(initials ? `${product.sku}-${initials}` : product.sku, skus);
    skus.add(sku.toUpperCase());
    added.push({ sku, options: values, price: product.price, sale_price: null, stock: 0 });
  }
  return added;
}

/** Whether `values` names one value of each option and nothing else: a combination the options make. */
export function fitsOptions(options: readonly ProductOption[], values: OptionValues): boolean {
  return (
    Object.keys(values).length === options.length &&
    options.every((option) => option.values.includes(values[option.name] ?? ""))
  );
}

/** The product page's link to one of its variants. */
export const variantHref = (slug: string, variantId: number) => `/product/${slug}?variant=${variantId}`;

/**
 * The variant `?variant=` names among a product's sold variants, else the default one: an unknown,
 * malformed or foreign id shows the product's first choice, never an error.
 */
export function chosenVariant<V extends ChoosableVariant>(variants: readonly V[], param: string | null): V | undefined {
  const id = param !== null && /^\d{1,15}$/.test(param) ? Number(param) : null;
  return variants.find((variant) => variant.id === id) ?? defaultVariant(variants);
}

/**
 * The variant a choice of values sent as one field per option (`?Size=Grand&Colour=Pink`, the
 * product page's GET form) leads to: its exact combination, else the closest one. Undefined when
 * no option's field was sent.
 */
export function variantForFields<V extends ChoosableVariant>(
  options: readonly ProductOption[],
  variants: readonly V[],
  fields: URLSearchParams,
): V | undefined {
  const values: OptionValues = {};
  for (const option of options) {
    const value = fields.get(option.name);
    if (value !== null) values[option.name] = value;
  }
  if (Object.keys(values).length === 0) return undefined;
  return variantFor(variants, values) ?? closestVariant(options, variants, values);
}

/** Each option's values, all open, the first checked: what a form offers before any variant is known. */
export function openChoices(options: readonly ProductOption[]): Array<{ name: string; choices: OptionChoice[] }> {
  return options.map((option) => ({
    name: option.name,
    choices: option.values.map((value, index) => ({
      value,
      variant_id: null,
      status: "available",
      checked: index === 0,
      reason: null,
    })),
  }));
}
