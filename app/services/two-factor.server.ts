import { and, eq, gt, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { rateLimits, recoveryCodes, sessions, users, userTwoFactor } from "../../db/schema";
import { changes } from "../lib/cache-tags";
import { groupSecret, looksLikeTotp, matchTotp, newTotpSecret, otpauthUri } from "../lib/totp";
import { auditEntry, type Actor } from "./audit.server";
import {
  AccountDisabledError,
  AuthError,
  isAdmin,
  insertSessionIf,
  newSession,
  result,
  toUser,
  userFields,
  type AuthResult,
  type AuthUser,
  type Viewer,
} from "./auth.server";
import { bumpTags } from "./cache-tags.server";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "./errors";
import { consumeLimits, type Limit } from "./rate-limit.server";
import { seal, unseal, type SealEnv } from "./sealed.server";
import { hasRow, insertOneIf } from "./sql";
import { hashToken } from "./tokens.server";
import { issueSetupToken, openChallenge, openSetupToken, staffTwoFactorRequired } from "./two-factor-challenge.server";

/**
 * Staff sign in with a second factor (issue 26, docs/decisions/023): a TOTP authenticator app, and
 * ten single-use recovery codes. The secret rests sealed (AES-GCM, a key derived from
 * SESSION_SECRET); recovery codes rest as their SHA-256. A code's step is kept once used, so no
 * code works twice; code attempts are counted per user before any is checked.
 *
 * Every write that a code allows is conditional on that code's claim: the statement that spends
 * the code writes a fresh claim (the new session's id, or a random one), and every other statement
 * of the batch (the session, the recovery codes, the reset of the attempt counter) runs only when
 * that claim is the one stored. Two requests racing with the same code: one claim wins, the other
 * batch writes nothing.
 */

export const TWO_FACTOR_MESSAGES = {
  invalidCode: "The code is not valid. Please try again.",
  codeRequired: "Please enter the code from your authenticator app or a recovery code.",
  challengeExpired: "Your sign-in has expired. Please log in again.",
  setupExpired: "This set-up has expired. Please start again.",
  tooManyAttempts: (wait: string) => `Too many attempts. Please try again in ${wait}.`,
  alreadyEnabled: "Two-factor sign-in is already on for this account.",
  notEnabled: "Two-factor sign-in is not on for this account.",
  required: "Two-factor sign-in is required for staff accounts and cannot be turned off.",
  staffOnly: "Two-factor sign-in is for staff accounts.",
  resetNeedsSuperAdmin: "Only a super-admin can reset another staff member's two-factor sign-in.",
  userNotFound: "User not found",
} as const;

/** The issuer authenticator apps show beside the account. */
export const TOTP_ISSUER = "Twistbloom";
export const RECOVERY_CODE_COUNT = 10;

/** Code attempts per user: 5 in 15 minutes and 20 in a day (a 6-digit code with three steps accepted). */
export const CODE_LIMITS = {
  short: { max: 5, windowSeconds: 15 * 60 },
  day: { max: 20, windowSeconds: 24 * 60 * 60 },
} as const;

const codeLimits = (userId: number): Limit[] => [
  { key: `2fa:user:${userId}`, ...CODE_LIMITS.short },
  { key: `2fa:user-day:${userId}`, ...CODE_LIMITS.day },
];

const SECRET_PURPOSE = "totp secret";
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Counts one code attempt against the user's limits before the code is checked (429 past them). */
const spendAttempt = (db: Database, userId: number) =>
  consumeLimits(db, codeLimits(userId), TWO_FACTOR_MESSAGES.tooManyAttempts);

/** After a code was accepted (under `claimed`), the short window starts over; the daily one stays. */
const forgiveAttempts = (db: Database, userId: number, claimed: SQL) =>
  db.delete(rateLimits).where(and(eq(rateLimits.key, codeLimits(userId)[0]!.key), claimed));

// ---------------------------------------------------------------- recovery codes

const RECOVERY_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

/** Ten codes like `k7p2m-x9qhe`: 50 random bits each. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = crypto.getRandomValues(new Uint8Array(10));
    const chars = Array.from(bytes, (byte) => RECOVERY_ALPHABET[byte & 31]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as typed (any case, spaces or dashes) reduced to its ten characters. */
const normalizeRecoveryCode = (text: string) => text.toLowerCase().replace(/[\s-]/g, "");

const hashRecoveryCode = (code: string) => hashToken(`recovery:${normalizeRecoveryCode(code)}`);

/** The statements that store `codes` (hashed) for the user, each only when `claimed` holds. */
async function insertRecoveryCodes(db: Database, userId: number, codes: string[], claimed: SQL) {
  const hashes = await Promise.all(codes.map(hashRecoveryCode));
  return hashes.map((hash) =>
    insertOneIf(db, recoveryCodes, { userId, codeHash: hash, createdAt: sql`unixepoch()` }, claimed),
  );
}

const factorClaimed = (userId: number, claim: string) =>
  sql`EXISTS (SELECT 1 FROM "user_two_factor" WHERE "user_id" = ${userId} AND "last_claim" = ${claim})`;
const recoveryClaimed = (userId: number, claim: string) =>
  sql`EXISTS (SELECT 1 FROM "recovery_codes" WHERE "user_id" = ${userId} AND "used_claim" = ${claim})`;

// ---------------------------------------------------------------- reading

interface FactorRow {
  user: AuthUser;
  disabled: boolean;
  secret: string | null;
  lastUsedStep: number | null;
}

async function readFactor(db: Database, env: SealEnv, userId: number): Promise<FactorRow | null> {
  const [row] = await db
    .select({
      ...userFields,
      disabled_at: users.disabledAt,
      secret_sealed: userTwoFactor.secretSealed,
      last_used_step: userTwoFactor.lastUsedStep,
    })
    .from(users)
    .leftJoin(userTwoFactor, eq(userTwoFactor.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  const secret = row.secret_sealed ? await unseal(env, SECRET_PURPOSE, row.secret_sealed) : null;
  if (row.secret_sealed && !secret)
    throw new Error("a second factor's secret could not be unsealed (was SESSION_SECRET changed?)");
  return { user: toUser(row), disabled: row.disabled_at !== null, secret, lastUsedStep: row.last_used_step ?? null };
}

export interface TwoFactorStatus {
  enabled: boolean;
  /** Whether the setting requires it of this user (a staff member while `staff_2fa_required` is on). */
  required: boolean;
  enabled_at: string | null;
  recovery_codes_left: number;
}

/** The user's second factor as their security page shows it (one batch). */
export async function twoFactorStatus(
  db: Database,
  env: Pick<Env, "ENVIRONMENT">,
  user: AuthUser,
): Promise<TwoFactorStatus> {
  const [factor, left] = await db.batch([
    db.select({ enabledAt: userTwoFactor.enabledAt }).from(userTwoFactor).where(eq(userTwoFactor.userId, user.id)),
    db
      .select({ n: sql<number>`count(*)` })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt))),
  ]);
  const required = isAdmin(user) && (await staffTwoFactorRequired(db, env));
  return {
    enabled: factor.length > 0,
    required,
    enabled_at: factor[0] ? factor[0].enabledAt.toISOString() : null,
    recovery_codes_left: factor.length > 0 ? Number(left[0]?.n ?? 0) : 0,
  };
}

/** What a set-up shows: the secret (grouped for typing) and the URI a QR code carries. */
export interface SetupDetails {
  secret: string;
  secret_grouped: string;
  otpauth_uri: string;
}

export const setupDetails = (secret: string, account: string): SetupDetails => ({
  secret,
  secret_grouped: groupSecret(secret),
  otpauth_uri: otpauthUri({ issuer: TOTP_ISSUER, account, secret }),
});

// ---------------------------------------------------------------- spending a code

/**
 * The statement that spends `code` for the user under `claim`, and the condition that tells
 * whether it did: a TOTP code of a step later than the last used one, or an unused recovery code
 * (unless `totpOnly`). A code that is wrong outright is a 422 before anything is written.
 */
async function spendCode(
  db: Database,
  factor: FactorRow & { secret: string },
  code: string,
  claim: string,
  { totpOnly = false } = {},
) {
  const userId = factor.user.id;
  const invalid = () =>
    new ValidationError({ code: [TWO_FACTOR_MESSAGES.invalidCode] }, TWO_FACTOR_MESSAGES.invalidCode);
  if (looksLikeTotp(code)) {
    const step = await matchTotp(factor.secret, code, nowSeconds(), factor.lastUsedStep);
    if (step === null) throw invalid();
    return {
      statement: db
        .update(userTwoFactor)
        .set({ lastUsedStep: step, lastClaim: claim, updatedAt: new Date() })
        .where(
          and(
            eq(userTwoFactor.userId, userId),
            or(isNull(userTwoFactor.lastUsedStep), sql`${userTwoFactor.lastUsedStep} < ${step}`),
          ),
        ),
      claimed: factorClaimed(userId, claim),
    };
  }
  if (totpOnly || normalizeRecoveryCode(code).length !== 10) throw invalid();
  return {
    statement: db
      .update(recoveryCodes)
      .set({ usedAt: new Date(), usedClaim: claim })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, await hashRecoveryCode(code)),
          isNull(recoveryCodes.usedAt),
        ),
      ),
    claimed: recoveryClaimed(userId, claim),
  };
}

const claimedRow = (db: Database, claimed: SQL) => db.select({ ok: sql<number>`${claimed}` }).from(sql`(SELECT 1)`);

function requireCode(code: string | undefined): string {
  const clean = (code ?? "").trim();
  if (!clean) throw new ValidationError({ code: [TWO_FACTOR_MESSAGES.codeRequired] }, TWO_FACTOR_MESSAGES.codeRequired);
  if (clean.length > 64)
    throw new ValidationError({ code: [TWO_FACTOR_MESSAGES.invalidCode] }, TWO_FACTOR_MESSAGES.invalidCode);
  return clean;
}

// ---------------------------------------------------------------- signing in

/**
 * The second step of a staff sign-in: the challenge (from the right password) and a code from the
 * authenticator app or a recovery code open the session. A missing, forged or expired challenge is
 * 401 (log in again); a wrong or used code 422; too many attempts 429.
 */
export async function completeTwoFactorSignIn(
  db: Database,
  env: Env,
  token: string | null | undefined,
  input: { code?: string },
): Promise<AuthResult> {
  const challenge = await openChallenge(env, token, "verify");
  if (!challenge) throw new AuthError(TWO_FACTOR_MESSAGES.challengeExpired);
  const code = requireCode(input.code);
  await spendAttempt(db, challenge.userId);
  const factor = await readFactor(db, env, challenge.userId);
  if (!factor || !factor.secret) throw new AuthError(TWO_FACTOR_MESSAGES.challengeExpired);
  if (factor.disabled) throw new AccountDisabledError();
  const session = newSession(challenge.remember);
  const { statement, claimed } = await spendCode(db, { ...factor, secret: factor.secret }, code, session.id);
  const results = await db.batch([
    statement,
    insertSessionIf(db, session, factor.user.id, claimed),
    forgiveAttempts(db, factor.user.id, claimed),
    claimedRow(db, claimed),
  ]);
  const ok = (results[results.length - 1] as Array<{ ok: number }>)[0]?.ok;
  if (!ok) throw new ValidationError({ code: [TWO_FACTOR_MESSAGES.invalidCode] }, TWO_FACTOR_MESSAGES.invalidCode);
  return result(env, factor.user, session);
}

/** The set-up an enrolment challenge carries: its secret and URI, for the account of the challenge. */
export async function enrolmentDetails(
  db: Database,
  env: Env,
  token: string | null | undefined,
): Promise<SetupDetails & { email: string }> {
  const challenge = await openChallenge(env, token, "enrol");
  if (!challenge?.secret) throw new AuthError(TWO_FACTOR_MESSAGES.challengeExpired);
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, challenge.userId));
  if (!row) throw new AuthError(TWO_FACTOR_MESSAGES.challengeExpired);
  return { ...setupDetails(challenge.secret, row.email), email: row.email };
}

/**
 * Stores a confirmed second factor (the secret sealed, the code's step spent) and its recovery
 * codes, in one batch with `extra` (a session); each statement after the first only when this
 * claim stored the factor, so a second confirmation of the same set-up writes nothing.
 */
async function storeFactor(db: Database, env: SealEnv, userId: number, secret: string, code: string, claim: string) {
  const step = await matchTotp(secret, code, nowSeconds(), null);
  if (step === null)
    throw new ValidationError({ code: [TWO_FACTOR_MESSAGES.invalidCode] }, TWO_FACTOR_MESSAGES.invalidCode);
  const codes = newRecoveryCodes();
  const claimed = factorClaimed(userId, claim);
  const statements = [
    db
      .insert(userTwoFactor)
      .values({
        userId,
        secretSealed: await seal(env, SECRET_PURPOSE, secret),
        lastUsedStep: step,
        lastClaim: claim,
        enabledAt: new Date(),
      })
      .onConflictDoNothing(),
    db.delete(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), claimed)),
    ...(await insertRecoveryCodes(db, userId, codes, claimed)),
    forgiveAttempts(db, userId, claimed),
  ];
  return { statements, claimed, codes };
}

/**
 * The first staff sign-in while a second factor is required: the enrolment challenge's secret and
 * the first code from the app set the factor up, and only then does the session open. Answers the
 * session and the recovery codes, shown once.
 */
export async function completeEnrolment(
  db: Database,
  env: Env,
  token: string | null | undefined,
  input: { code?: string },
): Promise<{ auth: AuthResult; recoveryCodes: string[] }> {
  const challenge = await openChallenge(env, token, "enrol");
  if (!challenge?.secret) throw new AuthError(TWO_FACTOR_MESSAGES.challengeExpired);
  const code = requireCode(input.code);
  await spendAttempt(db, challenge.userId);
  const factor = await readFactor(db, env, challenge.userId);
  // Set up meanwhile (another tab, a replayed challenge): log in again, and give a code.
  if (!factor || factor.secret) throw new AuthError(TWO_FACTOR_MESSAGES.challengeExpired);
  if (factor.disabled) throw new AccountDisabledError();
  const session = newSession(challenge.remember);
  const { statements, claimed, codes } = await storeFactor(db, env, factor.user.id, challenge.secret, code, session.id);
  const [first, ...rest] = statements;
  const results = await db.batch([
    first!,
    ...rest,
    insertSessionIf(db, session, factor.user.id, claimed),
    claimedRow(db, claimed),
  ]);
  if (!(results[results.length - 1] as Array<{ ok: number }>)[0]?.ok)
    throw new AuthError(TWO_FACTOR_MESSAGES.challengeExpired);
  return { auth: await result(env, factor.user, session), recoveryCodes: codes };
}

// ---------------------------------------------------------------- the owner's own factor

function requireStaff(user: AuthUser) {
  if (!isAdmin(user)) throw new ForbiddenError(TWO_FACTOR_MESSAGES.staffOnly);
}

/** A signed-in staff member starts setting up: a new secret, carried sealed in a set-up token (nothing is stored yet). */
export async function beginSetup(
  db: Database,
  env: Env,
  viewer: Viewer,
): Promise<SetupDetails & { setup_token: string }> {
  requireStaff(viewer.user);
  const [factor] = await db
    .select({ userId: userTwoFactor.userId })
    .from(userTwoFactor)
    .where(eq(userTwoFactor.userId, viewer.user.id));
  if (factor) throw new ConflictError(TWO_FACTOR_MESSAGES.alreadyEnabled);
  const secret = newTotpSecret();
  return {
    ...setupDetails(secret, viewer.user.email),
    setup_token: await issueSetupToken(env, viewer.user.id, secret),
  };
}

/** The set-up a token carries, for showing it again (the page after "Set up"); null when expired or not theirs. */
export async function setupFromToken(
  env: Env,
  viewer: Viewer,
  token: string | null | undefined,
): Promise<SetupDetails | null> {
  const secret = await openSetupToken(env, token, viewer.user.id);
  return secret ? setupDetails(secret, viewer.user.email) : null;
}

/** Confirms a signed-in staff member's set-up with a first code: the factor is on; answers the recovery codes. */
export async function confirmSetup(
  db: Database,
  env: Env,
  viewer: Viewer,
  token: string | null | undefined,
  input: { code?: string },
): Promise<string[]> {
  requireStaff(viewer.user);
  const secret = await openSetupToken(env, token, viewer.user.id);
  if (!secret)
    throw new ValidationError({ code: [TWO_FACTOR_MESSAGES.setupExpired] }, TWO_FACTOR_MESSAGES.setupExpired);
  const code = requireCode(input.code);
  await spendAttempt(db, viewer.user.id);
  const claim = crypto.randomUUID();
  const { statements, claimed, codes } = await storeFactor(db, env, viewer.user.id, secret, code, claim);
  const [first, ...rest] = statements;
  const results = await db.batch([first!, ...rest, claimedRow(db, claimed)]);
  if (!(results[results.length - 1] as Array<{ ok: number }>)[0]?.ok)
    throw new ConflictError(TWO_FACTOR_MESSAGES.alreadyEnabled);
  return codes;
}

async function ownFactor(db: Database, env: Env, viewer: Viewer) {
  requireStaff(viewer.user);
  const factor = await readFactor(db, env, viewer.user.id);
  if (!factor?.secret) throw new ConflictError(TWO_FACTOR_MESSAGES.notEnabled);
  return { ...factor, secret: factor.secret };
}

/** New recovery codes (the old ones stop working), for the owner with a code from their app. */
export async function regenerateRecoveryCodes(
  db: Database,
  env: Env,
  viewer: Viewer,
  input: { code?: string },
): Promise<string[]> {
  const factor = await ownFactor(db, env, viewer);
  const code = requireCode(input.code);
  await spendAttempt(db, viewer.user.id);
  const claim = crypto.randomUUID();
  const { statement, claimed } = await spendCode(db, factor, code, claim, { totpOnly: true });
  const codes = newRecoveryCodes();
  const results = await db.batch([
    statement,
    db.delete(recoveryCodes).where(and(eq(recoveryCodes.userId, viewer.user.id), claimed)),
    ...(await insertRecoveryCodes(db, viewer.user.id, codes, claimed)),
    forgiveAttempts(db, viewer.user.id, claimed),
    claimedRow(db, claimed),
  ]);
  if (!(results[results.length - 1] as Array<{ ok: number }>)[0]?.ok)
    throw new ValidationError({ code: [TWO_FACTOR_MESSAGES.invalidCode] }, TWO_FACTOR_MESSAGES.invalidCode);
  return codes;
}

/** The owner turns their second factor off with a code from their app: only while the setting does not require it of them. */
export async function disableTwoFactor(
  db: Database,
  env: Env,
  viewer: Viewer,
  input: { code?: string },
): Promise<void> {
  const factor = await ownFactor(db, env, viewer);
  if (await staffTwoFactorRequired(db, env)) throw new ConflictError(TWO_FACTOR_MESSAGES.required);
  const code = requireCode(input.code);
  await spendAttempt(db, viewer.user.id);
  const claim = crypto.randomUUID();
  const { statement, claimed } = await spendCode(db, factor, code, claim, { totpOnly: true });
  const results = await db.batch([
    statement,
    claimedRow(db, claimed),
    db.delete(recoveryCodes).where(and(eq(recoveryCodes.userId, viewer.user.id), claimed)),
    forgiveAttempts(db, viewer.user.id, claimed),
    db.delete(userTwoFactor).where(and(eq(userTwoFactor.userId, viewer.user.id), eq(userTwoFactor.lastClaim, claim))),
  ]);
  if (!(results[1] as Array<{ ok: number }>)[0]?.ok)
    throw new ValidationError({ code: [TWO_FACTOR_MESSAGES.invalidCode] }, TWO_FACTOR_MESSAGES.invalidCode);
}

// ---------------------------------------------------------------- staff: reset another's factor

/**
 * A super-admin resets a staff member's second factor (a lost phone): the factor and its recovery
 * codes go, every session of that member ends, and the audit entry is written, in one batch. The
 * member sets a new factor up at their next sign-in (while the setting requires it).
 */
export async function resetTwoFactor(
  db: Database,
  actor: Actor & { superAdmin: boolean },
  userId: number,
): Promise<{ name: string; email: string; hadFactor: boolean }> {
  if (!actor.superAdmin) throw new ForbiddenError(TWO_FACTOR_MESSAGES.resetNeedsSuperAdmin);
  const [row] = await db
    .select({ name: users.name, email: users.email, factor: userTwoFactor.userId })
    .from(users)
    .leftJoin(userTwoFactor, eq(userTwoFactor.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new NotFoundError(TWO_FACTOR_MESSAGES.userNotFound);
  const now = new Date();
  await db.batch([
    auditEntry(db, actor, {
      action: "reset_two_factor",
      entity: "user",
      entityId: userId,
      summary: `Reset the two-factor sign-in (its sessions ended): ${row.name} (${row.email})`,
      changes: { two_factor: [row.factor !== null, false] },
    }),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    db.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId)),
    db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now))),
    bumpTags(db, changes.accountChanged(userId)),
  ]);
  return { name: row.name, email: row.email, hadFactor: row.factor !== null };
}

/** Whether a user has a second factor (for the back office's user page). */
export async function hasTwoFactor(db: Database, userId: number): Promise<boolean> {
  return hasRow(db, userTwoFactor, eq(userTwoFactor.userId, userId));
}
