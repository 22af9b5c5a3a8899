import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { bumpTags } from "./cache-tags.server";
import { changes } from "../lib/cache-tags";
import type { Database } from "../../db/client";
import { passwordResets, sessions, users } from "../../db/schema";
import { fieldErrors } from "../lib/schemas/query";
import { ACCOUNT_MESSAGES, RESET_MESSAGES, ResetPasswordSchema } from "../lib/schemas/account";
import { ValidationError } from "./errors";
import { mailStatement } from "./mail/outbox.server";
import { passwordResetMail } from "./mail/templates/password-reset";
import { mailShop, type MailContext } from "./mail/context";
import { secretMark } from "./mail/sealed.server";
import { hashPassword } from "../lib/password";
import { hashToken, newToken, TOKEN_PATTERN, tokenLink } from "./tokens.server";
import { consumeLimits, type Limit } from "./rate-limit.server";

/**
 * Password reset by email (the "Mail" section of the back-office contract): a random token mailed
 * as an absolute link, stored only as its SHA-256, working once for an hour. Asking again ends the
 * links sent before (only the newest works); a reset ends them all, and every session of the user.
 */

export const RESET_TOKEN_MINUTES = 60;
export const RESET_INVALID_MESSAGE = RESET_MESSAGES.invalid;
/** The one answer to a forgot-password request, whether or not the address has an account. */
export const RESET_REQUESTED_MESSAGE = RESET_MESSAGES.requested;
export const RESET_DONE_MESSAGE = RESET_MESSAGES.done;
export const RESET_TEMPLATE = "password_reset";

export const FORGOT_WINDOW_SECONDS = 60 * 60;
/** Reset requests allowed per email, and per client address, in the window. */
export const FORGOT_MAX_PER_EMAIL = 5;
export const FORGOT_MAX_PER_CLIENT = 20;

export const forgotLimits = (email: string, client: string): Limit[] => [
  { key: `forgot:email:${email}`, max: FORGOT_MAX_PER_EMAIL, windowSeconds: FORGOT_WINDOW_SECONDS },
  { key: `forgot:client:${client}`, max: FORGOT_MAX_PER_CLIENT, windowSeconds: FORGOT_WINDOW_SECONDS },
];

/** The bare address the outbox accepts (mailStatement refuses any other, by throwing). */
const PLAIN_ADDRESS = /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+\.[^\s@<>()",;:\\[\]]+$/;

export const newResetToken = newToken;
export const hashResetToken = hashToken;

export const resetLink = (origin: string, token: string) => tokenLink(origin, "/reset-password", token);

/**
 * Mails a reset link to the account with this email, if there is one and it is not disabled. The
 * caller answers the same either way (RESET_REQUESTED_MESSAGE). Every request counts against the
 * limits per email and per client address, consumed before anything is read (429 past them, with
 * Retry-After). The token row and the mail are one batch: no mail without its token, no token without
 * its mail. The link is sealed in the outbox (docs/decisions/020): staff reading the mail see it masked.
 */
export async function requestPasswordReset(
  db: Database,
  email: string,
  context: MailContext,
  client: string,
): Promise<void> {
  const limits = forgotLimits(email, client);
  // Counted before anything is read: parallel requests cannot all pass.
  await consumeLimits(db, limits, (wait) => `Too many password reset requests. Please try again in ${wait}.`);
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, disabled_at: users.disabledAt })
    .from(users)
    .where(eq(users.email, email));
  if (!user || user.disabled_at) return;
  // An address that is not a bare one (mailStatement refuses those) gets no mail, like no account.
  if (!PLAIN_ADDRESS.test(user.email)) return;
  const token = newResetToken();
  const tokenHash = await hashResetToken(token);
  const now = new Date();
  // The mail holds a mark where the link goes; the link itself is sealed (only delivery reveals it).
  const link = secretMark("reset_link");
  const mail = passwordResetMail({ shop: mailShop(context), name: user.name, link, validMinutes: RESET_TOKEN_MINUTES });
  const sealed = await context.seal({ [link]: resetLink(context.origin, token) });
  await db.batch([
    // Only the newest link works: the ones sent before are spent.
    db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt))),
    db
      .insert(passwordResets)
      .values({ tokenHash, userId: user.id, expiresAt: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60 * 1000) }),
    mailStatement(db, {
      to: user.email,
      subject: mail.subject,
      template: RESET_TEMPLATE,
      text: mail.text,
      html: mail.html,
      sealed,
    }),
  ]);
}

/** A token row that still works: unused, unexpired, its account not disabled. */
function liveToken(tokenHash: string) {
  return and(
    eq(passwordResets.tokenHash, tokenHash),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, new Date()),
  );
}

/** Whether the link's token can still reset a password (the reset page asks before showing its form). */
export async function resetTokenIsLive(db: Database, token: string): Promise<boolean> {
  if (!TOKEN_PATTERN.test(token)) return false;
  const rows = await db
    .select({ user_id: passwordResets.userId })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(liveToken(await hashResetToken(token)), isNull(users.disabledAt)));
  return rows.length > 0;
}

const invalidLink = () => new ValidationError({ token: [RESET_INVALID_MESSAGE] }, RESET_INVALID_MESSAGE);

/**
 * Sets a new password with an emailed token. The password follows the spec's rules (422 naming the
 * fields, "Please fix the errors in the form"); a used, expired or unknown token is a 422
 * "This reset link is invalid or has expired.". One batch sets the password, spends the token (and
 * any other of the user's), and revokes every session of the user. Each statement is guarded by the
 * token still being live when the batch runs, or by the new hash (random salt: this reset's own)
 * being in place, so of two resets racing with one token only one applies.
 */
export async function resetPassword(
  db: Database,
  token: string,
  password: string,
  confirmation: string,
): Promise<{ userId: number }> {
  const parsed = ResetPasswordSchema.safeParse({ token, password, password_confirmation: confirmation });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    delete errors.token;
    throw new ValidationError(errors, ACCOUNT_MESSAGES.formErrors);
  }
  if (!TOKEN_PATTERN.test(parsed.data.token)) throw invalidLink();
  const tokenHash = await hashResetToken(parsed.data.token);
  const [row] = await db
    .select({ user_id: passwordResets.userId })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(liveToken(tokenHash), isNull(users.disabledAt)));
  if (!row) throw invalidLink();
  const userId = row.user_id;
  const passwordHash = await hashPassword(parsed.data.password);
  const now = new Date();
  const thisReset = sql`(SELECT ${users.passwordHash} FROM ${users} WHERE ${users.id} = ${userId}) = ${passwordHash}`;
  const [, , , applied] = await db.batch([
    db
      .update(users)
      // The link reached the account's mailbox: that proves the address (docs/decisions/021), and the password is now one its owner knows.
      .set({
        passwordHash,
        passwordSet: true,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${Math.floor(now.getTime() / 1000)})`,
        updatedAt: now,
      })
      .where(
        and(
          eq(users.id, userId),
          isNull(users.disabledAt),
          sql`EXISTS (SELECT 1 FROM ${passwordResets} WHERE ${liveToken(tokenHash)} AND ${passwordResets.userId} = ${userId})`,
        ),
      ),
    db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), thisReset)),
    // This link and every other one of the user's are spent.
    db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt), thisReset)),
    db
      .select({ applied: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.passwordHash, passwordHash))),
    bumpTags(db, changes.accountChanged(userId)),
  ]);
  if (applied.length === 0) throw invalidLink();
  return { userId };
}
