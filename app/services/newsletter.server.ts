import { and, count, eq, gt, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { newsletterSubscribers } from "../../db/schema";
import {
  CONFIRM_MAILS_PER_ADDRESS,
  CONFIRM_TOKEN_HOURS,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_STATUSES,
  SUBSCRIBE_CLIENT_WINDOW_SECONDS,
  SUBSCRIBE_MAX_PER_CLIENT,
  type NewsletterExportQuery,
  type NewsletterListQuery,
  type NewsletterStatus,
} from "../lib/schemas/newsletter";
import { csvDocument } from "../lib/csv";
import { mailShop, type MailContext } from "./mail/context";
import { isMailable } from "./mail/outbox.server";
import { newsletterMailStatement } from "./mail/newsletter";
import { secretMark } from "./mail/sealed.server";
import { newsletterConfirmationMail } from "./mail/templates/newsletter-confirmation";
import { hashResetToken, newResetToken } from "./password-reset.server";
import {
  consumeLimits,
  countStatement,
  type Limit,
  limitOn,
  limitsReached,
  openLimitRows,
  underLimitsSql,
} from "./rate-limit.server";
import {
  isoDate,
  likeContains,
  pageMeta,
  type PageMeta,
  onePage,
  newestFirst,
  countWhere,
  totalOf,
  statusCounts,
  hasRow,
} from "./sql";

/**
 * The newsletter, double opt-in (docs/decisions/013-newsletter.md). A sign-up answers the same for
 * every address and mails a confirmation link (random, only its SHA-256 kept, single use, 48 hours)
 * to an address that is not subscribed yet; only the link's owner can make it `subscribed`. Leaving
 * needs no stored secret: the unsubscribe link carries the subscriber's id and an HMAC of the id and
 * address with the app's secret (the signer the request layer gives), so every mail ever sent keeps
 * a working link, and nobody can make one for an address they do not receive.
 */

export const CONFIRMATION_TEMPLATE = "newsletter_confirmation";

/** Signs and checks the unsubscribe tokens' values (app/http/newsletter.server.ts: HMAC-SHA256 with SESSION_SECRET). */
export interface UnsubscribeSigner {
  sign(value: string): Promise<string>;
  /** In constant time. */
  verify(value: string, signature: string): Promise<boolean>;
}

/** What a sign-up needs of its request: the mail's origin and shop, the signer, who is asking. */
export interface SubscribeContext {
  mail: Pick<MailContext, "origin" | "site" | "seal">;
  signer: UnsubscribeSigner;
  /** The client's address, for the per-client limit. */
  client: string;
}

/** 32 random bytes, base64url: 43 characters (the password reset's scheme). */
const CONFIRM_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** `<id>.<HMAC-SHA256, base64url>`. */
const UNSUBSCRIBE_TOKEN_PATTERN = /^([1-9]\d{0,15})\.([A-Za-z0-9_-]{43})$/;

export const hashConfirmToken = hashResetToken;

const origin = (context: Pick<MailContext, "origin">) => context.origin.replace(/\/+$/, "");
export const confirmLink = (base: string, token: string) =>
  `${base.replace(/\/+$/, "")}/newsletter/confirm?token=${encodeURIComponent(token)}`;
export const unsubscribeLink = (base: string, token: string) =>
  `${base.replace(/\/+$/, "")}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

const signedValue = (id: number, email: string) => `${id}:${email}`;

/** The subscriber's unsubscribe token: its id and the HMAC of its id and address. Never stored. */
export async function unsubscribeToken(
  signer: UnsubscribeSigner,
  subscriber: { id: number; email: string },
): Promise<string> {
  return `${subscriber.id}.${await signer.sign(signedValue(subscriber.id, subscriber.email))}`;
}

export const subscribeClientLimit = limitOn(
  "newsletter:client",
  SUBSCRIBE_MAX_PER_CLIENT,
  SUBSCRIBE_CLIENT_WINDOW_SECONDS,
);

/** The limits on confirmation mails to one address (whoever asks). */
export const confirmationMailLimits = (email: string): Limit[] =>
  CONFIRM_MAILS_PER_ADDRESS.map(({ max, windowSeconds }) => ({
    key: `newsletter:mail:${windowSeconds}:${email}`,
    max,
    windowSeconds,
  }));

const unixNow = () => Math.floor(Date.now() / 1000);

/**
 * A sign-up. The caller answers NEWSLETTER_MESSAGES.requested whatever happens here (but a 429), so
 * nobody learns whether an address is on the list:
 * - a new, pending or unsubscribed address gets a fresh confirmation token (the one mailed before
 *   stops working) and the confirmation mail, in the token's batch; its status does not change
 *   until the link is followed (someone typing another's address changes nothing for them);
 * - a subscribed address gets nothing: it already agreed, and a mail would only help someone who
 *   wants to bother it;
 * - an address that was mailed in the last ten minutes (or five times today) gets nothing new: the
 *   link it has still works. So the form cannot be used to flood an inbox.
 * Every sign-up counts against the client's limit before anything is read (RateLimitError past it).
 */
export async function subscribe(db: Database, email: string, context: SubscribeContext): Promise<void> {
  const clientLimit = subscribeClientLimit(context.client);
  // The client's attempt is counted before anything is read: parallel sign-ups cannot all pass.
  await consumeLimits(db, [clientLimit], NEWSLETTER_MESSAGES.limited);
  const mailLimits = confirmationMailLimits(email);
  const at = unixNow();
  if (!isMailable(email)) return;
  // The row exists from here on (a new address is `pending`, without a token: it has no say yet).
  const [, found, limitRows] = await db.batch([
    db.insert(newsletterSubscribers).values({ email }).onConflictDoNothing({ target: newsletterSubscribers.email }),
    db
      .select({
        id: newsletterSubscribers.id,
        email: newsletterSubscribers.email,
        status: newsletterSubscribers.status,
      })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email)),
    openLimitRows(db, mailLimits, at),
  ]);
  const subscriber = found[0];
  const throttled = limitsReached(mailLimits, limitRows);
  if (!subscriber || subscriber.status === "subscribed" || throttled) return;
  const token = newResetToken();
  const tokenHash = await hashConfirmToken(token);
  const now = new Date(at * 1000);
  const base = origin(context.mail);
  // Both links grant something (confirming, leaving): the mail holds marks, the links are sealed.
  const confirmMark = secretMark("confirm_link");
  const unsubscribeMark = secretMark("unsubscribe_link");
  const secrets = {
    [confirmMark]: confirmLink(base, token),
    [unsubscribeMark]: unsubscribeLink(base, await unsubscribeToken(context.signer, subscriber)),
  };
  const mail = newsletterConfirmationMail({
    shop: mailShop(context.mail),
    confirmLink: confirmMark,
    unsubscribeLink: unsubscribeMark,
    validHours: CONFIRM_TOKEN_HOURS,
  });
  const mailStatements = await newsletterMailStatement(
    db,
    context.mail,
    { to: subscriber.email, template: CONFIRMATION_TEMPLATE, mail, unsubscribeMark, secrets },
    // The mail only with its token in place: a sign-up that lost a race to a confirmation or to another sign-up mails nothing.
    {
      onlyIf: sql`EXISTS (SELECT 1 FROM ${newsletterSubscribers} WHERE ${newsletterSubscribers.id} = ${subscriber.id} AND ${newsletterSubscribers.confirmTokenHash} = ${tokenHash})`,
    },
  );
  await db.batch([
    db
      .update(newsletterSubscribers)
      .set({
        confirmTokenHash: tokenHash,
        confirmExpiresAt: new Date(now.getTime() + CONFIRM_TOKEN_HOURS * 3600 * 1000),
        updatedAt: now,
      })
      .where(
        and(
          eq(newsletterSubscribers.id, subscriber.id),
          ne(newsletterSubscribers.status, "subscribed"),
          underLimitsSql(mailLimits, at),
        ),
      ),
    ...mailStatements,
    ...mailLimits.map((limit) => countStatement(db, limit)),
  ]);
}

/** A confirmation token row that still works: its hash, unexpired, not subscribed yet. */
const liveConfirmation = (tokenHash: string, now: Date) =>
  and(
    eq(newsletterSubscribers.confirmTokenHash, tokenHash),
    gt(newsletterSubscribers.confirmExpiresAt, now),
    ne(newsletterSubscribers.status, "subscribed"),
  );

/** Whether a confirmation link can still confirm (the confirm page asks before showing its button; it changes nothing). */
export async function confirmationIsLive(db: Database, token: string): Promise<boolean> {
  if (!CONFIRM_TOKEN_PATTERN.test(token)) return false;
  return hasRow(db, newsletterSubscribers, liveConfirmation(await hashConfirmToken(token), new Date()));
}

/**
 * Confirms a subscription with its mailed token: `subscribed`, the token spent. One guarded UPDATE,
 * so a link works once even when followed twice at the same moment. False for an unknown, used or
 * expired token (NEWSLETTER_MESSAGES.invalidConfirmation).
 */
export async function confirmSubscription(db: Database, token: string): Promise<boolean> {
  if (!CONFIRM_TOKEN_PATTERN.test(token)) return false;
  const now = new Date();
  const rows = await db
    .update(newsletterSubscribers)
    .set({
      status: "subscribed",
      confirmedAt: now,
      unsubscribedAt: null,
      confirmTokenHash: null,
      confirmExpiresAt: null,
      updatedAt: now,
    })
    .where(liveConfirmation(await hashConfirmToken(token), now))
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}

export interface UnsubscribeTarget {
  id: number;
  email: string;
  status: NewsletterStatus;
}

/** The subscriber an unsubscribe token names, if its signature holds (checked in constant time); else null. Reads only. */
export async function unsubscribeTarget(
  db: Database,
  signer: UnsubscribeSigner,
  token: string,
): Promise<UnsubscribeTarget | null> {
  const match = UNSUBSCRIBE_TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  if (!Number.isSafeInteger(id)) return null;
  const [row] = await db
    .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email, status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, id));
  if (!row) return null;
  return (await signer.verify(signedValue(row.id, row.email), match[2]!)) ? row : null;
}

export type UnsubscribeOutcome = "unsubscribed" | "already" | "invalid";

/**
 * Unsubscribes the token's subscriber: `unsubscribed`, its pending confirmation link (if any) spent.
 * Idempotent: a second time changes nothing and says so ("already"). "invalid" for a token whose
 * signature does not hold or whose subscriber does not exist.
 */
export async function unsubscribe(db: Database, signer: UnsubscribeSigner, token: string): Promise<UnsubscribeOutcome> {
  const target = await unsubscribeTarget(db, signer, token);
  if (!target) return "invalid";
  const now = new Date();
  await db
    .update(newsletterSubscribers)
    .set({
      status: "unsubscribed",
      // The first time they left is kept.
      unsubscribedAt: sql`CASE WHEN ${newsletterSubscribers.status} = 'unsubscribed' AND ${newsletterSubscribers.unsubscribedAt} IS NOT NULL THEN ${newsletterSubscribers.unsubscribedAt} ELSE ${Math.floor(now.getTime() / 1000)} END`,
      confirmTokenHash: null,
      confirmExpiresAt: null,
      updatedAt: now,
    })
    .where(eq(newsletterSubscribers.id, target.id));
  return target.status === "unsubscribed" ? "already" : "unsubscribed";
}

// ---------------------------------------------------------------- the back office

export interface AdminSubscriber {
  id: number;
  email: string;
  status: NewsletterStatus;
  /** When the address confirmed (null until it does). */
  subscribed_at: string | null;
  unsubscribed_at: string | null;
  created_at: string | null;
}

export type SubscriberCounts = Record<NewsletterStatus, number>;

const subscriberColumns = {
  id: newsletterSubscribers.id,
  email: newsletterSubscribers.email,
  status: newsletterSubscribers.status,
  subscribed_at: newsletterSubscribers.confirmedAt,
  unsubscribed_at: newsletterSubscribers.unsubscribedAt,
  created_at: newsletterSubscribers.createdAt,
};

type SubscriberRow = {
  id: number;
  email: string;
  status: NewsletterStatus;
  subscribed_at: Date | null;
  unsubscribed_at: Date | null;
  created_at: Date;
};

const toSubscriber = (row: SubscriberRow): AdminSubscriber => ({
  id: row.id,
  email: row.email,
  status: row.status,
  subscribed_at: isoDate(row.subscribed_at),
  unsubscribed_at: isoDate(row.unsubscribed_at),
  created_at: isoDate(row.created_at),
});

const listWhere = (query: NewsletterExportQuery) =>
  and(
    query.status ? eq(newsletterSubscribers.status, query.status) : undefined,
    query.search ? likeContains(newsletterSubscribers.email, query.search) : undefined,
  );

/** Subscribers by status and part of the address, newest first, with the count of each status: one batch. */
export async function listSubscribers(
  db: Database,
  query: NewsletterListQuery,
): Promise<{ data: AdminSubscriber[] } & PageMeta & { counts: SubscriberCounts }> {
  const where = listWhere(query);
  const [rows, totalRows, countRows] = await db.batch([
    onePage(
      db.select(subscriberColumns).from(newsletterSubscribers).where(where).$dynamic(),
      newestFirst(newsletterSubscribers),
      query,
    ),
    countWhere(db, newsletterSubscribers, where),
    db
      .select({ status: newsletterSubscribers.status, count: count().as("status_count") })
      .from(newsletterSubscribers)
      .groupBy(newsletterSubscribers.status),
  ]);
  const counts = statusCounts(NEWSLETTER_STATUSES, countRows);
  const total = totalOf(totalRows);
  return { data: rows.map(toSubscriber), ...pageMeta(query.page, query.per_page, total, rows.length), counts };
}

export const CSV_COLUMNS = ["email", "status", "subscribed_at", "created_at"] as const;

/** Every subscriber the filters select, oldest first, as a CSV document (escaped, formulas neutralised). */
export async function subscribersCsv(db: Database, query: NewsletterExportQuery): Promise<string> {
  const rows = await db
    .select(subscriberColumns)
    .from(newsletterSubscribers)
    .where(listWhere(query))
    .orderBy(newsletterSubscribers.createdAt, newsletterSubscribers.id);
  return csvDocument(
    CSV_COLUMNS,
    rows.map(toSubscriber).map((row) => [row.email, row.status, row.subscribed_at, row.created_at]),
  );
}
