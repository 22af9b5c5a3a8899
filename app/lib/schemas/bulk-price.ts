import { z } from "zod";
import { AdminProductQuerySchema, PRODUCT_FILTERS, PRODUCT_LIMITS } from "./admin-products";
import { enumParam, optionalBoolean, optionalNumber } from "./query";

/**
 * A bulk price change (issue 31): the products the list's filters select (`search`, `category`,
 * `status`, `low_stock`, read by the list's own filter), every variant of each; their price or sale
 * price changed by a percent or an amount (+ or -), in whole cents, optionally ending in .99.
 */
export const BULK_PRICE_TARGETS = ["price", "sale_price"] as const;
export const BULK_PRICE_CHANGES = ["percent", "amount"] as const;
export type BulkPriceTarget = (typeof BULK_PRICE_TARGETS)[number];

/** At most this many variants in one change (as an import's rows); a batch writes this many products' variants at most. */
export const BULK_PRICE_LIMITS = { variants: 1_000, batch: 100 } as const;

export const BULK_PRICE_MESSAGES = {
  targetRequired: "Choose the price to change: the price or the sale price.",
  changeRequired: "Choose how to change it: by a percent or by an amount.",
  valueRequired: "The change field is required.",
  valueZero: "The change may not be 0.",
  percentMin: "A percent may not take off more than 100.",
  tooMany: `This change would touch more than ${BULK_PRICE_LIMITS.variants.toLocaleString("en-US")} variants. Narrow the filters (a category, a search) and change them in parts.`,
  nothing: "No variant's price changes: nothing to apply.",
  batchFailed: "A product of this batch was changed by someone else meanwhile: its batch was not applied.",
} as const;

/** The labels the preview and the audit use. */
export const BULK_PRICE_TARGET_LABELS: Record<BulkPriceTarget, string> = { price: "price", sale_price: "sale price" };

/** A JSON body's numbers and switches as the form's text, so one schema reads both. */
const asText = (body: unknown) =>
  body && typeof body === "object"
    ? Object.fromEntries(
        Object.entries(body).map(([key, value]) => [
          key,
          typeof value === "number" || typeof value === "boolean" ? String(value) : value,
        ]),
      )
    : body;

const { search, category, status, low_stock } = AdminProductQuerySchema.shape;

export const BulkPriceSchema = z.preprocess(
  asText,
  z
    .object({
      search,
      category,
      status,
      low_stock,
      target: enumParam("target", BULK_PRICE_TARGETS),
      change: enumParam("change", BULK_PRICE_CHANGES),
      value: optionalNumber("change", { min: -PRODUCT_LIMITS.price, max: PRODUCT_LIMITS.price }),
      round_99: optionalBoolean("round_99"),
      dry_run: optionalBoolean("dry_run"),
    })
    .superRefine((input, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      if (!input.target) issue("target", BULK_PRICE_MESSAGES.targetRequired);
      if (!input.change) issue("change", BULK_PRICE_MESSAGES.changeRequired);
      if (input.value === undefined) issue("value", BULK_PRICE_MESSAGES.valueRequired);
      else if (input.value === 0) issue("value", BULK_PRICE_MESSAGES.valueZero);
      else if (input.change === "percent" && input.value < -100) issue("value", BULK_PRICE_MESSAGES.percentMin);
    })
    .transform((input) => ({
      ...input,
      target: input.target!,
      change: input.change!,
      value: input.value!,
      round_99: input.round_99 ?? false,
      dry_run: input.dry_run ?? false,
    })),
);
export type BulkPriceInput = z.output<typeof BulkPriceSchema>;

/** The fields of a bulk price change, as the forms carry them (the preview's Apply repeats them). */
export const BULK_PRICE_FIELDS = [...PRODUCT_FILTERS, "target", "change", "value", "round_99"] as const;
