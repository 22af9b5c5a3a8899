import { z } from "zod";
import {
  AdminReviewListQuerySchema,
  REVIEW_MESSAGES,
  REVIEW_STATUSES,
  ReviewModerationSchema,
} from "../../../app/lib/schemas/reviews";
import { listReviewsForModeration, moderateReview } from "../../../app/services/admin/reviews.server";
import { AdminReviewSchema } from "../../../app/services/serializers/review";
import { statusCountsSchema } from "../../../app/services/serializers/wire";
import { ok, parseBody, parseQuery, pathId } from "../http";
import { apiApp } from "../openapi";
import { adminPage } from "./audit";
import { listQuery, rowChange, staffRoute } from "./route";
import { actor } from "./staff";

const ReviewCountsSchema = statusCountsSchema(REVIEW_STATUSES).meta({ id: "ReviewCounts" });

/** GET /api/admin/reviews?status=&page= and PATCH /api/admin/reviews/{id}: moderation. */
export const adminReviewsApi = apiApp();
staffRoute(
  adminReviewsApi,
  {
    method: "get",
    path: "/",
    summary:
      "Reviews to moderate, newest first: one status (pending, approved, rejected) or all, with the count of each",
    request: { query: listQuery({ status: z.enum(REVIEW_STATUSES).optional() }) },
    data: adminPage(AdminReviewSchema).extend({ counts: ReviewCountsSchema }),
    answer: "A page of reviews.",
  },
  async (c) => ok(c, await listReviewsForModeration(c.var.app.db, parseQuery(c, AdminReviewListQuerySchema))),
);
staffRoute(
  adminReviewsApi,
  {
    method: "patch",
    path: "/{id}",
    summary: "Approve or reject a review",
    description: "The product's review count and average are recomputed from the approved reviews in the same write.",
    request: rowChange(ReviewModerationSchema),
    data: AdminReviewSchema,
    answer: "The review as saved.",
    refusals: [409],
  },
  async (c) => {
    const id = pathId(c, REVIEW_MESSAGES.reviewNotFound);
    const { status } = await parseBody(c, ReviewModerationSchema);
    const review = await moderateReview(c.var.app.db, actor(c), id, status);
    return ok(c, review, { message: status === "approved" ? REVIEW_MESSAGES.approved : REVIEW_MESSAGES.rejected });
  },
);
