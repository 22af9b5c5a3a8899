import { SignJWT, UnsecuredJWT } from "jose";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { LoginSchema, PasswordChangeSchema, ProfileSchema } from "~/lib/schemas/account";
import {
  AuthError,
  authenticateToken,
  changePassword,
  getUser,
  isAdmin,
  JWT_AUDIENCE,
  JWT_ISSUER,
  login,
  refreshSession,
  registerUser,
  revokeSession,
  signToken,
  updateProfile,
  verifyToken,
  type AuthResult,
  type Viewer,
} from "~/services/auth.server";
import { ValidationError } from "~/services/errors";
import { RateLimitError } from "~/services/rate-limit.server";
import { jwtSecret } from "~/services/secrets.server";
import { ADMIN, CUSTOMER, KANDY_CONTACT, NO_CONTACT, OWNER } from "../fixtures/accounts";
import { createTestDb, type TestDb } from "./db";
import { rejection } from "./fixtures";

const env = { ENVIRONMENT: "test" } as Env;
const LOGIN_FAILED = "Invalid email or password. Please try again.";
const EMAIL_TAKEN = "This email address is already registered";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});

let counter = 0;
/** A fresh email and client address per test, so counters and accounts never collide. */
const unique = (what: string) => `${what}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
const newEmail = () => `${unique("shopper")}@example.com`;

const credentials = (email: string, password: string, remember = false) =>
  LoginSchema.parse({ email, password, remember });

async function register(email = newEmail(), password = "Secret123", client = unique("client")) {
  return registerUser(t.db, env, { name: "Ann Lee", email, password }, client);
}

async function viewerOf(token: string): Promise<Viewer> {
  const viewer = await authenticateToken(t.db, env, token);
  if (!viewer) throw new Error("the token should be live");
  return viewer;
}

const passwordHashOf = async (email: string) =>
  String(
    (await t.client.execute({ sql: "SELECT password_hash FROM users WHERE email = ?", args: [email] })).rows[0]!
      .password_hash,
  );

function expectNoPasswordHash(result: unknown) {
  const json = JSON.stringify(result);
  expect(json).not.toMatch(/password/i);
  expect(json).not.toContain("pbkdf2");
}

describe("registerUser", () => {
  it("creates a customer, logs them in, and the token authenticates", async () => {
    const email = newEmail();
    const result = await register(email);
    expect(result.user).toMatchObject({
      name: "Ann Lee",
      email,
      ...NO_CONTACT,
      roles: [{ name: "customer" }],
    });
    expect(result.user.id).toBeGreaterThan(0);
    expect(new Date(result.user.created_at).toISOString()).toBe(result.user.created_at);
    expect(isAdmin(result.user)).toBe(false);
    const viewer = await viewerOf(result.token);
    expect(viewer.user).toEqual(result.user);
    expect(viewer.sessionId).toBe(result.sessionId);
  });

  it("stores a salted hash, never the password, and never returns it", async () => {
    const email = newEmail();
    const result = await register(email, "Secret123");
    expectNoPasswordHash(result.user);
    expectNoPasswordHash((await viewerOf(result.token)).user);
    expectNoPasswordHash(await getUser(t.db, result.user.id));
    const stored = await passwordHashOf(email);
    expect(stored).toMatch(/^pbkdf2_sha256\$/);
    expect(stored).not.toContain("Secret123");
  });

  it("refuses a taken email as a field error on email, and writes nothing", async () => {
    const email = newEmail();
    await register(email);
    const users = async () => Number((await t.client.execute("SELECT count(*) AS n FROM users")).rows[0]!.n);
    const before = await users();
    const error = await rejection(register(email, "Other1234"));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).status).toBe(422);
    expect((error as ValidationError).errors).toEqual({ email: [EMAIL_TAKEN] });
    expect(await users()).toBe(before);
    // The first account keeps its password.
    await expect(login(t.db, env, credentials(email, "Secret123"), unique("client"))).resolves.toMatchObject({
      user: { email },
    });
  });

  it("refuses the seeded customer's email", async () => {
    const error = await rejection(register(CUSTOMER.email));
    expect((error as ValidationError).errors).toEqual({ email: [EMAIL_TAKEN] });
  });

  it("lets only one of two simultaneous registrations of the same email through, the other a field error", async () => {
    const email = newEmail();
    const results = await Promise.allSettled([register(email), register(email)]);
    const fulfilled = results.filter((r) => r.status === "fulfilled");
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.reason).toBeInstanceOf(ValidationError);
    expect((rejected[0]!.reason as ValidationError).errors).toEqual({ email: [EMAIL_TAKEN] });
    const rows = await t.client.execute({
      sql: "SELECT count(*) AS n FROM users JOIN user_roles ON user_roles.user_id = users.id WHERE email = ?",
      args: [email],
    });
    expect(Number(rows.rows[0]!.n)).toBe(1);
  });

  it("allows 20 registrations an hour from one client address, then answers RateLimitError", async () => {
    const client = unique("busy-network");
    for (let i = 0; i < 20; i++) await register(newEmail(), "Secret123", client);
    const error = await rejection(register(newEmail(), "Secret123", client));
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).status).toBe(429);
    expect(error.message).toMatch(/^Too many registrations from this network\. Please try again in \d+ minutes?\.$/);
    expect((error as RateLimitError).retryAfterSeconds).toBeGreaterThan(0);
    expect((error as RateLimitError).retryAfterSeconds).toBeLessThanOrEqual(60 * 60);
    // Another address is not affected.
    await expect(register(newEmail(), "Secret123", unique("client"))).resolves.toHaveProperty("token");
  });
});

describe("login", () => {
  it("logs in a registered user, whatever the case of the email typed", async () => {
    const email = newEmail();
    const registered = await register(email, "Secret123");
    const result = await login(t.db, env, credentials(email.toUpperCase(), "Secret123"), unique("client"));
    expect(result.user).toEqual(registered.user);
    expect(result.token).not.toBe(registered.token);
    expect(result.sessionId).not.toBe(registered.sessionId);
    expectNoPasswordHash(result.user);
    expect((await viewerOf(result.token)).user.id).toBe(registered.user.id);
    // The registration's session is still live: logging in elsewhere does not end it.
    expect(await authenticateToken(t.db, env, registered.token)).not.toBeNull();
  });

  it("logs in the seeded accounts with their roles", async () => {
    const admin = await login(t.db, env, credentials(ADMIN.email, ADMIN.password), unique("client"));
    expect(admin.user.roles).toEqual([{ name: "admin" }]);
    expect(isAdmin(admin.user)).toBe(true);
    const customer = await login(t.db, env, credentials(CUSTOMER.email, CUSTOMER.password), unique("client"));
    expect(customer.user).toMatchObject({ name: "Casey Customer", country: "LK", roles: [{ name: "customer" }] });
    expect(isAdmin(customer.user)).toBe(false);
  });

  it("gives a wrong password and an unknown email the same AuthError", async () => {
    const email = newEmail();
    await register(email, "Secret123");
    const wrong = await rejection(login(t.db, env, credentials(email, "Secret124"), unique("client")));
    const unknown = await rejection(login(t.db, env, credentials(newEmail(), "Secret123"), unique("client")));
    for (const error of [wrong, unknown]) {
      expect(error).toBeInstanceOf(AuthError);
      expect(error.message).toBe(LOGIN_FAILED);
      expect((error as AuthError).status).toBe(401);
    }
  });

  it("keeps a remembered session for 30 days and a short one for a day", async () => {
    const email = newEmail();
    await register(email);
    const short = await login(t.db, env, credentials(email, "Secret123", false), unique("client"));
    const long = await login(t.db, env, credentials(email, "Secret123", true), unique("client"));
    expect(short.remember).toBe(false);
    expect(long.remember).toBe(true);
    const days = (result: AuthResult) => Math.round((result.expiresAt.getTime() - Date.now()) / 86_400_000);
    expect(days(short)).toBe(1);
    expect(days(long)).toBe(30);
    expect((await viewerOf(long.token)).remember).toBe(true);
  });

  it("after 5 failures for an email, makes each further attempt wait 1, 2, 4 seconds, even the right password; never a long lock", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const email = newEmail();
      await register(email, "Secret123");
      for (let i = 0; i < 5; i++) {
        // Each failure from its own address: the email's backoff is what stops this.
        expect(await rejection(login(t.db, env, credentials(email, `Wrong${i}pass`), unique("client")))).toBeInstanceOf(
          AuthError,
        );
      }
      for (const wait of [1, 2, 4]) {
        const error = await rejection(login(t.db, env, credentials(email, "Secret123"), unique("client")));
        expect(error).toBeInstanceOf(RateLimitError);
        expect(error.message).toBe(
          `Too many login attempts. Please try again in ${wait} second${wait === 1 ? "" : "s"}.`,
        );
        expect((error as RateLimitError).retryAfterSeconds).toBe(wait);
        vi.advanceTimersByTime(wait * 1000);
        // Once the wait is over, one more guess is looked at (and fails), and the next wait doubles.
        expect(await rejection(login(t.db, env, credentials(email, "Wrong1234"), unique("client")))).toBeInstanceOf(
          AuthError,
        );
      }
      // The wait never grows past a few minutes: the owner logs in after it.
      for (let i = 0; i < 20; i++) {
        vi.advanceTimersByTime(10 * 60 * 1000);
        await rejection(login(t.db, env, credentials(email, "Wrong1234"), unique("client")));
      }
      const capped = await rejection(login(t.db, env, credentials(email, "Secret123"), unique("client")));
      expect((capped as RateLimitError).retryAfterSeconds).toBeLessThanOrEqual(5 * 60);
      expect(capped.message).toBe("Too many login attempts. Please try again in 5 minutes.");
      vi.advanceTimersByTime(5 * 60 * 1000);
      await expect(login(t.db, env, credentials(email, "Secret123"), unique("client"))).resolves.toHaveProperty(
        "token",
      );
      // Other accounts were never affected.
      const other = newEmail();
      await register(other, "Secret123");
      await expect(login(t.db, env, credentials(other, "Secret123"), unique("client"))).resolves.toHaveProperty(
        "token",
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it("counts an email's failures whatever its case", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const email = newEmail();
      await register(email, "Secret123");
      for (let i = 0; i < 5; i++) {
        const typed = i % 2 ? email.toUpperCase() : email;
        await rejection(login(t.db, env, credentials(typed, "Wrong1234"), unique("client")));
      }
      expect(await rejection(login(t.db, env, credentials(email, "Secret123"), unique("client")))).toBeInstanceOf(
        RateLimitError,
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it("starts the email's count again after a successful login", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const email = newEmail();
      await register(email, "Secret123");
      for (let i = 0; i < 4; i++) await rejection(login(t.db, env, credentials(email, "Wrong1234"), unique("client")));
      await login(t.db, env, credentials(email, "Secret123"), unique("client"));
      for (let i = 0; i < 4; i++)
        expect(await rejection(login(t.db, env, credentials(email, "Wrong1234"), unique("client")))).toBeInstanceOf(
          AuthError,
        );
      await expect(login(t.db, env, credentials(email, "Secret123"), unique("client"))).resolves.toHaveProperty(
        "token",
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it("after 30 failures from one client address, refuses that address for any email", async () => {
    const client = unique("attacker");
    for (let i = 0; i < 30; i++) {
      expect(await rejection(login(t.db, env, credentials(newEmail(), "Wrong1234"), client))).toBeInstanceOf(AuthError);
    }
    const email = newEmail();
    await register(email, "Secret123");
    expect(await rejection(login(t.db, env, credentials(email, "Secret123"), client))).toBeInstanceOf(RateLimitError);
    // The account itself is fine from anywhere else.
    await expect(login(t.db, env, credentials(email, "Secret123"), unique("client"))).resolves.toHaveProperty("token");
  });
});

describe("tokens", () => {
  it("carry the user and the session, and verify with the same secret only", async () => {
    const { user, token, sessionId } = await register();
    expect(await verifyToken(env, token)).toEqual({ userId: user.id, sessionId });
    expect(await verifyToken({ JWT_SECRET: "another-secret-0123456789abcdef" } as Env, token)).toBeNull();
  });

  it("refuse garbage, a tampered payload, and an overlong token", async () => {
    const { token } = await register();
    expect(await verifyToken(env, "")).toBeNull();
    expect(await verifyToken(env, "not.a.jwt")).toBeNull();
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: "1" })).toString("base64url");
    expect(await verifyToken(env, `${header}.${forged}.${signature}`)).toBeNull();
    expect(await verifyToken(env, `${token}${"A".repeat(2100)}`)).toBeNull();
  });

  it("refuse alg none, an expired token, another issuer or audience, and a missing session id", async () => {
    const { user, sessionId } = await register();
    const key = new TextEncoder().encode(jwtSecret(env));
    const future = Math.floor(Date.now() / 1000) + 3600;
    const sign = (
      claims: Record<string, unknown>,
      { issuer = JWT_ISSUER, audience = JWT_AUDIENCE, exp = future } = {},
    ) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(user.id))
        .setIssuer(issuer)
        .setAudience(audience)
        .setExpirationTime(exp)
        .sign(key);

    // The control: these claims, signed properly, are accepted.
    expect(await verifyToken(env, await sign({ sid: sessionId }))).toEqual({ userId: user.id, sessionId });
    const none = new UnsecuredJWT({ sid: sessionId })
      .setSubject(String(user.id))
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setExpirationTime(future)
      .encode();
    expect(await verifyToken(env, none)).toBeNull();
    expect(
      await verifyToken(env, await sign({ sid: sessionId }, { exp: Math.floor(Date.now() / 1000) - 60 })),
    ).toBeNull();
    expect(await verifyToken(env, await sign({ sid: sessionId }, { issuer: "someone-else" }))).toBeNull();
    expect(await verifyToken(env, await sign({ sid: sessionId }, { audience: "another-app" }))).toBeNull();
    expect(await verifyToken(env, await sign({}))).toBeNull();
    // Another algorithm or extra header parameters: refused, whatever the signature.
    const [, payload, signature] = (await sign({ sid: sessionId })).split(".");
    const header = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    for (const h of [
      { alg: "HS512" },
      { alg: "RS256", typ: "JWT" },
      { alg: "HS256", crit: ["exp"], exp: 1 },
      { alg: "HS256", kid: "x" },
      {},
    ]) {
      expect(await verifyToken(env, `${header(h)}.${payload}.${signature}`)).toBeNull();
    }
    expect(await verifyToken(env, `${header({ alg: "HS256" })}.${payload}.${signature}`)).toEqual({
      userId: user.id,
      sessionId,
    });
    expect(await verifyToken(env, await sign({ sid: 42 }))).toBeNull();
  });

  it("need a session that exists, belongs to the token's user and has not expired", async () => {
    const ann = await register();
    const bob = await register();
    // A well-signed token naming Bob's session for Ann is refused.
    const crossed = await signToken(env, { userId: ann.user.id, sessionId: bob.sessionId, expiresAt: bob.expiresAt });
    expect(await authenticateToken(t.db, env, crossed)).toBeNull();
    const invented = await signToken(env, {
      userId: ann.user.id,
      sessionId: crypto.randomUUID(),
      expiresAt: ann.expiresAt,
    });
    expect(await authenticateToken(t.db, env, invented)).toBeNull();
    await t.client.execute({
      sql: "UPDATE sessions SET expires_at = ? WHERE id = ?",
      args: [Math.floor(Date.now() / 1000) - 1, ann.sessionId],
    });
    expect(await authenticateToken(t.db, env, ann.token)).toBeNull();
    expect(await authenticateToken(t.db, env, bob.token)).not.toBeNull();
  });

  it("die with their user", async () => {
    const { user, token } = await register();
    await t.client.execute({ sql: "DELETE FROM users WHERE id = ?", args: [user.id] });
    expect(await authenticateToken(t.db, env, token)).toBeNull();
  });

  it("need a real secret outside development and test", () => {
    const strong = "9f2c4e1a7b3d5c8e0f6a2b4c9d1e3f5a7c0b2d4e6f8a1c3e5b7d9f0a2c4e6b8d";
    expect(() => jwtSecret({ ENVIRONMENT: "production" } as Env)).toThrow(/JWT_SECRET is not usable/);
    expect(() => jwtSecret({ ENVIRONMENT: "production", JWT_SECRET: "short" } as Env)).toThrow(
      /JWT_SECRET is not usable/,
    );
    // Long enough once was enough; now it must carry 32 random bytes (docs/decisions/024).
    expect(() =>
      jwtSecret({ ENVIRONMENT: "production", JWT_SECRET: "a-long-enough-production-secret" } as Env),
    ).toThrow(/JWT_SECRET is not usable/);
    expect(jwtSecret({ ENVIRONMENT: "production", JWT_SECRET: strong } as Env)).toBe(strong);
  });
});

describe("revokeSession (logout)", () => {
  it("ends that session's token at once, and only that one", async () => {
    const email = newEmail();
    const first = await register(email);
    const second = await login(t.db, env, credentials(email, "Secret123"), unique("client"));
    await revokeSession(t.db, first.sessionId);
    expect(await authenticateToken(t.db, env, first.token)).toBeNull();
    expect(await authenticateToken(t.db, env, second.token)).not.toBeNull();
    // Logging out twice is harmless.
    await revokeSession(t.db, first.sessionId);
    expect(await authenticateToken(t.db, env, first.token)).toBeNull();
  });
});

describe("refreshSession", () => {
  it("answers a working new token of the same kind and ends the old one", async () => {
    const email = newEmail();
    await register(email);
    const remembered = await login(t.db, env, credentials(email, "Secret123", true), unique("client"));
    const refreshed = await refreshSession(t.db, env, await viewerOf(remembered.token));
    expect(refreshed.token).not.toBe(remembered.token);
    expect(refreshed.user).toEqual(remembered.user);
    expect(refreshed.remember).toBe(true);
    expect(await authenticateToken(t.db, env, remembered.token)).toBeNull();
    const viewer = await viewerOf(refreshed.token);
    expect(viewer).toMatchObject({ sessionId: refreshed.sessionId, remember: true, user: { id: remembered.user.id } });
  });
});

describe("changePassword", () => {
  it("logs out every session, answers a working new token, and the new password is the one that logs in", async () => {
    const email = newEmail();
    const phone = await register(email, "OldSecret1");
    const laptop = await login(t.db, env, credentials(email, "OldSecret1"), unique("client"));
    const input = PasswordChangeSchema.parse({
      current_password: "OldSecret1",
      new_password: "NewSecret1",
      new_password_confirmation: "NewSecret1",
    });
    const result = await changePassword(t.db, env, await viewerOf(laptop.token), input);
    expectNoPasswordHash(result);
    expect(result.user.id).toBe(laptop.user.id);
    expect(await authenticateToken(t.db, env, laptop.token)).toBeNull();
    expect(await authenticateToken(t.db, env, phone.token)).toBeNull();
    expect((await viewerOf(result.token)).user.email).toBe(email);
    expect(await rejection(login(t.db, env, credentials(email, "OldSecret1"), unique("client")))).toBeInstanceOf(
      AuthError,
    );
    await expect(login(t.db, env, credentials(email, "NewSecret1"), unique("client"))).resolves.toHaveProperty("token");
  });

  it("refuses a wrong current password with the spec's message, and changes nothing", async () => {
    const email = newEmail();
    const registered = await register(email, "OldSecret1");
    const before = await passwordHashOf(email);
    const input = PasswordChangeSchema.parse({
      current_password: "NotMine12",
      new_password: "NewSecret1",
      new_password_confirmation: "NewSecret1",
    });
    const error = await rejection(changePassword(t.db, env, await viewerOf(registered.token), input));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe("Failed to update password. Please check your current password.");
    expect((error as ValidationError).errors.current_password).toHaveLength(1);
    expect(await passwordHashOf(email)).toBe(before);
    expect(await authenticateToken(t.db, env, registered.token)).not.toBeNull();
  });
});

describe("updateProfile", () => {
  const profile = (fields: Record<string, unknown>) => ProfileSchema.parse(fields);

  it("saves the profile fields and answers the user as shown", async () => {
    const { user, token } = await register();
    const email = user.email;
    const updated = await updateProfile(
      t.db,
      user.id,
      profile({ name: "Ann Perera", email: email.toUpperCase(), ...KANDY_CONTACT, country: "Sri Lanka" }),
    );
    expect(updated).toEqual({ ...user, name: "Ann Perera", email, ...KANDY_CONTACT });
    expectNoPasswordHash(updated);
    expect((await viewerOf(token)).user).toEqual(updated);
    // Emptied optional fields are cleared.
    const cleared = await updateProfile(t.db, user.id, profile({ name: "Ann Perera", email }));
    expect(cleared).toMatchObject({
      phone: null,
      address: null,
      city: null,
      state: null,
      zip_code: null,
      country: null,
    });
  });

  it("cannot change roles, id or dates, even when they are handed in", async () => {
    const { user } = await register();
    const smuggled = {
      ...profile({
        name: "Mallory",
        email: user.email,
        roles: [{ name: "admin" }],
        id: 1,
        created_at: "2000-01-01T00:00:00.000Z",
      }),
      roles: [{ name: "admin" }],
      role: "admin",
      id: 1,
      created_at: "2000-01-01T00:00:00.000Z",
      password_hash: "pbkdf2_sha256$1$AAAA$AAAA",
    } as unknown as Parameters<typeof updateProfile>[2];
    const before = await passwordHashOf(user.email);
    const updated = await updateProfile(t.db, user.id, smuggled);
    expect(updated).toMatchObject({
      id: user.id,
      name: "Mallory",
      created_at: user.created_at,
      roles: [{ name: "customer" }],
    });
    expect(isAdmin(updated)).toBe(false);
    expect(await getUser(t.db, user.id)).toEqual(updated);
    expect(await passwordHashOf(user.email)).toBe(before);
    // User 1 (the seeded owner) is untouched.
    expect(await getUser(t.db, 1)).toMatchObject({
      email: OWNER.email,
      name: OWNER.name,
      roles: [{ name: "super-admin" }],
    });
  });

  it("never changes the email: a new one waits for its confirmation link (saveProfile, decision 021)", async () => {
    const { user } = await register();
    await expect(updateProfile(t.db, user.id, profile({ name: "Ann Lee", email: user.email }))).resolves.toMatchObject({
      email: user.email,
    });
    await expect(
      updateProfile(t.db, user.id, profile({ name: "Ann Lee", email: CUSTOMER.email })),
    ).resolves.toMatchObject({ email: user.email });
    expect((await getUser(t.db, user.id))!.email).toBe(user.email);
  });
});
