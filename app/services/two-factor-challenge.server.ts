import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { settings, userTwoFactor } from "../../db/schema";
import { sealFor, unsealLive, type SealEnv } from "./sealed.server";
import { newTotpSecret } from "../lib/totp";

/**
 * The part of staff two-factor sign-in the password login needs (docs/decisions/023), apart from
 * the operations (two-factor.server.ts) so that auth.server can use it without a cycle: whether a
 * user must give a code, and the short-lived sealed challenge that stands between a right password
 * and a session.
 */

/** The setting that makes a second factor compulsory for every admin and super-admin. */
export const STAFF_2FA_SETTING = "staff_2fa_required";
/** How long a challenge (a right password waiting for its code) lasts. */
export const CHALLENGE_SECONDS = 5 * 60;
/** How long a signed-in staff member's set-up (the secret shown, waiting for its first code) lasts. */
export const SETUP_SECONDS = 15 * 60;

/**
 * `verify`: the user has a second factor and must give a code. `enrol`: a staff member without one
 * while the setting requires it, who sets it up before any session is opened.
 */
export type SecondFactorStep = "verify" | "enrol";

const settingOn = (value: string | undefined) => value === "true" || value === "1";

/** Whether staff must sign in with a second factor: the setting, or, when its row is missing, on in production only. */
export async function staffTwoFactorRequired(db: Database, env: Pick<Env, "ENVIRONMENT">): Promise<boolean> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, STAFF_2FA_SETTING));
  return row ? settingOn(row.value) : env.ENVIRONMENT === "production";
}

/**
 * What a user whose password was right must still do before a session opens: a staff member with a
 * second factor gives a code; one without it sets it up first when the setting requires it.
 * Customers are never asked (one batch of two reads).
 */
export async function secondFactorStep(
  db: Database,
  env: Pick<Env, "ENVIRONMENT">,
  user: { id: number; staff: boolean },
): Promise<SecondFactorStep | null> {
  if (!user.staff) return null;
  const [factor, setting] = await db.batch([
    db.select({ userId: userTwoFactor.userId }).from(userTwoFactor).where(eq(userTwoFactor.userId, user.id)),
    db.select({ value: settings.value }).from(settings).where(eq(settings.key, STAFF_2FA_SETTING)),
  ]);
  if (factor.length > 0) return "verify";
  const required = setting[0] ? settingOn(setting[0].value) : env.ENVIRONMENT === "production";
  return required ? "enrol" : null;
}

/** A sign-in waiting for its second factor: whose, with "Remember me" or not, until when; an enrolment carries its new secret. */
export interface Challenge {
  step: SecondFactorStep;
  userId: number;
  remember: boolean;
  expiresAt: number;
  /** The secret being enrolled (base32), for `enrol` only. */
  secret?: string;
}

const CHALLENGE_PURPOSE = "2fa challenge";
const SETUP_PURPOSE = "2fa setup";

/**
 * The challenge as the browser (a cookie) or an API client (a field) carries it: sealed with
 * AES-GCM, so it can be neither read (an enrolment's secret is inside) nor forged nor changed
 * (another user, "Remember me", a later expiry).
 */
export async function issueChallenge(env: SealEnv, challenge: Omit<Challenge, "expiresAt">): Promise<string> {
  const body = { p: challenge.step, u: challenge.userId, r: challenge.remember, s: challenge.secret };
  return sealFor(env, CHALLENGE_PURPOSE, body, CHALLENGE_SECONDS);
}

/** The challenge a token holds while it lasts, of the step asked for (any when none); else null. */
export async function openChallenge(
  env: SealEnv,
  token: string | null | undefined,
  step?: SecondFactorStep,
): Promise<Challenge | null> {
  const body = await unsealLive(env, CHALLENGE_PURPOSE, token);
  if (!body) return null;
  if ((body.p !== "verify" && body.p !== "enrol") || (step && body.p !== step)) return null;
  if (typeof body.u !== "number") return null;
  if (body.p === "enrol" && typeof body.s !== "string") return null;
  return {
    step: body.p,
    userId: body.u,
    remember: body.r === true,
    expiresAt: body.e as number,
    ...(typeof body.s === "string" ? { secret: body.s } : {}),
  };
}

/** A signed-in staff member's set-up in progress: the new secret, bound to them, for SETUP_SECONDS. */
export async function issueSetupToken(env: SealEnv, userId: number, secret: string): Promise<string> {
  return sealFor(env, SETUP_PURPOSE, { u: userId, s: secret }, SETUP_SECONDS);
}

/** The secret of a set-up token, when it is this user's and still lasts; else null. */
export async function openSetupToken(
  env: SealEnv,
  token: string | null | undefined,
  userId: number,
): Promise<string | null> {
  const body = await unsealLive(env, SETUP_PURPOSE, token);
  return body?.u === userId && typeof body.s === "string" ? body.s : null;
}

/**
 * Thrown by the password login when the password is right but a session must wait for a second
 * factor: carries the challenge. Not a DomainError: the page and the API each answer it themselves
 * (a redirect to /login/two-factor; a 200 with `two_factor_required`).
 */
export class TwoFactorRequired extends Error {
  constructor(
    readonly step: SecondFactorStep,
    readonly challenge: string,
  ) {
    super("A second factor is required to sign in.");
    this.name = "TwoFactorRequired";
  }
}

/**
 * For a sign-in that proved who someone is without the second factor (a social login): throws
 * TwoFactorRequired when that staff member must give a code (or set a factor up) first.
 */
export async function requireSecondFactorFirst(
  db: Database,
  env: SealEnv,
  user: { id: number; staff: boolean },
  remember: boolean,
): Promise<void> {
  const step = await secondFactorStep(db, env, user);
  if (!step) return;
  const secret = step === "enrol" ? { secret: newTotpSecret() } : {};
  throw new TwoFactorRequired(step, await issueChallenge(env, { step, userId: user.id, remember, ...secret }));
}
