import { beforeAll, describe, expect, it } from "vitest";
import { buildSeedStatements } from "../../db/seed";
import { reviews as seededReviews } from "../../db/seed/data/reviews";
import { AdminReviewListQuerySchema, REVIEW_MESSAGES, ReviewInputSchema } from "~/lib/schemas/reviews";
import { listReviewsForModeration, moderateReview } from "~/services/admin/reviews.server";
import { ConflictError, NotFoundError } from "~/services/errors";
import { createReview, findOwnReview, listProductReviews } from "~/services/reviews.server";
import { createTestDb, type TestDb } from "./db";
import { rejection } from "./fixtures";

type Client = TestDb["client"];

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});

async function rows<T = Record<string, unknown>>(
  client: Client,
  sql: string,
  args: Array<string | number | null> = [],
): Promise<T[]> {
  return (await client.execute({ sql, args })).rows as unknown as T[];
}

let serial = 0;
/** A new shopper account (straight into the table: the review service only needs its id and name). */
async function newShopper(name = "Maya Rodriguez"): Promise<{ id: number; name: string }> {
  serial += 1;
  const email = `reviewer-${serial}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  await t.client.execute({
    sql: "INSERT INTO users (name, email, password_hash) VALUES (?, ?, 'x')",
    args: [name, email],
  });
  const [user] = await rows<{ id: number }>(t.client, "SELECT id FROM users WHERE email = ?", [email]);
  return { id: Number(user!.id), name };
}

/** An order of the product for the user, in the given status. */
async function orderOf(userId: number, productId: number, status: string): Promise<void> {
  serial += 1;
  const number = `TB-REV-${serial}-${Math.random().toString(36).slice(2, 8)}`;
  await t.client.execute({
    sql: `INSERT INTO orders (order_number, user_id, status, email, subtotal_cents, total_cents, shipping_address, billing_address)
          VALUES (?, ?, ?, 'buyer@example.test', 1000, 1000, '{}', '{}')`,
    args: [number, userId, status],
  });
  await t.client.execute({
    sql: `INSERT INTO order_items (order_id, product_id, product_name, product_sku, quantity, price_cents, total_cents)
          SELECT id, ?, 'A bouquet', 'SKU', 1, 1000, 1000 FROM orders WHERE order_number = ?`,
    args: [productId, number],
  });
}

/** A seeded product (by slug) with its stored figures. */
async function product(slug: string) {
  const [row] = await rows<{ id: number; review_count: number; review_average: number }>(
    t.client,
    "SELECT id, review_count, review_average FROM products WHERE slug = ?",
    [slug],
  );
  return { id: Number(row!.id), count: Number(row!.review_count), average: Number(row!.review_average) };
}

/** What the approved rows of a product say, worked out here from the rows. */
async function honestFigures(productId: number) {
  const ratings = (
    await rows<{ rating: number }>(
      t.client,
      "SELECT rating FROM reviews WHERE product_id = ? AND status = 'approved'",
      [productId],
    )
  ).map((r) => Number(r.rating));
  const average = ratings.length ? Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 100) / 100 : 0;
  return { count: ratings.length, average };
}

const input = (rating: number, title = "Lovely bouquet", body = "Soft, bright and very well made.") =>
  ReviewInputSchema.parse({ rating, title, body });
const ADMIN_ACTOR = { id: 1, name: "Admin", email: "admin@twistbloom.test" };

describe("the seeded reviews", () => {
  it("are real rows, and every product's count and average are computed from them", async () => {
    const products = await rows<{ id: number; slug: string; review_count: number; review_average: number }>(
      t.client,
      "SELECT id, slug, review_count, review_average FROM products",
    );
    let withReviews = 0;
    for (const row of products) {
      const expected = seededReviews.filter((review) => review.product === row.slug);
      const average = expected.length
        ? Math.round((expected.reduce((sum, r) => sum + r.rating, 0) / expected.length) * 100) / 100
        : 0;
      expect({ slug: row.slug, count: Number(row.review_count), average: Number(row.review_average) }).toEqual({
        slug: row.slug,
        count: expected.length,
        average,
      });
      if (expected.length) withReviews += 1;
    }
    expect(withReviews).toBeGreaterThan(products.length / 2);
    const [stored] = await rows<{ n: number; users: number; verified: number }>(
      t.client,
      "SELECT COUNT(*) AS n, COUNT(user_id) AS users, SUM(verified_purchase) AS verified FROM reviews",
    );
    expect(Number(stored!.n)).toBe(seededReviews.length);
    expect(Number(stored!.users)).toBe(0);
    expect(Number(stored!.verified)).toBe(0);
  });

  it("are not added twice when the seed runs again", async () => {
    const before = await rows<{ n: number }>(t.client, "SELECT COUNT(*) AS n FROM reviews");
    for (const statement of await buildSeedStatements({ devUsers: false })) await t.client.execute(statement);
    const after = await rows<{ n: number }>(t.client, "SELECT COUNT(*) AS n FROM reviews");
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n));
  });
});

describe("listing a product's reviews", () => {
  it("gives a page of published reviews, newest first, and the summary of all of them, in one statement", async () => {
    const blush = await product("blush-garden-bouquet");
    const queriesBefore = t.timer.queries;
    const page = await listProductReviews(t.db, { id: blush.id }, 1, 2);
    expect(t.timer.queries - queriesBefore).toBe(1);
    const all = seededReviews
      .filter((review) => review.product === "blush-garden-bouquet")
      .sort((a, b) => b.created_at - a.created_at);
    expect(page.summary.count).toBe(all.length);
    expect(page.summary.average).toBe(Math.round((all.reduce((sum, r) => sum + r.rating, 0) / all.length) * 10) / 10);
    for (const star of ["1", "2", "3", "4", "5"] as const) {
      expect(page.summary.distribution[star]).toBe(all.filter((review) => String(review.rating) === star).length);
    }
    expect(page.reviews.map((review) => review.title)).toEqual(all.slice(0, 2).map((review) => review.title));
    expect(page.pagination).toMatchObject({
      current_page: 1,
      per_page: 2,
      total: all.length,
      last_page: Math.ceil(all.length / 2),
    });
    expect(page.reviews[0]).toMatchObject({
      author_name: all[0]!.author_name,
      verified_purchase: false,
      rating: all[0]!.rating,
    });
  });

  it("is a 404 for an unknown or archived product", async () => {
    expect(await rejection(listProductReviews(t.db, { id: 999_999 }))).toBeInstanceOf(NotFoundError);
    const { id } = await product("little-cactus-trio");
    await t.client.execute({ sql: "UPDATE products SET is_active = 0 WHERE id = ?", args: [id] });
    expect(await rejection(listProductReviews(t.db, { id }))).toBeInstanceOf(NotFoundError);
    const shopper = await newShopper();
    expect(await rejection(createReview(t.db, id, shopper, input(5)))).toBeInstanceOf(NotFoundError);
    await t.client.execute({ sql: "UPDATE products SET is_active = 1 WHERE id = ?", args: [id] });
  });
});

describe("writing a review", () => {
  it("without a delivered order: waits for moderation, changes no figure; approving it counts it", async () => {
    const target = await product("mamas-lavender-posy");
    const shopper = await newShopper("Daniel Kim Park");
    await orderOf(shopper.id, target.id, "shipped"); // not delivered yet: not a verified purchase
    const created = await createReview(
      t.db,
      target.id,
      shopper,
      input(1, "  Not my style  ", "  The fuzzy look is not for me.\r\n\r\nWell made though. "),
    );
    expect(created).toMatchObject({
      published: false,
      status: "pending",
      review: {
        rating: 1,
        title: "Not my style",
        body: "The fuzzy look is not for me.\n\nWell made though.",
        author_name: "Daniel P.",
        verified_purchase: false,
      },
    });
    expect(await product("mamas-lavender-posy")).toEqual(target);
    const listed = await listProductReviews(t.db, { id: target.id }, 1, 50);
    expect(listed.reviews.map((review) => review.id)).not.toContain(created.review.id);
    expect(await findOwnReview(t.db, { slug: "mamas-lavender-posy" }, shopper.id)).toEqual({
      id: created.review.id,
      status: "pending",
    });

    const pending = await listReviewsForModeration(t.db, AdminReviewListQuerySchema.parse({ status: "pending" }));
    expect(pending.data.map((review) => review.id)).toContain(created.review.id);
    expect(pending.counts.pending).toBeGreaterThanOrEqual(1);

    const approved = await moderateReview(t.db, ADMIN_ACTOR, created.review.id, "approved");
    expect(approved).toMatchObject({ status: "approved", product: { id: target.id, slug: "mamas-lavender-posy" } });
    const after = await product("mamas-lavender-posy");
    expect(after.count).toBe(target.count + 1);
    expect({ count: after.count, average: after.average }).toEqual(await honestFigures(target.id));
    const [audit] = await rows<{ entity: string; entity_id: string; changes: string }>(
      t.client,
      "SELECT entity, entity_id, changes FROM audit_log WHERE entity = 'review' ORDER BY id DESC LIMIT 1",
    );
    expect(audit).toMatchObject({ entity: "review", entity_id: String(created.review.id) });
    expect(JSON.parse(audit!.changes)).toEqual({ status: ["pending", "approved"] });

    // Rejecting it again takes it out of the figures; the same status twice writes nothing.
    await moderateReview(t.db, ADMIN_ACTOR, created.review.id, "rejected");
    expect(await product("mamas-lavender-posy")).toEqual(target);
    const audits = await rows(t.client, "SELECT id FROM audit_log WHERE entity = 'review'");
    await moderateReview(t.db, ADMIN_ACTOR, created.review.id, "rejected");
    expect(await rows(t.client, "SELECT id FROM audit_log WHERE entity = 'review'")).toHaveLength(audits.length);
    expect(await rejection(moderateReview(t.db, ADMIN_ACTOR, 999_999, "approved"))).toBeInstanceOf(NotFoundError);
  });

  it("with a delivered order of the product: published at once as a verified purchase, and counted", async () => {
    const target = await product("peach-tulip-breakfast-bunch");
    const shopper = await newShopper("Priya Shah");
    await orderOf(shopper.id, target.id, "delivered");
    const created = await createReview(t.db, target.id, shopper, input(5));
    expect(created).toMatchObject({
      published: true,
      status: "approved",
      review: { verified_purchase: true, author_name: "Priya S." },
    });
    const after = await product("peach-tulip-breakfast-bunch");
    expect(after.count).toBe(target.count + 1);
    expect({ count: after.count, average: after.average }).toEqual(await honestFigures(target.id));
    const page = await listProductReviews(t.db, { id: target.id });
    expect(page.reviews[0]).toMatchObject({ id: created.review.id, verified_purchase: true });
  });

  it("a delivered order of another product does not make it verified", async () => {
    const target = await product("grandmas-garden-basket");
    const other = await product("sunny-desk-sunflowers");
    const shopper = await newShopper();
    await orderOf(shopper.id, other.id, "delivered");
    const created = await createReview(t.db, target.id, shopper, input(4));
    expect(created).toMatchObject({ published: false, review: { verified_purchase: false } });
  });

  it("a second review of the same product is a 409, even sent at the same moment", async () => {
    const target = await product("navy-thistle-fern-bundle");
    const shopper = await newShopper();
    await createReview(t.db, target.id, shopper, input(4));
    const second = await rejection(createReview(t.db, target.id, shopper, input(2)));
    expect(second).toBeInstanceOf(ConflictError);
    expect(second.message).toBe(REVIEW_MESSAGES.duplicate);

    const racer = await newShopper();
    const results = await Promise.allSettled(
      [1, 2, 3].map((rating) => createReview(t.db, target.id, racer, input(rating))),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results) if (result.status === "rejected") expect(result.reason).toBeInstanceOf(ConflictError);
    expect(
      await rows(t.client, "SELECT id FROM reviews WHERE product_id = ? AND user_id = ?", [target.id, racer.id]),
    ).toHaveLength(1);
  });

  it("many reviews written at once all count: the figures are recomputed from the rows, never added to", async () => {
    const target = await product("golden-hour-toolbox-bouquet");
    const shoppers = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(() => newShopper()));
    for (const shopper of shoppers) await orderOf(shopper.id, target.id, "delivered");
    const ratings = [5, 4, 3, 5, 2, 5, 4, 1];
    const created = await Promise.all(
      shoppers.map((shopper, i) => createReview(t.db, target.id, shopper, input(ratings[i]!))),
    );
    expect(created.every((result) => result.published)).toBe(true);
    const after = await product("golden-hour-toolbox-bouquet");
    expect(after.count).toBe(target.count + shoppers.length);
    expect({ count: after.count, average: after.average }).toEqual(await honestFigures(target.id));
    const summary = (await listProductReviews(t.db, { id: target.id })).summary;
    expect(summary.count).toBe(after.count);
    expect(summary.average).toBe(Math.round(after.average * 10) / 10);
  });

  it("concurrent moderation of several reviews keeps the figures honest too", async () => {
    const target = await product("little-cactus-trio");
    const shoppers = await Promise.all([1, 2, 3, 4, 5].map(() => newShopper()));
    const created = await Promise.all(
      shoppers.map((shopper, i) => createReview(t.db, target.id, shopper, input(i + 1))),
    );
    expect(created.every((result) => !result.published)).toBe(true);
    await Promise.all(created.map((result) => moderateReview(t.db, ADMIN_ACTOR, result.review.id, "approved")));
    const after = await product("little-cactus-trio");
    expect(after.count).toBe(target.count + 5);
    expect({ count: after.count, average: after.average }).toEqual(await honestFigures(target.id));
  });
});

describe("the review's input", () => {
  it("takes a rating of 1 to 5 and plain text within limits, with messages per field", () => {
    const messages = (value: Record<string, unknown>) => {
      const result = ReviewInputSchema.safeParse(value);
      return result.success
        ? {}
        : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
    };
    expect(messages({})).toEqual({
      rating: REVIEW_MESSAGES.ratingRequired,
      title: REVIEW_MESSAGES.titleRequired,
      body: REVIEW_MESSAGES.bodyRequired,
    });
    expect(messages({ rating: 6, title: "x".repeat(121), body: "y".repeat(2001) })).toEqual({
      rating: REVIEW_MESSAGES.ratingInvalid,
      title: REVIEW_MESSAGES.titleTooLong,
      body: REVIEW_MESSAGES.bodyTooLong,
    });
    expect(messages({ rating: 4.5, title: "   ", body: "\u0000" })).toMatchObject({
      rating: REVIEW_MESSAGES.ratingInvalid,
      title: REVIEW_MESSAGES.titleRequired,
    });
    expect(ReviewInputSchema.parse({ rating: "3", title: " <b>Hi</b> ", body: "ok" })).toEqual({
      rating: 3,
      title: "<b>Hi</b>",
      body: "ok",
    });
  });
});
