import {
  PRODUCT_MESSAGES,
  ProductUpdateSchema,
  type VariantInput,
  type VariantIntent,
} from "../../lib/schemas/admin-products";
import { fieldErrors } from "../../lib/schemas/query";
import type { Actor } from "../../services/audit.server";
import { generateProductVariants, updateProduct } from "../../services/admin/products.server";
import type { AppContext } from "../context.server";
import { formFailure } from "./forms.server";
import { productRefusal, type ProductFormResult } from "./product-form.server";

/**
 * The product page's Options and Variants forms (`/admin/products/{id}`), plain forms posting to
 * the route's action: each row's fields are numbered (`options.0.name`, `variants.2.price`), so a
 * refusal shows every message under its own field with what was typed kept.
 */

export const VARIANTS_MESSAGES = {
  noneSelected: "Select the variants to change first.",
  bulkPrice: "Enter the price to set.",
  bulkStock: "Enter the stock to set.",
} as const;

/** The numbers of the rows a form posted under `prefix` (`options.3.name` → 3), in order. */
function rowNumbers(values: Record<string, string>, prefix: string): number[] {
  const pattern = new RegExp(`^${prefix}\\.(\\d+)\\.`);
  const numbers = new Set<number>();
  for (const key of Object.keys(values)) {
    const match = pattern.exec(key);
    if (match) numbers.add(Number(match[1]));
  }
  return [...numbers].sort((a, b) => a - b);
}

/** Messages about the n-th option of the body, under the row of the form it came from. */
function underRows(errors: Record<string, string[]>, rows: number[]): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(errors).map(([key, messages]) => [
      key.replace(/^options\.(\d+)\./, (_, index: string) => `options.${rows[Number(index)]}.`),
      messages,
    ]),
  );
}

/**
 * The Options form's rows as the body's `options`: the rows not removed and not left blank, in the
 * order of their position numbers (ties keep the form's order), each option's values one text
 * separated by commas; `rows`: the form's row of each.
 */
export function optionsOfForm(values: Record<string, string>): { options: unknown[]; rows: number[] } {
  const kept = rowNumbers(values, "options")
    .map((row) => ({
      row,
      name: values[`options.${row}.name`] ?? "",
      values: values[`options.${row}.values`] ?? "",
      position: Number(values[`options.${row}.position`]),
      removed: Boolean(values[`options.${row}.remove`]),
    }))
    .filter((option) => !option.removed && (option.name.trim() !== "" || option.values.trim() !== ""))
    .map((option, index) => ({ ...option, position: Number.isFinite(option.position) ? option.position : index + 1 }))
    .sort((a, b) => a.position - b.position || a.row - b.row);
  return { options: kept.map(({ name, values }) => ({ name, values })), rows: kept.map((option) => option.row) };
}

/** The Variants form's rows as the body's `variants`, in the form's order (rows are numbered from 0), and the indexes of the selected ones. */
export function variantsOfForm(values: Record<string, string>): {
  variants: Array<Record<string, unknown>>;
  selected: number[];
} {
  const rows = rowNumbers(values, "variants");
  const field = (row: number, name: string) => values[`variants.${row}.${name}`] ?? "";
  const parsedOptions = (text: string): unknown => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  };
  return {
    variants: rows.map((row) => ({
      id: field(row, "id"),
      sku: field(row, "sku"),
      options: parsedOptions(field(row, "options")),
      price: field(row, "price"),
      sale_price: field(row, "sale_price"),
      stock: field(row, "stock"),
      image: field(row, "image"),
      is_active: field(row, "off") ? false : true,
    })),
    selected: rows.flatMap((row, index) => (field(row, "selected") ? [index] : [])),
  };
}

/** Saves the Options form: the options in their order; the variants whose values still fit are kept. */
export async function saveOptionsForm(
  app: AppContext,
  actor: Actor,
  id: number,
  values: Record<string, string>,
): Promise<ProductFormResult> {
  const { options, rows } = optionsOfForm(values);
  const failed = (errors: Record<string, string[]>, message: string, status = 422): ProductFormResult => ({
    ok: false,
    response: formFailure(underRows(errors, rows), message, values, { status }),
  });
  const parsed = ProductUpdateSchema.safeParse({ options, version: values.version ?? "" });
  if (!parsed.success) return failed(fieldErrors(parsed.error), PRODUCT_MESSAGES.formErrors);
  try {
    return { ok: true, product: await updateProduct(app.db, actor, id, parsed.data) };
  } catch (error) {
    return productRefusal(error, failed);
  }
}

/**
 * The Variants form: saves the rows as typed (`variants`), with the selected rows' price or stock
 * set first (`set_price`, `set_stock`), or with the missing combinations added (`generate`).
 * `added` says how many "Generate variants" made.
 */
export async function saveVariantsForm(
  app: AppContext,
  actor: Actor,
  id: number,
  values: Record<string, string>,
  intent: VariantIntent,
): Promise<ProductFormResult & { added?: number }> {
  const failed = (errors: Record<string, string[]>, message: string, status = 422): ProductFormResult => ({
    ok: false,
    response: formFailure(errors, message, values, { status }),
  });
  const { variants, selected } = variantsOfForm(values);
  if (intent === "set_price" || intent === "set_stock") {
    const [field, bulk, missing] =
      intent === "set_price"
        ? (["price", "bulk_price", VARIANTS_MESSAGES.bulkPrice] as const)
        : (["stock", "bulk_stock", VARIANTS_MESSAGES.bulkStock] as const);
    if (!selected.length) return failed({ [bulk]: [VARIANTS_MESSAGES.noneSelected] }, VARIANTS_MESSAGES.noneSelected);
    const value = (values[bulk] ?? "").trim();
    if (!value) return failed({ [bulk]: [missing] }, missing);
    for (const row of selected) variants[row] = { ...variants[row], [field]: value };
  }
  const parsed = ProductUpdateSchema.safeParse({ variants, version: values.version ?? "" });
  if (!parsed.success) return failed(fieldErrors(parsed.error), PRODUCT_MESSAGES.formErrors);
  try {
    if (intent === "generate") {
      const rows = parsed.data.variants as VariantInput[];
      const { product, added } = await generateProductVariants(app.db, actor, id, { ...parsed.data, variants: rows });
      return { ok: true, product, added };
    }
    return { ok: true, product: await updateProduct(app.db, actor, id, parsed.data) };
  } catch (error) {
    return productRefusal(error, failed);
  }
}
