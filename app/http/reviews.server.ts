import { TAGS } from "../lib/cache-tags";
import { CACHE_SECONDS } from "../lib/constants";
import { listProductReviews, type ReviewPage } from "../services/reviews.server";
import type { CacheEntry } from "./edge-cache.server";

/**
 * A page of a product's published reviews and their summary, as the product page reads it: through
 * the edge cache, kept while the product's tag is unchanged. Every write that changes what it shows
 * (a published review, a moderation) bumps that tag in its own batch, the same one the product's
 * own data (its rating and count) is kept by, so the two never disagree for long (docs/decisions/012).
 */
export const productReviewsEntry = (slug: string, page: number): CacheEntry<ReviewPage> => ({
  key: `product-reviews:${slug}:${page}`,
  seconds: CACHE_SECONDS.products,
  tags: (value) => [TAGS.product(value.product_id)],
  load: (db) => listProductReviews(db, { slug }, page),
});

/** `?reviews_page=N`: a whole number from 1; anything else is the first page. Pages past the last are simply empty. */
export function reviewsPageParam(value: string | null): number {
  if (!value || !/^\d{1,4}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}
