import { z } from "zod";
import { parseId } from "../ids";
import { QUANTITY_MAX, QUANTITY_MIN } from "../constants";

export const CART_MESSAGES = {
  product: "Please choose a valid product.",
  quantityNumber: "Quantity must be a whole number.",
  quantityRange: `Quantity must be between ${QUANTITY_MIN} and ${QUANTITY_MAX}.`,
  intent: "Unknown cart action.",
  unavailable: "This product is no longer available.",
} as const;

const productId = z
  .string({ error: CART_MESSAGES.product })
  .trim()
  .transform(
    (text, ctx) => parseId(text) ?? (ctx.addIssue({ code: "custom", message: CART_MESSAGES.product }), z.NEVER),
  );

/** The chosen variant of the product; absent or empty: its implicit one (a product without options). */
const variantId = z
  .string({ error: CART_MESSAGES.unavailable })
  .trim()
  .optional()
  .transform((text, ctx) => {
    if (!text) return null;
    return parseId(text) ?? (ctx.addIssue({ code: "custom", message: CART_MESSAGES.unavailable }), z.NEVER);
  });

/** Ids as a form's hidden field lists them, "3,4" (anything else is left out). */
export const idList = z
  .string()
  .optional()
  .transform((text) => (text ?? "").split(",").flatMap((part) => parseId(part.trim()) ?? []));

const wholeNumber = z
  .string({ error: CART_MESSAGES.quantityNumber })
  .trim()
  .regex(/^-?\d{1,6}$/, CART_MESSAGES.quantityNumber)
  .transform(Number);

/** One form post to /cart: its `intent` and inputs, with the messages a shopper sees. */
export const CartIntentSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("add"),
      product_id: productId,
      variant_id: variantId,
      quantity: wholeNumber
        .refine((n) => n >= QUANTITY_MIN && n <= QUANTITY_MAX, CART_MESSAGES.quantityRange)
        .optional()
        .transform((n) => n ?? 1),
    }),
    z.object({
      intent: z.literal("update"),
      product_id: productId,
      variant_id: variantId,
      // 0 or below removes the line (the spec's rule); above the maximum is refused.
      quantity: wholeNumber.refine((n) => n <= QUANTITY_MAX, CART_MESSAGES.quantityRange),
    }),
    z.object({ intent: z.literal("remove"), product_id: productId, variant_id: variantId }),
    // The add-ons checklist: the add-ons it showed (`addons_shown`, "3,4") and those ticked
    // (`tickedAddons` of its `addon_{productId}` boxes).
    z.object({
      intent: z.literal("addons"),
      addons_shown: idList,
      ticked: z.array(z.number().int().positive()).default([]),
    }),
    z.object({ intent: z.literal("clear") }),
  ],
  { error: CART_MESSAGES.intent },
);
export type CartIntent = z.output<typeof CartIntentSchema>;
