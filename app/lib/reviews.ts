/**
 * Product reviews' words and limits, free of the schema library: the product page's form and lists
 * import them from here, so the page does not load zod (about 27 KB gzip) for them; the schemas
 * (`./schemas/reviews`) build on the same figures and re-export them.
 */

export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MAX = 2000;
/** Reviews per page, on the product page and in the API. */
export const REVIEWS_PAGE_SIZE = 5;

export const REVIEW_STATUSES = ["pending", "approved", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
/** What staff may set: approve or reject (a review never goes back to waiting). */
export const MODERATION_STATUSES = ["approved", "rejected"] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

export const REVIEW_MESSAGES = {
  ratingRequired: "Please choose a rating from 1 to 5 stars.",
  ratingInvalid: "The rating must be a whole number from 1 to 5.",
  titleRequired: "The title field is required.",
  titleTooLong: `The title may not be greater than ${REVIEW_TITLE_MAX} characters.`,
  bodyRequired: "The review field is required.",
  bodyTooLong: `The review may not be greater than ${REVIEW_BODY_MAX} characters.`,
  formErrors: "Please fix the errors in your review.",
  published: "Thank you! Your review is published.",
  pending: "Thank you! Your review is waiting for approval.",
  duplicate: "You have already reviewed this product.",
  productNotFound: "Product not found",
  reviewNotFound: "Review not found",
  loginToReview: "Log in to write a review",
  statusRequired: "The status field is required.",
  statusInvalid: "The status must be approved or rejected.",
  approved: "Review approved and published.",
  rejected: "Review rejected.",
} as const;

/** What a shopper who already reviewed the product reads where the form would be. */
export const OWN_REVIEW_STATUS: Record<ReviewStatus, string> = {
  approved: "You have reviewed this product. Thank you!",
  pending: "You have reviewed this product. Your review is waiting for approval.",
  rejected: "You have already reviewed this product.",
};
