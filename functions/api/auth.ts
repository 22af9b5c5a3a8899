import { Hono } from "hono";
import { LoginSchema, PasswordChangeSchema, ProfileSchema, RegisterApiSchema } from "../../app/lib/schemas/account";
import { changePassword, login, refreshSession, registerUser, revokeSession, updateProfile, type AuthResult } from "../../app/services/auth.server";
import { clientAddress } from "../../app/services/rate-limit.server";
import { clearSessionCookie, sessionCookie } from "../../app/http/session.server";
import { ok, parseBody, type ApiContext, type ApiEnv } from "./http";
import { authenticated } from "./session";

/** Whether the caller rode on the browser's session cookie (no bearer token), as `authenticated` reads it. */
const viaCookie = (c: ApiContext) => !/^Bearer\s+\S+$/i.test(c.req.header("Authorization") ?? "");

/**
 * A call that replaced the session (refresh, password change) or ended it (logout) must update the
 * browser's cookie too when it rode on it: the old session is revoked, so the cookie would be dead.
 */
function followSession(c: ApiContext, auth: AuthResult | null) {
  if (!viaCookie(c)) return;
  const { env } = c.var.app;
  c.header("Set-Cookie", auth ? sessionCookie(env, c.req.raw, auth) : clearSessionCookie(env, c.req.raw));
}

/** POST /api/auth/register, /login and /refresh: they answer {success, data: {user, token}}. */
export const authApi = new Hono<ApiEnv>()
  .use(async (c, next) => {
    await next();
    // Tokens are for the one who asked: never kept by a cache.
    c.header("Cache-Control", "no-store");
  })
  .post("/register", async (c) => {
    const input = await parseBody(c, RegisterApiSchema);
    const { db, env } = c.var.app;
    const { user, token } = await registerUser(db, env, input, clientAddress(c.req.raw));
    return c.json({ success: true, data: { user, token }, message: "Registration successful!" }, 201);
  })
  .post("/login", async (c) => {
    const input = await parseBody(c, LoginSchema);
    const { db, env } = c.var.app;
    const { user, token } = await login(db, env, input, clientAddress(c.req.raw));
    return ok(c, { user, token }, { message: "Login successful!" });
  })
  .post("/refresh", authenticated, async (c) => {
    const { db, env } = c.var.app;
    const auth = await refreshSession(db, env, c.var.viewer);
    followSession(c, auth);
    return ok(c, { user: auth.user, token: auth.token });
  })
  // The spec lists /auth/logout among the defined paths as well.
  .post("/logout", authenticated, async (c) => {
    await revokeSession(c.var.app.db, c.var.viewer.sessionId);
    followSession(c, null);
    return c.json({ success: true, message: "Logged out successfully" });
  });

/** The bearer-token account calls under /api/v1/auth. */
export const accountApi = new Hono<ApiEnv>()
  .use(authenticated)
  .post("/logout", async (c) => {
    await revokeSession(c.var.app.db, c.var.viewer.sessionId);
    followSession(c, null);
    return c.json({ success: true, message: "Logged out successfully" });
  })
  .get("/profile", (c) => ok(c, c.var.viewer.user))
  .put("/profile", async (c) => {
    const input = await parseBody(c, ProfileSchema);
    const user = await updateProfile(c.var.app.db, c.var.viewer.user.id, input);
    return ok(c, user, { message: "Profile updated successfully" });
  })
  .put("/password", async (c) => {
    const input = await parseBody(c, PasswordChangeSchema);
    const { db, env } = c.var.app;
    const auth = await changePassword(db, env, c.var.viewer, input);
    followSession(c, auth);
    return ok(c, { user: auth.user, token: auth.token }, { message: "Password updated successfully" });
  });
