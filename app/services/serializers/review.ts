import { z } from "zod";
import { REVIEW_STATUSES } from "../../lib/reviews";

/** A published review: plain text, to be escaped wherever it is shown. */
export const ReviewSchema = z
  .object({
    id: z.number().int(),
    rating: z.number().int().min(1).max(5),
    title: z.string(),
    body: z.string().meta({ description: "Plain text (line breaks kept): escape it when showing it." }),
    author_name: z.string().meta({ description: "First name and initial." }),
    verified_purchase: z.boolean().meta({ description: "The author received this product in a delivered order." }),
    created_at: z.string().nullable(),
  })
  .meta({ id: "Review" });

export const ReviewSummarySchema = z
  .object({
    average: z
      .number()
      .meta({ description: "The mean of the published ratings, to one decimal; 0 when there are none." }),
    count: z.number().int(),
    distribution: z.object({
      "1": z.number().int(),
      "2": z.number().int(),
      "3": z.number().int(),
      "4": z.number().int(),
      "5": z.number().int(),
    }),
  })
  .meta({ id: "ReviewSummary" });

export type PublicReview = z.output<typeof ReviewSchema>;
export type ReviewSummary = z.output<typeof ReviewSummarySchema>;

/** A review as staff see it: the published review's fields, its product, author, status and when it was moderated. */
export const AdminReviewSchema = ReviewSchema.extend({
  product: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  user_id: z.number().int().nullable(),
  status: z.enum(REVIEW_STATUSES),
  moderated_at: z.string().nullable(),
}).meta({ id: "AdminReview" });

export type AdminReview = z.output<typeof AdminReviewSchema>;
