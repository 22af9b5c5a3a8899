import { z } from "zod";

/**
 * The second factor's request bodies (pages and API). Every field is optional here on purpose: the
 * service checks who is asking (the challenge, the set-up token, the session) before it checks the
 * code, so a missing code never tells anything about a challenge that is not valid.
 */
const text = z.string().max(4096).optional();

/** A sign-in's second step: the challenge the password answered, and a code or a recovery code. */
export const TwoFactorSignInSchema = z.object({
  challenge: text.meta({ description: "The `challenge` the login answered (valid 5 minutes)." }),
  code: text.meta({ description: "The 6-digit code of the authenticator app, or one of the recovery codes." }),
});

/** An enrolment challenge, to read its secret. */
export const TwoFactorChallengeSchema = z.object({
  challenge: text.meta({ description: 'The `challenge` the login answered with `step: "enrol"`.' }),
});

/** A signed-in staff member confirms a set-up. */
export const TwoFactorConfirmSchema = z.object({
  setup_token: text.meta({ description: "The `setup_token` the set-up answered (valid 15 minutes)." }),
  code: text.meta({ description: "The 6-digit code the authenticator app shows for the new secret." }),
});

/** A code of the owner's authenticator app (regenerating recovery codes, turning the factor off). */
export const TwoFactorCodeSchema = z.object({
  code: text.meta({ description: "The 6-digit code of the authenticator app." }),
});
