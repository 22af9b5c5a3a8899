import { z } from "zod";
import { adminPaging } from "./admin";
import { enumParam, searchParam } from "./query";

/**
 * The back office's outbox (`/admin/mail`, `/api/admin/mail`): one source for the page's filter
 * form and the API's query string.
 */

export const MAIL_STATUSES = ["queued", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_MESSAGES = {
  notFound: "Email not found",
  alreadySent: "This email was already sent.",
  waiting: "This email is already waiting to be sent.",
  sending: "This email is being sent right now.",
  retried: "Email queued to be sent again.",
  /** What a sent mail's text says once the retention sweep removed its body. */
  bodyRemoved: (days: number) =>
    `The body of this email was removed: the shop keeps a sent email's body for ${days} day${days === 1 ? "" : "s"}.`,
} as const;

/** GET /api/admin/mail and the list page: part of the address, one template, one status, pages. */
export const MailListQuerySchema = z.object({
  to: searchParam("to", 254),
  template: searchParam("template", 60),
  status: enumParam("status", MAIL_STATUSES),
  ...adminPaging,
});
export type MailListQuery = z.output<typeof MailListQuerySchema>;

/** An outbox id as a URL gives it (a UUID; anything longer or stranger is simply not found). */
export const mailIdOf = (text: string | null | undefined): string | null => {
  const id = text?.trim() ?? "";
  return /^[A-Za-z0-9-]{1,64}$/.test(id) ? id : null;
};
