import { z } from "zod";
import { parseId } from "../../../app/lib/ids";
import {
  AdminReviewListQuerySchema,
  REVIEW_MESSAGES,
  REVIEW_STATUSES,
  ReviewModerationSchema,
} from "../../../app/lib/schemas/reviews";
import { listReviewsForModeration, moderateReview } from "../../../app/services/admin/reviews.server";
import { NotFoundError } from "../../../app/services/errors";
import { ok, parseBody, parseQuery } from "../http";
import { apiApp, errors, json, jsonOrForm, mount, success } from "../openapi";
import { adminPage } from "./audit";
import { actor, STAFF_READ, STAFF_WRITE } from "./staff";

const tags = ["Admin"];

/** A review as staff see it: its product, author, status and when it was moderated. */
export const AdminReviewSchema = z
  .object({
    id: z.number().int(),
    product: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
    user_id: z.number().int().nullable(),
    rating: z.number().int(),
    title: z.string(),
    body: z.string(),
    author_name: z.string(),
    verified_purchase: z.boolean(),
    status: z.enum(REVIEW_STATUSES),
    moderated_at: z.string().nullable(),
    created_at: z.string().nullable(),
  })
  .meta({ id: "AdminReview" });

const ReviewCountsSchema = z
  .object({ pending: z.number().int(), approved: z.number().int(), rejected: z.number().int() })
  .meta({ id: "ReviewCounts" });

/** GET /api/admin/reviews?status=&page= and PATCH /api/admin/reviews/{id}: moderation. */
export const adminReviewsApi = apiApp();
mount(
  adminReviewsApi,
  {
    method: "get",
    path: "/",
    tags,
    summary:
      "Reviews to moderate, newest first: one status (pending, approved, rejected) or all, with the count of each",
    security: STAFF_READ,
    request: {
      query: z.object({
        status: z.enum(REVIEW_STATUSES).optional(),
        page: z.string().optional(),
        per_page: z.string().optional(),
      }),
    },
    responses: {
      200: json(success(adminPage(AdminReviewSchema).extend({ counts: ReviewCountsSchema })), "A page of reviews."),
      ...errors(401, 403, 422),
    },
  },
  async (c) => ok(c, await listReviewsForModeration(c.var.app.db, parseQuery(c, AdminReviewListQuerySchema))),
);
mount(
  adminReviewsApi,
  {
    method: "patch",
    path: "/{id}",
    tags,
    summary: "Approve or reject a review",
    description: "The product's review count and average are recomputed from the approved reviews in the same write.",
    security: STAFF_WRITE,
    request: { params: z.object({ id: z.string() }), body: jsonOrForm(ReviewModerationSchema) },
    responses: {
      200: json(success(AdminReviewSchema, { message: z.string() }), "The review as saved."),
      ...errors(401, 403, 404, 409, 422),
    },
  },
  async (c) => {
    const id = parseId(c.req.param("id"));
    if (id === null) throw new NotFoundError(REVIEW_MESSAGES.reviewNotFound);
    const { status } = await parseBody(c, ReviewModerationSchema);
    const review = await moderateReview(c.var.app.db, actor(c), id, status);
    return ok(c, review, { message: status === "approved" ? REVIEW_MESSAGES.approved : REVIEW_MESSAGES.rejected });
  },
);
