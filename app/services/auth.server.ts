import { log, noteUser } from "./log.server";
import { and, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import { bumpTags } from "./cache-tags.server";
import { changes } from "../lib/cache-tags";
import { decodeProtectedHeader, jwtVerify, SignJWT } from "jose";
import type { Database } from "../../db/client";
import { roles, sessions, userRoles, users } from "../../db/schema";
import { ACCOUNT_MESSAGES, type LoginInput, type PasswordChangeInput, type ProfileInput } from "../lib/schemas/account";
import { DomainError, ValidationError } from "./errors";
import { hmacKey } from "./hmac-key.server";
import type { MailContext } from "./mail/context";
import { welcomeStatements } from "./mail/order-mails.server";
import { verificationStatements } from "./email-verification.server";
import { hashPassword, verifyPassword } from "../lib/password";
import {
  claimLoginAttempt,
  consumeLimits,
  loginFailed,
  loginSucceededStatements,
  registerLimit,
} from "./rate-limit.server";
import { jwtSecret } from "./secrets.server";
import { isUniqueViolation, subqueries } from "./sql";
import { issueChallenge, secondFactorStep, TwoFactorRequired } from "./two-factor-challenge.server";
import { newTotpSecret } from "../lib/totp";

/** A user as pages and the API show them (the columns of `userFields`): never the password hash. */
export type AuthUser = Omit<UserRow, "created_at" | "role_names" | "email_verified_at"> & {
  /** Whether the owner proved the address (docs/decisions/021). */
  email_verified: boolean;
  created_at: string;
  roles: { name: string }[];
};

/** Who is asking: the user and the session their token belongs to. */
export interface Viewer {
  user: AuthUser;
  sessionId: string;
  remember: boolean;
  expiresAt: Date;
  /** When the user signed in: the session, and every session refreshed from it, ends by its absolute limit. */
  signedInAt: Date;
}

export interface AuthResult {
  user: AuthUser;
  token: string;
  sessionId: string;
  remember: boolean;
  expiresAt: Date;
}

/** A short session ends after a day (and with the browser); "Remember me" keeps one for 30 days. */
export const SESSION_SECONDS = { short: 24 * 60 * 60, remember: 30 * 24 * 60 * 60 } as const;
export const JWT_ALGORITHM = "HS256";
export const JWT_ISSUER = "twistbloom";
export const JWT_AUDIENCE = "twistbloom-storefront";
export const ADMIN_ROLES = ["admin", "super-admin"] as const;

export class AuthError extends DomainError {
  constructor(message = "Unauthenticated.") {
    super(message, 401);
  }
}

/** A staff member disabled the account: it cannot log in, and its sessions ended when it was disabled. */
export const ACCOUNT_DISABLED_MESSAGE = "This account has been disabled. Please contact us.";

export class AccountDisabledError extends DomainError {
  constructor() {
    super(ACCOUNT_DISABLED_MESSAGE, 403);
  }
}

export const isAdmin = (user: Pick<AuthUser, "roles">) =>
  user.roles.some((role) => (ADMIN_ROLES as readonly string[]).includes(role.name));
/** Only a super-admin changes staff roles. */
export const isSuperAdmin = (user: Pick<AuthUser, "roles">) => user.roles.some((role) => role.name === "super-admin");

const encoder = new TextEncoder();
const nowSeconds = () => Math.floor(Date.now() / 1000);

// ---------------------------------------------------------------- tokens

export async function signToken(
  env: Env,
  session: { userId: number; sessionId: string; expiresAt: Date },
): Promise<string> {
  return new SignJWT({ sid: session.sessionId })
    .setProtectedHeader({ alg: JWT_ALGORITHM, typ: "JWT" })
    .setSubject(String(session.userId))
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(session.expiresAt.getTime() / 1000))
    .sign(encoder.encode(jwtSecret(env)));
}

/** Three base64url parts, the last an HS256 signature (32 bytes, 43 characters). */
const COMPACT_HS256 = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/;

/**
 * Whether the token has the shape of ours: compact, and a header of exactly `alg: HS256` (and `typ`).
 * Checked before jose sees it: jose refuses another `alg`, a `crit` list or a bad part from a promise
 * it has not handed back yet, which workerd reports as an unhandled rejection, an error in the logs
 * for every forged token (alg none, alg confusion).
 */
function looksLikeOurs(token: string): boolean {
  if (!COMPACT_HS256.test(token)) return false;
  try {
    const header = decodeProtectedHeader(token);
    return header.alg === JWT_ALGORITHM && Object.keys(header).every((key) => key === "alg" || key === "typ");
  } catch {
    return false;
  }
}

/** The token's user and session when its signature (HS256 only), issuer, audience and expiry hold; else null. */
export async function verifyToken(env: Env, token: string): Promise<{ userId: number; sessionId: string } | null> {
  if (!token || token.length > 2048 || !looksLikeOurs(token)) return null;
  try {
    const { payload } = await jwtVerify(token, await hmacKey(jwtSecret(env)), {
      algorithms: [JWT_ALGORITHM],
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      requiredClaims: ["exp", "sub", "sid"],
    });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId < 1 || typeof payload.sid !== "string") return null;
    return { userId, sessionId: payload.sid };
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- reading users

/** The user's columns and roles (one correlated subquery), for a SELECT over `users` (staff read them too). */
export const userFields = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  address: users.address,
  city: users.city,
  state: users.state,
  zip_code: users.zipCode,
  country: users.country,
  email_verified_at: users.emailVerifiedAt,
  created_at: users.createdAt,
  role_names: sql<string | null>`${subqueries
    .select({ names: sql`group_concat(${roles.name}, ',')` })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, users.id))}`.as("role_names"),
};

export const selectUsers = (db: Database) => db.select(userFields).from(users);
export type UserRow = Awaited<ReturnType<typeof selectUsers>>[number];

export function toUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    state: row.state,
    zip_code: row.zip_code,
    country: row.country,
    email_verified: row.email_verified_at !== null,
    created_at: row.created_at.toISOString(),
    roles: (row.role_names ?? "")
      .split(",")
      .filter(Boolean)
      .sort()
      .map((name) => ({ name })),
  };
}

const selectUserById = (db: Database, id: number) => selectUsers(db).where(eq(users.id, id));

export async function getUser(db: Database, id: number): Promise<AuthUser | null> {
  const [row] = await selectUserById(db, id);
  return row ? toUser(row) : null;
}

/**
 * The viewer behind a token, in one read: the session must exist, belong to the token's user, be
 * neither revoked nor expired, and the user must not be disabled (disabling revokes the sessions
 * too; this check holds even for a session opened in the same instant). Anything else is null (the
 * caller answers 401 or clears the cookie).
 */
export async function authenticateToken(db: Database, env: Env, token: string): Promise<Viewer | null> {
  const claims = await verifyToken(env, token);
  if (!claims) return null;
  const row = await liveSessionRow(db, claims);
  if (!row) return null;
  noteUser(row.id);
  return {
    user: toUser(row),
    sessionId: claims.sessionId,
    remember: row.remember,
    expiresAt: row.expires_at,
    signedInAt: row.signed_in_at,
  };
}

/** When the session's user signed in: the column, or for a row older than it, the session's creation. */
const signedInAt = sql<Date>`coalesce(${sessions.signedInAt}, ${sessions.createdAt})`;

/**
 * The session's user, when the session is live (not revoked, not expired, and within its absolute
 * limit from the sign-in: 30 days with "remember me", a day without, however often it was
 * refreshed) and the user enabled. The one place a session is read: pages, the API and the kept
 * pages' session cards all ask here.
 */
async function liveSessionRow(db: Database, claims: { userId: number; sessionId: string }) {
  const now = nowSeconds();
  const [row] = await db
    .select({
      ...userFields,
      remember: sessions.remember,
      expires_at: sessions.expiresAt,
      signed_in_at: signedInAt.mapWith(sessions.signedInAt),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, claims.sessionId),
        eq(sessions.userId, claims.userId),
        isNull(sessions.revokedAt),
        isNull(users.disabledAt),
        gt(sessions.expiresAt, new Date(now * 1000)),
        sql`${signedInAt} > ${now} - (CASE WHEN ${sessions.remember} THEN ${SESSION_SECONDS.remember} ELSE ${SESSION_SECONDS.short} END)`,
      ),
    );
  if (!row) return null;
  // The end is the earlier of the row's expiry and the absolute limit (a row renewed before the limit existed).
  const limit = absoluteEnd(row.signed_in_at, row.remember);
  return row.expires_at > limit ? { ...row, expires_at: limit } : row;
}

/**
 * Who a live session is, as the pages' header shows them: what a kept page is filled in with
 * (docs/decisions/017), read through the cache, so it is plain JSON (the expiry in milliseconds).
 */
export interface SessionCard {
  userId: number;
  name: string;
  email: string;
  isAdmin: boolean;
  expiresAt: number;
}

export async function sessionCard(
  db: Database,
  claims: { userId: number; sessionId: string },
): Promise<SessionCard | null> {
  const row = await liveSessionRow(db, claims);
  if (!row) return null;
  const user = toUser(row);
  return {
    userId: user.id,
    name: user.name,
    email: user.email,
    isAdmin: isAdmin(user),
    expiresAt: row.expires_at.getTime(),
  };
}

// ---------------------------------------------------------------- sessions

/** The absolute end of a session signed in at `signedInAt`: 30 days with "remember me", a day without. */
export function absoluteEnd(signedInAt: Date, remember: boolean): Date {
  return new Date(signedInAt.getTime() + (remember ? SESSION_SECONDS.remember : SESSION_SECONDS.short) * 1000);
}

/**
 * A new session. At a sign-in it starts the clock; a refresh or a password change passes the
 * sign-in time it continues, so the new session (and its token's `exp`) ends when that sign-in's
 * absolute limit does, never later.
 */
export function newSession(remember: boolean, signedInAt?: Date) {
  const now = new Date(nowSeconds() * 1000);
  const since = signedInAt && signedInAt < now ? new Date(Math.floor(signedInAt.getTime() / 1000) * 1000) : now;
  return { id: crypto.randomUUID(), remember, signedInAt: since, expiresAt: absoluteEnd(since, remember) };
}

export const insertSession = (db: Database, session: ReturnType<typeof newSession>, userId: SQL<number> | number) =>
  db.insert(sessions).values({
    id: session.id,
    userId,
    remember: session.remember,
    expiresAt: session.expiresAt,
    signedInAt: session.signedInAt,
  });

/** The same session, written only when `condition` holds at that point of the batch (a claimed code, a guard). */
export const insertSessionIf = (db: Database, session: ReturnType<typeof newSession>, userId: number, condition: SQL) =>
  db.insert(sessions).select(
    db
      .select({
        // Every column, in the table's order (drizzle's insert-select asks it).
        id: sql`${session.id}`.as("id"),
        userId: sql`${userId}`.as("user_id"),
        remember: sql`${session.remember ? 1 : 0}`.as("remember"),
        expiresAt: sql`${Math.floor(session.expiresAt.getTime() / 1000)}`.as("expires_at"),
        revokedAt: sql`NULL`.as("revoked_at"),
        signedInAt: sql`${Math.floor(session.signedInAt.getTime() / 1000)}`.as("signed_in_at"),
        createdAt: sql`unixepoch()`.as("created_at"),
      })
      .from(sql`(SELECT 1)`)
      .where(condition),
  );

export async function result(env: Env, user: AuthUser, session: ReturnType<typeof newSession>): Promise<AuthResult> {
  const token = await signToken(env, { userId: user.id, sessionId: session.id, expiresAt: session.expiresAt });
  return { user, token, sessionId: session.id, remember: session.remember, expiresAt: session.expiresAt };
}

// ---------------------------------------------------------------- register, log in, log out

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  remember?: boolean;
}

/**
 * Creates a customer and logs them in: the user, their role, their first session and the welcome
 * mail in one batch, so a failure leaves nothing half-written. A taken email is a field error, never
 * a 500. Every request passes `mail` (its origin and the shop's settings); without it no mail is written.
 */
export async function registerUser(
  db: Database,
  env: Env,
  input: RegisterInput,
  client: string,
  mail?: MailContext,
): Promise<AuthResult> {
  // Counted before anything is read, a taken address too: the form cannot test addresses without limit.
  await consumeLimits(
    db,
    [registerLimit(client)],
    (wait) => `Too many registrations from this network. Please try again in ${wait}.`,
  );
  const taken = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (taken.length > 0) {
    throw new ValidationError({ email: [ACCOUNT_MESSAGES.emailTaken] }, ACCOUNT_MESSAGES.emailTaken);
  }
  const passwordHash = await hashPassword(input.password);
  const session = newSession(input.remember ?? false);
  const userId = sql<number>`(SELECT "id" FROM "users" WHERE "email" = ${input.email})`;
  // The address is not verified yet: the account works at once, and the mail's link proves it (docs/decisions/021).
  const verification = mail
    ? await verificationStatements(db, mail, { userId, name: input.name, email: input.email })
    : [];
  try {
    const results = await db.batch([
      db.insert(users).values({ name: input.name, email: input.email, passwordHash }),
      db.insert(userRoles).select(
        db
          .select({ userId: userId.as("user_id"), roleId: roles.id })
          .from(roles)
          .where(eq(roles.name, "customer")),
      ),
      insertSession(db, session, userId),
      ...(mail ? welcomeStatements(db, mail, { name: input.name, email: input.email }) : []),
      ...verification,
      selectUsers(db).where(eq(users.email, input.email)),
    ]);
    const rows = results[results.length - 1] as UserRow[];
    const row = rows[0];
    if (!row) throw new Error("the new user was not read back");
    return result(env, toUser(row), session);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ValidationError({ email: [ACCOUNT_MESSAGES.emailTaken] }, ACCOUNT_MESSAGES.emailTaken);
    throw error;
  }
}

/** A hash of a password nobody has, checked when the email is unknown so both failures take as long. */
let decoyHash: Promise<string> | undefined;

/**
 * Logs in with email and password. The attempt is claimed BEFORE the password is hashed
 * (claimLoginAttempt: the client's window, then the email's backoff of 1, 2, 4... seconds after a
 * few failures, never a long lock); a refused one is a 429 and never reaches the password check.
 * A right password clears the email's failures. An unknown email and a wrong password get the same
 * message. A disabled account is told so (403), but only once the password is right, so the
 * message reveals nothing to someone who does not know it. A staff member who must give a second
 * factor gets no session here: `TwoFactorRequired` carries the challenge that leads to one.
 */
export async function login(db: Database, env: Env, input: LoginInput, client: string): Promise<AuthResult> {
  await claimLoginAttempt(db, input.email, client);
  const [row] = await db
    .select({ ...userFields, password_hash: users.passwordHash, disabled_at: users.disabledAt })
    .from(users)
    .where(eq(users.email, input.email));
  const valid = row
    ? await verifyPassword(input.password, row.password_hash)
    : await verifyPassword(input.password, await (decoyHash ??= hashPassword(crypto.randomUUID())));
  if (!row || !valid) {
    // Counted as a failure by the claim already; the wait runs from now.
    await loginFailed(db, input.email);
    log.warn("login failed", { status: 401 });
    throw new AuthError(ACCOUNT_MESSAGES.loginFailed);
  }
  if (row.disabled_at) throw new AccountDisabledError();
  // Staff with a second factor (or who must set one up) get a challenge, not a session (docs/decisions/023).
  const step = await secondFactorStep(db, env, { id: row.id, staff: isAdmin(toUser(row)) });
  if (step) {
    await db.batch([...loginSucceededStatements(db, input.email, client)]);
    const secret = step === "enrol" ? { secret: newTotpSecret() } : {};
    throw new TwoFactorRequired(
      step,
      await issueChallenge(env, { step, userId: row.id, remember: input.remember, ...secret }),
    );
  }
  const session = newSession(input.remember);
  await db.batch([insertSession(db, session, row.id), ...loginSucceededStatements(db, input.email, client)]);
  return result(env, toUser(row), session);
}

/** Revokes one session: its token stops working at once. */
export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db.batch([
    db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt))),
    bumpTags(db, changes.sessionEnded(sessionId)),
  ]);
}

/**
 * A fresh token for a live session: the old session is revoked and a new one of the same kind
 * opened, which keeps the sign-in time: it ends when the first one had to, however often refreshed.
 */
export async function refreshSession(db: Database, env: Env, viewer: Viewer): Promise<AuthResult> {
  const session = newSession(viewer.remember, viewer.signedInAt);
  await db.batch([
    db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, viewer.sessionId)),
    insertSession(db, session, viewer.user.id),
    bumpTags(db, changes.sessionEnded(viewer.sessionId)),
  ]);
  return result(env, viewer.user, session);
}

// ---------------------------------------------------------------- profile and password

/**
 * Saves the profile's fields, and only those: roles, id and dates cannot be changed here, nor the
 * email: a new address takes effect only once it confirms it (requestEmailChange,
 * app/services/email-change.server.ts; docs/decisions/021).
 */
export async function updateProfile(db: Database, userId: number, input: ProfileFields): Promise<AuthUser> {
  const [, , rows] = await db.batch([
    bumpTags(db, changes.accountChanged(userId)),
    profileStatement(db, userId, input),
    selectUserById(db, userId),
  ]);
  const row = rows[0];
  if (!row) throw new AuthError();
  return toUser(row);
}

/** The profile's fields a form or the API may change directly: everything but the email. */
export type ProfileFields = Omit<ProfileInput, "email" | "current_password">;

/** The statement that saves the profile's fields (for a batch), never the email. */
export const profileStatement = (db: Database, userId: number, input: ProfileFields) =>
  db
    .update(users)
    .set({
      name: input.name,
      phone: input.phone,
      address: input.address,
      city: input.city,
      state: input.state,
      zipCode: input.zip_code,
      country: input.country,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));

/**
 * Changes the password after checking the current one. Every session of the user is revoked (other
 * devices are logged out) and the current one is replaced by a new session with a fresh token.
 */
export async function changePassword(
  db: Database,
  env: Env,
  viewer: Viewer,
  input: PasswordChangeInput,
): Promise<AuthResult> {
  const [row] = await db.select({ password_hash: users.passwordHash }).from(users).where(eq(users.id, viewer.user.id));
  if (!row || !(await verifyPassword(input.current_password, row.password_hash))) {
    throw new ValidationError(
      { current_password: ["The current password is incorrect"] },
      ACCOUNT_MESSAGES.currentPasswordWrong,
    );
  }
  const passwordHash = await hashPassword(input.new_password);
  // The new session continues this one: a password change is no way to extend a session past its limit.
  const session = newSession(viewer.remember, viewer.signedInAt);
  await db.batch([
    db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, viewer.user.id)),
    db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, viewer.user.id), isNull(sessions.revokedAt))),
    insertSession(db, session, viewer.user.id),
    bumpTags(db, changes.accountChanged(viewer.user.id)),
  ]);
  return result(env, viewer.user, session);
}
