import { Hono } from "hono";
import { LoginSchema, PasswordChangeSchema, ProfileSchema, RegisterApiSchema } from "../../app/lib/schemas/account";
import { changePassword, login, refreshSession, registerUser, revokeSession, updateProfile } from "../../app/services/auth.server";
import { clientAddress } from "../../app/services/rate-limit.server";
import { ok, parseBody, type ApiEnv } from "./http";
import { authenticated } from "./session";

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
    const { user, token } = await refreshSession(db, env, c.var.viewer);
    return ok(c, { user, token });
  })
  // The spec lists /auth/logout among the defined paths as well.
  .post("/logout", authenticated, async (c) => {
    await revokeSession(c.var.app.db, c.var.viewer.sessionId);
    return c.json({ success: true, message: "Logged out successfully" });
  });

/** The bearer-token account calls under /api/v1/auth. */
export const accountApi = new Hono<ApiEnv>()
  .use(authenticated)
  .post("/logout", async (c) => {
    await revokeSession(c.var.app.db, c.var.viewer.sessionId);
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
    const { user, token } = await changePassword(db, env, c.var.viewer, input);
    return ok(c, { user, token }, { message: "Password updated successfully" });
  });
