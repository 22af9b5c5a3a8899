import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { products, reviews } from "../../db/schema";
import { changes } from "../lib/cache-tags";
import {
  REVIEW_MESSAGES,
  REVIEWS_PAGE_SIZE,
  reviewAuthorName,
  type ReviewInput,
  type ReviewStatus,
} from "../lib/schemas/reviews";
import { bumpTags } from "./cache-tags.server";
import { ConflictError, NotFoundError } from "./errors";
import { isoDate, pageMeta, parseJsonArray, type PageMeta } from "./sql";
import type { PublicReview, ReviewSummary } from "./serializers/review";

/**
 * Product reviews (docs/decisions/012). A shopper writes one review per product; it is published
 * (`approved`) at once when the shopper has a delivered order of that product (a verified purchase),
 * otherwise it waits for staff (`pending`). The product's `review_count` and `review_average`, which
 * every card, page and answer shows, are never added to or taken from: each write that can change
 * them recomputes them from the approved rows, in the same batch, and bumps the product's cache tags
 * there too. Two reviews written at the same moment therefore both count.
 */

export type { PublicReview, ReviewSummary };

/** The 1-5 distribution, keyed "1".."5". */
type RatingDistribution = ReviewSummary["distribution"];

export interface ReviewPage {
  product_id: number;
  reviews: PublicReview[];
  pagination: PageMeta;
  summary: ReviewSummary;
}

const STARS = ["1", "2", "3", "4", "5"] as const;

/** A rating as the shop shows it: the stored two-decimal mean, to one decimal, the same way everywhere. */
export const oneDecimal = (average: number) => Math.round(average * 10) / 10;

/**
 * `review_count` and `review_average` recomputed from the approved rows (never incremented): put in
 * the batch of every write that changes a review's existence or status.
 */
export function recomputeAggregates(db: Database, productId: number | SQL) {
  const approved = sql`FROM "reviews" WHERE "reviews"."product_id" = ${productId} AND "reviews"."status" = 'approved'`;
  return db
    .update(products)
    .set({
      reviewCount: sql`(SELECT COUNT(*) ${approved})`,
      reviewAverage: sql`COALESCE((SELECT ROUND(AVG("reviews"."rating"), 2) ${approved}), 0)`,
    })
    .where(eq(products.id, productId));
}

/** The product's lists, pages and home tiles show its rating: their tags, in the same batch. */
export const bumpProduct = (db: Database, product: { id: number; categoryId: number | null }, onlyIf?: SQL) =>
  bumpTags(
    db,
    changes.productChanged(product.id, product.categoryId === null ? [] : [product.categoryId]),
    onlyIf ? { onlyIf } : {},
  );

// ---------------------------------------------------------------- reading

/** Which product: by id (the API) or by slug (the product page). Archived products have no reviews to show. */
type ProductKey = { id: number } | { slug: string };

const productWhere = (key: ProductKey) =>
  and("id" in key ? eq(products.id, key.id) : eq(products.slug, key.slug), eq(products.isActive, true));

/**
 * One page of a product's published reviews (newest first) and its summary: one statement, so one
 * round trip. The summary counts the same approved rows the page lists.
 */
export async function listProductReviews(
  db: Database,
  key: ProductKey,
  page = 1,
  perPage = REVIEWS_PAGE_SIZE,
): Promise<ReviewPage> {
  const offset = (page - 1) * perPage;
  const approvedOfProduct = sql.raw(`"r0"."product_id" = "products"."id" AND "r0"."status" = 'approved'`);
  const [row] = await db
    .select({
      productId: sql<number>`"products"."id"`.as("review_product_id"),
      page: sql<string>`(SELECT json_group_array(json_object('id', "r"."id", 'rating', "r"."rating", 'title', "r"."title", 'body', "r"."body", 'author_name', "r"."author_name", 'verified_purchase', "r"."verified_purchase", 'created_at', "r"."created_at")) FROM (SELECT * FROM "reviews" "r0" WHERE ${approvedOfProduct} ORDER BY "r0"."created_at" DESC, "r0"."id" DESC LIMIT ${perPage} OFFSET ${offset}) "r")`.as(
        "review_page_json",
      ),
      summary:
        sql<string>`(SELECT json_object('count', COUNT(*), 'average', COALESCE(ROUND(AVG("r0"."rating"), 2), 0), ${sql.raw(
          STARS.map((star) => `'${star}', COALESCE(SUM("r0"."rating" = ${star}), 0)`).join(", "),
        )}) FROM "reviews" "r0" WHERE ${approvedOfProduct})`.as("review_summary_json"),
    })
    .from(products)
    .where(productWhere(key))
    .limit(1);
  if (!row) throw new NotFoundError(REVIEW_MESSAGES.productNotFound);
  const summaryJson = (JSON.parse(row.summary || "{}") ?? {}) as Record<string, number>;
  const distribution = Object.fromEntries(
    STARS.map((star) => [star, Number(summaryJson[star] ?? 0)]),
  ) as RatingDistribution;
  const count = Number(summaryJson.count ?? 0);
  const list = parseJsonArray<Record<string, unknown>>(row.page).map((review): PublicReview => ({
    id: Number(review.id),
    rating: Number(review.rating),
    title: String(review.title ?? ""),
    body: String(review.body ?? ""),
    author_name: String(review.author_name ?? ""),
    verified_purchase: Boolean(review.verified_purchase),
    created_at: isoDate(review.created_at as number | null),
  }));
  return {
    product_id: Number(row.productId),
    reviews: list,
    pagination: pageMeta(page, perPage, count, list.length),
    summary: { average: count ? oneDecimal(Number(summaryJson.average ?? 0)) : 0, count, distribution },
  };
}

/** The shopper's own review of a product (any status), or null: the page shows it instead of the form. */
export async function findOwnReview(
  db: Database,
  key: ProductKey,
  userId: number,
): Promise<{ id: number; status: ReviewStatus } | null> {
  const [row] = await db
    .select({ id: reviews.id, status: reviews.status })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(and("id" in key ? eq(products.id, key.id) : eq(products.slug, key.slug), eq(reviews.userId, userId)))
    .limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------- writing

/** A review as its writer wrote it and where it stands: the columns the shopper's answer and staff's list both read. */
export const writtenReviewColumns = {
  rating: reviews.rating,
  title: reviews.title,
  body: reviews.body,
  authorName: reviews.authorName,
  verifiedPurchase: reviews.verifiedPurchase,
  status: reviews.status,
};

export interface Reviewer {
  id: number;
  name: string;
}

export interface CreatedReview {
  review: PublicReview;
  /** Approved at once (a verified purchase), or waiting for moderation. */
  published: boolean;
  status: ReviewStatus;
}

/**
 * Writes the shopper's review: one batch that inserts it (only while the product is on sale and the
 * shopper has none for it, which the unique index guards as well), publishes it at once when a
 * delivered order of theirs holds the product (decided in the insert itself, so nothing can slip
 * between the check and the write), recomputes the product's count and average from the approved
 * rows and, when it was published, bumps the product's cache tags. A second review is a 409; an
 * unknown or archived product a 404.
 */
export async function createReview(
  db: Database,
  productId: number,
  user: Reviewer,
  input: ReviewInput,
): Promise<CreatedReview> {
  const [found, own] = await db.batch([
    db
      .select({ id: products.id, categoryId: products.categoryId })
      .from(products)
      .where(productWhere({ id: productId }))
      .limit(1),
    db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.userId, user.id)))
      .limit(1),
  ]);
  const product = found[0];
  if (!product) throw new NotFoundError(REVIEW_MESSAGES.productNotFound);
  if (own[0]) throw new ConflictError(REVIEW_MESSAGES.duplicate);

  const delivered = sql`EXISTS (SELECT 1 FROM "orders" "o" JOIN "order_items" "oi" ON "oi"."order_id" = "o"."id" WHERE "o"."user_id" = ${user.id} AND "o"."status" = 'delivered' AND "oi"."product_id" = ${productId})`;
  const mine = and(eq(reviews.productId, productId), eq(reviews.userId, user.id));
  const [inserted, , , rows] = await db.batch([
    db
      .insert(reviews)
      .select(
        db
          .select({
            // Every column in the table's order, as drizzle's insert-select asks; NULL numbers the row.
            id: sql`NULL`.as("id"),
            productId: sql`${productId}`.as("product_id"),
            userId: sql`${user.id}`.as("user_id"),
            rating: sql`${input.rating}`.as("rating"),
            title: sql`${input.title}`.as("title"),
            body: sql`${input.body}`.as("body"),
            authorName: sql`${reviewAuthorName(user.name)}`.as("author_name"),
            verifiedPurchase: sql`${delivered}`.as("verified_purchase"),
            status: sql`CASE WHEN ${delivered} THEN 'approved' ELSE 'pending' END`.as("status"),
            moderatedBy: sql`NULL`.as("moderated_by"),
            moderatedAt: sql`NULL`.as("moderated_at"),
            createdAt: sql`unixepoch()`.as("created_at"),
            updatedAt: sql`unixepoch()`.as("updated_at"),
          })
          .from(products)
          .where(
            and(
              productWhere({ id: productId }),
              sql`NOT EXISTS (SELECT 1 FROM "reviews" "mine" WHERE "mine"."product_id" = ${productId} AND "mine"."user_id" = ${user.id})`,
            ),
          ),
      )
      .onConflictDoNothing()
      .returning({ id: reviews.id }),
    recomputeAggregates(db, productId),
    // Only a published review changes what the shop shows.
    bumpProduct(
      db,
      product,
      sql`EXISTS (SELECT 1 FROM "reviews" WHERE "product_id" = ${productId} AND "user_id" = ${user.id} AND "status" = 'approved')`,
    ),
    db
      .select({
        id: reviews.id,
        ...writtenReviewColumns,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .where(mine)
      .limit(1),
  ]);
  const row = rows[0];
  // Nothing inserted: the shopper's other request won the race (409), or the product just left the shop (404).
  if (inserted.length === 0) {
    if (row) throw new ConflictError(REVIEW_MESSAGES.duplicate);
    throw new NotFoundError(REVIEW_MESSAGES.productNotFound);
  }
  if (!row) throw new NotFoundError(REVIEW_MESSAGES.productNotFound);
  return {
    review: {
      id: row.id,
      rating: row.rating,
      title: row.title,
      body: row.body,
      author_name: row.authorName,
      verified_purchase: row.verifiedPurchase,
      created_at: isoDate(row.createdAt),
    },
    published: row.status === "approved",
    status: row.status,
  };
}
