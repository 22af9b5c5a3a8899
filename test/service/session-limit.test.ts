import { beforeAll, describe, expect, it } from "vitest";
import { LoginSchema, PasswordChangeSchema } from "~/lib/schemas/account";
import {
  absoluteEnd,
  authenticateToken,
  changePassword,
  login,
  newSession,
  refreshSession,
  registerUser,
  sessionCard,
  SESSION_SECONDS,
  verifyToken,
  type Viewer,
} from "~/services/auth.server";
import { createTestDb, type TestDb } from "./db";

// Sessions end at an absolute limit from the sign-in (docs/decisions/024): 30 days with "remember
// me", a day without; a refresh or a password change carries the sign-in time on, and no new
// token's expiry passes it. The check is in the one place a session is read.

const env = { ENVIRONMENT: "test" } as Env;
const PASSWORD = "Secret123";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});

let counter = 0;
const unique = (what: string) => `${what}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;

async function signedIn(remember: boolean) {
  const email = `${unique("limit")}@example.com`;
  await registerUser(t.db, env, { name: "Ann Lee", email, password: PASSWORD }, unique("client"));
  return login(t.db, env, LoginSchema.parse({ email, password: PASSWORD, remember }), unique("client"));
}

async function viewerOf(token: string): Promise<Viewer> {
  const viewer = await authenticateToken(t.db, env, token);
  if (!viewer) throw new Error("the token should be live");
  return viewer;
}

const expOf = (token: string) => JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).exp as number;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Moves the session's sign-in back, leaving its row's expiry where it is (as an old, renewed row could be). */
async function signInMovedBack(sessionId: string, by: number) {
  await t.client.execute({
    sql: "UPDATE sessions SET signed_in_at = signed_in_at - ?, expires_at = ? WHERE id = ?",
    args: [by, seconds(new Date()) + 40 * 24 * 3600, sessionId],
  });
}

describe("newSession", () => {
  it("starts the clock at a sign-in, and ends a continued session when its sign-in's limit does", () => {
    const fresh = newSession(true);
    expect(fresh.expiresAt.getTime() - fresh.signedInAt.getTime()).toBe(SESSION_SECONDS.remember * 1000);
    const then = new Date(Date.now() - 10 * 24 * 3600 * 1000);
    const continued = newSession(true, then);
    expect(seconds(continued.signedInAt)).toBe(seconds(then));
    expect(continued.expiresAt).toEqual(absoluteEnd(continued.signedInAt, true));
    expect(newSession(false, then).expiresAt.getTime()).toBeLessThan(Date.now());
    // A sign-in "in the future" is taken as now.
    expect(newSession(false, new Date(Date.now() + 3600_000)).signedInAt.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe("refreshSession and changePassword", () => {
  it("carry the sign-in on: the new token expires when the first one does, never later", async () => {
    const first = await signedIn(true);
    const viewer = await viewerOf(first.token);
    const refreshed = await refreshSession(t.db, env, viewer);
    expect(expOf(refreshed.token)).toBeLessThanOrEqual(expOf(first.token));
    expect(refreshed.expiresAt.getTime()).toBeLessThanOrEqual(first.expiresAt.getTime());
    const next = await viewerOf(refreshed.token);
    expect(next.signedInAt).toEqual(viewer.signedInAt);

    const changed = await changePassword(
      t.db,
      env,
      next,
      PasswordChangeSchema.parse({
        current_password: PASSWORD,
        new_password: "Secret456",
        new_password_confirmation: "Secret456",
      }),
    );
    expect(expOf(changed.token)).toBeLessThanOrEqual(expOf(first.token));
    expect((await viewerOf(changed.token)).signedInAt).toEqual(viewer.signedInAt);
  });

  it("after a sign-in long ago, answer a token that ends at that sign-in's limit", async () => {
    const first = await signedIn(true);
    await signInMovedBack(first.sessionId, 20 * 24 * 3600);
    const viewer = await viewerOf(first.token);
    // The row said 40 days from now; the viewer is told the real end: 10 days from now.
    expect(viewer.expiresAt).toEqual(absoluteEnd(viewer.signedInAt, true));
    const refreshed = await refreshSession(t.db, env, viewer);
    expect(expOf(refreshed.token)).toBe(seconds(absoluteEnd(viewer.signedInAt, true)));
    expect(expOf(refreshed.token)).toBeLessThan(seconds(new Date()) + 11 * 24 * 3600);
  });
});

describe("a session past its absolute limit", () => {
  it("is refused everywhere it is read, however far its row's expiry", async () => {
    for (const [remember, limit] of [
      [true, SESSION_SECONDS.remember],
      [false, SESSION_SECONDS.short],
    ] as const) {
      const first = await signedIn(remember);
      const claims = (await verifyToken(env, first.token))!;
      await signInMovedBack(first.sessionId, limit - 120);
      expect(await authenticateToken(t.db, env, first.token)).not.toBeNull();
      expect(await sessionCard(t.db, claims)).not.toBeNull();
      await signInMovedBack(first.sessionId, 240);
      expect(await authenticateToken(t.db, env, first.token)).toBeNull();
      expect(await sessionCard(t.db, claims)).toBeNull();
    }
  });

  it("counts a row older than the column from its creation", async () => {
    const first = await signedIn(false);
    const old = seconds(new Date()) - SESSION_SECONDS.short - 60;
    await t.client.execute({
      sql: "UPDATE sessions SET signed_in_at = NULL, created_at = ?, expires_at = ? WHERE id = ?",
      args: [old, old + SESSION_SECONDS.remember, first.sessionId],
    });
    expect(await authenticateToken(t.db, env, first.token)).toBeNull();
  });

  it("cannot be revived by refreshes racing each other: each new session keeps the first sign-in", async () => {
    const first = await signedIn(false);
    const viewer = await viewerOf(first.token);
    const results = await Promise.all([
      refreshSession(t.db, env, viewer),
      refreshSession(t.db, env, viewer),
      refreshSession(t.db, env, viewer),
    ]);
    const rows = await t.client.execute({
      sql: "SELECT DISTINCT signed_in_at FROM sessions WHERE user_id = ?",
      args: [first.user.id],
    });
    expect(rows.rows).toHaveLength(1);
    for (const result of results) expect(expOf(result.token)).toBeLessThanOrEqual(expOf(first.token));
  });
});
