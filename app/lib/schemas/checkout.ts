import { z } from "zod";
import { CHECKOUT_MESSAGES } from "../form-messages";
import { DEFAULT_COUNTRY, QUANTITY_MAX, QUANTITY_MIN } from "../constants";
import { parseId } from "../ids";
import { toCents } from "../money";
import { DELIVERY_MESSAGES, isIsoDate } from "../delivery";
import { GIFT_MESSAGE_MAX, messageLength, RECIPIENT_FIELDS, recipientFieldName } from "../gift";
import {
  countryField,
  DELIVERY_COUNTRY_MESSAGE,
  emailField,
  isDeliveredCountry,
  nameField,
  phoneField,
  PLACE_PATTERN,
  placeField,
  requiredText,
  zipCodeField,
} from "./account";

/** The spec's checkout and coupon messages: apart from the schemas, so a page can show them without loading zod. */
export { CHECKOUT_MESSAGES };

const optionalText = (max: number, label: string) =>
  z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      const text = typeof value === "string" ? value.trim() : "";
      if (text.length > max) {
        ctx.addIssue({ code: "custom", message: `${label} may not be longer than ${max} characters` });
        return z.NEVER;
      }
      return text || null;
    })
    .meta({ type: "string" });

/**
 * The shipping information form. The spec requires first name, last name and email and checks the
 * others when filled; an order is delivered and paid for at the door, so we also need an address and
 * a city to deliver to (docs/decisions/006).
 */
export const CheckoutFormSchema = z.object({
  firstName: nameField("First name"),
  lastName: nameField("Last name"),
  email: emailField,
  phone: phoneField,
  address: requiredText("Address", { min: 5, max: 255 }),
  city: requiredText("City", { min: 2 }).superRefine((value, ctx) => {
    if (value.length >= 2 && !PLACE_PATTERN.test(value)) {
      ctx.addIssue({
        code: "custom",
        message: "City may only contain letters, spaces, hyphens, apostrophes and periods",
      });
    }
  }),
  state: placeField("State"),
  zipCode: zipCodeField,
  country: countryField.transform((value) => value ?? DEFAULT_COUNTRY),
  notes: optionalText(1000, "Notes"),
});
export type CheckoutForm = z.output<typeof CheckoutFormSchema>;

export { GIFT_MESSAGE_MAX };
export const GIFT_MESSAGES = {
  messageTooLong: `The card message may not be greater than ${GIFT_MESSAGE_MAX} characters.`,
} as const;

/**
 * Who receives a gift: the checkout form's rules without the email (the recipient gets no mail:
 * it is a surprise) and the notes. First and last name, address and city are required.
 */
export const RecipientSchema = CheckoutFormSchema.pick(
  Object.fromEntries(RECIPIENT_FIELDS.map((field) => [field, true])) as Record<(typeof RECIPIENT_FIELDS)[number], true>,
);
export type Recipient = z.output<typeof RecipientSchema>;

/** The card's message: newlines kept (as `\n`), at most 300 characters; text, never HTML. */
export const giftMessageField = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    const text = typeof value === "string" ? value.replace(/\r\n?/g, "\n").trim() : "";
    if (messageLength(text) > GIFT_MESSAGE_MAX) {
      ctx.addIssue({ code: "custom", message: GIFT_MESSAGES.messageTooLong });
      return z.NEVER;
    }
    return text || null;
  })
  .meta({
    type: "string",
    maxLength: GIFT_MESSAGE_MAX,
    description: "The card's message; newlines kept, HTML shown as text.",
  });

/** Ticked or not: a boolean (JSON) or a form's "on", "true", "1"; absent takes `fallback`. */
const flagField = (fallback: boolean) =>
  z
    .unknown()
    .optional()
    .transform((value) =>
      value === undefined || value === null || value === ""
        ? fallback
        : value === true || value === "on" || value === "true" || value === "1",
    )
    .meta({ type: ["boolean", "string"] });

/** `gift` of POST /api/orders: absent, not a gift. */
export const GiftSchema = z.object({
  recipient: z.preprocess((value) => (value && typeof value === "object" ? value : {}), RecipientSchema),
  message: giftMessageField,
  hide_prices: flagField(true).meta({
    type: ["boolean", "string"],
    description: "Leave the prices off the packing slip. On when omitted.",
  }),
});
export type GiftInput = z.output<typeof GiftSchema>;

/**
 * A delivery date as sent: `YYYY-MM-DD`, checked against the shop's rules when the order is placed.
 * Absent or null: the earliest available date; an empty string is refused ("Please choose a
 * delivery date."), as is any other format.
 */
export const deliveryDateField = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null) return null;
    const text = typeof value === "string" ? value.trim() : "";
    if (typeof value === "string" && text === "") {
      ctx.addIssue({ code: "custom", message: DELIVERY_MESSAGES.required });
      return z.NEVER;
    }
    if (!isIsoDate(text)) {
      ctx.addIssue({ code: "custom", message: DELIVERY_MESSAGES.format });
      return z.NEVER;
    }
    return text;
  })
  .meta({
    type: ["string", "null"],
    format: "date",
    description:
      "The day it is delivered, `YYYY-MM-DD` in the shop's time zone (see `GET /api/delivery/dates`). Omitted or null: the earliest available date, shown in the answer.",
  });

/** The gift as the checkout page posts it (flat fields), or undefined when "This is a gift" is not ticked. */
function giftFromForm(form: Record<string, unknown>) {
  if (!form.is_gift) return undefined;
  return {
    recipient: Object.fromEntries(RECIPIENT_FIELDS.map((field) => [field, form[recipientFieldName(field)]])),
    message: form["gift.message"],
    // An unticked box sends nothing: off, not the API's default.
    hide_prices: form["gift.hide_prices"] || "0",
  };
}

/**
 * The checkout page's form: the buyer's fields (the checkout form's), the gift when its box is
 * ticked (its fields are ignored otherwise) and the delivery date. Errors are keyed as the API's
 * (`gift.recipient.firstName`, `gift.message`, `delivery_date`), which are the fields' names.
 */
export const CheckoutPageSchema = z.preprocess(
  (value) => {
    const form = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
    return { ...form, gift: giftFromForm(form) };
  },
  CheckoutFormSchema.extend({ gift: GiftSchema.optional(), delivery_date: deliveryDateField }),
);

/** The fields whose refusal, alone, is the answer's message (the API) or toast (the page). */
export const SELF_EXPLAINED_FIELDS = ["delivery_date", "gift.message"] as const;

export const couponCodeField = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    const code = typeof value === "string" ? value.trim().toUpperCase() : "";
    if (code.length > 50) {
      ctx.addIssue({ code: "custom", message: CHECKOUT_MESSAGES.couponInvalid });
      return z.NEVER;
    }
    return code;
  })
  .meta({ type: "string" });

/** A positive whole id, from a form (string) or JSON (number); absent is null. */
export const optionalId = (message: string) =>
  z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value === "") return null;
      // Only numbers and strings can be ids; anything else (an object, a nested array) is refused as is.
      const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
      const id = parseId(text);
      if (id === null) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return id;
    })
    .meta({ type: ["integer", "string"], description: "A positive id." });

/** Money on the wire (24.99), as lookups take it. */
export const amountField = (label: string) =>
  z
    .unknown()
    .transform((value, ctx) => {
      const number =
        typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
      if (!Number.isFinite(number) || number < 0 || number > 1_000_000) {
        ctx.addIssue({ code: "custom", message: `The ${label} must be a number between 0 and 1000000.` });
        return z.NEVER;
      }
      return toCents(number);
    })
    .meta({ type: ["number", "string"], description: `The ${label} in currency units (24.99), 0 to 1000000.` });

/**
 * The lookups quote only for the countries an order can be placed for (POST /api/orders refuses the
 * others), so a client never shows a shipping cost or a tax for an order that will be refused.
 */
const countryCodeParam = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" && value.trim() ? value.trim().toUpperCase() : DEFAULT_COUNTRY))
  .refine(isDeliveredCountry, DELIVERY_COUNTRY_MESSAGE)
  .meta({ type: "string", description: `An ISO country code the shop delivers to; ${DEFAULT_COUNTRY} when absent.` });
const stateCodeParam = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" ? value.trim().toUpperCase().slice(0, 10) : ""))
  .meta({ type: "string" });

export const ShippingMethodsSchema = z.object({
  subtotal: amountField("subtotal"),
  country_code: countryCodeParam,
  state_code: stateCodeParam,
});
export const ShippingCalculateSchema = z.object({
  subtotal: amountField("subtotal"),
  shipping_method_id: optionalId("The selected shipping method is invalid.").refine(
    (id) => id !== null,
    "The shipping method id is required.",
  ),
});
export const TaxCalculateSchema = z.object({
  subtotal: amountField("subtotal"),
  country_code: countryCodeParam,
  state_code: stateCodeParam,
});
export const TaxRatesQuerySchema = z.object({ country_code: countryCodeParam, state_code: stateCodeParam });
export const CouponValidateSchema = z.object({
  code: couponCodeField.refine((code) => code !== "", CHECKOUT_MESSAGES.couponEmpty),
  subtotal: amountField("subtotal"),
});
/** Staff only: a coupon by its id (it answers the code, so a shopper may never ask this way). */
export const CouponApplyByIdSchema = z.object({
  coupon_id: optionalId("The coupon id is invalid.").refine((id) => id !== null, "The coupon id is required."),
  subtotal: amountField("subtotal"),
});
/** A shopper: the code they typed. */
export const CouponApplyByCodeSchema = CouponValidateSchema;
/** POST /api/coupons/apply as the document shows it: `code` (anyone, limited per client) or `coupon_id` (staff). */
export const CouponApplySchema = z.object({
  code: z
    .string()
    .optional()
    .meta({ description: "The code the shopper typed. Attempts are limited per client (429 with Retry-After)." }),
  coupon_id: z
    .union([z.number().int(), z.string()])
    .optional()
    .meta({ description: "Staff only (401 for a guest, 403 for a customer): the coupon's id." }),
  subtotal: z
    .union([z.number(), z.string()])
    .meta({ description: "The subtotal in currency units (24.99), 0 to 1000000." }),
});

export const IDEMPOTENCY_KEY_MESSAGE =
  "The Idempotency-Key header must be 8 to 100 letters, digits, hyphens or underscores.";

/**
 * The key that makes a retried order answer the same order instead of a second one: the API's
 * `Idempotency-Key` header and the checkout page's hidden field, checked by the same rule.
 */
export const IdempotencyKeySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, IDEMPOTENCY_KEY_MESSAGE);

const quantityField = z
  .unknown()
  .transform((value, ctx) => {
    const number =
      typeof value === "number"
        ? value
        : typeof value === "string" && /^\s*-?\d+\s*$/.test(value)
          ? Number(value)
          : NaN;
    if (!Number.isInteger(number) || number < QUANTITY_MIN || number > QUANTITY_MAX) {
      ctx.addIssue({ code: "custom", message: CHECKOUT_MESSAGES.quantityRange });
      return z.NEVER;
    }
    return number;
  })
  .meta({ type: ["integer", "string"], minimum: QUANTITY_MIN, maximum: QUANTITY_MAX });

/**
 * POST /api/orders, the spec's payload. Prices and totals a client sends (items[].price, subtotal,
 * shipping, tax, total) are accepted and ignored: the server computes every figure again.
 */
export const OrderApiSchema = z.object({
  items: z
    .array(
      z.object({
        product_id: optionalId(CHECKOUT_MESSAGES.product).refine((id) => id !== null, CHECKOUT_MESSAGES.product),
        variant_id: optionalId(CHECKOUT_MESSAGES.variantGone).meta({
          type: ["integer", "string"],
          description:
            'The product\'s variant (its `variants[].id`). Required for a product with options: without it, 422 with `errors["items.0.variant_id"]` = "Please choose a Size." (its first option\'s name); a variant of another product, or one no longer sold, is a 422 ("This option is no longer available."). Without it, a product without options is its one variant.',
        }),
        quantity: quantityField,
      }),
      { error: CHECKOUT_MESSAGES.emptyCart },
    )
    .min(1, CHECKOUT_MESSAGES.emptyCart)
    .max(50, "An order may hold at most 50 different products."),
  customer: z.preprocess((value) => (value && typeof value === "object" ? value : {}), CheckoutFormSchema),
  // `.optional()`: without it zod refuses an absent key before the refinement runs (with its own "expected nonoptional" text).
  payment_method: z
    .unknown()
    .optional()
    .refine((value) => value === undefined || value === "cash_on_delivery", CHECKOUT_MESSAGES.paymentMethod)
    .meta({ type: "string", enum: ["cash_on_delivery"] }),
  shipping_method_id: optionalId(CHECKOUT_MESSAGES.shippingMethod),
  coupon_code: couponCodeField,
  gift: z
    .preprocess((value) => (value === null ? undefined : value), GiftSchema.optional())
    .meta({
      description:
        "A gift: the customer pays and gets the mails (`billing_address`), the recipient receives the parcel (`shipping_address`; shipping and tax follow it), the card's message. Omitted: not a gift.",
    }),
  delivery_date: deliveryDateField,
});
