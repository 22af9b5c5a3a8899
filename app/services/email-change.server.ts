import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { accountTokens, users } from "../../db/schema";
import { ACCOUNT_EMAIL_MESSAGES } from "../lib/account-email";
import { changes } from "../lib/cache-tags";
import { ACCOUNT_MESSAGES, type ProfileInput } from "../lib/schemas/account";
import { AuthError, profileStatement, selectUsers, toUser, type AuthUser, type UserRow } from "./auth.server";
import { bumpTags } from "./cache-tags.server";
import { consumeLimits, limitOn } from "./rate-limit.server";
import { ConflictError, ValidationError } from "./errors";
import { absolute, mailShop, type MailContext } from "./mail/context";
import { isMailable, mailStatement } from "./mail/outbox.server";
import { secretMark } from "./mail/sealed.server";
import { confirmEmailChangeMail, emailChangeNoticeMail } from "./mail/templates/account-email";
import { verifyPassword } from "../lib/password";
import { isUniqueViolation } from "./sql";
import { hashToken, newToken, TOKEN_PATTERN, tokenLink } from "./tokens.server";
import { newLinkStatements, unusedToken } from "./account-tokens.server";

/**
 * Changing the email (docs/decisions/021): it needs the current password, and takes effect only
 * when the new address confirms it with the mailed link; the old address is told (no secret in
 * that mail). An address another account has is never revealed when the change is asked for (it
 * just gets no mail); it is refused when the link is used, so two accounts never share one address.
 */

export const CHANGE_TEMPLATE = "email_change_confirm";
export const CHANGE_NOTICE_TEMPLATE = "email_change_notice";
export const CHANGE_TOKEN_HOURS = 24;
export const CHANGE_WINDOW_SECONDS = 60 * 60;
/** Email change requests (each a password check and up to two mails) per account per hour. */
export const CHANGE_MAX_PER_USER = 5;

export const emailChangeLimit = limitOn("email-change:user", CHANGE_MAX_PER_USER, CHANGE_WINDOW_SECONDS);

export const confirmEmailLink = (origin: string, token: string) => tokenLink(origin, "/confirm-email", token);

export interface ProfileSaved {
  /** The account as saved: its email is still the old one while a change waits for confirmation. */
  user: AuthUser;
  /** The address waiting for confirmation, when this save asked for one. */
  pendingEmail: string | null;
  message: string;
}

/**
 * Saves a profile form or `PUT /api/v1/auth/profile`. The same email as now: exactly the old
 * behaviour. Another email: the current password is required (a field error when missing or
 * wrong), the other fields are saved, and the new address is sent a confirmation link.
 */
export async function saveProfile(
  db: Database,
  user: AuthUser,
  input: ProfileInput,
  mail: MailContext,
): Promise<ProfileSaved> {
  const { email, current_password: password, ...fields } = input;
  if (email === user.email) {
    const [, , rows] = await db.batch([
      bumpTags(db, changes.accountChanged(user.id)),
      profileStatement(db, user.id, fields),
      selectUsers(db).where(eq(users.id, user.id)),
    ]);
    return { user: saved(rows), pendingEmail: null, message: ACCOUNT_EMAIL_MESSAGES.profileSaved };
  }
  if (!password) throw passwordError(ACCOUNT_EMAIL_MESSAGES.currentPasswordRequired);
  // Counted before the password is checked: the form cannot be used to guess it, nor to send mail without end.
  await consumeLimits(db, [emailChangeLimit(user.id)], ACCOUNT_EMAIL_MESSAGES.changeLimited);
  const [[account], taken] = await db.batch([
    db.select({ hash: users.passwordHash, passwordSet: users.passwordSet }).from(users).where(eq(users.id, user.id)),
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), ne(users.id, user.id))),
  ]);
  if (!account) throw new AuthError();
  if (!account.passwordSet) throw passwordError(ACCOUNT_EMAIL_MESSAGES.noPasswordYet);
  if (!(await verifyPassword(password, account.hash))) throw passwordError(ACCOUNT_EMAIL_MESSAGES.currentPasswordWrong);

  const token = newToken();
  const now = new Date();
  const shop = mailShop(mail);
  const mark = secretMark("link");
  const confirm = confirmEmailChangeMail({ shop, name: fields.name, link: mark, validHours: CHANGE_TOKEN_HOURS });
  const notice = emailChangeNoticeMail({
    shop,
    name: fields.name,
    newEmail: email,
    resetLink: absolute(shop, "/forgot-password"),
  });
  const [, , , , ...rest] = await db.batch([
    bumpTags(db, changes.accountChanged(user.id)),
    profileStatement(db, user.id, fields),
    // Only the newest request's link works.
    ...(await newLinkStatements(db, {
      userId: user.id,
      purpose: "change_email",
      email,
      token,
      now,
      validMinutes: CHANGE_TOKEN_HOURS * 60,
    })),
    // An address another account has gets nothing (the answer is the same): the link could never apply.
    ...(taken.length === 0 && isMailable(email)
      ? [
          mailStatement(db, {
            to: email,
            template: CHANGE_TEMPLATE,
            ...confirm,
            sealed: await mail.seal({ [mark]: confirmEmailLink(shop.origin, token) }),
          }),
        ]
      : []),
    ...(isMailable(user.email)
      ? [mailStatement(db, { to: user.email, template: CHANGE_NOTICE_TEMPLATE, ...notice })]
      : []),
    selectUsers(db).where(eq(users.id, user.id)),
  ]);
  return {
    user: saved(rest[rest.length - 1] as UserRow[]),
    pendingEmail: email,
    message: ACCOUNT_EMAIL_MESSAGES.changeRequested(email),
  };
}

function saved(rows: UserRow[]): AuthUser {
  const row = rows[0];
  if (!row) throw new AuthError();
  return toUser(row);
}

const passwordError = (message: string) =>
  new ValidationError({ current_password: [message] }, ACCOUNT_MESSAGES.formErrors);

/** A change token that still works: unused, unexpired, its account not disabled. */
function liveChange(tokenHash: string, now: Date) {
  return and(
    eq(accountTokens.tokenHash, tokenHash),
    unusedToken("change_email", now),
    sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${accountTokens.userId} AND ${users.disabledAt} IS NULL AND ${users.deletedAt} IS NULL)`,
  );
}

const invalid = () =>
  new ValidationError({ token: [ACCOUNT_EMAIL_MESSAGES.changeInvalid] }, ACCOUNT_EMAIL_MESSAGES.changeInvalid);

/**
 * Uses a confirmation link: the account's email becomes the new one (verified: the link reached
 * it), once. An address another account has by now is refused (409), never shared. One batch,
 * each statement guarded by the token still being live, so of two requests racing only one applies.
 */
export async function confirmEmailChange(db: Database, token: string): Promise<{ userId: number; email: string }> {
  if (!TOKEN_PATTERN.test(token)) throw invalid();
  const tokenHash = await hashToken(token);
  const now = new Date();
  const [row] = await db
    .select({ userId: accountTokens.userId, email: accountTokens.email })
    .from(accountTokens)
    .where(liveChange(tokenHash, now));
  if (!row || !row.email) throw invalid();
  const { userId, email } = row;
  const others = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)));
  if (others.length > 0) throw new ConflictError(ACCOUNT_EMAIL_MESSAGES.changeTaken);
  const live = sql`EXISTS (SELECT 1 FROM ${accountTokens} WHERE ${liveChange(tokenHash, now)})`;
  try {
    const [, spent] = await db.batch([
      db
        .update(users)
        .set({ email, emailVerifiedAt: now, updatedAt: now })
        .where(and(eq(users.id, userId), live)),
      db
        .update(accountTokens)
        .set({ usedAt: now })
        .where(liveChange(tokenHash, now))
        .returning({ userId: accountTokens.userId }),
      bumpTags(db, changes.accountChanged(userId)),
    ]);
    if (spent.length === 0) throw invalid();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(ACCOUNT_EMAIL_MESSAGES.changeTaken);
    throw error;
  }
  return { userId, email };
}

/** The address an account's change waits on (the newest live request), or null. */
export async function pendingEmailChange(db: Database, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ email: accountTokens.email })
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, userId), unusedToken("change_email", new Date())))
    .orderBy(desc(accountTokens.createdAt))
    .limit(1);
  return row?.email ?? null;
}

/** Whether a confirmation link still works, and the address it confirms (the page shows it; nothing changes). */
export async function emailChangeIsLive(db: Database, token: string): Promise<string | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ email: accountTokens.email })
    .from(accountTokens)
    .where(liveChange(await hashToken(token), new Date()));
  return row?.email ?? null;
}
