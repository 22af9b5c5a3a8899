import { beforeAll, describe, expect, it } from "vitest";
import { authenticateToken, AuthError, login, registerUser } from "~/services/auth.server";
import { ValidationError } from "~/services/errors";
import {
  FORGOT_MAX_PER_EMAIL,
  hashResetToken,
  requestPasswordReset,
  RESET_INVALID_MESSAGE,
  resetPassword,
  resetTokenIsLive,
} from "~/services/password-reset.server";
import { RateLimitError } from "~/services/rate-limit.server";
import { LoginSchema } from "~/lib/schemas/account";
import { maskSecrets, revealSecrets, unsealSecrets } from "~/services/mail/sealed.server";
import type { MailContext } from "~/services/mail/context";
import { getSiteConfig } from "~/services/settings.server";
import { createTestDb, type TestDb } from "./db";
import { testSeal } from "./fixtures";

const env = { ENVIRONMENT: "test" } as Env;
const ORIGIN = "https://shop.example";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});

let counter = 0;
const unique = (what: string) => `${what}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
const newEmail = () => `${unique("reset")}@example.com`;

async function register(email = newEmail(), password = "Secret123") {
  const auth = await registerUser(t.db, env, { name: "Ann Lee", email, password }, unique("client"));
  return { email, password, auth };
}

const rows = async (sql: string, args: (string | number)[] = []) => (await t.client.execute({ sql, args })).rows;

const outboxFor = (email: string) =>
  rows("SELECT * FROM mail_outbox WHERE to_address = ? ORDER BY created_at, rowid", [email]);
const resetsOf = (userId: number) => rows("SELECT * FROM password_resets WHERE user_id = ? ORDER BY rowid", [userId]);

/** A request's mail context, with the shop's settings as they are now. */
const mailContext = async (): Promise<MailContext> => ({
  origin: ORIGIN,
  site: await getSiteConfig(t.db),
  signOrder: async (number) => number,
  seal: testSeal,
});

/** The mails to an address as delivered (their sealed link revealed, as the queue's consumer does), oldest first. */
const deliveredTo = async (email: string) =>
  Promise.all(
    (await outboxFor(email)).map(async (row) =>
      revealSecrets({ text: String(row.text), html: String(row.html) }, await unsealSecrets(env, String(row.secrets))),
    ),
  );

/** The token in the newest reset mail's text, as the shopper would follow it. */
async function mailedToken(email: string): Promise<string> {
  const mails = await deliveredTo(email);
  const text = mails.at(-1)!.text;
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error("no reset link in the mail");
  return match[1]!;
}

async function asked(email: string) {
  await requestPasswordReset(t.db, email, await mailContext(), unique("client"));
  return mailedToken(email);
}

async function rejection(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

const credentials = (email: string, password: string) => LoginSchema.parse({ email, password });

describe("requestPasswordReset", () => {
  it("writes the token row, hashed, and the mail with an absolute link, a text and an HTML part", async () => {
    const { email, auth } = await register();
    await requestPasswordReset(t.db, email, await mailContext(), unique("client"));
    const [mail, ...more] = await outboxFor(email);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({
      template: "password_reset",
      status: "queued",
      subject: "Reset your Twistbloom password",
    });
    const token = await mailedToken(email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const link = `${ORIGIN}/reset-password?token=${token}`;
    // The outbox keeps no link (staff read it): a mark, masked for them; the link is sealed.
    expect(JSON.stringify(mail)).not.toContain(token);
    expect(String(mail!.secrets)).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(maskSecrets(String(mail!.text))).toContain(
      "Choose a new password here (the link works once, for 1 hour):\n[hidden: sent only to the recipient]",
    );
    // As delivered.
    const [delivered] = await deliveredTo(email);
    expect(delivered!.text).toContain(link);
    expect(delivered!.text).toContain("Hello Ann Lee");
    expect(delivered!.html).toMatch(/^<!DOCTYPE html><html/);
    expect(delivered!.html).toContain(`href="${link}"`);
    // Every link in the HTML is absolute.
    const hrefs = [...delivered!.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs.length).toBeGreaterThan(0);
    // Every web link is absolute; the footer's contact links (mailto:, tel:) are the only others.
    for (const href of hrefs) expect(href).toMatch(/^(https:\/\/|mailto:|tel:)/);

    const [reset, ...others] = await resetsOf(auth.user.id);
    expect(others).toHaveLength(0);
    expect(reset!.token_hash).not.toBe(token);
    expect(reset!.token_hash).toBe(await hashResetToken(token));
    expect(JSON.stringify(await rows("SELECT * FROM password_resets"))).not.toContain(token);
    // One hour.
    expect(Number(reset!.expires_at) - Number(reset!.created_at)).toBeGreaterThanOrEqual(3599);
    expect(Number(reset!.expires_at) - Number(reset!.created_at)).toBeLessThanOrEqual(3601);
    expect(reset!.used_at).toBeNull();
  });

  it("names the shop from the settings", async () => {
    const { email } = await register();
    await t.client.execute("UPDATE settings SET value = 'Bloomery' WHERE key = 'site_name'");
    try {
      await requestPasswordReset(t.db, email, await mailContext(), unique("client"));
    } finally {
      await t.client.execute("UPDATE settings SET value = 'Twistbloom' WHERE key = 'site_name'");
    }
    const [mail] = await outboxFor(email);
    expect(mail!.subject).toBe("Reset your Bloomery password");
    expect(String(mail!.text)).toContain("Bloomery");
  });

  it("answers the same for an unknown email and writes nothing", async () => {
    const before = await rows(
      "SELECT (SELECT count(*) FROM mail_outbox) AS mails, (SELECT count(*) FROM password_resets) AS resets",
    );
    const email = newEmail();
    await expect(requestPasswordReset(t.db, email, await mailContext(), unique("client"))).resolves.toBeUndefined();
    expect(await outboxFor(email)).toHaveLength(0);
    const after = await rows(
      "SELECT (SELECT count(*) FROM mail_outbox) AS mails, (SELECT count(*) FROM password_resets) AS resets",
    );
    expect(after).toEqual(before);
  });

  it("sends nothing to a disabled account", async () => {
    const { email, auth } = await register();
    await t.client.execute({ sql: "UPDATE users SET disabled_at = unixepoch() WHERE id = ?", args: [auth.user.id] });
    await expect(requestPasswordReset(t.db, email, await mailContext(), unique("client"))).resolves.toBeUndefined();
    expect(await outboxFor(email)).toHaveLength(0);
    expect(await resetsOf(auth.user.id)).toHaveLength(0);
  });

  it("asking again spends the link sent before: only the newest works", async () => {
    const { email } = await register();
    const first = await asked(email);
    const second = await asked(email);
    expect(second).not.toBe(first);
    expect(await resetTokenIsLive(t.db, first)).toBe(false);
    expect(await resetTokenIsLive(t.db, second)).toBe(true);
    expect((await rejection(resetPassword(t.db, first, "Newpass123", "Newpass123"))).message).toBe(
      RESET_INVALID_MESSAGE,
    );
    await resetPassword(t.db, second, "Newpass123", "Newpass123");
  });

  it("is limited per email, known or not (429 with a wait)", async () => {
    for (const email of [(await register()).email, newEmail()]) {
      for (let i = 0; i < FORGOT_MAX_PER_EMAIL; i++)
        await requestPasswordReset(t.db, email, await mailContext(), unique("client"));
      const error = await rejection(requestPasswordReset(t.db, email, await mailContext(), unique("client")));
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error.message).toMatch(/^Too many password reset requests\. Please try again in \d+ minutes?\.$/);
      expect(error.retryAfterSeconds).toBeGreaterThan(0);
    }
  });

  it("is limited per client address", async () => {
    const client = unique("client");
    let error: unknown;
    for (let i = 0; i < 50 && !error; i++) {
      error = await requestPasswordReset(t.db, newEmail(), await mailContext(), client).then(
        () => undefined,
        (e) => e,
      );
    }
    expect(error).toBeInstanceOf(RateLimitError);
  });
});

describe("resetPassword", () => {
  it("sets the password, spends the token and ends every session of the user", async () => {
    const { email, password, auth } = await register();
    const other = await login(t.db, env, credentials(email, password), unique("client"));
    const token = await asked(email);
    await resetPassword(t.db, token, "Fresh4567", "Fresh4567");

    expect(await authenticateToken(t.db, env, auth.token)).toBeNull();
    expect(await authenticateToken(t.db, env, other.token)).toBeNull();
    expect(await rejection(login(t.db, env, credentials(email, password), unique("client")))).toBeInstanceOf(AuthError);
    const fresh = await login(t.db, env, credentials(email, "Fresh4567"), unique("client"));
    expect(await authenticateToken(t.db, env, fresh.token)).not.toBeNull();
    const [reset] = await resetsOf(auth.user.id);
    expect(reset!.used_at).not.toBeNull();
  });

  it("works once: the same token again is refused with the exact message", async () => {
    const { email } = await register();
    const token = await asked(email);
    await resetPassword(t.db, token, "Fresh4567", "Fresh4567");
    const error = await rejection(resetPassword(t.db, token, "Other4567", "Other4567"));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.status).toBe(422);
    expect(error.message).toBe(RESET_INVALID_MESSAGE);
    expect(error.errors).toEqual({ token: [RESET_INVALID_MESSAGE] });
    await login(t.db, env, credentials(email, "Fresh4567"), unique("client"));
  });

  it("of two resets racing with one token, only one applies", async () => {
    const { email } = await register();
    const token = await asked(email);
    const results = await Promise.allSettled([
      resetPassword(t.db, token, "First4567", "First4567"),
      resetPassword(t.db, token, "Second4567", "Second4567"),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const failed = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(failed.reason.message).toBe(RESET_INVALID_MESSAGE);
    const winner = results[0]!.status === "fulfilled" ? "First4567" : "Second4567";
    const loser = winner === "First4567" ? "Second4567" : "First4567";
    await login(t.db, env, credentials(email, winner), unique("client"));
    expect(await rejection(login(t.db, env, credentials(email, loser), unique("client")))).toBeInstanceOf(AuthError);
  });

  it("refuses an expired token", async () => {
    const { email, auth } = await register();
    const token = await asked(email);
    await t.client.execute({
      sql: "UPDATE password_resets SET expires_at = unixepoch() - 1 WHERE user_id = ?",
      args: [auth.user.id],
    });
    expect(await resetTokenIsLive(t.db, token)).toBe(false);
    expect((await rejection(resetPassword(t.db, token, "Fresh4567", "Fresh4567"))).message).toBe(RESET_INVALID_MESSAGE);
    await login(t.db, env, credentials(email, "Secret123"), unique("client"));
  });

  it("refuses an unknown or malformed token", async () => {
    for (const token of ["A".repeat(43), "", "not a token", "x".repeat(500)]) {
      expect(await resetTokenIsLive(t.db, token)).toBe(false);
      const error = await rejection(resetPassword(t.db, token, "Fresh4567", "Fresh4567"));
      expect(error.errors).toEqual({ token: [RESET_INVALID_MESSAGE] });
    }
  });

  it("applies the spec's password rules and messages, and keeps the token", async () => {
    const { email } = await register();
    const token = await asked(email);
    const mismatch = await rejection(resetPassword(t.db, token, "Fresh4567", "Fresh4568"));
    expect(mismatch.message).toBe("Please fix the errors in the form");
    expect(mismatch.errors).toEqual({ password_confirmation: ["Passwords do not match"] });
    const weak = await rejection(resetPassword(t.db, token, "short", ""));
    expect(weak.errors).toEqual({
      password: ["Password must be at least 8 characters long"],
      password_confirmation: ["Password confirmation is required"],
    });
    const plain = await rejection(resetPassword(t.db, token, "alllowercase", "alllowercase"));
    expect(plain.errors.password).toEqual([
      "Password must contain at least one uppercase letter",
      "Password must contain at least one number",
    ]);
    expect(await resetTokenIsLive(t.db, token)).toBe(true);
    await resetPassword(t.db, token, "Fresh4567", "Fresh4567");
  });
});
