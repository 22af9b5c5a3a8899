import { z } from "zod";
import { statusListQuery } from "./admin";
import { integerParam } from "./query";
import { statusChange } from "./fields";

/**
 * Product reviews: the shopper's form and `POST /api/products/reviews/{id}`, the lists' query
 * strings, and the back office's moderation (`/admin/reviews`, `/api/admin/reviews`). One source for
 * the pages, the API and the browser's live checks.
 */

import {
  MODERATION_STATUSES,
  REVIEW_BODY_MAX,
  REVIEW_MESSAGES,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  REVIEW_STATUSES,
  REVIEW_TITLE_MAX,
} from "../reviews";

export * from "../reviews";

/** Control characters other than line breaks and tabs never belong in a review. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Plain text as typed: line endings as "\n", control characters dropped, trimmed. */
export function plainText(value: string): string {
  return value.replace(/\r\n?/g, "\n").replace(CONTROL, "").trim();
}

const text = (required: string, tooLong: string, max: number) =>
  z
    .unknown()
    .transform((value, ctx) => {
      const cleaned = typeof value === "string" ? plainText(value) : typeof value === "number" ? String(value) : "";
      if (!cleaned) {
        ctx.addIssue({ code: "custom", message: required });
        return z.NEVER;
      }
      if (cleaned.length > max) {
        ctx.addIssue({ code: "custom", message: tooLong });
        return z.NEVER;
      }
      return cleaned;
    })
    .meta({ type: "string", minLength: 1, maxLength: max });

/** A whole number of stars, 1 to 5: a JSON number or a form's "4". */
const rating = z
  .unknown()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === "") {
      ctx.addIssue({ code: "custom", message: REVIEW_MESSAGES.ratingRequired });
      return z.NEVER;
    }
    const number =
      typeof value === "number"
        ? value
        : typeof value === "string" && /^\s*\d+\s*$/.test(value)
          ? Number(value)
          : Number.NaN;
    if (!Number.isInteger(number) || number < REVIEW_RATING_MIN || number > REVIEW_RATING_MAX) {
      ctx.addIssue({ code: "custom", message: REVIEW_MESSAGES.ratingInvalid });
      return z.NEVER;
    }
    return number;
  })
  .meta({ type: "integer", minimum: REVIEW_RATING_MIN, maximum: REVIEW_RATING_MAX });

/** POST /api/products/reviews/{id} and the product page's review form: `{ rating, title, body }`. */
export const ReviewInputSchema = z.object({
  rating,
  title: text(REVIEW_MESSAGES.titleRequired, REVIEW_MESSAGES.titleTooLong, REVIEW_TITLE_MAX),
  body: text(REVIEW_MESSAGES.bodyRequired, REVIEW_MESSAGES.bodyTooLong, REVIEW_BODY_MAX),
});
export type ReviewInput = z.output<typeof ReviewInputSchema>;

/** GET /api/products/reviews/{id}?page= */
export const ReviewListQuerySchema = z.object({ page: integerParam("page", { fallback: 1 }) });

/** GET /api/admin/reviews?status=&page=: one status (every status when absent), newest first. */
export const AdminReviewListQuerySchema = statusListQuery(REVIEW_STATUSES);
export type AdminReviewListQuery = z.output<typeof AdminReviewListQuerySchema>;

/** PATCH /api/admin/reviews/{id}: `{ status: "approved" | "rejected" }`. */
export const ReviewModerationSchema = statusChange(MODERATION_STATUSES, REVIEW_MESSAGES);

/** "Maya Rodriguez" becomes "Maya R.": the name a review shows, never a shopper's full name. */
export function reviewAuthorName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "A shopper";
  const first = parts[0]!;
  const last = parts.length > 1 ? parts[parts.length - 1]! : "";
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}
