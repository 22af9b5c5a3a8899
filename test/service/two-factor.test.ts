import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LoginSchema } from "~/lib/schemas/account";
import { totpCode } from "~/lib/totp";
import { authenticateToken, login, registerUser, type Viewer } from "~/services/auth.server";
import { ConflictError, ForbiddenError, ValidationError } from "~/services/errors";
import { RateLimitError } from "~/services/rate-limit.server";
import { openChallenge, TwoFactorRequired } from "~/services/two-factor-challenge.server";
import {
  beginSetup,
  completeEnrolment,
  completeTwoFactorSignIn,
  confirmSetup,
  disableTwoFactor,
  enrolmentDetails,
  regenerateRecoveryCodes,
  resetTwoFactor,
  twoFactorStatus,
  CODE_LIMITS,
} from "~/services/two-factor.server";
import { createTestDb, type TestDb } from "./db";
import { rejection } from "./fixtures";

const env = { ENVIRONMENT: "test" } as Env;
const PASSWORD = "Secret123";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});

const setRequired = (on: boolean) =>
  t.client.execute({
    sql: "UPDATE settings SET value = ? WHERE key = 'staff_2fa_required'",
    args: [on ? "true" : "false"],
  });
beforeEach(async () => {
  await setRequired(true);
});

let counter = 0;
const unique = (what: string) => `${what}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;

/** A new account with a role: staff (admin) unless told otherwise. */
async function account(role: "admin" | "super-admin" | "customer" = "admin") {
  const email = `${unique(role)}@example.com`;
  const auth = await registerUser(t.db, env, { name: "Sam Staff", email, password: PASSWORD }, unique("client"));
  if (role !== "customer") {
    await t.client.execute({
      sql: "INSERT INTO user_roles (user_id, role_id) SELECT ?, id FROM roles WHERE name = ?",
      args: [auth.user.id, role],
    });
  }
  return { email, id: auth.user.id };
}

/** The challenge a right password gets instead of a session. */
async function passwordStep(email: string, remember = false): Promise<TwoFactorRequired> {
  const error = await rejection(
    login(t.db, env, LoginSchema.parse({ email, password: PASSWORD, remember }), unique("client")),
  );
  expect(error).toBeInstanceOf(TwoFactorRequired);
  return error as TwoFactorRequired;
}

const now = () => Math.floor(Date.now() / 1000);
const sessionsOf = async (userId: number) =>
  Number(
    (
      await t.client.execute({
        sql: "SELECT count(*) AS n FROM sessions WHERE user_id = ? AND revoked_at IS NULL",
        args: [userId],
      })
    ).rows[0]!.n,
  );

/** Enrols a staff member through the first sign-in; answers the secret and the recovery codes. */
async function enrolled(role: "admin" | "super-admin" = "admin") {
  const staff = await account(role);
  const { step, challenge } = await passwordStep(staff.email);
  expect(step).toBe("enrol");
  const { secret } = await enrolmentDetails(t.db, env, challenge);
  const { auth, recoveryCodes } = await completeEnrolment(t.db, env, challenge, {
    code: await totpCode(secret, now()),
  });
  return { ...staff, secret, recoveryCodes, auth };
}

const viewerOf = async (token: string): Promise<Viewer> => (await authenticateToken(t.db, env, token))!;

describe("the sign-in of staff while a second factor is required", () => {
  it("opens no session for a right password: an unenrolled admin must enrol first", async () => {
    const staff = await account();
    const { step, challenge } = await passwordStep(staff.email, true);
    expect(step).toBe("enrol");
    expect(await sessionsOf(staff.id)).toBe(1); // the registration's only
    const opened = await openChallenge(env, challenge, "enrol");
    expect(opened).toMatchObject({ userId: staff.id, remember: true });
    expect(opened?.secret).toMatch(/^[A-Z2-7]{32}$/);
  });

  it("enrols with a first code: a session, ten recovery codes, and the secret stored sealed", async () => {
    const staff = await enrolled();
    expect(staff.recoveryCodes).toHaveLength(10);
    expect(new Set(staff.recoveryCodes).size).toBe(10);
    expect(await viewerOf(staff.auth.token)).toMatchObject({ user: { id: staff.id } });
    const row = (
      await t.client.execute({ sql: "SELECT secret_sealed FROM user_two_factor WHERE user_id = ?", args: [staff.id] })
    ).rows[0]!;
    expect(String(row.secret_sealed)).not.toContain(staff.secret);
    const hashes = (
      await t.client.execute({ sql: "SELECT code_hash FROM recovery_codes WHERE user_id = ?", args: [staff.id] })
    ).rows.map((r) => String(r.code_hash));
    expect(hashes).toHaveLength(10);
    for (const code of staff.recoveryCodes) expect(hashes.join()).not.toContain(code);
  });

  it("asks an enrolled admin for a code; a code opens the session, the same code never again", async () => {
    const staff = await enrolled();
    const first = await passwordStep(staff.email);
    expect(first.step).toBe("verify");
    // The enrolment spent the current step: the next step's code (within the window) is fresh.
    const code = await totpCode(staff.secret, now() + 30);
    const auth = await completeTwoFactorSignIn(t.db, env, first.challenge, { code });
    expect(auth.user.id).toBe(staff.id);
    const again = await passwordStep(staff.email);
    const error = await rejection(completeTwoFactorSignIn(t.db, env, again.challenge, { code }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors.code).toEqual(["The code is not valid. Please try again."]);
  });

  it("takes a recovery code once, in any case and with spaces", async () => {
    const staff = await enrolled();
    const [code] = staff.recoveryCodes;
    const { challenge } = await passwordStep(staff.email);
    const auth = await completeTwoFactorSignIn(t.db, env, challenge, { code: ` ${code!.toUpperCase()} ` });
    expect(auth.user.id).toBe(staff.id);
    const second = await passwordStep(staff.email);
    expect(await rejection(completeTwoFactorSignIn(t.db, env, second.challenge, { code }))).toBeInstanceOf(
      ValidationError,
    );
    expect((await twoFactorStatus(t.db, env, (await viewerOf(auth.token)).user)).recovery_codes_left).toBe(9);
  });

  it("lets only one of two racing requests use the same code", async () => {
    const staff = await enrolled();
    const [a, b] = await Promise.all([passwordStep(staff.email), passwordStep(staff.email)]);
    const code = staff.recoveryCodes[1]!;
    const results = await Promise.allSettled([
      completeTwoFactorSignIn(t.db, env, a.challenge, { code }),
      completeTwoFactorSignIn(t.db, env, b.challenge, { code }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("counts code attempts before checking them: past the limit even a right code is refused", async () => {
    const staff = await enrolled();
    const { challenge } = await passwordStep(staff.email);
    const guesses = Array.from({ length: CODE_LIMITS.short.max + 3 }, (_, i) => String(100000 + i));
    const outcomes = await Promise.allSettled(
      guesses.map((code) => completeTwoFactorSignIn(t.db, env, challenge, { code })),
    );
    const limited = outcomes.filter((r) => r.status === "rejected" && r.reason instanceof RateLimitError);
    expect(limited.length).toBeGreaterThanOrEqual(3);
    const error = await rejection(completeTwoFactorSignIn(t.db, env, challenge, { code: staff.recoveryCodes[0]! }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterSeconds).toBeGreaterThan(0);
  });

  it("refuses a forged, altered or wrong-purpose challenge", async () => {
    const staff = await enrolled();
    const { challenge } = await passwordStep(staff.email);
    const altered = `${challenge.slice(0, -2)}${challenge.endsWith("AA") ? "BB" : "AA"}`;
    for (const token of ["", "garbage", altered]) {
      expect((await rejection(completeTwoFactorSignIn(t.db, env, token, { code: "123456" }))).message).toBe(
        "Your sign-in has expired. Please log in again.",
      );
    }
    // A verify challenge cannot enrol a second factor.
    expect((await rejection(completeEnrolment(t.db, env, challenge, { code: "123456" }))).message).toBe(
      "Your sign-in has expired. Please log in again.",
    );
  });

  it("never asks a customer, whatever the setting", async () => {
    const customer = await account("customer");
    const auth = await login(
      t.db,
      env,
      LoginSchema.parse({ email: customer.email, password: PASSWORD }),
      unique("client"),
    );
    expect(auth.token).toBeTruthy();
  });

  it("does not ask an unenrolled admin while the setting is off, but asks one who enrolled", async () => {
    const staff = await enrolled();
    const fresh = await account();
    await setRequired(false);
    const auth = await login(
      t.db,
      env,
      LoginSchema.parse({ email: fresh.email, password: PASSWORD }),
      unique("client"),
    );
    expect(auth.token).toBeTruthy();
    expect((await passwordStep(staff.email)).step).toBe("verify");
  });
});

describe("a staff member's own factor", () => {
  it("sets up from the security page, regenerates recovery codes with a code, and turns off only when not required", async () => {
    await setRequired(false);
    const staff = await account();
    const auth = await login(
      t.db,
      env,
      LoginSchema.parse({ email: staff.email, password: PASSWORD }),
      unique("client"),
    );
    const viewer = await viewerOf(auth.token);
    const setup = await beginSetup(t.db, env, viewer);
    expect(setup.otpauth_uri).toContain(`secret=${setup.secret}`);
    const codes = await confirmSetup(t.db, env, viewer, setup.setup_token, {
      code: await totpCode(setup.secret, now()),
    });
    expect(codes).toHaveLength(10);
    expect(await rejection(beginSetup(t.db, env, viewer))).toBeInstanceOf(ConflictError);

    const fresh = await regenerateRecoveryCodes(t.db, env, viewer, { code: await totpCode(setup.secret, now() + 30) });
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(codes[0]);
    // The old codes are gone.
    const { challenge } = await passwordStep(staff.email);
    expect(await rejection(completeTwoFactorSignIn(t.db, env, challenge, { code: codes[0]! }))).toBeInstanceOf(
      ValidationError,
    );
  });

  it("turns off with a code from the app, only while the setting does not require it", async () => {
    await setRequired(false);
    const staff = await account();
    const viewer = await viewerOf(
      (await login(t.db, env, LoginSchema.parse({ email: staff.email, password: PASSWORD }), unique("client"))).token,
    );
    const setup = await beginSetup(t.db, env, viewer);
    // Confirmed with the previous step's code (the window takes it), so the current step's is still unused.
    const codes = await confirmSetup(t.db, env, viewer, setup.setup_token, {
      code: await totpCode(setup.secret, now() - 30),
    });
    await setRequired(true);
    expect(
      await rejection(disableTwoFactor(t.db, env, viewer, { code: await totpCode(setup.secret, now()) })),
    ).toBeInstanceOf(ConflictError);
    await setRequired(false);
    // A recovery code does not turn it off.
    expect(await rejection(disableTwoFactor(t.db, env, viewer, { code: codes[0]! }))).toBeInstanceOf(ValidationError);
    await disableTwoFactor(t.db, env, viewer, { code: await totpCode(setup.secret, now()) });
    expect((await twoFactorStatus(t.db, env, viewer.user)).enabled).toBe(false);
    const auth = await login(
      t.db,
      env,
      LoginSchema.parse({ email: staff.email, password: PASSWORD }),
      unique("client"),
    );
    expect(auth.token).toBeTruthy();
  });

  it("is for staff only", async () => {
    const customer = await account("customer");
    const auth = await login(
      t.db,
      env,
      LoginSchema.parse({ email: customer.email, password: PASSWORD }),
      unique("client"),
    );
    expect(await rejection(beginSetup(t.db, env, await viewerOf(auth.token)))).toBeInstanceOf(ForbiddenError);
  });

  it("a setup token is bound to its owner", async () => {
    await setRequired(false);
    const [one, two] = [await account(), await account()];
    const v1 = await viewerOf(
      (await login(t.db, env, LoginSchema.parse({ email: one.email, password: PASSWORD }), unique("c"))).token,
    );
    const v2 = await viewerOf(
      (await login(t.db, env, LoginSchema.parse({ email: two.email, password: PASSWORD }), unique("c"))).token,
    );
    const setup = await beginSetup(t.db, env, v1);
    const error = await rejection(
      confirmSetup(t.db, env, v2, setup.setup_token, { code: await totpCode(setup.secret, now()) }),
    );
    expect((error as ValidationError).errors.code).toEqual(["This set-up has expired. Please start again."]);
  });
});

describe("a super-admin's reset of another staff member's factor", () => {
  it("removes the factor, ends the member's sessions and is audited in the same batch", async () => {
    const staff = await enrolled();
    expect(await sessionsOf(staff.id)).toBeGreaterThan(0);
    const owner = { id: 1, name: "Olive Owner", email: "owner@example.com", superAdmin: true };
    await resetTwoFactor(t.db, owner, staff.id);
    expect(await sessionsOf(staff.id)).toBe(0);
    expect(await authenticateToken(t.db, env, staff.auth.token)).toBeNull();
    const audit = (
      await t.client.execute({
        sql: "SELECT action, summary FROM audit_log WHERE entity = 'user' AND entity_id = ? ORDER BY id DESC",
        args: [String(staff.id)],
      })
    ).rows[0]!;
    expect(audit.action).toBe("reset_two_factor");
    expect(String(audit.summary)).toContain(staff.email);
    // The next sign-in enrols again.
    expect((await passwordStep(staff.email)).step).toBe("enrol");
  });

  it("is refused to an admin who is not a super-admin", async () => {
    const staff = await enrolled();
    const admin = { id: 2, name: "Ava Admin", email: "admin@example.com", superAdmin: false };
    expect(await rejection(resetTwoFactor(t.db, admin, staff.id))).toBeInstanceOf(ForbiddenError);
    expect((await passwordStep(staff.email)).step).toBe("verify");
  });
});

describe("the setting's default", () => {
  it("is on in production when its row is missing, off elsewhere", async () => {
    const { staffTwoFactorRequired } = await import("~/services/two-factor-challenge.server");
    await t.client.execute("DELETE FROM settings WHERE key = 'staff_2fa_required'");
    try {
      expect(await staffTwoFactorRequired(t.db, { ENVIRONMENT: "production" })).toBe(true);
      expect(await staffTwoFactorRequired(t.db, { ENVIRONMENT: "development" })).toBe(false);
    } finally {
      await t.client.execute(
        "INSERT INTO settings (key, value, type, \"group\", is_public, description) VALUES ('staff_2fa_required', 'true', 'boolean', 'security', 0, '')",
      );
    }
  });

  it("is written off by the local seed and on by a production seed", async () => {
    const { buildSeedStatements } = await import("../../db/seed");
    const local = (await buildSeedStatements({ devUsers: false })).find((s) => s.includes("'staff_2fa_required'"))!;
    const live = (await buildSeedStatements({ devUsers: false, production: true })).find((s) =>
      s.includes("'staff_2fa_required'"),
    )!;
    expect(local).toContain("'false'");
    expect(live).toContain("'true'");
  });
});
