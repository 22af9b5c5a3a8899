import { z } from "zod";
import { bearerToken } from "../../app/http/bearer";
import { ForgotPasswordSchema, LoginSchema, PasswordChangeSchema, ProfileSchema, RegisterApiSchema, ResetPasswordSchema } from "../../app/lib/schemas/account";
import { changePassword, login, refreshSession, registerUser, revokeSession, updateProfile, type AuthResult } from "../../app/services/auth.server";
import { mailContext } from "../../app/http/mail.server";
import { clientAddress } from "../../app/services/rate-limit.server";
import { requestPasswordReset, resetPassword, RESET_DONE_MESSAGE, RESET_REQUESTED_MESSAGE } from "../../app/services/password-reset.server";
import { clearSessionCookie, sessionCookie } from "../../app/http/session.server";
import { ok, parseBody, type ApiContext } from "./http";
import { apiApp, Done, errors, json, jsonOrForm, mount, SIGNED_IN_READ, SIGNED_IN_WRITE, success } from "./openapi";
import { AuthSchema, UserSchema } from "./schemas";
import { authenticated } from "./session";

/**
 * A call that replaced the session (refresh, password change) or ended it (logout) must update the
 * browser's cookie too when it rode on it (no bearer token, as `authenticated` reads it): the old
 * session is revoked, so the cookie would be dead.
 */
function followSession(c: ApiContext, auth: AuthResult | null) {
  if (bearerToken(c.req.raw) !== null) return;
  const { env } = c.var.app;
  c.header("Set-Cookie", auth ? sessionCookie(env, c.req.raw, auth) : clearSessionCookie(env, c.req.raw));
}

const Signed = (message: boolean) => json(success(AuthSchema, message ? { message: z.string() } : {}), "The user and a new bearer token.");

async function logout(c: ApiContext) {
  await revokeSession(c.var.app.db, c.var.viewer.sessionId);
  followSession(c, null);
  return c.json({ success: true, message: "Logged out successfully" });
}
const logoutRoute = {
  method: "post",
  path: "/logout",
  summary: "End the session (and clear its cookie when it rode on it)",
  security: SIGNED_IN_WRITE,
  responses: { 200: json(Done, "Ended."), ...errors(401, 403) },
} as const;

/** POST /api/auth/register, /login and /refresh: they answer {success, data: {user, token}}. */
export const authApi = apiApp();
authApi.use(async (c, next) => {
  await next();
  // Tokens are for the one who asked: never kept by a cache.
  c.header("Cache-Control", "no-store");
});
const tags = ["Auth"];
mount(
  authApi,
  {
    method: "post",
    path: "/register",
    tags,
    summary: "Create an account",
    request: { body: jsonOrForm(RegisterApiSchema) },
    responses: { 201: Signed(true), ...errors(422, 429) },
  },
  async (c) => {
    const input = await parseBody(c, RegisterApiSchema);
    const { db, env } = c.var.app;
    const { user, token } = await registerUser(db, env, input, clientAddress(c.req.raw), await mailContext(c.var.app, c.req.raw));
    return c.json(
      {
        success: true,
        data: { user, token },
        message: "Registration successful!",
      },
      201
    );
  }
);
mount(
  authApi,
  {
    method: "post",
    path: "/login",
    tags,
    summary: "Sign in (a disabled account is refused with 403)",
    request: { body: jsonOrForm(LoginSchema) },
    responses: { 200: Signed(true), ...errors(401, 403, 422, 429) },
  },
  async (c) => {
    const input = await parseBody(c, LoginSchema);
    const { db, env } = c.var.app;
    const { user, token } = await login(db, env, input, clientAddress(c.req.raw));
    return ok(c, { user, token }, { message: "Login successful!" });
  }
);
mount(
  authApi,
  {
    method: "post",
    path: "/refresh",
    tags,
    summary: "Replace the session with a new one (the old token stops working)",
    middleware: authenticated,
    security: SIGNED_IN_WRITE,
    responses: { 200: Signed(false), ...errors(401, 403) },
  },
  async (c) => {
    const { db, env } = c.var.app;
    const auth = await refreshSession(db, env, c.var.viewer);
    followSession(c, auth);
    return ok(c, { user: auth.user, token: auth.token });
  }
);
mount(
  authApi,
  {
    method: "post",
    path: "/forgot-password",
    tags,
    summary: "Mail a password reset link (the same answer whether or not the address has an account)",
    request: { body: jsonOrForm(ForgotPasswordSchema) },
    responses: { 200: json(Done, "Asked: a link is mailed if the account exists."), ...errors(422, 429) },
  },
  async (c) => {
    const { email } = await parseBody(c, ForgotPasswordSchema);
    await requestPasswordReset(c.var.app.db, email, await mailContext(c.var.app, c.req.raw), clientAddress(c.req.raw));
    return c.json({ success: true as const, message: RESET_REQUESTED_MESSAGE });
  }
);
mount(
  authApi,
  {
    method: "post",
    path: "/reset-password",
    tags,
    summary: "Set a new password with a mailed token (every session of the user ends)",
    request: { body: jsonOrForm(ResetPasswordSchema) },
    responses: { 200: json(Done, "The password is set; log in with it."), ...errors(422) },
  },
  async (c) => {
    const input = await parseBody(c, ResetPasswordSchema);
    await resetPassword(c.var.app.db, input.token, input.password, input.password_confirmation);
    return c.json({ success: true as const, message: RESET_DONE_MESSAGE });
  }
);
// The spec lists /auth/logout among the defined paths as well.
mount(authApi, { ...logoutRoute, tags, middleware: authenticated }, logout);

/** The bearer-token account calls under /api/v1/auth. */
export const accountApi = apiApp();
accountApi.use(authenticated);
const account = ["Account"];
mount(accountApi, { ...logoutRoute, tags: account }, logout);
mount(
  accountApi,
  {
    method: "get",
    path: "/profile",
    tags: account,
    summary: "The caller's profile",
    security: SIGNED_IN_READ,
    responses: { 200: json(success(UserSchema), "The user."), ...errors(401) },
  },
  (c) => ok(c, c.var.viewer.user)
);
mount(
  accountApi,
  {
    method: "put",
    path: "/profile",
    tags: account,
    summary: "Change the caller's profile",
    security: SIGNED_IN_WRITE,
    request: { body: jsonOrForm(ProfileSchema) },
    responses: {
      200: json(success(UserSchema, { message: z.string() }), "The user as saved."),
      ...errors(401, 403, 422),
    },
  },
  async (c) => {
    const input = await parseBody(c, ProfileSchema);
    const user = await updateProfile(c.var.app.db, c.var.viewer.user.id, input);
    return ok(c, user, { message: "Profile updated successfully" });
  }
);
mount(
  accountApi,
  {
    method: "put",
    path: "/password",
    tags: account,
    summary: "Change the caller's password (the session is replaced)",
    security: SIGNED_IN_WRITE,
    request: { body: jsonOrForm(PasswordChangeSchema) },
    responses: { 200: Signed(true), ...errors(401, 403, 422) },
  },
  async (c) => {
    const input = await parseBody(c, PasswordChangeSchema);
    const { db, env } = c.var.app;
    const auth = await changePassword(db, env, c.var.viewer, input);
    followSession(c, auth);
    return ok(c, { user: auth.user, token: auth.token }, { message: "Password updated successfully" });
  }
);
