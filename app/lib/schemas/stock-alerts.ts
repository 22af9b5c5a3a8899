import { z } from "zod";
import { STOCK_ALERT_MESSAGES } from "../form-messages";
import { emailField } from "./account";
import { optionalId } from "./checkout";
import {
  CONFIRM_MAILS_PER_ADDRESS,
  CONFIRM_TOKEN_HOURS,
  SUBSCRIBE_CLIENT_WINDOW_SECONDS,
  SUBSCRIBE_MAX_PER_CLIENT,
} from "./newsletter";

export { STOCK_ALERT_MESSAGES };

/**
 * "Email me when it's back" (docs/decisions/037-bringing-shoppers-back.md): the product page's form and
 * `POST /api/products/{slug}/stock-alerts`. One source for the limits and the schema of both.
 */

/**
 * The newsletter's double opt-in rules, the same here: a confirmation link works 48 hours; 10 requests
 * per client address an hour (past them, 429); one confirmation mail per address in ten minutes and
 * five a day, whoever asks (past them the request answers the same and mails nothing).
 */
export const STOCK_ALERT_TOKEN_HOURS = CONFIRM_TOKEN_HOURS;
export const STOCK_ALERT_MAX_PER_CLIENT = SUBSCRIBE_MAX_PER_CLIENT;
export const STOCK_ALERT_CLIENT_WINDOW_SECONDS = SUBSCRIBE_CLIENT_WINDOW_SECONDS;
export const STOCK_ALERT_MAILS_PER_ADDRESS = CONFIRM_MAILS_PER_ADDRESS;

/** The form and the API: an email, and the variant of a product with options (none for one without). */
export const StockAlertRequestSchema = z.object({
  email: emailField,
  variant_id: optionalId(STOCK_ALERT_MESSAGES.notSold).meta({
    description: "The sold-out variant asked about; left out for a product without options.",
  }),
});
export type StockAlertRequest = z.output<typeof StockAlertRequestSchema>;
