import { z } from "zod";
import { STOCK_ALERT_MESSAGES } from "../form-messages";
import { emailField } from "./account";
import { optionalId } from "./checkout";

export { STOCK_ALERT_MESSAGES };

/**
 * "Email me when it's back" (docs/decisions/037-bringing-shoppers-back.md): the product page's form and
 * `POST /api/products/{slug}/stock-alerts`. One source for the limits and the schema of both.
 */

/** How long a confirmation link works. */
export const STOCK_ALERT_TOKEN_HOURS = 48;

/** Requests allowed per client address in the window: past them, 429. */
export const STOCK_ALERT_MAX_PER_CLIENT = 10;
export const STOCK_ALERT_CLIENT_WINDOW_SECONDS = 60 * 60;
/**
 * Confirmation mails one address may receive, whatever it asks for and whoever asks: one per ten
 * minutes, five a day. Past them the request answers the same and mails nothing.
 */
export const STOCK_ALERT_MAILS_PER_ADDRESS = [
  { max: 1, windowSeconds: 10 * 60 },
  { max: 5, windowSeconds: 24 * 60 * 60 },
] as const;

/** The form and the API: an email, and the variant of a product with options (none for one without). */
export const StockAlertRequestSchema = z.object({
  email: emailField,
  variant_id: optionalId(STOCK_ALERT_MESSAGES.notSold).meta({
    description: "The sold-out variant asked about; left out for a product without options.",
  }),
});
export type StockAlertRequest = z.output<typeof StockAlertRequestSchema>;
