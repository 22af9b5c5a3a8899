import { authenticateToken, type AuthResult, type Viewer } from "../services/auth.server";
import type { AppContext } from "./context.server";
import { clearCookie, readCookie, setCookie } from "./cookies.server";
import { sign, verifySignature } from "./signature.server";

/**
 * The browser's session: the JWT in an httpOnly, SameSite=Lax cookie (`__Host-session`, Secure,
 * over HTTPS). A "remember me" session keeps it until the session's absolute end (30 days after the
 * sign-in, however often refreshed); otherwise it ends with the browser (and the token a day after
 * the sign-in).
 */
export const SESSION_COOKIE = "session";

export function sessionCookie(
  env: Env,
  request: Request,
  auth: Pick<AuthResult, "token" | "remember" | "expiresAt">,
): string {
  const left = Math.max(0, Math.floor(auth.expiresAt.getTime() / 1000) - Math.floor(Date.now() / 1000));
  return setCookie(env, request, SESSION_COOKIE, auth.token, { maxAge: auth.remember ? left : undefined });
}

export function clearSessionCookie(env: Env, request: Request): string {
  return clearCookie(env, request, SESSION_COOKIE);
}

export interface SessionState {
  viewer: Viewer | null;
  /** A cookie was sent but its token is expired, revoked or invalid: it must be cleared. */
  stale: boolean;
}

/** One lookup per request, however many loaders ask (the root and a guarded page both do). */
const lookups = new WeakMap<AppContext, Promise<SessionState>>();

export function getSession(app: AppContext, request: Request): Promise<SessionState> {
  let lookup = lookups.get(app);
  if (!lookup) {
    const token = readCookie(app.env, request, SESSION_COOKIE);
    lookup = token
      ? authenticateToken(app.db, app.env, token).then((viewer) => ({ viewer, stale: viewer === null }))
      : Promise.resolve({ viewer: null, stale: false });
    lookups.set(app, lookup);
  }
  return lookup;
}

// ---------------------------------------------------------------- CSRF

/**
 * The token a page puts in `<meta name="csrf-token">` for calls that ride on the session cookie:
 * an HMAC of the session id, so it cannot be guessed and dies with the session.
 */
export function csrfToken(env: Env, sessionId: string): Promise<string> {
  return sign(env, "csrf", sessionId);
}

export function verifyCsrfToken(env: Env, sessionId: string, token: string | null): Promise<boolean> {
  return verifySignature(env, "csrf", sessionId, token);
}
