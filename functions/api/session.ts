import { createMiddleware } from "hono/factory";
import { bearerToken } from "../../app/http/bearer";
import { authenticateToken, AuthError } from "../../app/services/auth.server";
import { readCookie } from "../../app/http/cookies.server";
import { SESSION_COOKIE, verifyCsrfToken } from "../../app/http/session.server";
import type { ApiEnv } from "./http";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The header that carries the page's CSRF token with the session cookie. */
export const CSRF_HEADER = "X-CSRF-Token";

/**
 * Who is calling: a bearer token (token clients), or the browser's session cookie, which for any
 * change must come with the page's CSRF token in `X-CSRF-Token`. No valid session: 401.
 */
export const authenticated = createMiddleware<ApiEnv>(async (c, next) => {
  const { db, env } = c.var.app;
  const bearer = bearerToken(c.req.raw);
  const token = bearer ?? readCookie(c.var.app.env, c.req.raw, SESSION_COOKIE);
  const viewer = token ? await authenticateToken(db, env, token) : null;
  if (!viewer) throw new AuthError();
  if (
    !bearer &&
    !SAFE_METHODS.has(c.req.method) &&
    !(await verifyCsrfToken(env, viewer.sessionId, c.req.header(CSRF_HEADER) ?? null))
  ) {
    return c.json({ success: false, message: "CSRF token mismatch." }, 403);
  }
  c.set("viewer", viewer);
  await next();
  // Answers about an account are for its owner only: never stored by a shared cache.
  c.header("Cache-Control", "private, no-store");
});

/**
 * For calls guests may make too (placing an order): a bearer token must be valid (else 401); a
 * session cookie counts only with the page's CSRF token (else 403); nothing at all is a guest.
 * On a read (GET, reading an article) a token that does not verify only means a guest: a public
 * answer is never refused for a stale token, while a write never silently drops the account.
 */
export const optionalViewer = createMiddleware<ApiEnv>(async (c, next) => {
  const { db, env } = c.var.app;
  const bearer = bearerToken(c.req.raw);
  const cookie = bearer ? null : readCookie(c.var.app.env, c.req.raw, SESSION_COOKIE);
  let viewer = null;
  if (bearer) {
    viewer = await authenticateToken(db, env, bearer);
    if (!viewer && !SAFE_METHODS.has(c.req.method)) throw new AuthError();
  } else if (cookie) {
    viewer = await authenticateToken(db, env, cookie);
    if (
      viewer &&
      !SAFE_METHODS.has(c.req.method) &&
      !(await verifyCsrfToken(env, viewer.sessionId, c.req.header(CSRF_HEADER) ?? null))
    ) {
      return c.json({ success: false, message: "CSRF token mismatch." }, 403);
    }
  }
  c.set("maybeViewer", viewer);
  await next();
});
