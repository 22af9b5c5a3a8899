import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { products, reviews } from "../../../db/schema";
import {
  REVIEW_MESSAGES,
  REVIEW_STATUSES,
  type AdminReviewListQuery,
  type ModerationStatus,
  type ReviewStatus,
} from "../../lib/schemas/reviews";
import { ConflictError, NotFoundError } from "../errors";
import { bumpProduct, recomputeAggregates, writtenReviewColumns } from "../reviews.server";
import { isoDate, named, type PageMeta, onePage, newestFirst, pageByStatus } from "../sql";
import { auditEntry, type Actor } from "../audit.server";
import type { AdminReview } from "../serializers/review";

/**
 * Moderation (`/admin/reviews`, `/api/admin/reviews`): staff approve or reject reviews. Each change
 * is one batch: its audit entry, the review's new status, the product's count and average
 * recomputed from the approved rows, and the product's cache tags, so the shop shows it at once.
 */

export type { AdminReview };

export type ReviewCounts = Record<ReviewStatus, number>;

// Joined columns carry their own names: D1 keys a batch's rows by column name ("id", "name").
const reviewColumns = named({
  id: reviews.id,
  productId: sql<number>`${products.id}`,
  productName: sql<string>`${products.name}`,
  productSlug: sql<string>`${products.slug}`,
  productCategoryId: sql<number | null>`${products.categoryId}`,
  userId: reviews.userId,
  ...writtenReviewColumns,
  moderatedAt: reviews.moderatedAt,
  createdAt: reviews.createdAt,
});

const selectReviews = (db: Database) =>
  db.select(reviewColumns).from(reviews).innerJoin(products, eq(products.id, reviews.productId));
type ReviewRow = Awaited<ReturnType<ReturnType<typeof selectReviews>["where"]>>[number];

const toReview = (row: ReviewRow): AdminReview => ({
  id: row.id,
  product: { id: row.productId, name: row.productName, slug: row.productSlug },
  user_id: row.userId,
  rating: row.rating,
  title: row.title,
  body: row.body,
  author_name: row.authorName,
  verified_purchase: row.verifiedPurchase,
  status: row.status,
  moderated_at: isoDate(row.moderatedAt),
  created_at: isoDate(row.createdAt),
});

const countsStatement = (db: Database) =>
  db
    .select({ status: reviews.status, count: sql<number>`count(*)`.as("review_status_count") })
    .from(reviews)
    .groupBy(reviews.status);

/** Reviews of one status (every status when none is given), newest first, with the count of each status: one batch. */
export async function listReviewsForModeration(
  db: Database,
  query: AdminReviewListQuery,
): Promise<{ data: AdminReview[] } & PageMeta & { counts: ReviewCounts }> {
  const [rows, countRows] = await db.batch([
    onePage(
      selectReviews(db)
        .where(query.status ? eq(reviews.status, query.status) : undefined)
        .$dynamic(),
      newestFirst(reviews),
      query,
    ),
    countsStatement(db),
  ]);
  return pageByStatus(query, REVIEW_STATUSES, rows.map(toReview), countRows);
}

/**
 * Approves or rejects a review. Nothing is written when it already has that status; otherwise one
 * batch records the audit entry, changes the status (only from the status it was read with, so of
 * two staff pressing at once one change stands and is recorded), recomputes the product's count and
 * average from the approved rows and bumps the product's cache tags.
 */
export async function moderateReview(
  db: Database,
  actor: Actor,
  id: number,
  status: ModerationStatus,
): Promise<AdminReview> {
  const [before] = await selectReviews(db).where(eq(reviews.id, id)).limit(1);
  if (!before) throw new NotFoundError(REVIEW_MESSAGES.reviewNotFound);
  if (before.status === status) return toReview(before);
  const from = before.status;
  const stillFrom = sql`EXISTS (SELECT 1 FROM "reviews" WHERE "id" = ${id} AND "status" = ${from})`;
  const [, , , , rows] = await db.batch([
    // Recorded first, while the condition still reads the status the decision was made on.
    auditEntry(
      db,
      actor,
      {
        action: "update",
        entity: "review",
        entityId: id,
        summary: `${status === "approved" ? "Approved" : "Rejected"} the review "${before.title}" by ${before.authorName} of ${before.productName}`,
        changes: { status: [from, status] },
      },
      stillFrom,
    ),
    bumpProduct(db, { id: before.productId, categoryId: before.productCategoryId }, stillFrom),
    db
      .update(reviews)
      .set({ status, moderatedBy: actor.id, moderatedAt: sql`unixepoch()`, updatedAt: sql`unixepoch()` })
      .where(and(eq(reviews.id, id), eq(reviews.status, from), ne(reviews.status, status))),
    recomputeAggregates(db, before.productId),
    selectReviews(db).where(eq(reviews.id, id)).limit(1),
  ]);
  const row = rows[0];
  if (!row) throw new NotFoundError(REVIEW_MESSAGES.reviewNotFound);
  // Someone else moderated it meanwhile: theirs stands, and the caller is told.
  if (row.status !== status)
    throw new ConflictError("This review was moderated by someone else meanwhile. Please try again.");
  return toReview(row);
}
