import { z } from "zod";
import { TAGS } from "../../app/lib/cache-tags";
import { CACHE_SECONDS } from "../../app/lib/constants";
import { REVIEW_MESSAGES, ReviewInputSchema, ReviewListQuerySchema } from "../../app/lib/schemas/reviews";
import { createReview, listProductReviews } from "../../app/services/reviews.server";
import { PageMetaShape } from "../../app/services/serializers/page";
import { ReviewSchema, ReviewSummarySchema } from "../../app/services/serializers/review";
import { featureGate } from "./features";
import type { RouteConfig } from "@hono/zod-openapi";
import type { Handler } from "hono";
import { cachePublic, ok, parseBody, parseQuery, pathId, type ApiEnv } from "./http";
import { apiApp, errors, json, jsonOrForm, mount, SIGNED_IN_WRITE, success } from "./openapi";
import { authenticated } from "./session";

const tags = ["Reviews"];

const ReviewPageSchema = z.object({
  reviews: z.array(ReviewSchema),
  pagination: z.object(PageMetaShape),
  summary: ReviewSummarySchema,
});
const CreatedSchema = z.object({
  review: ReviewSchema,
  published: z
    .boolean()
    .meta({ description: "True when shown at once (a verified purchase); false while it waits for moderation." }),
});

const params = z.object({ id: z.string().meta({ description: "The product's id." }) });

/**
 * GET and POST /api/products/reviews/{id}: a product's published reviews, and a signed-in shopper's
 * own review. Both answer 404 while the settings switch reviews off. Mounted beside the products
 * router; each route carries the gate itself, so the other product routes never pass through it.
 *
 * They were first answered at /api/products/{id}/reviews, a path a reader cannot tell from
 * /api/products/slug/{slug} (`/api/products/slug/reviews`: Redocly's no-ambiguous-paths). That path
 * still answers the same, for the clients that call it, but is left out of the document
 * (docs/decisions/033-openapi-lint.md).
 */
export const reviewsApi = apiApp();
const FORMER_PATH = "/{id}/reviews";
const mountReviews = (route: RouteConfig, handler: Handler<ApiEnv>) => {
  mount(reviewsApi, route, handler);
  mount(reviewsApi, { ...route, path: FORMER_PATH, hide: true }, handler);
};
mountReviews(
  {
    method: "get",
    path: "/reviews/{id}",
    tags,
    summary: "A product's published reviews, newest first, with their summary",
    middleware: featureGate("reviews"),
    request: { params, query: z.object({ page: z.string().optional() }) },
    responses: {
      200: json(
        success(ReviewPageSchema),
        "A page of reviews and the summary of all of them; edge-cached until the product's reviews change.",
      ),
      ...errors(404, 422),
    },
  },
  async (c) => {
    const id = pathId(c, REVIEW_MESSAGES.productNotFound);
    const { page } = parseQuery(c, ReviewListQuerySchema);
    const { product_id: _, ...answer } = await listProductReviews(c.var.app.db, { id }, page);
    // Kept while the product's reviews and the settings (the feature's flag) are unchanged.
    cachePublic(c, { seconds: CACHE_SECONDS.products, tags: () => [TAGS.product(id), TAGS.settings] }, answer);
    return ok(c, answer);
  },
);
mountReviews(
  {
    method: "post",
    path: "/reviews/{id}",
    tags,
    summary: "Review a product (one review per shopper and product)",
    description:
      "Published at once and marked verified when the shopper has a delivered order of the product; otherwise it waits for moderation. Title and body are plain text.",
    middleware: [featureGate("reviews"), authenticated],
    security: SIGNED_IN_WRITE,
    request: { params, body: jsonOrForm(ReviewInputSchema) },
    responses: {
      201: json(success(CreatedSchema, { message: z.string() }), "Written: published, or waiting for approval."),
      ...errors(401, 403, 404, 409, 422),
    },
  },
  async (c) => {
    const id = pathId(c, REVIEW_MESSAGES.productNotFound);
    const input = await parseBody(c, ReviewInputSchema);
    const { user } = c.var.viewer;
    const { review, published } = await createReview(c.var.app.db, id, { id: user.id, name: user.name }, input);
    return c.json(
      {
        success: true,
        data: { review, published },
        message: published ? REVIEW_MESSAGES.published : REVIEW_MESSAGES.pending,
      },
      201,
    );
  },
);
