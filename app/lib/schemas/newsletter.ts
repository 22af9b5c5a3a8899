import { z } from "zod";
import { adminPaging } from "./admin";
import { NEWSLETTER_MESSAGES, ONE_CLICK_FIELD, ONE_CLICK_VALUE } from "../form-messages";
import { emailField } from "./account";

export { NEWSLETTER_MESSAGES, ONE_CLICK_FIELD, ONE_CLICK_VALUE };
import { enumParam, searchParam } from "./query";

/**
 * The newsletter (the "Newsletter" bullet of the shoppers' extras): the footer's sign-up form and
 * `POST /api/newsletter/subscribe`, the confirm and unsubscribe pages, the back office's list. One
 * source for the words, the limits and the schemas of the pages, the API and the service.
 */

export const NEWSLETTER_STATUSES = ["pending", "subscribed", "unsubscribed"] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/** How long a confirmation link works. */
export const CONFIRM_TOKEN_HOURS = 48;

/** Sign-ups allowed per client address in the window: past them, 429. */
export const SUBSCRIBE_MAX_PER_CLIENT = 10;
export const SUBSCRIBE_CLIENT_WINDOW_SECONDS = 60 * 60;
/**
 * Confirmation mails one address may receive, however many clients ask: one per ten minutes, five a
 * day. Past them the sign-up answers the same and mails nothing (the link mailed before still works).
 */
export const CONFIRM_MAILS_PER_ADDRESS = [
  { max: 1, windowSeconds: 10 * 60 },
  { max: 5, windowSeconds: 24 * 60 * 60 },
] as const;

/** The footer form and `POST /api/newsletter/subscribe`: an email. */
export const NewsletterSubscribeSchema = z.object({ email: emailField });
export type NewsletterSubscribeInput = z.output<typeof NewsletterSubscribeSchema>;

/** GET /api/admin/newsletter and `/admin/newsletter`: one status (or all), part of the address, pages. */
export const NewsletterListQuerySchema = z.object({
  status: enumParam("status", NEWSLETTER_STATUSES),
  search: searchParam("search", 254),
  ...adminPaging,
});
export type NewsletterListQuery = z.output<typeof NewsletterListQuerySchema>;

/** The CSV export's filters: the list's, without pages. */
export const NewsletterExportQuerySchema = NewsletterListQuerySchema.pick({ status: true, search: true });
export type NewsletterExportQuery = z.output<typeof NewsletterExportQuerySchema>;
