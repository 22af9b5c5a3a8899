import { z } from "zod";
import { SLUG_PATTERN } from "../slug";
import { booleanOf, fail } from "./fields";
import { toCents } from "../money";

/**
 * The back office's categories (`/admin/categories`, `/api/admin/categories`) and the checkout's
 * tables: coupons, shipping methods, tax rates (`/admin/coupons`, `/admin/shipping`, `/admin/tax`,
 * `/api/admin/{coupons,shipping-methods,tax-rates}`). One source for the pages' forms and the API's
 * bodies. Money arrives in currency units (24.99) and leaves these parsers in cents; a tax rate
 * arrives in percent (7.25) and leaves in basis points (725).
 *
 * Every field parser answers `undefined` when the field is absent, so the same fields serve a
 * create (where the service applies defaults and the required fields are checked) and an update
 * (where an absent field keeps its value). Rules across fields (a coupon's dates, a method's
 * delivery days) are checked by the `...Problems` functions below on the record as it will be saved.
 */

export const CATALOGUE_MESSAGES = {
  formErrors: "Please fix the errors in the form",
  staleCategory:
    "Someone else changed this category since you opened it. Reload the page to see their changes, then make yours again.",
  categoryNotFound: "Category not found",
  image: "The image must be an uploaded image (/uploads/...) or one of the shop's images (/images/...).",
  slug: "The slug may only contain lowercase letters, numbers and hyphens.",
  slugFromName: "The name must contain letters or numbers to make a slug from; or give a slug.",
  couponCode: "The code may only contain letters, numbers, hyphens and underscores.",
  shippingCode: "The code may only contain lowercase letters, numbers, hyphens and underscores.",
  couponType: "The type must be percentage or fixed.",
  percentage: "A percentage coupon's value must be a whole number from 1 to 100.",
  fixed: "A fixed coupon's value must be more than 0.",
  expiresAfterStarts: "The expiry date must be after the start date.",
  country: "The country must be a two-letter ISO code, such as LK or US.",
  countries:
    "Each country must be a two-letter ISO code, such as LK or US, separated by commas; leave it empty for every country.",
  rate: "The rate must be a percentage from 0 to 100.",
  rateDecimals: "The rate may have at most 2 decimal places.",
  daysOrder: "The maximum delivery days may not be fewer than the minimum.",
  version: "The version must be a whole number of at least 1.",
} as const;

export const usageLimitBelowUses = (uses: number) =>
  `The usage limit may not be below the ${uses} ${uses === 1 ? "use" : "uses"} so far.`;
export const categoryNotEmpty = (products: number) =>
  `This category still has ${products} ${products === 1 ? "product" : "products"} (active or archived). Move or delete them first.`;
export const slugTaken = (slug: string) => `The slug "${slug}" is already used by another category.`;
export const codeTaken = (code: string) => `The code "${code}" is already used.`;
export const taxRateTaken = "A tax rate with this name already exists for this country and state.";

export const COUPON_TYPES = ["percentage", "fixed"] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

/** The most any money field takes, in currency units. */
export const MONEY_MAX = 1_000_000;
const NAME_MAX = 100;
const SLUG_MAX = 100;
const DESCRIPTION_MAX = 1000;

// ---------------------------------------------------------------- slugs

/** An image a category may show: an upload of ours or a file of the shop's own `/images/`. */
export function isShopImage(url: string): boolean {
  return /^\/(uploads|images)\/[A-Za-z0-9][\w.-]*(\/[A-Za-z0-9][\w.-]*)*$/.test(url) && !url.includes("..");
}

// ---------------------------------------------------------------- field parsers

type Ctx = z.RefinementCtx;
const isBlank = (value: unknown) => value === null || (typeof value === "string" && value.trim() === "");

/**
 * A field's parser: an absent field stays absent (undefined), so that one schema serves a create
 * and an update; anything else is what `read` makes of it (a mistake reported with `fail`).
 */
function field<T>(read: (value: unknown, ctx: Ctx) => T) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx) => (value === undefined ? undefined : read(value, ctx)));
}

const textOf = (value: unknown): string | null =>
  typeof value === "string" ? value.trim() : typeof value === "number" && Number.isFinite(value) ? String(value) : null;

/** Text: trimmed; blank is "" (or an error when required). */
export function textField(label: string, { max = NAME_MAX, required = false } = {}) {
  return field((value, ctx) => {
    if (isBlank(value)) return required ? fail(ctx, `${label} is required`) : "";
    const text = textOf(value);
    if (text === null) return fail(ctx, `${label} must be text`);
    if (text.length > max) return fail(ctx, `${label} may not be longer than ${max} characters`);
    return text;
  }).meta({ type: "string", maxLength: max });
}

/** Text that may be absent altogether: blank is null. */
function optionalText(label: string, max: number) {
  return field((value, ctx) => {
    if (isBlank(value)) return null;
    const text = textOf(value);
    if (text === null) return fail(ctx, `${label} must be text`);
    if (text.length > max) return fail(ctx, `${label} may not be longer than ${max} characters`);
    return text;
  }).meta({ type: ["string", "null"], maxLength: max });
}

/** A number as JSON sends it or a form types it ("24.99"); null when it is not one. */
function numberOf(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string" || !/^\s*-?\d+(\.\d+)?\s*$/.test(value)) return null;
  return Number(value);
}
const decimalsOf = (value: number) => (String(value).split(".")[1] ?? "").length;

/**
 * Money in currency units, to cents: a number of at most 2 decimals, from 0 (or above 0 with
 * `positive`) to MONEY_MAX. Blank is null when `nullable` (no minimum, no cap), else required.
 */
export function moneyField(label: string, { nullable = false, positive = false } = {}) {
  return field((value, ctx) => {
    if (isBlank(value)) return nullable ? null : fail(ctx, `${label} is required`);
    const number = numberOf(value);
    if (number === null) return fail(ctx, `${label} must be a number`);
    if (number < 0) return fail(ctx, `${label} may not be negative`);
    if (positive && number === 0) return fail(ctx, `${label} must be more than 0`);
    if (number > MONEY_MAX) return fail(ctx, `${label} may not be greater than ${MONEY_MAX}`);
    if (decimalsOf(number) > 2) return fail(ctx, `${label} may have at most 2 decimal places`);
    return toCents(number);
  }).meta({
    type: nullable ? ["number", "string", "null"] : ["number", "string"],
    description: `${label} in currency units (24.99).`,
  });
}

/** A whole number from `min` to `max`; blank is null when `nullable`, else required. */
export function integerField(label: string, { min = 0, max = 1_000_000, nullable = false } = {}) {
  return field((value, ctx) => {
    if (isBlank(value)) return nullable ? null : fail(ctx, `${label} is required`);
    const number = numberOf(value);
    if (number === null || !Number.isInteger(number)) return fail(ctx, `${label} must be a whole number`);
    if (number < min) return fail(ctx, `${label} must be at least ${min}`);
    if (number > max) return fail(ctx, `${label} may not be greater than ${max}`);
    return number;
  }).meta({ type: nullable ? ["integer", "string", "null"] : ["integer", "string"], minimum: min, maximum: max });
}

/** true/false, or as a form sends them ("on", "1", "true"...). */
export function booleanField(label: string) {
  return field((value, ctx) => booleanOf(value) ?? fail(ctx, `${label} must be true or false`)).meta({
    type: "boolean",
  });
}

/**
 * A moment: an ISO date-time, or a day ("2025-12-31", from a date input), read in UTC: the start of
 * that day, or with `endOfDay` its last second (a coupon that expires on the 31st is good all that
 * day). Blank is null.
 */
export function dateField(label: string, { endOfDay = false } = {}) {
  return field((value, ctx) => {
    if (isBlank(value)) return null;
    if (typeof value !== "string") return fail(ctx, `${label} must be a date`);
    const text = value.trim();
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    let date: Date;
    if (day) {
      date = new Date(`${text}T${endOfDay ? "23:59:59" : "00:00:00"}Z`);
      if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text)
        return fail(ctx, `${label} must be a date`);
    } else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/.test(text)) {
      date = new Date(/(Z|[+-]\d{2}:\d{2})$/.test(text) ? text : `${text}Z`);
      if (Number.isNaN(date.getTime())) return fail(ctx, `${label} must be a date`);
    } else {
      return fail(ctx, `${label} must be a date`);
    }
    // Stored in whole seconds.
    return new Date(Math.floor(date.getTime() / 1000) * 1000);
  }).meta({ type: ["string", "null"], description: `${label}: an ISO date-time, or a day (YYYY-MM-DD, UTC).` });
}

/** A URL slug; blank is "" (the service makes one from the name). */
const slugField = field((value, ctx) => {
  if (isBlank(value)) return "";
  if (typeof value !== "string") return fail(ctx, CATALOGUE_MESSAGES.slug);
  const slug = value.trim();
  if (slug.length > SLUG_MAX) return fail(ctx, `Slug may not be longer than ${SLUG_MAX} characters`);
  if (!SLUG_PATTERN.test(slug)) return fail(ctx, CATALOGUE_MESSAGES.slug);
  return slug;
}).meta({ type: "string", description: "Lowercase letters, numbers and hyphens; made from the name when empty." });

const imageField = field((value, ctx) => {
  if (isBlank(value)) return null;
  if (typeof value !== "string" || value.trim().length > 500 || !isShopImage(value.trim()))
    return fail(ctx, CATALOGUE_MESSAGES.image);
  return value.trim();
}).meta({
  type: ["string", "null"],
  description: "An uploaded image (`/uploads/{key}`, from POST /api/admin/uploads) or `/images/...`; null removes it.",
});

const versionField = field((value, ctx) => {
  if (isBlank(value)) return undefined;
  const number = numberOf(value);
  if (number === null || !Number.isInteger(number) || number < 1) return fail(ctx, CATALOGUE_MESSAGES.version);
  return number;
}).meta({
  type: ["integer", "string"],
  description: "The version the client last saw: a change made since is a 409, not overwritten.",
});

/** Requires the fields named (absent counts as missing) in a create: checked even when other fields failed. */
function requiring<T extends z.ZodObject>(schema: T, fields: Record<string, string>) {
  let required = schema as unknown as z.ZodType<z.output<T>>;
  for (const [field, label] of Object.entries(fields)) {
    required = required.refine((value) => (value as Record<string, unknown>)[field] !== undefined, {
      path: [field],
      message: `${label} is required`,
      when: (payload) => typeof payload.value === "object" && payload.value !== null,
    });
  }
  return required as z.ZodType<z.output<T>, z.input<T>>;
}

// ---------------------------------------------------------------- the checkout's tables

/** How a checkout table's page shows one field in its form. */
export interface FieldInput {
  label: string;
  /** A select's choices. */
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** A checkbox ("on" when ticked): it stands under the other fields. */
  checkbox?: true;
  /** The text input's own attributes (a text input when there is no `type`). */
  attributes?: {
    type?: "number" | "date";
    step?: string;
    min?: number;
    max?: number;
    maxLength?: number;
    inputMode?: "decimal" | "numeric";
    autoCapitalize?: "characters";
    placeholder?: string;
  };
  /** The field's box in the form's grid: "sm:col-span-2" for a wide one. */
  className?: string;
  /** What the form of a new row starts with ("" when not given). */
  initial?: string;
}

/**
 * One field of a checkout table, declared once: its name, its parser (the API's body and the page's
 * form are read by it), how the page's form shows it, and in a create, the name its "is required"
 * message gives when it is missing.
 */
export interface TableField<N extends string = string, P extends z.ZodType = z.ZodType> {
  name: N;
  parse: P;
  input: FieldInput;
  required?: string;
}

type ShapeOf<F extends readonly TableField[]> = { [Field in F[number] as Field["name"]]: Field["parse"] };

/**
 * A checkout table's fields and what is made of them: the update's schema (only the fields sent
 * change), the create's (the required fields checked), and the names the page and the API say.
 */
export function tableFields<const F extends readonly TableField[]>(noun: string, fields: F) {
  const update = z.object(Object.fromEntries(fields.map((field) => [field.name, field.parse])) as ShapeOf<F>);
  const required = Object.fromEntries(
    fields.flatMap((field) => (field.required ? [[field.name, field.required]] : [])),
  );
  const Noun = noun[0]!.toUpperCase() + noun.slice(1);
  return { noun, Noun, notFound: `${Noun} not found`, fields, create: requiring(update, required), update };
}

export type TableFields = Pick<ReturnType<typeof tableFields>, "noun" | "Noun" | "notFound"> & {
  fields: readonly TableField[];
};

/** A field's value as its form shows it, from the row as the API gives it (money in currency units). */
function formText(field: TableField, value: unknown): string {
  if (field.input.checkbox) return value ? "on" : "";
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.join(", ");
  if (field.input.attributes?.type === "date") return String(value).slice(0, 10);
  return String(value);
}

/** The values a table's form shows: a row's (as the API gives it), or a new row's. */
export function formValues(table: TableFields, row: Record<string, unknown> | null): Record<string, string> {
  return Object.fromEntries(
    table.fields.map((field) => [field.name, row ? formText(field, row[field.name]) : (field.input.initial ?? "")]),
  );
}

/**
 * A table's form as its page draws it: its noun, its fields' names and inputs, a new row's values
 * and the edited row's. The loader sends it, so the page's JavaScript loads no parser.
 */
export interface TableForm {
  noun: string;
  fields: Array<{ name: string; input: FieldInput }>;
  blank: Record<string, string>;
  values: Record<string, string> | null;
}

export const tableForm = (table: TableFields, row: Record<string, unknown> | null): TableForm => ({
  noun: table.noun,
  fields: table.fields.map(({ name, input }) => ({ name, input })),
  blank: formValues(table, null),
  values: row ? formValues(table, row) : null,
});

/** The fields a form sends as checkboxes (absent when unticked). */
export const checkboxesOf = (table: TableFields) =>
  table.fields.filter((field) => field.input.checkbox).map((field) => field.name);

// ---------------------------------------------------------------- categories

const categoryFields = z.object({
  name: textField("Name", { required: true }),
  slug: slugField,
  description: textField("Description", { max: DESCRIPTION_MAX }),
  image: imageField,
  icon: optionalText("Icon", 50),
  sort_order: integerField("Sort order", { min: 0, max: 100_000 }),
  is_active: booleanField("Active"),
  version: versionField,
});

export const CategoryCreateSchema = requiring(categoryFields, { name: "Name" });
export const CategoryUpdateSchema = categoryFields;
export type CategoryInput = z.output<typeof categoryFields>;

export type CategoryField = Exclude<keyof typeof categoryFields.shape, "version">;
/** A category's editable fields, every one given (a blank order is refused, never null). */
export type CategoryFields = { [K in CategoryField]-?: Exclude<CategoryInput[K], undefined> } & { sort_order: number };

/**
 * The fields staff edit on a category, in the wire's names (the body's, but its `version`): the one
 * list the form, the service's writes and the API's body share.
 */
export const CATEGORY_FIELDS = Object.keys(categoryFields.shape).filter(
  (name) => name !== "version",
) as CategoryField[];

/** A new category's fields before anything is typed: what a create leaves out. */
export const CATEGORY_DEFAULTS: CategoryFields = {
  name: "",
  slug: "",
  description: "",
  image: null,
  icon: null,
  sort_order: 0,
  is_active: true,
};

// ---------------------------------------------------------------- coupons

/**
 * A code staff choose (a coupon's, a shipping method's): letters, numbers, hyphens and underscores,
 * at most 50, kept in one case so that shoppers and the checkout can match it however it is typed.
 */
function codeField(letterCase: "upper" | "lower", message: string, description: string) {
  return field((value, ctx) => {
    if (isBlank(value)) return fail(ctx, "Code is required");
    if (typeof value !== "string") return fail(ctx, message);
    const code = letterCase === "upper" ? value.trim().toUpperCase() : value.trim().toLowerCase();
    if (code.length > 50) return fail(ctx, "Code may not be longer than 50 characters");
    if (!/^[A-Za-z0-9_-]+$/.test(code)) return fail(ctx, message);
    return code;
  }).meta({ type: "string", description });
}

const couponCodeField = codeField(
  "upper",
  CATALOGUE_MESSAGES.couponCode,
  "Letters, numbers, hyphens, underscores; kept in capitals (shoppers type it in any case).",
);

const couponTypeField = field((value, ctx) => {
  if (isBlank(value)) return fail(ctx, "Type is required");
  if (typeof value !== "string" || !(COUPON_TYPES as readonly string[]).includes(value.trim()))
    return fail(ctx, CATALOGUE_MESSAGES.couponType);
  return value.trim() as CouponType;
}).meta({ type: "string", enum: [...COUPON_TYPES] });

/** The value as typed: a percent (10) or an amount in currency units (5.50); what it must be depends on the type. */
const couponValueField = field((value, ctx) => {
  if (isBlank(value)) return fail(ctx, "Value is required");
  const number = numberOf(value);
  if (number === null) return fail(ctx, "Value must be a number");
  return number;
}).meta({
  type: ["number", "string"],
  description: "Whole percent (1-100) for a percentage coupon; an amount in currency units above 0 for a fixed one.",
});

const money = { type: "number", step: "0.01", min: 0, inputMode: "decimal" } as const;
/** A row's name, required; its form's label says where it shows. */
const nameField = (label: string) =>
  ({
    name: "name",
    parse: textField("Name", { required: true }),
    input: { label, attributes: { maxLength: NAME_MAX } },
    required: "Name",
  }) as const;
const active = (label: string) =>
  ({ name: "is_active", parse: booleanField("Active"), input: { label, checkbox: true, initial: "on" } }) as const;

export const COUPON_FIELDS = tableFields("coupon", [
  {
    name: "code",
    parse: couponCodeField,
    input: {
      label: "Code (shoppers type it, in any case)",
      attributes: { maxLength: 50, autoCapitalize: "characters" },
    },
    required: "Code",
  },
  nameField("Name (shown when it applies)"),
  {
    name: "type",
    parse: couponTypeField,
    input: {
      label: "Type",
      options: [
        { value: "percentage", label: "Percentage of the subtotal" },
        { value: "fixed", label: "Fixed amount" },
      ],
      initial: "percentage",
    },
    required: "Type",
  },
  {
    name: "value",
    parse: couponValueField,
    input: { label: "Value (percent, or an amount)", attributes: money },
    required: "Value",
  },
  {
    name: "min_subtotal",
    parse: moneyField("Minimum subtotal"),
    input: { label: "Minimum subtotal (0 for none)", attributes: money, initial: "0" },
  },
  {
    name: "max_discount",
    parse: moneyField("Maximum discount", { nullable: true }),
    input: { label: "Maximum discount (empty for no cap)", attributes: money },
  },
  {
    name: "starts_at",
    parse: dateField("Start date"),
    input: { label: "Starts on (UTC, empty for now)", attributes: { type: "date" } },
  },
  {
    name: "expires_at",
    parse: dateField("Expiry date", { endOfDay: true }),
    input: { label: "Expires after (UTC, empty for never)", attributes: { type: "date" } },
  },
  {
    name: "usage_limit",
    parse: integerField("Usage limit", { min: 1, nullable: true }),
    input: { label: "Usage limit (empty for no limit)", attributes: { type: "number", min: 1, inputMode: "numeric" } },
  },
  active("Active (the checkout accepts it)"),
]);
export const CouponCreateSchema = COUPON_FIELDS.create;
export const CouponUpdateSchema = COUPON_FIELDS.update;
export type CouponInput = z.output<typeof CouponUpdateSchema>;

/** A coupon as it will be saved, with its value as typed (percent, or currency units). */
export interface CouponDraft {
  type: CouponType;
  value: number;
  starts_at: Date | null;
  expires_at: Date | null;
  usage_limit: number | null;
}

/** What a coupon's value is stored as: whole percent, or cents. Null when it breaks the type's rule. */
export function couponStoredValue(type: CouponType, value: number): number | null {
  if (type === "percentage") return Number.isInteger(value) && value >= 1 && value <= 100 ? value : null;
  return value > 0 && value <= MONEY_MAX && decimalsOf(value) <= 2 ? toCents(value) : null;
}

/** The rules across a coupon's fields, per field: the value for its type, the dates' order, the limit against the uses so far. */
export function couponProblems(coupon: CouponDraft, usesSoFar = 0): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  if (couponStoredValue(coupon.type, coupon.value) === null) {
    problems.value = [
      coupon.type === "percentage"
        ? CATALOGUE_MESSAGES.percentage
        : decimalsOf(coupon.value) > 2 && coupon.value > 0
          ? "Value may have at most 2 decimal places"
          : CATALOGUE_MESSAGES.fixed,
    ];
  }
  if (coupon.starts_at && coupon.expires_at && coupon.expires_at.getTime() <= coupon.starts_at.getTime())
    problems.expires_at = [CATALOGUE_MESSAGES.expiresAfterStarts];
  if (coupon.usage_limit !== null && coupon.usage_limit < usesSoFar)
    problems.usage_limit = [usageLimitBelowUses(usesSoFar)];
  return problems;
}

// ---------------------------------------------------------------- shipping methods

const shippingCodeField = codeField(
  "lower",
  CATALOGUE_MESSAGES.shippingCode,
  "Lowercase letters, numbers, hyphens, underscores.",
);

/** ISO alpha-2 country codes: a list, or one comma-separated string; empty (or "all") serves every country (null). */
const countriesField = field((value, ctx) => {
  if (value === null) return null;
  const parts = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : null;
  if (parts === null || parts.some((part) => typeof part !== "string")) return fail(ctx, CATALOGUE_MESSAGES.countries);
  const codes = [...new Set((parts as string[]).map((part) => part.trim().toUpperCase()).filter(Boolean))];
  if (codes.length === 0 || (codes.length === 1 && codes[0] === "ALL")) return null;
  if (codes.length > 250 || codes.some((code) => !/^[A-Z]{2}$/.test(code)))
    return fail(ctx, CATALOGUE_MESSAGES.countries);
  return codes;
}).meta({
  type: ["array", "string", "null"],
  items: { type: "string" },
  description: "ISO country codes it serves (a list, or comma-separated); empty or null for every country.",
});

const days = { type: "number", min: 0, inputMode: "numeric" } as const;

export const SHIPPING_FIELDS = tableFields("shipping method", [
  {
    name: "code",
    parse: shippingCodeField,
    input: { label: "Code (lowercase, for the system)", attributes: { maxLength: 50 } },
    required: "Code",
  },
  nameField("Name (shown at checkout)"),
  {
    name: "description",
    parse: textField("Description", { max: 255 }),
    input: { label: "Description", attributes: { maxLength: 255 }, className: "sm:col-span-2" },
  },
  { name: "cost", parse: moneyField("Cost"), input: { label: "Cost", attributes: money }, required: "Cost" },
  {
    name: "free_shipping_threshold",
    parse: moneyField("Free shipping threshold", { nullable: true }),
    input: { label: "Free from a subtotal of (empty: never free)", attributes: money },
  },
  {
    name: "delivery_days_min",
    parse: integerField("Minimum delivery days", { min: 0, max: 365 }),
    input: { label: "Delivery days, at least", attributes: days },
    required: "Minimum delivery days",
  },
  {
    name: "delivery_days_max",
    parse: integerField("Maximum delivery days", { min: 0, max: 365 }),
    input: { label: "Delivery days, at most", attributes: days },
    required: "Maximum delivery days",
  },
  {
    name: "countries",
    parse: countriesField,
    input: {
      label: "Countries (ISO codes, comma-separated; empty for all)",
      attributes: { maxLength: 800, placeholder: "LK, IN" },
    },
  },
  active("Active (offered at checkout)"),
  {
    name: "sort_order",
    parse: integerField("Sort order", { min: 0, max: 100_000 }),
    input: { label: "Order at checkout (lowest first; the first is the default)", attributes: days, initial: "0" },
  },
]);
export const ShippingMethodCreateSchema = SHIPPING_FIELDS.create;
export const ShippingMethodUpdateSchema = SHIPPING_FIELDS.update;
export type ShippingMethodInput = z.output<typeof ShippingMethodUpdateSchema>;

export function shippingProblems(method: {
  delivery_days_min: number;
  delivery_days_max: number;
}): Record<string, string[]> {
  return method.delivery_days_max < method.delivery_days_min
    ? { delivery_days_max: [CATALOGUE_MESSAGES.daysOrder] }
    : {};
}

// ---------------------------------------------------------------- tax rates

const countryField = field((value, ctx) => {
  if (isBlank(value)) return fail(ctx, "Country is required");
  if (typeof value !== "string" || !/^[A-Za-z]{2}$/.test(value.trim())) return fail(ctx, CATALOGUE_MESSAGES.country);
  return value.trim().toUpperCase();
}).meta({ type: "string", description: "ISO 3166 alpha-2 (LK, US...)." });

const stateField = field((value, ctx) => {
  if (isBlank(value)) return "";
  if (typeof value !== "string" || !/^[A-Za-z0-9-]{1,10}$/.test(value.trim()))
    return fail(
      ctx,
      "The state must be a code of up to 10 letters or numbers (CA, NY...), or empty for the whole country.",
    );
  return value.trim().toUpperCase();
}).meta({ type: "string", description: "A state or province code (CA, NY...); empty applies to the whole country." });

/** A rate in percent (7.25), to basis points (725). */
const rateField = field((value, ctx) => {
  if (isBlank(value)) return fail(ctx, "Rate is required");
  const number = numberOf(value);
  if (number === null || number < 0 || number > 100) return fail(ctx, CATALOGUE_MESSAGES.rate);
  if (decimalsOf(number) > 2) return fail(ctx, CATALOGUE_MESSAGES.rateDecimals);
  return Math.round(number * 100);
}).meta({ type: ["number", "string"], description: "Percent, 0 to 100, at most 2 decimals (7.25)." });

export const TAX_FIELDS = tableFields("tax rate", [
  {
    name: "country_code",
    parse: countryField,
    input: { label: "Country (ISO code: LK, US...)", attributes: { maxLength: 2, autoCapitalize: "characters" } },
    required: "Country",
  },
  {
    name: "state_code",
    parse: stateField,
    input: {
      label: "State (code; empty for the whole country)",
      attributes: { maxLength: 10, autoCapitalize: "characters" },
    },
  },
  nameField("Name (shown in the tax breakdown)"),
  {
    name: "rate",
    parse: rateField,
    input: {
      label: "Rate (percent, up to 2 decimals)",
      attributes: { type: "number", step: "0.01", min: 0, max: 100, inputMode: "decimal" },
    },
    required: "Rate",
  },
  active("Active (charged at checkout)"),
]);
export const TaxRateCreateSchema = TAX_FIELDS.create;
export const TaxRateUpdateSchema = TAX_FIELDS.update;
export type TaxRateInput = z.output<typeof TaxRateUpdateSchema>;
