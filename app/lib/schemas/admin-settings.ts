import { z } from "zod";
import { DELIVERY_SETTING_KEYS, isIsoDate, isTimeOfDay, isTimeZone, isWeekday, WEEKDAYS } from "../delivery";
import { ACCOUNT_MESSAGES } from "./account";

/**
 * The back office's settings and home sections: how each setting is edited (its input kind) and
 * checked against its type, and the home sections' shapes with zod. Pure, so the page, the API and
 * the service share one set of rules and messages.
 */

export const SETTINGS_MESSAGES = {
  formErrors: "Please fix the errors in the form",
  saved: "Settings saved.",
  unchanged: "Nothing to save: the values are the same as before.",
  sectionSaved: "Home page section saved.",
  emailInvalid: ACCOUNT_MESSAGES.emailInvalid,
  unknownSetting: (key: string) => `There is no setting named "${key}".`,
  unknownSection: "Home section not found",
  changedMeanwhile: "Someone changed these settings a moment ago. Please reload the page and try again.",
} as const;

// ---------------------------------------------------------------- settings

export type SettingType = "string" | "number" | "boolean" | "json";
/** The control a setting is edited with. */
export type SettingInput =
  | "text"
  | "textarea"
  | "url"
  | "email"
  | "boolean"
  | "number"
  | "json"
  | "select"
  /** An IANA time zone name, typed. */
  | "timezone"
  /** A time of day `HH:MM` (`<input type="time">`), empty for none. */
  | "time"
  /** A JSON list of weekday names, edited with one checkbox a day. */
  | "weekdays"
  /** A JSON list of dates `YYYY-MM-DD`, edited one a line. */
  | "dates";

/** The groups in the order the page shows them (a group not listed comes after, by name). */
export const SETTING_GROUPS: ReadonlyArray<{ key: string; label: string; description: string }> = [
  {
    key: "general",
    label: "Site",
    description: "The shop's name, texts and logo, shown in the header, the footer and page titles.",
  },
  {
    key: "contact",
    label: "Contact",
    description: "How shoppers reach the shop: shown in the footer and on the contact page.",
  },
  { key: "social", label: "Social", description: "The shop's profiles, linked from the footer." },
  { key: "seo", label: "SEO", description: "What search engines and link previews show by default." },
  { key: "currency", label: "Currency", description: "How prices are written everywhere." },
  { key: "features", label: "Feature flags", description: "Switch the shop's optional features on or off." },
  {
    key: "delivery",
    label: "Delivery",
    description:
      "When shoppers may ask for their flowers: counted in the shop's time zone, seen by the checkout as soon as they are saved. Close or reopen one day from Deliveries.",
  },
  {
    key: "store",
    label: "Store (not public)",
    description: "Used by the shop's server only, never shown to shoppers.",
  },
  {
    key: "security",
    label: "Security (not public)",
    description:
      'How staff sign in. Each staff member sets up their own authenticator app under "Your two-factor sign-in".',
  },
];

export function groupLabel(group: string): string {
  return SETTING_GROUPS.find((known) => known.key === group)?.label ?? humanize(group);
}

export function groupOrder(group: string): number {
  const index = SETTING_GROUPS.findIndex((known) => known.key === group);
  return index < 0 ? SETTING_GROUPS.length : index;
}

const LABELS: Record<string, string> = {
  site_name: "Site name",
  staff_2fa_required: "Staff must sign in with two-factor",
  site_description: "Site description",
  site_logo: "Logo path",
  footer_text: "Footer text",
  contact_email: "Contact email",
  contact_phone: "Contact phone",
  contact_address: "Contact address",
  contact_hours: "Opening hours",
  contact_response_time: "Response time",
  social_facebook: "Facebook URL",
  social_instagram: "Instagram URL",
  social_pinterest: "Pinterest URL",
  social_twitter: "Twitter (X) URL",
  seo_meta_title: "Meta title",
  seo_meta_description: "Meta description",
  seo_meta_keywords: "Meta keywords",
  seo_og_image: "Social sharing image path",
  currency_code: "Currency code",
  currency_symbol: "Currency symbol",
  currency_position: "Symbol position",
  currency_decimal_places: "Decimal places",
  feature_reviews: "Reviews",
  feature_wishlist: "Wishlist",
  feature_social_login: "Social login",
  feature_newsletter: "Newsletter",
  feature_back_in_stock: "Back-in-stock emails",
  admin_email: "Notifications email",
  order_number_prefix: "Order number prefix",
  low_stock_threshold: "Low stock threshold",
  low_stock_digest: "Daily low-stock email to staff",
  cart_reminder_mail: "Left-cart reminder emails",
  occasion_reminder_mail: "Occasion reminder emails",
  occasion_reminder_days: "Remind of an occasion (days before)",
  unconfirmed_order_expiry_days: "Cancel unconfirmed orders after (days, 0 = never)",
  mail_body_retention_days: "Keep sent emails' bodies for (days)",
  delivery_time_zone: "Time zone",
  delivery_lead_days: "Lead time (days)",
  delivery_cutoff: "Cutoff time",
  delivery_closed_weekdays: "Closed weekdays",
  delivery_closed_dates: "Closed dates",
  delivery_max_per_day: "Orders per day (0 = no cap)",
  delivery_horizon_days: "Days ahead shoppers may choose",
};

function humanize(key: string): string {
  const words = key.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A setting's name as staff read it. */
export const settingLabel = (key: string) => LABELS[key] ?? humanize(key);

/** Settings whose value is one of a few. */
export const SETTING_CHOICES: Record<string, ReadonlyArray<{ value: string; label: string }>> = {
  currency_position: [
    { value: "left", label: "Left of the amount ($10.00)" },
    { value: "right", label: "Right of the amount (10.00 $)" },
  ],
};

/** Numbers with bounds (whole numbers in a range); other numbers only need to be finite. */
const NUMBER_RULES: Record<string, { integer?: boolean; min?: number; max?: number }> = {
  currency_decimal_places: { integer: true, min: 0, max: 4 },
  low_stock_threshold: { integer: true, min: 0, max: 1_000_000 },
  occasion_reminder_days: { integer: true, min: 1, max: 60 },
  unconfirmed_order_expiry_days: { integer: true, min: 0, max: 365 },
  mail_body_retention_days: { integer: true, min: 1, max: 3650 },
  delivery_lead_days: { integer: true, min: 0, max: 365 },
  delivery_max_per_day: { integer: true, min: 0, max: 100_000 },
  delivery_horizon_days: { integer: true, min: 1, max: 730 },
};

/** The bounds of a number setting (the page's input carries them too). */
export const numberRules = (key: string) => NUMBER_RULES[key] ?? {};

/** Text settings that may not be left empty (the shop needs them). */
const REQUIRED = new Set([
  "site_name",
  "currency_code",
  "currency_symbol",
  "order_number_prefix",
  DELIVERY_SETTING_KEYS.timeZone,
]);

/** Text settings that follow a pattern. */
const PATTERNS: Record<string, { pattern: RegExp; message: string }> = {
  currency_code: {
    pattern: /^[A-Z]{3}$/,
    message: "Currency code must be a three-letter ISO 4217 code (USD, EUR, GBP)",
  },
  order_number_prefix: {
    pattern: /^[A-Z0-9]{1,8}$/,
    message: "Order number prefix may only contain up to 8 capital letters and digits",
  },
};

const LONG_TEXT = /(description|footer_text|keywords|address)$/;

/** Settings edited with a control of their own. */
const KEY_INPUTS: Record<string, SettingInput> = {
  [DELIVERY_SETTING_KEYS.timeZone]: "timezone",
  [DELIVERY_SETTING_KEYS.cutoff]: "time",
  [DELIVERY_SETTING_KEYS.closedWeekdays]: "weekdays",
  [DELIVERY_SETTING_KEYS.closedDates]: "dates",
};

/** The lists (JSON arrays) a form edits item by item: their items' rule, order and message. */
const LISTS: Partial<
  Record<SettingInput, { valid: (item: string) => boolean; order: (a: string, b: string) => number; what: string }>
> = {
  weekdays: {
    valid: isWeekday,
    order: (a, b) => (WEEKDAYS as readonly string[]).indexOf(a) - (WEEKDAYS as readonly string[]).indexOf(b),
    what: "a day of the week, such as Sunday",
  },
  dates: {
    valid: isIsoDate,
    order: (a, b) => a.localeCompare(b),
    what: "a date written YYYY-MM-DD, such as 2026-12-25",
  },
};

/** The settings whose form sends several values (a checkbox each) or one item a line: the form reader joins them a line each. */
export const LIST_SETTING_KEYS = Object.keys(KEY_INPUTS).filter((key) => LISTS[KEY_INPUTS[key]!]);

/** A list setting's items as its form shows them: one a line. */
export const listText = (items: unknown[]) => items.map(String).join("\n");

/** The control for a setting, from its type and its key. */
export function settingInput(key: string, type: SettingType): SettingInput {
  const own = KEY_INPUTS[key];
  if (own) return own;
  if (type === "boolean" || type === "number" || type === "json") return type;
  if (SETTING_CHOICES[key]) return "select";
  if (key.includes("email")) return "email";
  if (key.endsWith("_url") || key.startsWith("social_")) return "url";
  if (LONG_TEXT.test(key)) return "textarea";
  return "text";
}

const MAX_LENGTH: Record<SettingInput, number> = {
  text: 255,
  textarea: 2000,
  url: 2048,
  email: 254,
  select: 255,
  boolean: 5,
  number: 50,
  json: 20_000,
  timezone: 64,
  time: 5,
  weekdays: 20_000,
  dates: 20_000,
};

export const isHttpUrl = (value: string) => {
  if (!/^https?:\/\/[^\s/]+/i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
};

export const isEmail = (value: string) => value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value);

export type SettingCheck = { ok: true; value: string } | { ok: false; message: string };

/**
 * A new value for a setting, checked against its type and key, as the text the settings table
 * keeps: a number must be a number, a boolean true or false, JSON must parse, a URL must be
 * http(s), an email an email, a time zone one the runtime knows, a time `HH:MM`. A list of
 * weekdays or dates keeps each item once, in order (week order, calendar order). Forms send text
 * ("12", "true", JSON text, a list's items one a line); the API may send the typed value itself
 * (12, true, an object, an array).
 */
export function checkSettingValue(setting: { key: string; type: SettingType }, raw: unknown): SettingCheck {
  const label = settingLabel(setting.key);
  const input = settingInput(setting.key, setting.type);
  const fail = (message: string): SettingCheck => ({ ok: false, message });
  switch (setting.type) {
    case "number": {
      const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : null;
      if (text === null || text === "") return fail(`${label} must be a number`);
      const number = Number(text);
      if (!/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(text) || !Number.isFinite(number))
        return fail(`${label} must be a number`);
      const rules = NUMBER_RULES[setting.key] ?? {};
      if (rules.integer && !Number.isInteger(number)) return fail(`${label} must be a whole number`);
      if (rules.min !== undefined && number < rules.min) return fail(`${label} must be at least ${rules.min}`);
      if (rules.max !== undefined && number > rules.max) return fail(`${label} may not be greater than ${rules.max}`);
      return { ok: true, value: String(number) };
    }
    case "boolean": {
      if (raw === true || raw === "true") return { ok: true, value: "true" };
      if (raw === false || raw === "false") return { ok: true, value: "false" };
      return fail(`${label} must be true or false`);
    }
    case "json": {
      let value: unknown = raw;
      const list = LISTS[input];
      if (list && typeof raw === "string" && !raw.trim().startsWith("[")) {
        value = raw
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean);
      } else if (typeof raw === "string") {
        try {
          value = JSON.parse(raw);
        } catch {
          return fail(`${label} must be valid JSON`);
        }
      }
      if (value === undefined) return fail(`${label} must be valid JSON`);
      if (list) {
        if (!Array.isArray(value)) return fail(`${label} must be a list`);
        const wrong = value.find((item) => typeof item !== "string" || !list.valid(item));
        if (wrong !== undefined) return fail(`${label}: "${String(wrong)}" is not ${list.what}`);
        value = [...new Set(value as string[])].sort(list.order);
      }
      const text = JSON.stringify(value);
      if (text.length > MAX_LENGTH.json) return fail(`${label} may not be longer than ${MAX_LENGTH.json} characters`);
      return { ok: true, value: text };
    }
    default: {
      if (typeof raw !== "string") return fail(`${label} must be text`);
      const value = raw.replace(/\r\n/g, "\n").trim();
      if (!value) {
        if (REQUIRED.has(setting.key)) return fail(`${label} is required`);
        if (input === "email") return fail(`${label} is required`);
        return { ok: true, value };
      }
      if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value))
        return fail(`${label} may not contain control characters`);
      if (input !== "textarea" && value.includes("\n")) return fail(`${label} must be on one line`);
      if (value.length > MAX_LENGTH[input])
        return fail(`${label} may not be longer than ${MAX_LENGTH[input]} characters`);
      if (input === "url" && !isHttpUrl(value))
        return fail(`${label} must be a web address starting with http:// or https://`);
      if (input === "email" && !isEmail(value)) return fail(SETTINGS_MESSAGES.emailInvalid);
      if (input === "timezone" && !isTimeZone(value))
        return fail(`${label} must be a time zone name such as Asia/Colombo or Europe/London`);
      if (input === "time" && !isTimeOfDay(value))
        return fail(`${label} must be a time written HH:MM, such as 13:00, or empty for none`);
      const choices = SETTING_CHOICES[setting.key];
      if (choices && !choices.some((choice) => choice.value === value)) {
        return fail(`${label} must be one of: ${choices.map((choice) => choice.value).join(", ")}`);
      }
      const pattern = PATTERNS[setting.key];
      if (pattern && !pattern.pattern.test(value)) return fail(pattern.message);
      return { ok: true, value };
    }
  }
}

/** PUT /api/admin/settings: `{ key: value, ... }`, each value checked against its setting's type. */
export const SettingsUpdateSchema = z.record(z.string(), z.unknown()).meta({
  description:
    "The settings to change, by key: a string, a number, true or false, or JSON (an object, an array, or JSON text) as each setting's type says. Unknown keys and bad values are a 422 naming each key.",
  example: { site_name: "Twistbloom", currency_decimal_places: 2, feature_reviews: true },
});

// ---------------------------------------------------------------- home sections

const stringOf = (value: unknown) => (typeof value === "string" ? value.replace(/\r\n/g, "\n").trim() : value);

/** A text field: trimmed; `required` says it may not be empty. */
function textField(label: string, { max = 120, required = false, multiline = false } = {}) {
  return z.preprocess(
    (value) => (value === undefined || value === null ? "" : stringOf(value)),
    z.string({ error: `${label} must be text` }).superRefine((value, ctx) => {
      if (!value) {
        if (required) ctx.addIssue({ code: "custom", message: `${label} is required` });
        return;
      }
      if (value.length > max)
        ctx.addIssue({ code: "custom", message: `${label} may not be longer than ${max} characters` });
      else if (!multiline && value.includes("\n"))
        ctx.addIssue({ code: "custom", message: `${label} must be on one line` });
    }),
  );
}

/** A link from the home page: a path on this site ("/products") or an http(s) address; empty is allowed. */
export const isSiteLink = (value: string) =>
  (value.startsWith("/") && !value.startsWith("//") && !/\s/.test(value)) || isHttpUrl(value);

function linkField(label: string) {
  return textField(label, { max: 2048 }).superRefine((value, ctx) => {
    if (value && !isSiteLink(value)) {
      ctx.addIssue({
        code: "custom",
        message: `${label} must be a path on this site (starting with /) or a web address starting with http:// or https://`,
      });
    }
  });
}

function flagField(label: string) {
  return z.preprocess(
    (value) => (value === "true" ? true : value === "false" ? false : value === undefined ? true : value),
    z.boolean({ error: `${label} must be true or false` }),
  );
}

function countField(label: string, { min, max }: { min: number; max: number }) {
  return z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : value),
    z
      .number({ error: `${label} must be a number` })
      .int({ error: `${label} must be a whole number` })
      .min(min, { error: `${label} must be at least ${min}` })
      .max(max, { error: `${label} may not be greater than ${max}` }),
  );
}

const GRADIENT = /^(repeating-)?(linear|radial|conic)-gradient\([#%.,\w\s()-]+\)$/i;

/** A text and its link: both, or neither. */
function pairedLink<T extends z.ZodObject>(schema: T, pairs: Array<[text: string, url: string, urlLabel: string]>) {
  return schema.superRefine((data: Record<string, unknown>, ctx) => {
    for (const [text, url, urlLabel] of pairs) {
      if (data[text] && !data[url])
        ctx.addIssue({ code: "custom", path: [url], message: `${urlLabel} is required when the button has a text` });
    }
  });
}

export const HeroSectionSchema = pairedLink(
  z.object({
    is_active: flagField("Show the hero"),
    badge_text: textField("Badge text", { max: 60 }),
    title_line1: textField("Title, first line", { max: 60, required: true }),
    title_line2: textField("Title, second line", { max: 60 }),
    title_line3: textField("Title, third line", { max: 60 }),
    description: textField("Description", { max: 500, multiline: true }),
    feature_1_text: textField("First feature", { max: 80 }),
    feature_2_text: textField("Second feature", { max: 80 }),
    feature_3_text: textField("Third feature", { max: 80 }),
    cta_primary_text: textField("Primary button text", { max: 40 }),
    cta_primary_url: linkField("Primary button link"),
    cta_secondary_text: textField("Secondary button text", { max: 40 }),
    cta_secondary_url: linkField("Secondary button link"),
    trust_text: textField("Trust line", { max: 120 }),
    badge_label: textField("Image badge", { max: 40 }),
    main_image: linkField("Main image"),
    image_1: linkField("First small image"),
    image_2: linkField("Second small image"),
    background_gradient: textField("Background", { max: 200 }).superRefine((value, ctx) => {
      if (value && !GRADIENT.test(value))
        ctx.addIssue({
          code: "custom",
          message: "Background must be a CSS gradient, like linear-gradient(135deg, #fff1f5 0%, #eef7f0 100%)",
        });
    }),
  }),
  [
    ["cta_primary_text", "cta_primary_url", "Primary button link"],
    ["cta_secondary_text", "cta_secondary_url", "Secondary button link"],
  ],
);

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const OccasionSchema = z
  .object({
    name: textField("Name", { max: 40, required: true }),
    icon: textField("Icon", { max: 16 }),
    slug: textField("Category slug", { max: 100, required: true }).superRefine((value, ctx) => {
      if (value && !SLUG.test(value))
        ctx.addIssue({
          code: "custom",
          message: "Category slug may only contain lowercase letters, numbers and hyphens",
        });
    }),
  })
  .transform((item) => ({ ...item, url: `/products?category=${item.slug}` }));

const listOf = <T extends z.ZodType>(item: T, { min, max, noun }: { min: number; max: number; noun: string }) =>
  z.array(item, { error: `The ${noun}s must be a list` }).superRefine((items, ctx) => {
    if (items.length < min) ctx.addIssue({ code: "custom", message: `Add at least ${min} ${noun}` });
    if (items.length > max) ctx.addIssue({ code: "custom", message: `There may be at most ${max} ${noun}s` });
  });

export const OccasionsSectionSchema = z.object({
  title: textField("Title", { max: 80, required: true }),
  subtitle: textField("Subtitle", { max: 200 }),
  categories: listOf(OccasionSchema, { min: 1, max: 24, noun: "occasion" }),
});

export const ProductSectionSchema = z.object({
  title: textField("Title", { max: 80, required: true }),
  subtitle: textField("Subtitle", { max: 200 }),
  limit: countField("Number of products", { min: 1, max: 12 }),
});

export const MakeItSpecialSectionSchema = pairedLink(
  z.object({
    title: textField("Title", { max: 80, required: true }),
    subtitle: textField("Text", { max: 500, multiline: true }),
    button_text: textField("Button text", { max: 40 }),
    button_url: linkField("Button link"),
  }),
  [["button_text", "button_url", "Button link"]],
);

export const FaqItemSchema = z.object({
  question: textField("Question", { max: 200, required: true }),
  answer: textField("Answer", { max: 2000, required: true, multiline: true }),
});

export const FaqSectionSchema = z.object({
  title: textField("Title", { max: 80, required: true }),
  subtitle: textField("Subtitle", { max: 200 }),
  items: listOf(FaqItemSchema, { min: 1, max: 30, noun: "question" }),
});

/** Each editable section's shape; a section whose key is not here cannot be edited. */
export const HOME_SECTION_SCHEMAS = {
  hero: HeroSectionSchema,
  shop_by_occasion: OccasionsSectionSchema,
  monthly_best_sellers: ProductSectionSchema,
  make_it_special: MakeItSpecialSectionSchema,
  unforgettable_gifts: ProductSectionSchema,
  faq: FaqSectionSchema,
} as const satisfies Record<string, z.ZodType>;

export type HomeSectionKey = keyof typeof HOME_SECTION_SCHEMAS;
export const isHomeSectionKey = (key: string): key is HomeSectionKey => Object.hasOwn(HOME_SECTION_SCHEMAS, key);

/** How a field of a section is edited on the page. */
export interface SectionField {
  name: string;
  label: string;
  input: "text" | "textarea" | "url" | "number" | "boolean";
  hint?: string;
}

export interface SectionForm {
  label: string;
  description: string;
  fields: SectionField[];
  /** A list of items (occasions, questions): one row each, plus empty rows to add. */
  list?: { name: string; label: string; item: string; fields: SectionField[] };
}

const titleFields: SectionField[] = [
  { name: "title", label: "Title", input: "text" },
  { name: "subtitle", label: "Subtitle", input: "text" },
];

const productSection = (label: string): SectionForm => ({
  label,
  description: "The products are picked live from the catalogue; here are the heading and how many to show.",
  fields: [...titleFields, { name: "limit", label: "Number of products", input: "number", hint: "From 1 to 12." }],
});

export const HOME_SECTION_FORMS: Record<HomeSectionKey, SectionForm> = {
  hero: {
    label: "Hero",
    description: "The first thing shoppers see: the title, the texts and the two buttons.",
    fields: [
      { name: "is_active", label: "Show the hero", input: "boolean" },
      { name: "badge_text", label: "Badge text", input: "text" },
      { name: "title_line1", label: "Title, first line", input: "text" },
      { name: "title_line2", label: "Title, second line", input: "text" },
      { name: "title_line3", label: "Title, third line", input: "text" },
      { name: "description", label: "Description", input: "textarea" },
      { name: "feature_1_text", label: "First feature", input: "text" },
      { name: "feature_2_text", label: "Second feature", input: "text" },
      { name: "feature_3_text", label: "Third feature", input: "text" },
      { name: "cta_primary_text", label: "Primary button text", input: "text" },
      {
        name: "cta_primary_url",
        label: "Primary button link",
        input: "url",
        hint: "A path on this site (/products) or a web address.",
      },
      { name: "cta_secondary_text", label: "Secondary button text", input: "text" },
      {
        name: "cta_secondary_url",
        label: "Secondary button link",
        input: "url",
        hint: "A path on this site (/blog) or a web address.",
      },
      { name: "trust_text", label: "Trust line", input: "text" },
      { name: "badge_label", label: "Image badge", input: "text" },
      {
        name: "main_image",
        label: "Main image",
        input: "url",
        hint: "A path on this site (/images/...) or a web address.",
      },
      { name: "image_1", label: "First small image", input: "url" },
      { name: "image_2", label: "Second small image", input: "url" },
      { name: "background_gradient", label: "Background", input: "text", hint: "A CSS gradient." },
    ],
  },
  shop_by_occasion: {
    label: "Shop by occasion",
    description: "The occasion tiles; each opens the products of its category.",
    fields: titleFields,
    list: {
      name: "categories",
      label: "Occasions",
      item: "Occasion",
      fields: [
        { name: "name", label: "Name", input: "text" },
        { name: "icon", label: "Icon", input: "text", hint: "An emoji." },
        { name: "slug", label: "Category slug", input: "text" },
      ],
    },
  },
  monthly_best_sellers: productSection("Best sellers"),
  make_it_special: {
    label: "Make it special",
    description: "The custom-bouquet banner.",
    fields: [
      { name: "title", label: "Title", input: "text" },
      { name: "subtitle", label: "Text", input: "textarea" },
      { name: "button_text", label: "Button text", input: "text" },
      { name: "button_url", label: "Button link", input: "url" },
    ],
  },
  unforgettable_gifts: productSection("Unforgettable gifts"),
  faq: {
    label: "FAQ",
    description: "The questions and answers at the bottom of the home page.",
    fields: titleFields,
    list: {
      name: "items",
      label: "Questions",
      item: "Question",
      fields: [
        { name: "question", label: "Question", input: "text" },
        { name: "answer", label: "Answer", input: "textarea" },
      ],
    },
  },
};

/** How many empty rows a list form offers for new items. */
export const NEW_ROWS = 2;

/** The name of a list row's field in the form: `items.0.question`; its remove box: `items.0.remove`. */
export const rowField = (list: string, row: number, field: string) => `${list}.${row}.${field}`;

/**
 * A section's data from its form: the flat fields as typed, and the list from its rows, without
 * the rows marked "remove" and the empty rows (the new rows left blank). `rows[i]` is the form row
 * of the list's item i, so an item's messages go back under the row it was typed in.
 */
export function sectionFromForm(
  key: HomeSectionKey,
  values: Record<string, string>,
): { data: Record<string, unknown>; rows: number[] } {
  const form = HOME_SECTION_FORMS[key];
  const data: Record<string, unknown> = {};
  for (const field of form.fields) data[field.name] = values[field.name] ?? (field.input === "boolean" ? "false" : "");
  const rows: number[] = [];
  if (form.list) {
    const { name, fields } = form.list;
    const indexes = new Set<number>();
    const pattern = new RegExp(`^${name}\\.(\\d{1,3})\\.`);
    for (const field of Object.keys(values)) {
      const match = pattern.exec(field);
      if (match) indexes.add(Number(match[1]));
    }
    const items: Record<string, string>[] = [];
    for (const row of [...indexes].sort((a, b) => a - b)) {
      if (values[rowField(name, row, "remove")]) continue;
      const item = Object.fromEntries(
        fields.map((field) => [field.name, values[rowField(name, row, field.name)] ?? ""]),
      );
      if (Object.values(item).every((value) => !value.trim())) continue;
      items.push(item);
      rows.push(row);
    }
    data[name] = items;
  }
  return { data, rows };
}

/** The messages of a section's data, keyed by its form's field names (list items by their form row). */
export function sectionFormErrors(
  key: HomeSectionKey,
  errors: Record<string, string[]>,
  rows: number[],
): Record<string, string[]> {
  const list = HOME_SECTION_FORMS[key].list?.name;
  if (!list) return errors;
  const mapped: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const match = new RegExp(`^${list}\\.(\\d+)\\.(.+)$`).exec(field);
    const name = match ? rowField(list, rows[Number(match[1])] ?? Number(match[1]), match[2]!) : field;
    (mapped[name] ??= []).push(...messages);
  }
  return mapped;
}
