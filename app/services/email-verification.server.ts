import { and, eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client";
import { accountTokens, users } from "../../db/schema";
import { ACCOUNT_EMAIL_MESSAGES } from "../lib/account-email";
import { changes } from "../lib/cache-tags";
import { bumpTags } from "./cache-tags.server";
import { ValidationError } from "./errors";
import { mailShop, type MailContext } from "./mail/context";
import { isMailable, mailStatement } from "./mail/outbox.server";
import { secretMark } from "./mail/sealed.server";
import { verifyEmailMail } from "./mail/templates/account-email";
import { consumeLimits, limitOn } from "./rate-limit.server";
import { hashToken, newToken, TOKEN_PATTERN, tokenLink } from "./tokens.server";
import { newLinkStatements, unusedToken } from "./account-tokens.server";
import { hasRow } from "./sql";

/**
 * Verified addresses (docs/decisions/021): a new account works at once, but its address counts as
 * its owner's only once the mailed link is used (or a password reset by mail, or a provider's
 * verified address, proves it). Social login links a provider only to a verified address.
 */

export const VERIFY_TEMPLATE = "verify_email";
export const VERIFY_TOKEN_HOURS = 48;
export const RESEND_WINDOW_SECONDS = 60 * 60;
/** Verification mails a signed-in shopper may ask for per hour (the first, at registration, is not counted). */
export const RESEND_MAX_PER_USER = 3;

export const resendLimit = limitOn("verify:user", RESEND_MAX_PER_USER, RESEND_WINDOW_SECONDS);

export const verifyLink = (origin: string, token: string) => tokenLink(origin, "/verify-email", token);

/**
 * The statements that mail a verification link to `email` for the account `userId` (a number, or
 * SQL naming the account a batch creates): older verification links are spent, the new token's
 * SHA-256 is kept, and the mail holds the link sealed. Nothing when the address cannot be mailed.
 */
export async function verificationStatements(
  db: Database,
  mail: MailContext,
  account: { userId: number | SQL<number>; name: string; email: string },
): Promise<Array<BatchItem<"sqlite">>> {
  if (!isMailable(account.email)) return [];
  const token = newToken();
  const shop = mailShop(mail);
  const mark = secretMark("link");
  const rendered = verifyEmailMail({ shop, name: account.name, link: mark, validHours: VERIFY_TOKEN_HOURS });
  return [
    ...(await newLinkStatements(db, {
      ...account,
      purpose: "verify_email",
      token,
      now: new Date(),
      validMinutes: VERIFY_TOKEN_HOURS * 60,
    })),
    mailStatement(db, {
      to: account.email,
      template: VERIFY_TEMPLATE,
      ...rendered,
      sealed: await mail.seal({ [mark]: verifyLink(shop.origin, token) }),
    }),
  ];
}

export type ResendOutcome = "sent" | "already_verified";

/**
 * A signed-in shopper asks for a new verification link. The per-account limit is counted first
 * (429 past it); an address already verified gets no mail.
 */
export async function resendVerification(db: Database, userId: number, mail: MailContext): Promise<ResendOutcome> {
  const [user] = await db
    .select({ name: users.name, email: users.email, verified: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new ValidationError({}, ACCOUNT_EMAIL_MESSAGES.verifyInvalid);
  if (user.verified) return "already_verified";
  await consumeLimits(db, [resendLimit(userId)], ACCOUNT_EMAIL_MESSAGES.resendLimited);
  const statements = await verificationStatements(db, mail, { userId, name: user.name, email: user.email });
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
  return "sent";
}

/** A verification token that still works: unused, unexpired, for the address its account still has. */
function liveVerification(tokenHash: string, now: Date) {
  return and(
    eq(accountTokens.tokenHash, tokenHash),
    unusedToken("verify_email", now),
    sql`${accountTokens.email} = (SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${accountTokens.userId} AND ${users.disabledAt} IS NULL AND ${users.deletedAt} IS NULL)`,
  );
}

const invalid = () =>
  new ValidationError({ token: [ACCOUNT_EMAIL_MESSAGES.verifyInvalid] }, ACCOUNT_EMAIL_MESSAGES.verifyInvalid);

/**
 * Uses a verification link: once. One batch marks the address verified (only while the token is
 * live and the account still has that address) and spends the token, answering which token it spent:
 * of two requests racing with one token, only one is told it worked.
 */
export async function verifyEmail(db: Database, token: string): Promise<{ userId: number }> {
  if (!TOKEN_PATTERN.test(token)) throw invalid();
  const tokenHash = await hashToken(token);
  const now = new Date();
  const [row] = await db
    .select({ userId: accountTokens.userId })
    .from(accountTokens)
    .where(liveVerification(tokenHash, now));
  if (!row) throw invalid();
  const [, spent] = await db.batch([
    db
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${Math.floor(now.getTime() / 1000)})` })
      .where(
        and(
          eq(users.id, row.userId),
          sql`EXISTS (SELECT 1 FROM ${accountTokens} WHERE ${liveVerification(tokenHash, now)})`,
        ),
      ),
    db
      .update(accountTokens)
      .set({ usedAt: now })
      .where(liveVerification(tokenHash, now))
      .returning({ userId: accountTokens.userId }),
    bumpTags(db, changes.accountChanged(row.userId)),
  ]);
  if (spent.length === 0) throw invalid();
  return { userId: row.userId };
}

/** Whether a verification link still works (the page asks before showing its button; nothing changes). */
export async function verificationIsLive(db: Database, token: string): Promise<boolean> {
  if (!TOKEN_PATTERN.test(token)) return false;
  return hasRow(db, accountTokens, liveVerification(await hashToken(token), new Date()));
}
