import { clearCookie, readCookie, setCookie } from "./cookies.server";
import { CHALLENGE_SECONDS, SETUP_SECONDS } from "../services/two-factor-challenge.server";
import { sealFor, unsealLive } from "../services/sealed.server";

/**
 * The browser's side of staff two-factor sign-in (docs/decisions/023): the challenge a right
 * password leads to, and a signed-in staff member's set-up in progress, each in its own httpOnly
 * cookie holding the sealed token (no readable secret, nothing to forge), for as long as it lasts.
 */
export const CHALLENGE_COOKIE = "tb_2fa";
export const SETUP_COOKIE = "tb_2fa_setup";

export const challengeCookie = (env: Env, request: Request, token: string) =>
  setCookie(env, request, CHALLENGE_COOKIE, token, { maxAge: CHALLENGE_SECONDS });
export const clearChallengeCookie = (env: Env, request: Request) => clearCookie(env, request, CHALLENGE_COOKIE);
export const readChallengeCookie = (env: Env, request: Request) => readCookie(env, request, CHALLENGE_COOKIE);

export const setupCookie = (env: Env, request: Request, token: string) =>
  setCookie(env, request, SETUP_COOKIE, token, { maxAge: SETUP_SECONDS });
export const clearSetupCookie = (env: Env, request: Request) => clearCookie(env, request, SETUP_COOKIE);
export const readSetupCookie = (env: Env, request: Request) => readCookie(env, request, SETUP_COOKIE);

/**
 * Recovery codes are shown once, on the page a set-up or a regeneration leads to: they travel
 * there in a short-lived cookie, sealed and bound to their owner, that the page clears as it shows them.
 */
export const CODES_COOKIE = "tb_2fa_codes";
const CODES_PURPOSE = "2fa recovery codes shown once";
const CODES_SECONDS = 5 * 60;

export async function codesCookie(env: Env, request: Request, userId: number, codes: string[]): Promise<string> {
  const token = await sealFor(env, CODES_PURPOSE, { u: userId, c: codes }, CODES_SECONDS);
  return setCookie(env, request, CODES_COOKIE, token, { maxAge: CODES_SECONDS });
}

export const clearCodesCookie = (env: Env, request: Request) => clearCookie(env, request, CODES_COOKIE);

/** The codes waiting to be shown to this user, or null. */
export async function readCodesCookie(env: Env, request: Request, userId: number): Promise<string[] | null> {
  const body = await unsealLive(env, CODES_PURPOSE, readCookie(env, request, CODES_COOKIE));
  if (body?.u !== userId || !Array.isArray(body.c)) return null;
  return body.c.filter((code): code is string => typeof code === "string");
}
