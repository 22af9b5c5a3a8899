import { z } from "zod";
import { toUnits } from "../money";
import { MAX_OPTION_VALUES, MAX_OPTIONS } from "../variants";
import { checkedSlug, booleanInput, fail } from "./fields";
import { adminPaging } from "./admin";
import { enumParam, optionalBoolean, searchParam } from "./query";

/**
 * The back office's products (`/admin/products`, `/api/admin/products`): the list's filters and the
 * body of a create or an update, in the public API's wire names (money in currency units). One source
 * for the API and the pages: a page turns its form into the same body and parses it here.
 */

export const PRODUCT_STATUSES = ["active", "archived"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const PRODUCT_LIMITS = {
  name: 255,
  slug: 255,
  sku: 64,
  shortDescription: 500,
  description: 20_000,
  dimensions: 100,
  metaKeywords: 500,
  color: 30,
  colors: 20,
  images: 20,
  /** The highest price or sale price, in currency units. */
  price: 1_000_000,
  stock: 1_000_000,
  /** Grams. */
  weight: 1_000_000,
  optionName: 50,
  optionValue: 50,
  variants: 100,
  image: 500,
} as const;

export const PRODUCT_MESSAGES = {
  nameRequired: "The name field is required.",
  skuRequired: "The SKU field is required.",
  priceRequired: "The price field is required.",
  slugFormat: "The slug may only contain lowercase letters, numbers and dashes.",
  salePriceBelowPrice: "The sale price must be less than the price.",
  categoryInvalid: "The selected category is invalid.",
  images: "Each image must be an uploaded image (/uploads/...) or one of the shop's own images (/images/...).",
  imagesList: "The images must be a list of image URLs.",
  colorsList: "The colors must be a list of colour names.",
  slugTaken: "The slug has already been taken.",
  skuTaken: "The SKU has already been taken.",
  stale: "This product was changed by someone else since you opened it. Review it and try again.",
  notFound: "Product Not Found",
  formErrors: "Please fix the errors in the form",
  optionsList: "The options must be a list of { name, values }.",
  optionsMax: `A product may have at most ${MAX_OPTIONS} options.`,
  optionNameRequired: "The option name field is required.",
  optionNameTaken: "Each option of a product needs a name of its own.",
  optionValuesList: "The values must be a list of text.",
  optionValuesRequired: "An option needs at least one value.",
  optionValuesMax: `An option may have at most ${MAX_OPTION_VALUES} values.`,
  optionValueTaken: "The values of an option must differ from each other.",
  variantsList: "The variants must be a list of { sku, options, price, sale_price, stock }.",
  variantsMax: `A product may have at most ${PRODUCT_LIMITS.variants} variants.`,
  variantOptions: "The options must be one value of each of the product's options.",
  variantOptionsTaken: "Another variant has the same options.",
  variantUnknown: "This variant is not one of the product's.",
} as const;

/** GET /api/admin/products and the list page: search by name or SKU, a category (id or slug), active or archived, running low, pages. */
/** The products list's filters (a bulk price change selects by them too). */
export const PRODUCT_FILTERS = ["search", "category", "status", "low_stock"] as const;

export const AdminProductQuerySchema = z.object({
  search: searchParam("search", 100),
  category: searchParam("category", 100),
  status: enumParam("status", PRODUCT_STATUSES),
  low_stock: optionalBoolean("low_stock"),
  ...adminPaging,
});
export type AdminProductQuery = z.output<typeof AdminProductQuerySchema>;

// ---------------------------------------------------------------- the body

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** Text, trimmed; `required` refuses it blank; a blank optional one is "". */
function text(label: string, max: number, { required }: { required?: string } = {}) {
  return z
    .unknown()
    .transform((value, ctx) => {
      if (blank(value)) return required ? fail(ctx, required) : "";
      if (typeof value !== "string" && typeof value !== "number") {
        ctx.addIssue({ code: "custom", message: `The ${label} must be text.` });
        return z.NEVER;
      }
      const trimmed = String(value).trim();
      if (trimmed.length > max) {
        ctx.addIssue({ code: "custom", message: `The ${label} may not be greater than ${max} characters.` });
        return z.NEVER;
      }
      return trimmed;
    })
    .meta({ type: "string", maxLength: max });
}

/** Text, trimmed; blank is null. */
const nullableText = (label: string, max: number) =>
  text(label, max)
    .transform((value) => value || null)
    .meta({ type: ["string", "null"], maxLength: max });

/** A number (or its text, from a form) between 0 and `max`; `integer` asks a whole number; blank is null unless `required`. */
function amount(
  label: string,
  max: number,
  { integer = false, required }: { integer?: boolean; required?: string } = {},
) {
  return z
    .unknown()
    .transform((value, ctx) => {
      if (blank(value)) return required ? fail(ctx, required) : null;
      const number =
        typeof value === "number"
          ? value
          : typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value)
            ? Number(value)
            : NaN;
      if (!Number.isFinite(number)) {
        ctx.addIssue({
          code: "custom",
          message: integer ? `The ${label} must be a whole number.` : `The ${label} must be a number.`,
        });
        return z.NEVER;
      }
      if (integer && !Number.isInteger(number)) {
        ctx.addIssue({ code: "custom", message: `The ${label} must be a whole number.` });
        return z.NEVER;
      }
      if (number < 0) {
        ctx.addIssue({ code: "custom", message: `The ${label} must be at least 0.` });
        return z.NEVER;
      }
      if (number > max) {
        ctx.addIssue({ code: "custom", message: `The ${label} may not be greater than ${max}.` });
        return z.NEVER;
      }
      if (!integer && Math.round(number * 100) !== Number((number * 100).toFixed(6))) {
        ctx.addIssue({ code: "custom", message: `The ${label} may have at most 2 decimal places.` });
        return z.NEVER;
      }
      return number;
    })
    .meta({ type: integer ? ["integer", "null"] : ["number", "null"], minimum: 0, maximum: max });
}

const slugInput = z
  .unknown()
  .transform((value, ctx) => {
    if (blank(value)) return "";
    if (typeof value !== "string") {
      ctx.addIssue({ code: "custom", message: PRODUCT_MESSAGES.slugFormat });
      return z.NEVER;
    }
    return checkedSlug(value.trim(), PRODUCT_LIMITS.slug, PRODUCT_MESSAGES.slugFormat, ctx);
  })
  .meta({
    type: "string",
    description: "Lowercase letters, numbers and dashes; empty or missing: made from the name.",
  });

/** A whole number from 1, as JSON or a form gives it (an id, a version); null when it is not one. */
function wholeFromOne(value: unknown): number | null {
  const number =
    typeof value === "number" ? value : typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(number) && number >= 1 ? number : null;
}

const categoryInput = z
  .unknown()
  .transform((value, ctx) => {
    if (blank(value)) return null;
    return wholeFromOne(value) ?? fail(ctx, PRODUCT_MESSAGES.categoryInvalid);
  })
  .meta({ type: ["integer", "null"] });

/** A list of strings: an array, or (from a form) one comma- or line-separated text. */
function stringList(message: string, split: RegExp) {
  return z.unknown().transform((value, ctx) => {
    if (value === undefined || value === null) return [];
    const list = typeof value === "string" ? value.split(split) : value;
    if (!Array.isArray(list) || list.some((item) => typeof item !== "string")) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return (list as string[]).map((item) => item.trim()).filter(Boolean);
  });
}

const colorsInput = stringList(PRODUCT_MESSAGES.colorsList, /[,\n]/)
  .transform((list, ctx) => {
    const colors = [...new Set(list.map((color) => color.toLowerCase()))];
    if (colors.length > PRODUCT_LIMITS.colors) {
      ctx.addIssue({ code: "custom", message: `The colors may not have more than ${PRODUCT_LIMITS.colors} items.` });
      return z.NEVER;
    }
    if (colors.some((color) => color.length > PRODUCT_LIMITS.color)) {
      ctx.addIssue({
        code: "custom",
        message: `Each colour may not be greater than ${PRODUCT_LIMITS.color} characters.`,
      });
      return z.NEVER;
    }
    return colors;
  })
  .meta({ type: "array", items: { type: "string" } });

const imagesInput = stringList(PRODUCT_MESSAGES.imagesList, /\n/)
  .transform((list, ctx) => {
    const images = [...new Set(list)];
    if (images.length > PRODUCT_LIMITS.images) {
      ctx.addIssue({ code: "custom", message: `The images may not have more than ${PRODUCT_LIMITS.images} items.` });
      return z.NEVER;
    }
    return images;
  })
  .meta({ type: "array", items: { type: "string" }, description: "Image URLs in order; the first is the main image." });

const versionInput = z
  .unknown()
  .transform((value, ctx) => {
    if (blank(value)) return undefined;
    return wholeFromOne(value) ?? fail(ctx, "The version must be a whole number of at least 1.");
  })
  .meta({ type: "integer", minimum: 1 });

/** Every field of a product body; on an update a field left out keeps its value. */
const fields = {
  name: text("name", PRODUCT_LIMITS.name, { required: PRODUCT_MESSAGES.nameRequired }),
  slug: slugInput,
  sku: text("SKU", PRODUCT_LIMITS.sku, { required: PRODUCT_MESSAGES.skuRequired }),
  description: text("description", PRODUCT_LIMITS.description),
  short_description: text("short description", PRODUCT_LIMITS.shortDescription),
  price: amount("price", PRODUCT_LIMITS.price, { required: PRODUCT_MESSAGES.priceRequired }),
  sale_price: amount("sale price", PRODUCT_LIMITS.price),
  stock: amount("stock", PRODUCT_LIMITS.stock, { integer: true }),
  category_id: categoryInput,
  weight: amount("weight", PRODUCT_LIMITS.weight, { integer: true }),
  dimensions: nullableText("dimensions", PRODUCT_LIMITS.dimensions),
  is_featured: booleanInput("The is featured field must be true or false."),
  is_addon: booleanInput("The is addon field must be true or false."),
  images: imagesInput,
  colors: colorsInput,
  meta_keywords: nullableText("meta keywords", PRODUCT_LIMITS.metaKeywords),
};

type Fields = typeof fields;
export type ProductField = keyof Fields;
/** A product's editable fields as a body gives them (money in currency units). */
export type ProductFields = { [K in ProductField]: z.output<Fields[K]> };

/**
 * The fields staff edit on a product, in the wire's names: the one list the form shows, the form's
 * action sends, the service saves and the API's body documents.
 */
export const PRODUCT_FIELDS = Object.keys(fields) as ProductField[];

/** A product's editable fields as the service reads them: money in cents. */
export type ProductFieldsInCents = Omit<ProductFields, "price" | "sale_price"> & {
  price_cents: number;
  sale_price_cents: number | null;
};

/** The editable fields of a product read in cents, as a body would give them (money in currency units). */
export function productFieldsOf(product: ProductFieldsInCents): ProductFields {
  const own = Object.fromEntries(PRODUCT_FIELDS.map((name) => [name, product[name as keyof ProductFieldsInCents]]));
  return {
    ...own,
    price: toUnits(product.price_cents),
    sale_price: product.sale_price_cents === null ? null : toUnits(product.sale_price_cents),
  } as ProductFields;
}

/** The fields as the form's inputs show them: money with two decimals, a box ticked as "1", images a line each, colours by commas. */
export function productFormValues(product: ProductFields): Record<ProductField, string> {
  const text = (name: ProductField, value: ProductFields[ProductField]): string => {
    if (value === null) return "";
    if (Array.isArray(value)) return value.join(name === "images" ? "\n" : ", ");
    if (typeof value === "boolean") return value ? "1" : "0";
    if (typeof value === "number" && (name === "price" || name === "sale_price")) return value.toFixed(2);
    return String(value);
  };
  return Object.fromEntries(PRODUCT_FIELDS.map((name) => [name, text(name, product[name])])) as Record<
    ProductField,
    string
  >;
}

/** A sale price is refused unless it is below the price (when both are in the body). */
/**
 * A sale price must be below the price. Checked even when other fields are wrong (zod skips a
 * whole-object check then, by default), so every message shows at once; not when the price or
 * the sale price is itself wrong, whose own message says enough.
 */
const saleBelowPrice: [
  (value: { price?: unknown; sale_price?: unknown }) => boolean,
  { path: string[]; message: string; when: (payload: z.core.ParsePayload) => boolean },
] = [
  (value) =>
    !(typeof value.price === "number" && typeof value.sale_price === "number" && value.sale_price >= value.price),
  {
    path: ["sale_price"],
    message: PRODUCT_MESSAGES.salePriceBelowPrice,
    when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === "price" || issue.path?.[0] === "sale_price"),
  },
];

// ---------------------------------------------------------------- options and variants

/** An option's values: a list, or (from a form) one comma-separated text; 1 to MAX_OPTION_VALUES, each different. */
const optionValuesInput = stringList(PRODUCT_MESSAGES.optionValuesList, /[,\n]/)
  .transform((list, ctx) => {
    if (list.length === 0) return fail(ctx, PRODUCT_MESSAGES.optionValuesRequired);
    if (list.length > MAX_OPTION_VALUES) return fail(ctx, PRODUCT_MESSAGES.optionValuesMax);
    if (list.some((value) => value.length > PRODUCT_LIMITS.optionValue))
      return fail(ctx, `Each value may not be greater than ${PRODUCT_LIMITS.optionValue} characters.`);
    if (new Set(list.map((value) => value.toLowerCase())).size !== list.length)
      return fail(ctx, PRODUCT_MESSAGES.optionValueTaken);
    return list;
  })
  .meta({ type: "array", items: { type: "string" }, minItems: 1, maxItems: MAX_OPTION_VALUES });

const optionInput = z.object({
  name: text("option name", PRODUCT_LIMITS.optionName, { required: PRODUCT_MESSAGES.optionNameRequired }),
  values: optionValuesInput,
});

/** A product's options in order (Size, Colour): at most MAX_OPTIONS, each named once. */
export const OptionsInputSchema = z
  .array(optionInput, { error: PRODUCT_MESSAGES.optionsList })
  .superRefine((options, ctx) => {
    if (options.length > MAX_OPTIONS) ctx.addIssue({ code: "custom", message: PRODUCT_MESSAGES.optionsMax });
    const seen = new Set<string>();
    options.forEach((option, index) => {
      const name = option.name.toLowerCase();
      if (seen.has(name))
        ctx.addIssue({ code: "custom", path: [index, "name"], message: PRODUCT_MESSAGES.optionNameTaken });
      seen.add(name);
    });
  });

const variantIdInput = z
  .unknown()
  .transform((value, ctx) =>
    blank(value) ? undefined : (wholeFromOne(value) ?? fail(ctx, PRODUCT_MESSAGES.variantUnknown)),
  )
  .meta({ type: "integer", description: "The variant's id; none: a new variant." });

const variantOptionsInput = z
  .record(z.string(), z.string(), { error: PRODUCT_MESSAGES.variantOptions })
  .transform((values) =>
    Object.fromEntries(Object.entries(values).map(([name, value]) => [name.trim(), value.trim()])),
  );

/** One variant as staff set it: SKU, option values, prices (currency units), stock, image, switched on or off. */
const variantInput = z
  .object({
    id: variantIdInput.optional(),
    sku: text("SKU", PRODUCT_LIMITS.sku, { required: PRODUCT_MESSAGES.skuRequired }),
    options: variantOptionsInput,
    // Required: a blank price is refused, so it is a number.
    price: amount("price", PRODUCT_LIMITS.price, { required: PRODUCT_MESSAGES.priceRequired }).transform(
      (value) => value as number,
    ),
    sale_price: amount("sale price", PRODUCT_LIMITS.price).optional(),
    stock: amount("stock", PRODUCT_LIMITS.stock, { integer: true })
      .optional()
      .transform((value) => value ?? 0),
    image: nullableText("image", PRODUCT_LIMITS.image).optional(),
    is_active: booleanInput("The is active field must be true or false.").optional(),
  })
  .refine(...saleBelowPrice);
export type VariantInput = z.output<typeof variantInput>;

/** A product's variants in order; one left out is removed (switched off when past orders refer to it). */
export const VariantsInputSchema = z
  .array(variantInput, { error: PRODUCT_MESSAGES.variantsList })
  .superRefine((variants, ctx) => {
    if (variants.length > PRODUCT_LIMITS.variants)
      ctx.addIssue({ code: "custom", message: PRODUCT_MESSAGES.variantsMax });
  });

const optionsAndVariants = {
  options: OptionsInputSchema.optional(),
  variants: VariantsInputSchema.optional(),
};

/** Every field optional (a field left out is not given), except those `required` names. */
function optionalExcept<R extends keyof Fields>(required: R[]) {
  return Object.fromEntries(
    Object.entries(fields).map(([key, schema]) => [key, required.includes(key as R) ? schema : schema.optional()]),
  ) as {
    [K in keyof Fields]: K extends R ? Fields[K] : z.ZodOptional<Fields[K]>;
  };
}

/** POST /api/admin/products: name, SKU and price required; the rest optional. */
export const ProductCreateSchema = z
  .object({ ...optionalExcept(["name", "sku", "price"]), ...optionsAndVariants, version: versionInput.optional() })
  .refine(...saleBelowPrice);
export type ProductCreateInput = z.output<typeof ProductCreateSchema>;

/** PUT /api/admin/products/{id}: any of the fields (a field left out keeps its value), and the `version` the client saw. */
export const ProductUpdateSchema = z
  .object({ ...optionalExcept([]), ...optionsAndVariants, version: versionInput.optional() })
  .refine(...saleBelowPrice);
export type ProductUpdateInput = z.output<typeof ProductUpdateSchema>;

/** The intents of the product page's Variants form: save the rows, generate the missing ones, set the selected rows' price or stock. */
export const VARIANT_INTENTS = ["variants", "generate", "set_price", "set_stock"] as const;
export type VariantIntent = (typeof VARIANT_INTENTS)[number];

/** DELETE (archive) and POST .../restore: `{ version? }`, the version the client saw. */
export const ProductVersionSchema = z.object({ version: versionInput.optional() });
