import { z } from "zod";
import { parseId } from "../ids";
import { QUANTITY_MAX, QUANTITY_MIN } from "../constants";

export const CART_MESSAGES = {
  product: "Please choose a valid product.",
  quantityNumber: "Quantity must be a whole number.",
  quantityRange: `Quantity must be between ${QUANTITY_MIN} and ${QUANTITY_MAX}.`,
  intent: "Unknown cart action.",
} as const;

const productId = z
  .string({ error: CART_MESSAGES.product })
  .trim()
  .transform(
    (text, ctx) => parseId(text) ?? (ctx.addIssue({ code: "custom", message: CART_MESSAGES.product }), z.NEVER),
  );

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
      quantity: wholeNumber
        .refine((n) => n >= QUANTITY_MIN && n <= QUANTITY_MAX, CART_MESSAGES.quantityRange)
        .optional()
        .transform((n) => n ?? 1),
    }),
    z.object({
      intent: z.literal("update"),
      product_id: productId,
      // 0 or below removes the line (the spec's rule); above the maximum is refused.
      quantity: wholeNumber.refine((n) => n <= QUANTITY_MAX, CART_MESSAGES.quantityRange),
    }),
    z.object({ intent: z.literal("remove"), product_id: productId }),
    z.object({ intent: z.literal("clear") }),
  ],
  { error: CART_MESSAGES.intent },
);
export type CartIntent = z.output<typeof CartIntentSchema>;
