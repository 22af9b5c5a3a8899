import { z } from "zod";
import {
  TwoFactorChallengeSchema,
  TwoFactorCodeSchema,
  TwoFactorConfirmSchema,
  TwoFactorSignInSchema,
} from "../../app/lib/schemas/two-factor";
import { CHALLENGE_SECONDS, TwoFactorRequired } from "../../app/services/two-factor-challenge.server";
import {
  beginSetup,
  completeEnrolment,
  completeTwoFactorSignIn,
  confirmSetup,
  disableTwoFactor,
  enrolmentDetails,
  regenerateRecoveryCodes,
  twoFactorStatus,
} from "../../app/services/two-factor.server";
import { ok, parseBody, type ApiContext } from "./http";
import { apiApp, Done, errors, json, jsonOrForm, mount, SIGNED_IN_READ, SIGNED_IN_WRITE, success } from "./openapi";
import { AuthSchema } from "./schemas";

/**
 * Staff two-factor sign-in for API clients (docs/decisions/023). The login answers a staff member
 * who must give a second factor with a challenge instead of a token; these calls exchange it (and
 * a code) for the token, or enrol a first factor with it. A signed-in staff member manages their
 * own factor under /api/v1/auth/two-factor.
 */

export const TwoFactorChallengeAnswer = z
  .object({
    two_factor_required: z.literal(true),
    step: z.enum(["verify", "enrol"]).meta({
      description:
        "`verify`: send a code to `POST /api/auth/two-factor`. `enrol`: read the secret with `POST /api/auth/two-factor/setup`, then confirm a first code.",
    }),
    challenge: z
      .string()
      .meta({ description: "Sealed, bound to the user and to `remember`; valid `expires_in` seconds." }),
    expires_in: z.number().int(),
  })
  .meta({ id: "TwoFactorChallenge" });

/** The login's answer when a second factor stands between the password and the session. */
export function challengeAnswer(c: ApiContext, error: TwoFactorRequired) {
  const message =
    error.step === "enrol" ? "Set up two-factor sign-in to continue." : "Enter the code from your authenticator app.";
  return ok(
    c,
    { two_factor_required: true as const, step: error.step, challenge: error.challenge, expires_in: CHALLENGE_SECONDS },
    { message },
  );
}

const SetupSchema = z
  .object({
    secret: z.string().meta({ description: "The TOTP secret, base32 (HMAC-SHA1, 6 digits, 30 seconds)." }),
    secret_grouped: z.string().meta({ description: "The same secret in groups of four, for typing." }),
    otpauth_uri: z.string().meta({ description: "The `otpauth://totp/...` URI a QR code carries." }),
  })
  .meta({ id: "TwoFactorSetup" });

const RecoveryCodes = z.array(z.string()).meta({ description: "Ten single-use recovery codes: shown only this once." });

const StatusSchema = z
  .object({
    enabled: z.boolean(),
    required: z.boolean().meta({ description: "Whether the shop's setting requires a second factor of this account." }),
    enabled_at: z.string().nullable(),
    recovery_codes_left: z.number().int(),
  })
  .meta({ id: "TwoFactorStatus" });

/** The challenge-based calls, on the /api/auth app (no session yet). */
export function mountTwoFactorSignIn(app: ReturnType<typeof apiApp>, tags: string[]) {
  mount(
    app,
    {
      method: "post",
      path: "/two-factor",
      tags,
      summary: "Second step of a staff sign-in: the login's challenge and a code (or a recovery code) for the token",
      request: { body: jsonOrForm(TwoFactorSignInSchema) },
      responses: {
        200: json(success(AuthSchema, { message: z.string() }), "The user and a new bearer token."),
        ...errors(401, 403, 422, 429),
      },
    },
    async (c) => {
      const input = await parseBody(c, TwoFactorSignInSchema);
      const { user, token } = await completeTwoFactorSignIn(c.var.app.db, c.var.app.env, input.challenge, input);
      return ok(c, { user, token }, { message: "Login successful!" });
    },
  );
  mount(
    app,
    {
      method: "post",
      path: "/two-factor/setup",
      tags,
      summary: "A first staff sign-in: the secret to enrol (from the login's `enrol` challenge); nothing is stored yet",
      request: { body: jsonOrForm(TwoFactorChallengeSchema) },
      responses: { 200: json(success(SetupSchema), "The secret and its otpauth URI."), ...errors(401) },
    },
    async (c) => {
      const input = await parseBody(c, TwoFactorChallengeSchema);
      const { secret, secret_grouped, otpauth_uri } = await enrolmentDetails(
        c.var.app.db,
        c.var.app.env,
        input.challenge,
      );
      return ok(c, { secret, secret_grouped, otpauth_uri });
    },
  );
  mount(
    app,
    {
      method: "post",
      path: "/two-factor/setup/confirm",
      tags,
      summary: "A first staff sign-in: a first code confirms the factor; answers the token and the recovery codes",
      request: { body: jsonOrForm(TwoFactorSignInSchema) },
      responses: {
        200: json(
          success(AuthSchema.extend({ recovery_codes: RecoveryCodes }), { message: z.string() }),
          "The user, a bearer token and the recovery codes.",
        ),
        ...errors(401, 403, 422, 429),
      },
    },
    async (c) => {
      const input = await parseBody(c, TwoFactorSignInSchema);
      const { auth, recoveryCodes } = await completeEnrolment(c.var.app.db, c.var.app.env, input.challenge, input);
      return ok(
        c,
        { user: auth.user, token: auth.token, recovery_codes: recoveryCodes },
        { message: "Two-factor sign-in is on. Login successful!" },
      );
    },
  );
}

/** The signed-in staff member's own factor, on the /api/v1/auth app (behind `authenticated`). */
export function mountOwnTwoFactor(app: ReturnType<typeof apiApp>, tags: string[]) {
  mount(
    app,
    {
      method: "get",
      path: "/two-factor",
      tags,
      summary: "Whether the caller has a second factor, whether it is required, recovery codes left",
      security: SIGNED_IN_READ,
      responses: { 200: json(success(StatusSchema), "The status."), ...errors(401) },
    },
    async (c) => ok(c, await twoFactorStatus(c.var.app.db, c.var.app.env, c.var.viewer.user)),
  );
  mount(
    app,
    {
      method: "post",
      path: "/two-factor/setup",
      tags,
      summary: "Staff: start setting up a second factor (a new secret and a set-up token; nothing is stored yet)",
      security: SIGNED_IN_WRITE,
      responses: {
        200: json(
          success(SetupSchema.extend({ setup_token: z.string() })),
          "The secret, its URI and the set-up token.",
        ),
        ...errors(401, 403, 409),
      },
    },
    async (c) => ok(c, await beginSetup(c.var.app.db, c.var.app.env, c.var.viewer)),
  );
  mount(
    app,
    {
      method: "post",
      path: "/two-factor/confirm",
      tags,
      summary: "Staff: confirm the set-up with a first code; answers the recovery codes",
      security: SIGNED_IN_WRITE,
      request: { body: jsonOrForm(TwoFactorConfirmSchema) },
      responses: {
        200: json(success(z.object({ recovery_codes: RecoveryCodes }), { message: z.string() }), "The recovery codes."),
        ...errors(401, 403, 409, 422, 429),
      },
    },
    async (c) => {
      const input = await parseBody(c, TwoFactorConfirmSchema);
      const codes = await confirmSetup(c.var.app.db, c.var.app.env, c.var.viewer, input.setup_token, input);
      return ok(c, { recovery_codes: codes }, { message: "Two-factor sign-in is on." });
    },
  );
  mount(
    app,
    {
      method: "post",
      path: "/two-factor/recovery-codes",
      tags,
      summary: "Staff: new recovery codes for a code of the app (the old ones stop working)",
      security: SIGNED_IN_WRITE,
      request: { body: jsonOrForm(TwoFactorCodeSchema) },
      responses: {
        200: json(
          success(z.object({ recovery_codes: RecoveryCodes }), { message: z.string() }),
          "The new recovery codes.",
        ),
        ...errors(401, 403, 409, 422, 429),
      },
    },
    async (c) => {
      const input = await parseBody(c, TwoFactorCodeSchema);
      const codes = await regenerateRecoveryCodes(c.var.app.db, c.var.app.env, c.var.viewer, input);
      return ok(c, { recovery_codes: codes }, { message: "New recovery codes made: the old ones no longer work." });
    },
  );
  mount(
    app,
    {
      method: "delete",
      path: "/two-factor",
      tags,
      summary: "Staff: turn the second factor off with a code of the app (409 while the shop requires it)",
      security: SIGNED_IN_WRITE,
      request: { body: jsonOrForm(TwoFactorCodeSchema) },
      responses: { 200: json(Done, "Turned off."), ...errors(401, 403, 409, 422, 429) },
    },
    async (c) => {
      const input = await parseBody(c, TwoFactorCodeSchema);
      await disableTwoFactor(c.var.app.db, c.var.app.env, c.var.viewer, input);
      return c.json({ success: true as const, message: "Two-factor sign-in is off." });
    },
  );
}
