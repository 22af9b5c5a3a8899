import { and, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  accountTokens,
  mailOutbox,
  newsletterSubscribers,
  occasions,
  orderItems,
  orders,
  passwordResets,
  products,
  reviews,
  savedRecipients,
  sessions,
  userIdentities,
  users,
  wishlistItems,
} from "../../db/schema";
import { changes } from "../lib/cache-tags";
import { FORMER_CUSTOMER, RIGHTS_MESSAGES, type ReviewChoice } from "../lib/schemas/account-rights";
import { toUser, userFields, type AuthUser } from "./auth.server";
import { bumpTags } from "./cache-tags.server";
import { ConflictError, ValidationError } from "./errors";
import { mailShop, type MailContext } from "./mail/context";
import { mailStatement } from "./mail/outbox.server";
import { secretMark } from "./mail/sealed.server";
import { accountDeletionMail } from "./mail/templates/account-deletion";
import { giftRecipient, itemColumns, orderColumns, toOrders, type GiftRecipient } from "./serializers/order";
import { verifyPassword } from "../lib/password";
import { occasionDateLabel } from "../lib/occasions";
import { consumeLimits, limitOn } from "./rate-limit.server";
import { orderJson, type OrderJson } from "./serializers/order";
import { isoDate } from "./sql";
import { hashToken, newToken, TOKEN_PATTERN, tokenLink } from "./tokens.server";
import { newLinkStatements, unusedToken } from "./account-tokens.server";

/**
 * A shopper's data rights (docs/decisions/025): a copy of everything the account holds, and
 * deleting the account. Deleting removes the person (name, address, password, sign-in links,
 * wishlist, occasions, newsletter sign-up, links, sessions) in ONE batch, keeps the orders for the shop's books
 * under a placeholder, and keeps or removes the reviews as the shopper chose, the products' ratings
 * following in that batch.
 */

/** Orders in these states are still being fulfilled: the account cannot be deleted under them. */
export const OPEN_ORDER_STATUSES = ["pending", "processing", "shipped"] as const;
export const DELETE_LINK_MINUTES = 60;
export const DELETE_LINK_TEMPLATE = "account_deletion";
/** Deletion attempts (password checks) per account, and links asked per account, in their windows. */
export const DELETE_ATTEMPTS_MAX = 5;
export const DELETE_ATTEMPTS_WINDOW_SECONDS = 15 * 60;
export const DELETE_LINKS_MAX = 3;
export const DELETE_LINKS_WINDOW_SECONDS = 60 * 60;

export const deleteAttemptsLimit = limitOn("delete:user", DELETE_ATTEMPTS_MAX, DELETE_ATTEMPTS_WINDOW_SECONDS);
export const deleteLinksLimit = limitOn("delete-link:user", DELETE_LINKS_MAX, DELETE_LINKS_WINDOW_SECONDS);

export const deleteAccountLink = (origin: string, token: string) => tokenLink(origin, "/delete-account", token);

// ---------------------------------------------------------------- the copy of one's data

export interface AccountExport {
  exported_at: string;
  profile: AuthUser;
  orders: OrderJson[];
  reviews: Array<{
    id: number;
    product: { id: number; name: string; slug: string };
    rating: number;
    title: string;
    body: string;
    author_name: string;
    status: string;
    verified_purchase: boolean;
    created_at: string | null;
  }>;
  wishlist: Array<{ product: { id: number; name: string; slug: string }; added_at: string | null }>;
  newsletter: {
    email: string;
    status: string;
    confirmed_at: string | null;
    unsubscribed_at: string | null;
    created_at: string | null;
  } | null;
  sign_in_methods: Array<{ provider: string; linked_at: string | null; last_used_at: string | null }>;
  saved_recipients: Array<{ recipient: GiftRecipient; last_used_at: string | null; saved_at: string | null }>;
  occasions: Array<{
    name: string;
    month: number;
    day: number;
    year: number | null;
    repeats: string;
    date_label: string;
    saved_at: string | null;
  }>;
}

/**
 * Everything the account holds, in one batch of reads (one statement per kind of data, whatever
 * the number of rows): the profile, the orders with their items, reviews, wishlist, newsletter
 * state, the linked sign-in methods by provider name (no token, no provider id), the recipients
 * kept from gifts (name and address) and the occasions saved for reminders. Null when
 * there is no such live account.
 */
export async function exportAccountData(db: Database, userId: number): Promise<AccountExport | null> {
  const ownOrders = db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
  const [userRows, orderRows, itemRows, reviewRows, wishRows, newsletterRows, identityRows, giftRows, occasionRows] =
    await db.batch([
      db
        .select(userFields)
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt))),
      db
        .select(orderColumns)
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id)),
      db.select(itemColumns).from(orderItems).where(inArray(orderItems.orderId, ownOrders)).orderBy(orderItems.id),
      db
        .select({
          id: reviews.id,
          product_id: products.id,
          product_name: products.name,
          product_slug: products.slug,
          rating: reviews.rating,
          title: reviews.title,
          body: reviews.body,
          author_name: reviews.authorName,
          status: reviews.status,
          verified_purchase: reviews.verifiedPurchase,
          created_at: reviews.createdAt,
        })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .where(eq(reviews.userId, userId))
        .orderBy(desc(reviews.createdAt), desc(reviews.id)),
      db
        .select({
          product_id: products.id,
          name: products.name,
          slug: products.slug,
          added_at: wishlistItems.createdAt,
        })
        .from(wishlistItems)
        .innerJoin(products, eq(products.id, wishlistItems.productId))
        .where(eq(wishlistItems.userId, userId))
        .orderBy(desc(wishlistItems.createdAt)),
      db
        .select({
          email: newsletterSubscribers.email,
          status: newsletterSubscribers.status,
          confirmed_at: newsletterSubscribers.confirmedAt,
          unsubscribed_at: newsletterSubscribers.unsubscribedAt,
          created_at: newsletterSubscribers.createdAt,
        })
        .from(newsletterSubscribers)
        .where(
          eq(newsletterSubscribers.email, sql`(SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${userId})`),
        ),
      db
        .select({
          provider: userIdentities.provider,
          linked_at: userIdentities.createdAt,
          last_used_at: userIdentities.lastUsedAt,
        })
        .from(userIdentities)
        .where(eq(userIdentities.userId, userId))
        .orderBy(userIdentities.provider),
      db
        .select({
          address: savedRecipients.address,
          last_used_at: savedRecipients.lastUsedAt,
          saved_at: savedRecipients.createdAt,
        })
        .from(savedRecipients)
        .where(eq(savedRecipients.userId, userId))
        .orderBy(desc(savedRecipients.lastUsedAt), desc(savedRecipients.id)),
      db
        .select({
          name: occasions.name,
          month: occasions.month,
          day: occasions.day,
          year: occasions.year,
          repeats: occasions.repeats,
          saved_at: occasions.createdAt,
        })
        .from(occasions)
        .where(eq(occasions.userId, userId))
        .orderBy(occasions.month, occasions.day, occasions.id),
    ]);
  const user = userRows[0];
  if (!user) return null;
  const newsletter = newsletterRows[0];
  return {
    exported_at: new Date().toISOString(),
    profile: toUser(user),
    orders: toOrders(orderRows, itemRows).map(orderJson),
    reviews: reviewRows.map((row) => ({
      id: row.id,
      product: { id: row.product_id, name: row.product_name, slug: row.product_slug },
      rating: row.rating,
      title: row.title,
      body: row.body,
      author_name: row.author_name,
      status: row.status,
      verified_purchase: row.verified_purchase,
      created_at: isoDate(row.created_at),
    })),
    wishlist: wishRows.map((row) => ({
      product: { id: row.product_id, name: row.name, slug: row.slug },
      added_at: isoDate(row.added_at),
    })),
    newsletter: newsletter
      ? {
          email: newsletter.email,
          status: newsletter.status,
          confirmed_at: isoDate(newsletter.confirmed_at),
          unsubscribed_at: isoDate(newsletter.unsubscribed_at),
          created_at: isoDate(newsletter.created_at),
        }
      : null,
    sign_in_methods: identityRows.map((row) => ({
      provider: row.provider,
      linked_at: isoDate(row.linked_at),
      last_used_at: isoDate(row.last_used_at),
    })),
    saved_recipients: giftRows.map((row) => ({
      recipient: giftRecipient(row.address),
      last_used_at: isoDate(row.last_used_at),
      saved_at: isoDate(row.saved_at),
    })),
    occasions: occasionRows.map((row) => ({
      name: row.name,
      month: row.month,
      day: row.day,
      year: row.year,
      repeats: row.repeats,
      date_label: occasionDateLabel(row),
      saved_at: isoDate(row.saved_at),
    })),
  };
}

/** The file name of a copy made today: `twistbloom-my-data-YYYY-MM-DD.json`. */
export const exportFileName = (now = new Date()) => `twistbloom-my-data-${now.toISOString().slice(0, 10)}.json`;

// ---------------------------------------------------------------- what stands in the way

const openOrderOf = (userId: number | SQL) =>
  sql`EXISTS (SELECT 1 FROM "orders" "oo" WHERE "oo"."user_id" = ${userId} AND "oo"."status" IN (${sql.join(
    OPEN_ORDER_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  )}))`;

const staffOf = (userId: number | SQL) =>
  sql`EXISTS (SELECT 1 FROM "user_roles" "sr" INNER JOIN "roles" "r" ON "r"."id" = "sr"."role_id" WHERE "sr"."user_id" = ${userId} AND "r"."name" IN ('admin', 'super-admin'))`;

/** What the deletion needs to know of the account, read in one statement. */
function deletionFacts(db: Database, userId: number) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      password_hash: users.passwordHash,
      deleted_at: users.deletedAt,
      open_orders: sql<number>`${openOrderOf(userId)}`.mapWith(Number).as("open_orders"),
      staff: sql<number>`${staffOf(userId)}`.mapWith(Number).as("staff"),
      reviewed: sql<
        string | null
      >`(SELECT group_concat("rp"."id" || ':' || coalesce("rp"."category_id", ''), ',') FROM "reviews" "rv" INNER JOIN "products" "rp" ON "rp"."id" = "rv"."product_id" WHERE "rv"."user_id" = ${userId})`.as(
        "reviewed",
      ),
    })
    .from(users)
    .where(eq(users.id, userId));
}
type Facts = Awaited<ReturnType<typeof deletionFacts>>[number];

/** Whether the account can be deleted now: null when it can, else why not (the page shows it before the form). */
export async function deletionBlocker(db: Database, userId: number): Promise<string | null> {
  const [facts] = await deletionFacts(db, userId);
  return facts ? blocker(facts) : null;
}

function blocker(facts: Pick<Facts, "staff" | "open_orders">): string | null {
  if (facts.staff) return RIGHTS_MESSAGES.staff;
  if (facts.open_orders) return RIGHTS_MESSAGES.openOrders;
  return null;
}

// ---------------------------------------------------------------- deleting

export interface DeletedAccount {
  userId: number;
  /** The address the account had (for the page's goodbye; it is no longer stored anywhere). */
  email: string;
}

/**
 * Deletes the signed-in shopper's account after checking their password. The attempt is counted
 * against the account's limit first (429 past it); a staff account or one with orders still being
 * fulfilled is a 409; a wrong password a 422 naming `password`.
 */
export async function deleteAccountWithPassword(
  db: Database,
  userId: number,
  input: { password: string; reviews: ReviewChoice },
): Promise<DeletedAccount> {
  await consumeLimits(db, [deleteAttemptsLimit(userId)], RIGHTS_MESSAGES.tooMany);
  const [facts] = await deletionFacts(db, userId);
  if (!facts || facts.deleted_at) throw wrongPassword();
  const blocked = blocker(facts);
  if (blocked) throw new ConflictError(blocked);
  if (!(await verifyPassword(input.password, facts.password_hash))) throw wrongPassword();
  // Applies only while the password is still the one just checked.
  return deleteAccount(db, facts, input.reviews, eq(users.passwordHash, facts.password_hash), wrongPassword);
}

const wrongPassword = () => new ValidationError({ password: [RIGHTS_MESSAGES.passwordWrong] }, RIGHTS_MESSAGES.failed);
const invalidLink = () => new ValidationError({ token: [RIGHTS_MESSAGES.linkInvalid] }, RIGHTS_MESSAGES.linkInvalid);

const liveDeleteToken = (tokenHash: string, userId: number | SQL | typeof accountTokens.userId) =>
  and(
    eq(accountTokens.tokenHash, tokenHash),
    eq(accountTokens.userId, userId),
    unusedToken("delete_account", new Date()),
  );

/** The account a mailed deletion link still works for, or null (the page asks before showing its button). */
export async function deletionLinkAccount(
  db: Database,
  token: string,
): Promise<{ userId: number; name: string } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const tokenHash = await hashToken(token);
  const [row] = await db
    .select({ userId: users.id, name: users.name })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.userId))
    .where(and(liveDeleteToken(tokenHash, accountTokens.userId), isNull(users.deletedAt)));
  return row ?? null;
}

/** Deletes the account a mailed link was sent for: the link works once, for an hour (422 otherwise). */
export async function deleteAccountWithLink(
  db: Database,
  token: string,
  reviewsChoice: ReviewChoice,
): Promise<DeletedAccount> {
  const found = await deletionLinkAccount(db, token);
  if (!found) throw invalidLink();
  const tokenHash = await hashToken(token);
  const [facts] = await deletionFacts(db, found.userId);
  if (!facts || facts.deleted_at) throw invalidLink();
  const blocked = blocker(facts);
  if (blocked) throw new ConflictError(blocked);
  const stillLive = sql`EXISTS (SELECT 1 FROM ${accountTokens} WHERE ${liveDeleteToken(tokenHash, found.userId)})`;
  return deleteAccount(db, facts, reviewsChoice, stillLive, invalidLink);
}

/** Products the shopper reviewed, as `id:categoryId` pairs: their cache tags. */
function reviewedTags(reviewed: string | null): string[] {
  const tags: string[] = [];
  for (const pair of (reviewed ?? "").split(",").filter(Boolean)) {
    const [id, category] = pair.split(":");
    tags.push(...changes.productChanged(Number(id), category ? [Number(category)] : []));
  }
  return tags;
}

/**
 * The deletion's one batch. Its first statement claims the account: it replaces the person's data
 * with a placeholder address unique to this deletion, only while the account is live, has no staff
 * role and no order being fulfilled, and `precondition` holds (the password checked, or the link
 * still live). Every later statement applies only if that placeholder is in place, so the batch
 * applies whole or changes nothing; a failure of any statement rolls all of it back.
 */
async function deleteAccount(
  db: Database,
  facts: Facts,
  reviewsChoice: ReviewChoice,
  precondition: SQL | undefined,
  refused: () => Error,
): Promise<DeletedAccount> {
  const userId = facts.id;
  const placeholder = `deleted-${userId}-${crypto.randomUUID().slice(0, 8)}@deleted.invalid`;
  const now = new Date();
  const thisDeletion = sql`EXISTS (SELECT 1 FROM "users" "du" WHERE "du"."id" = ${userId} AND "du"."email" = ${placeholder})`;
  const guarded = (condition: SQL | undefined) => and(condition, thisDeletion)!;
  const anonymized = (column: typeof orders.shippingAddress | typeof orders.billingAddress) =>
    sql`CASE WHEN json_valid(${column}) THEN json_set(${column}, '$.firstName', 'Former', '$.lastName', 'customer', '$.email', ${placeholder}, '$.phone', '') ELSE '{}' END`;
  const productTags = reviewedTags(facts.reviewed);

  const results = await db.batch([
    db
      .update(users)
      .set({
        name: FORMER_CUSTOMER,
        email: placeholder,
        passwordHash: "",
        phone: null,
        address: null,
        city: null,
        state: null,
        zipCode: null,
        country: null,
        deletedAt: now,
        updatedAt: now,
      })
      .where(
        and(
          eq(users.id, userId),
          isNull(users.deletedAt),
          sql`NOT ${openOrderOf(userId)}`,
          sql`NOT ${staffOf(userId)}`,
          precondition,
        ),
      ),
    // Signed out everywhere at once.
    db
      .update(sessions)
      .set({ revokedAt: now })
      .where(guarded(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))),
    db.delete(userIdentities).where(guarded(eq(userIdentities.userId, userId))),
    db.delete(wishlistItems).where(guarded(eq(wishlistItems.userId, userId))),
    // The people they sent gifts to: names and addresses of others, kept only to pick next time.
    db.delete(savedRecipients).where(guarded(eq(savedRecipients.userId, userId))),
    // Their occasions: days of other people's lives, kept only to remind them.
    db.delete(occasions).where(guarded(eq(occasions.userId, userId))),
    db.delete(newsletterSubscribers).where(guarded(eq(newsletterSubscribers.email, facts.email))),
    db.delete(passwordResets).where(guarded(eq(passwordResets.userId, userId))),
    db.delete(accountTokens).where(guarded(eq(accountTokens.userId, userId))),
    // The mails written to the address: their texts hold the person's name, address and links.
    db.delete(mailOutbox).where(guarded(eq(mailOutbox.toAddress, facts.email))),
    // The orders stay for the books, without the person's name and contact.
    db
      .update(orders)
      .set({
        email: placeholder,
        notes: null,
        giftMessage: null,
        shippingAddress: anonymized(orders.shippingAddress),
        billingAddress: anonymized(orders.billingAddress),
        updatedAt: now,
      })
      .where(guarded(eq(orders.userId, userId))),
    ...(reviewsChoice === "keep"
      ? [
          db
            .update(reviews)
            .set({ userId: null, authorName: FORMER_CUSTOMER, updatedAt: now })
            .where(guarded(eq(reviews.userId, userId))),
        ]
      : [
          // The ratings first, from the approved reviews of everyone else, then the reviews go.
          db
            .update(products)
            .set({
              reviewCount: sql`(SELECT COUNT(*) FROM "reviews" "ar" WHERE "ar"."product_id" = "products"."id" AND "ar"."status" = 'approved' AND "ar"."user_id" IS NOT ${userId})`,
              reviewAverage: sql`COALESCE((SELECT ROUND(AVG("ar"."rating"), 2) FROM "reviews" "ar" WHERE "ar"."product_id" = "products"."id" AND "ar"."status" = 'approved' AND "ar"."user_id" IS NOT ${userId}), 0)`,
            })
            .where(guarded(sql`${products.id} IN (SELECT "product_id" FROM "reviews" WHERE "user_id" = ${userId})`)),
          db.delete(reviews).where(guarded(eq(reviews.userId, userId))),
        ]),
    bumpTags(db, [...changes.accountChanged(userId), ...changes.wishlistChanged(userId), ...productTags], {
      onlyIf: thisDeletion,
    }),
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.email, placeholder))),
  ]);
  const applied = results[results.length - 1] as Array<{ id: number }>;
  if (applied.length === 0) {
    // Something changed since the checks: say what, from the account as it is now.
    const [now] = await deletionFacts(db, userId);
    const blocked = now && !now.deleted_at ? blocker(now) : null;
    if (blocked) throw new ConflictError(blocked);
    throw refused();
  }
  return { userId, email: facts.email };
}

// ---------------------------------------------------------------- the mailed link

/**
 * Mails the signed-in shopper a link to delete their account without their password (an account
 * made by social login has none they know). Counted first against the account's limit (429 past
 * it). Asking again ends the links sent before. The token row and the mail are one batch; the link
 * is sealed in the outbox (only the recipient ever reads it).
 */
export async function requestDeletionLink(
  db: Database,
  user: { id: number; name: string; email: string },
  mail: MailContext,
): Promise<void> {
  await consumeLimits(db, [deleteLinksLimit(user.id)], RIGHTS_MESSAGES.tooManyLinks);
  const blocked = await deletionBlocker(db, user.id);
  if (blocked) throw new ConflictError(blocked);
  const token = newToken();
  const now = new Date();
  const mark = secretMark("link");
  const rendered = accountDeletionMail({
    shop: mailShop(mail),
    name: user.name,
    link: mark,
    validMinutes: DELETE_LINK_MINUTES,
  });
  const sealed = await mail.seal({ [mark]: deleteAccountLink(mail.origin, token) });
  await db.batch([
    ...(await newLinkStatements(db, {
      userId: user.id,
      purpose: "delete_account",
      email: user.email,
      token,
      now,
      validMinutes: DELETE_LINK_MINUTES,
    })),
    mailStatement(db, {
      to: user.email,
      subject: rendered.subject,
      template: DELETE_LINK_TEMPLATE,
      text: rendered.text,
      html: rendered.html,
      sealed,
    }),
  ]);
}
