import { redirect, type HeadersFunction } from "@remix-run/cloudflare";
import type { AppContext } from "../../functions/context";
import { authenticateToken, isAdmin, SESSION_SECONDS, type AuthResult, type Viewer } from "./auth.server";
import { sign, verifySignature } from "./signature.server";
import { toasts } from "./toast.server";

/**
 * The browser's session: the JWT in an httpOnly, SameSite=Lax cookie (Secure in production). A
 * "remember me" login keeps it for 30 days; otherwise it ends with the browser (and the token
 * after a day).
 */
export const SESSION_COOKIE = "session";

function isSecure(env: Env, request: Request): boolean {
  return env.ENVIRONMENT === "production" || new URL(request.url).protocol === "https:";
}

export function sessionCookie(env: Env, request: Request, auth: Pick<AuthResult, "token" | "remember">): string {
  const parts = [`${SESSION_COOKIE}=${auth.token}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (auth.remember) parts.push(`Max-Age=${SESSION_SECONDS.remember}`);
  if (isSecure(env, request)) parts.push("Secure");
  return parts.join("; ");
}

export function clearSessionCookie(env: Env, request: Request): string {
  const parts = [`${SESSION_COOKIE}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0"];
  if (isSecure(env, request)) parts.push("Secure");
  return parts.join("; ");
}

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
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
    const token = readCookie(request, SESSION_COOKIE);
    lookup = token
      ? authenticateToken(app.db, app.env, token).then((viewer) => ({ viewer, stale: viewer === null }))
      : Promise.resolve({ viewer: null, stale: false });
    lookups.set(app, lookup);
  }
  return lookup;
}

/** Where the shopper was going, to come back to after logging in. */
function loginUrl(request: Request): string {
  const url = new URL(request.url);
  return `/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
}

/**
 * The logged-in-only guard: an anonymous visitor goes to /login (and comes back after); an
 * expired, revoked or invalid session is cleared first (the spec's 401 rule).
 */
export async function requireViewer(app: AppContext, request: Request): Promise<Viewer> {
  const { viewer, stale } = await getSession(app, request);
  if (viewer) return viewer;
  const toast = toasts(app.env, request);
  const message = stale ? "Your session has expired. Please log in again." : "Please log in to continue.";
  const response = await toast.redirectWithInfo(loginUrl(request), message);
  if (stale) response.headers.append("Set-Cookie", clearSessionCookie(app.env, request));
  throw response;
}

/** The admin guard: roles admin and super-admin pass; other users go to /, anonymous ones to /login. */
export async function requireAdmin(app: AppContext, request: Request): Promise<Viewer> {
  const viewer = await requireViewer(app, request);
  if (!isAdmin(viewer.user)) {
    throw await toasts(app.env, request).redirectWithError("/", "You do not have permission to view that page.");
  }
  return viewer;
}

/** Logged-in visitors have no business on /login or /register: they go home. */
export async function redirectIfLoggedIn(app: AppContext, request: Request): Promise<void> {
  const { viewer } = await getSession(app, request);
  if (viewer) throw redirect("/");
}

/**
 * The document headers of a personal page (profile, orders, admin): a loader's own headers reach
 * only `_data` requests, so the full page says it must not be stored by shared caches here.
 */
export const privatePageHeaders: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

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
