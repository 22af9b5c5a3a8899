import { z } from "zod";
import { bearerToken } from "../../app/http/bearer";
import {
  AccountTokenSchema,
  ForgotPasswordSchema,
  LoginSchema,
  PasswordChangeSchema,
  ProfileSchema,
  RegisterApiSchema,
  ResetPasswordSchema,
} from "../../app/lib/schemas/account";
import { AccountExportSchema } from "../../app/services/serializers/account-export";
import { deleteAccountWithPassword, exportAccountData } from "../../app/services/account-rights.server";
import { DeleteAccountSchema, RIGHTS_MESSAGES } from "../../app/lib/schemas/account-rights";
import {
  AuthError,
  changePassword,
  login,
  refreshSession,
  registerUser,
  revokeSession,
  type AuthResult,
} from "../../app/services/auth.server";
import { ACCOUNT_EMAIL_MESSAGES, SIGN_IN_METHOD_MESSAGES } from "../../app/lib/account-email";
import { isSocialProvider, SOCIAL_PROVIDER_NAMES, SOCIAL_PROVIDERS } from "../../app/lib/social-login";
import { confirmEmailChange, saveProfile } from "../../app/services/email-change.server";
import { resendVerification, verifyEmail } from "../../app/services/email-verification.server";
import { signInMethods, unlinkProvider } from "../../app/services/sign-in-methods.server";
import { mailContext } from "../../app/http/mail.server";
import { clientAddress } from "../../app/services/rate-limit.server";
import {
  requestPasswordReset,
  resetPassword,
  RESET_DONE_MESSAGE,
  RESET_REQUESTED_MESSAGE,
} from "../../app/services/password-reset.server";
import { clearSessionCookie, sessionCookie } from "../../app/http/session.server";
import { ok, parseBody, type ApiContext } from "./http";
import { apiApp, Done, errors, json, jsonOrForm, mount, SIGNED_IN_READ, SIGNED_IN_WRITE, success } from "./openapi";
import { AuthSchema, UserSchema } from "./schemas";
import { authenticated } from "./session";
import { TwoFactorRequired } from "../../app/services/two-factor-challenge.server";
import { challengeAnswer, mountOwnTwoFactor, mountTwoFactorSignIn, TwoFactorChallengeAnswer } from "./two-factor";

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

const Signed = (message: boolean) =>
  json(success(AuthSchema, message ? { message: z.string() } : {}), "The user and a new bearer token.");

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
    const { user, token } = await registerUser(
      db,
      env,
      input,
      clientAddress(c.req.raw),
      await mailContext(c.var.app, c.req.raw),
    );
    return c.json(
      {
        success: true,
        data: { user, token },
        message: "Registration successful!",
      },
      201,
    );
  },
);
mount(
  authApi,
  {
    method: "post",
    path: "/login",
    tags,
    summary: "Sign in (a disabled account is refused with 403)",
    description:
      "A staff member who must give a second factor gets no token here but a `challenge` (`data.two_factor_required: true`): " +
      'exchange it with a code at `POST /api/auth/two-factor`, or, with `step: "enrol"`, set the factor up first (`/api/auth/two-factor/setup`). Customers always get the token.',
    request: { body: jsonOrForm(LoginSchema) },
    responses: {
      200: json(
        z.union([
          success(AuthSchema, { message: z.string() }),
          success(TwoFactorChallengeAnswer, { message: z.string() }),
        ]),
        "The user and a new bearer token; or, for staff with a second factor, the challenge.",
      ),
      ...errors(401, 403, 422, 429),
    },
  },
  async (c) => {
    const input = await parseBody(c, LoginSchema);
    const { db, env } = c.var.app;
    try {
      const { user, token } = await login(db, env, input, clientAddress(c.req.raw));
      return ok(c, { user, token }, { message: "Login successful!" });
    } catch (error) {
      if (error instanceof TwoFactorRequired) return challengeAnswer(c, error);
      throw error;
    }
  },
);
mountTwoFactorSignIn(authApi, tags);
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
  },
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
  },
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
  },
);
mount(
  authApi,
  {
    method: "post",
    path: "/verify-email",
    tags,
    summary: "Verify the account's email address with the mailed token (works once)",
    request: { body: jsonOrForm(AccountTokenSchema) },
    responses: { 200: json(Done, "The address is verified."), ...errors(422) },
  },
  async (c) => {
    const { token } = await parseBody(c, AccountTokenSchema);
    await verifyEmail(c.var.app.db, token);
    return c.json({ success: true as const, message: ACCOUNT_EMAIL_MESSAGES.verified });
  },
);
mount(
  authApi,
  {
    method: "post",
    path: "/confirm-email",
    tags,
    summary: "Confirm an email change with the token mailed to the new address (works once)",
    description: "409 when another account has that address by now: an address is never shared by two accounts.",
    request: { body: jsonOrForm(AccountTokenSchema) },
    responses: { 200: json(Done, "The account's email is now the new address."), ...errors(409, 422) },
  },
  async (c) => {
    const { token } = await parseBody(c, AccountTokenSchema);
    await confirmEmailChange(c.var.app.db, token);
    return c.json({ success: true as const, message: ACCOUNT_EMAIL_MESSAGES.changed });
  },
);
// The spec lists /auth/logout among the defined paths as well.
mount(authApi, { ...logoutRoute, tags, middleware: authenticated }, logout);

/** The bearer-token account calls under /api/v1/auth. */
export const accountApi = apiApp();
accountApi.use(authenticated);
const account = ["Account"];
mount(accountApi, { ...logoutRoute, tags: account }, logout);
mountOwnTwoFactor(accountApi, account);
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
  (c) => ok(c, c.var.viewer.user),
);
mount(
  accountApi,
  {
    method: "put",
    path: "/profile",
    tags: account,
    summary: "Change the caller's profile",
    description:
      "The same `email` as now saves as it always did. A different `email` needs `current_password` (422 naming it when missing or wrong): the other fields are saved, the email stays as it is, and a link is mailed to the new address (the old one is told); the email changes when the link is used (`POST /api/auth/confirm-email`).",
    security: SIGNED_IN_WRITE,
    request: { body: jsonOrForm(ProfileSchema) },
    responses: {
      200: json(
        success(UserSchema, { message: z.string() }),
        "The user as saved (with the old email while a change waits for confirmation).",
      ),
      ...errors(401, 403, 422, 429),
    },
  },
  async (c) => {
    const input = await parseBody(c, ProfileSchema);
    const saved = await saveProfile(c.var.app.db, c.var.viewer.user, input, await mailContext(c.var.app, c.req.raw));
    return ok(c, saved.user, { message: saved.message });
  },
);
mount(
  accountApi,
  {
    method: "post",
    path: "/verify-email/resend",
    tags: account,
    summary: "Mail a new verification link to the caller's address (limited per account)",
    security: SIGNED_IN_WRITE,
    responses: { 200: json(Done, "Sent, or the address was already verified."), ...errors(401, 403, 429) },
  },
  async (c) => {
    const outcome = await resendVerification(
      c.var.app.db,
      c.var.viewer.user.id,
      await mailContext(c.var.app, c.req.raw),
    );
    return c.json({
      success: true as const,
      message: outcome === "sent" ? ACCOUNT_EMAIL_MESSAGES.verificationSent : ACCOUNT_EMAIL_MESSAGES.alreadyVerified,
    });
  },
);
const SignInMethodsSchema = z
  .object({
    password_set: z.boolean().meta({
      description:
        "Whether the account has a password its owner chose (an account social login created has none until a reset sets one).",
    }),
    identities: z.array(
      z.object({
        provider: z.enum(SOCIAL_PROVIDERS),
        email: z.string().nullable(),
        linked_at: z.string(),
        last_used_at: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "SignInMethods" });
mount(
  accountApi,
  {
    method: "get",
    path: "/sign-in-methods",
    tags: account,
    summary: "The caller's ways to sign in: the password and the linked providers",
    security: SIGNED_IN_READ,
    responses: { 200: json(success(SignInMethodsSchema), "The sign-in methods."), ...errors(401) },
  },
  async (c) => ok(c, await signInMethods(c.var.app.db, c.var.viewer.user.id)),
);
mount(
  accountApi,
  {
    method: "delete",
    path: "/sign-in-methods/{provider}",
    tags: account,
    summary: "Unlink a provider (never the last way to sign in: 409)",
    security: SIGNED_IN_WRITE,
    request: { params: z.object({ provider: z.string() }) },
    responses: {
      200: json(success(SignInMethodsSchema, { message: z.string() }), "Unlinked: the sign-in methods left."),
      ...errors(401, 403, 404, 409),
    },
  },
  async (c) => {
    const provider = c.req.param("provider");
    if (!isSocialProvider(provider)) return c.json({ success: false as const, message: "Not found." }, 404);
    const methods = await unlinkProvider(c.var.app.db, c.var.viewer.user.id, provider);
    return ok(c, methods, { message: SIGN_IN_METHOD_MESSAGES.unlinked(SOCIAL_PROVIDER_NAMES[provider]) });
  },
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
  },
);

// ---------------------------------------------------------------- data rights (docs/decisions/025)

mount(
  accountApi,
  {
    method: "get",
    path: "/export",
    tags: account,
    summary: "Everything the caller's account holds: profile, orders, reviews, wishlist, newsletter, sign-in methods",
    security: SIGNED_IN_READ,
    responses: { 200: json(success(AccountExportSchema), "The account's data."), ...errors(401) },
  },
  async (c) => {
    const data = await exportAccountData(c.var.app.db, c.var.viewer.user.id);
    if (!data) throw new AuthError();
    return ok(c, data);
  },
);
mount(
  accountApi,
  {
    method: "delete",
    path: "/account",
    tags: account,
    summary:
      "Delete the caller's account with their password: every session ends, personal data goes, orders stay anonymised; reviews kept (as a former customer's) or deleted. Refused (409) while an order is pending, processing or shipped, and for staff.",
    security: SIGNED_IN_WRITE,
    request: { body: jsonOrForm(DeleteAccountSchema) },
    responses: { 200: json(Done, "Deleted; the session is over."), ...errors(401, 403, 409, 422, 429) },
  },
  async (c) => {
    const input = await parseBody(c, DeleteAccountSchema);
    await deleteAccountWithPassword(c.var.app.db, c.var.viewer.user.id, input);
    followSession(c, null);
    return c.json({ success: true as const, message: RIGHTS_MESSAGES.deleted });
  },
);
