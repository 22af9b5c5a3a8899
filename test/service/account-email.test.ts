import { beforeAll, describe, expect, it } from "vitest";
import { ProfileSchema } from "~/lib/schemas/account";
import { getUser, registerUser, type AuthUser } from "~/services/auth.server";
import { confirmEmailChange, pendingEmailChange, saveProfile } from "~/services/email-change.server";
import { RESEND_MAX_PER_USER, resendVerification, verifyEmail } from "~/services/email-verification.server";
import { ConflictError, NotFoundError, ValidationError } from "~/services/errors";
import type { MailContext } from "~/services/mail/context";
import { revealSecrets, unsealSecrets } from "~/services/mail/sealed.server";
import { requestPasswordReset, resetPassword } from "~/services/password-reset.server";
import { RateLimitError } from "~/services/rate-limit.server";
import { getSiteConfig } from "~/services/settings.server";
import { linkIdentity, signInMethods, unlinkProvider } from "~/services/sign-in-methods.server";
import {
  signInWithIdentity,
  SocialLinkRequiresPasswordError,
  type ProviderIdentity,
} from "~/services/social-login.server";
import { CUSTOMER } from "../fixtures/accounts";
import { createTestDb, type TestDb } from "./db";
import { rejection, testSeal } from "./fixtures";

// Verified addresses, email changes and sign-in methods (docs/decisions/021): the domain rules,
// against a real libSQL database.

const env = { ENVIRONMENT: "test" } as Env;
const ORIGIN = "https://shop.example";

let t: TestDb;
let mail: MailContext;
beforeAll(async () => {
  t = await createTestDb();
  mail = { origin: ORIGIN, site: await getSiteConfig(t.db), signOrder: async (n) => `sig-${n}`, seal: testSeal };
});

let counter = 0;
const unique = (what: string) => `${what}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
const newEmail = () => `${unique("shopper")}@example.com`;

async function rows<T>(sql: string, args: Array<string | number | null> = []): Promise<T[]> {
  return (await t.client.execute({ sql, args })).rows as unknown as T[];
}

/** The mails to an address as delivered (secrets unsealed), newest first. */
async function mailsTo(to: string, template?: string) {
  const found = await rows<{ template: string; text: string; html: string; secrets: string | null }>(
    `SELECT template, text, html, secrets FROM mail_outbox WHERE to_address = ?${template ? " AND template = ?" : ""} ORDER BY rowid DESC`,
    template ? [to, template] : [to],
  );
  return Promise.all(
    found.map(async (m) => ({
      ...m,
      stored: m.text,
      ...(m.secrets ? revealSecrets(m, await unsealSecrets(env, m.secrets)) : {}),
    })),
  );
}

const tokenIn = (text: string, path: string) => {
  const match = new RegExp(`${ORIGIN}${path}\\?token=([A-Za-z0-9_-]{43})`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return decodeURIComponent(match[1]!);
};

async function register(email = newEmail(), password = "Secret123") {
  const auth = await registerUser(t.db, env, { name: "Ann Lee", email, password }, unique("client"), mail);
  return { ...auth, email, password };
}

const profile = (user: AuthUser, extra: Record<string, string> = {}) =>
  ProfileSchema.parse({
    name: user.name,
    email: user.email,
    phone: "",
    address: "",
    city: "",
    state: "",
    zip_code: "",
    country: "",
    ...extra,
  });

const google = (email: string | null): ProviderIdentity => ({
  provider: "google",
  providerUserId: unique("sub"),
  email,
  name: "Gale",
});

describe("verifying the address", () => {
  it("registers an unverified account, mails a sealed link that verifies it once", async () => {
    const { user, email } = await register();
    expect(user.email_verified).toBe(false);
    const [sent] = await mailsTo(email, "verify_email");
    expect(sent).toBeDefined();
    // The outbox keeps only a mark where the link goes.
    expect(sent!.stored).not.toMatch(/verify-email\?token=/);
    const token = tokenIn(sent!.text, "/verify-email");

    await expect(verifyEmail(t.db, token)).resolves.toEqual({ userId: user.id });
    expect((await getUser(t.db, user.id))!.email_verified).toBe(true);
    const again = await rejection(verifyEmail(t.db, token));
    expect(again).toBeInstanceOf(ValidationError);
    expect(again.message).toBe("This verification link is invalid or has expired.");
    await expect(resendVerification(t.db, user.id, mail)).resolves.toBe("already_verified");
  });

  it("spends the older link when a new one is sent, and refuses a token of another shape", async () => {
    const { user, email } = await register();
    const first = tokenIn((await mailsTo(email, "verify_email"))[0]!.text, "/verify-email");
    await expect(resendVerification(t.db, user.id, mail)).resolves.toBe("sent");
    const second = tokenIn((await mailsTo(email, "verify_email"))[0]!.text, "/verify-email");
    expect(await rejection(verifyEmail(t.db, first))).toBeInstanceOf(ValidationError);
    expect(await rejection(verifyEmail(t.db, "not-a-token"))).toBeInstanceOf(ValidationError);
    await verifyEmail(t.db, second);
    expect((await getUser(t.db, user.id))!.email_verified).toBe(true);
  });

  it("limits resends per account, counted before the work, even when they race", async () => {
    const { user, email } = await register();
    const results = await Promise.allSettled(
      Array.from({ length: RESEND_MAX_PER_USER + 3 }, () => resendVerification(t.db, user.id, mail)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(RESEND_MAX_PER_USER);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(r.reason).toBeInstanceOf(RateLimitError);
    // The registration's mail and one per allowed resend.
    expect(await mailsTo(email, "verify_email")).toHaveLength(1 + RESEND_MAX_PER_USER);
  });

  it("tells only one of two requests racing with one link that it worked", async () => {
    const { email } = await register();
    const token = tokenIn((await mailsTo(email, "verify_email"))[0]!.text, "/verify-email");
    const both = await Promise.allSettled([verifyEmail(t.db, token), verifyEmail(t.db, token)]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("marks the address verified when a mailed password reset is used, and the password as set", async () => {
    const { user, email } = await register();
    await requestPasswordReset(t.db, email, mail, unique("client"));
    const [reset] = await mailsTo(email, "password_reset");
    const token = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(reset!.text)![1]!;
    await resetPassword(t.db, decodeURIComponent(token), "Another123", "Another123");
    expect((await getUser(t.db, user.id))!.email_verified).toBe(true);
  });
});

describe("changing the email", () => {
  it("saves the same email exactly as before, without a password", async () => {
    const { user } = await register();
    const saved = await saveProfile(t.db, user, profile(user, { name: "Ann Other", city: "Kandy" }), mail);
    expect(saved.user).toMatchObject({ name: "Ann Other", city: "Kandy", email: user.email });
    expect(saved.pendingEmail).toBeNull();
  });

  it("asks for the current password, and refuses a wrong one, changing nothing", async () => {
    const { user } = await register();
    const to = newEmail();
    const missing = (await rejection(saveProfile(t.db, user, profile(user, { email: to }), mail))) as ValidationError;
    expect(missing.errors).toEqual({ current_password: ["Current password is required to change your email address"] });
    const wrong = (await rejection(
      saveProfile(t.db, user, profile(user, { email: to, current_password: "Wrong1234" }), mail),
    )) as ValidationError;
    expect(wrong.errors).toEqual({ current_password: ["The current password is incorrect"] });
    expect((await getUser(t.db, user.id))!.email).toBe(user.email);
    expect(await mailsTo(to)).toHaveLength(0);
    expect(await pendingEmailChange(t.db, user.id)).toBeNull();
  });

  it("changes nothing until the new address confirms; tells the old one without a link; the link works once", async () => {
    const { user, email, password } = await register();
    const to = newEmail();
    const saved = await saveProfile(
      t.db,
      user,
      profile(user, { email: to, name: "Ann Moved", current_password: password }),
      mail,
    );
    expect(saved.user.email).toBe(email);
    expect(saved.user.name).toBe("Ann Moved");
    expect(saved.pendingEmail).toBe(to);
    expect(saved.message).toContain(to);
    expect(await pendingEmailChange(t.db, user.id)).toBe(to);

    const [notice] = await mailsTo(email, "email_change_notice");
    expect(notice!.text).toContain(to);
    expect(notice!.text).not.toMatch(/token=/);
    expect(notice!.secrets).toBeNull();
    const [confirm] = await mailsTo(to, "email_change_confirm");
    expect(confirm!.stored).not.toMatch(/confirm-email\?token=/);
    const token = tokenIn(confirm!.text, "/confirm-email");

    await expect(confirmEmailChange(t.db, token)).resolves.toEqual({ userId: user.id, email: to });
    const after = (await getUser(t.db, user.id))!;
    expect(after.email).toBe(to);
    expect(after.email_verified).toBe(true);
    expect(await pendingEmailChange(t.db, user.id)).toBeNull();
    expect(await rejection(confirmEmailChange(t.db, token))).toBeInstanceOf(ValidationError);
  });

  it("applies a confirmation link once when two requests race with it", async () => {
    const { user, password } = await register();
    const to = newEmail();
    await saveProfile(t.db, user, profile(user, { email: to, current_password: password }), mail);
    const token = tokenIn((await mailsTo(to, "email_change_confirm"))[0]!.text, "/confirm-email");
    const both = await Promise.allSettled([confirmEmailChange(t.db, token), confirmEmailChange(t.db, token)]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await getUser(t.db, user.id))!.email).toBe(to);
  });

  it("limits email change requests per account, counted before the password is checked", async () => {
    const { user } = await register();
    const results = await Promise.allSettled(
      Array.from({ length: 7 }, () =>
        saveProfile(t.db, user, profile(user, { email: newEmail(), current_password: "Guess1234" }), mail),
      ),
    );
    const reasons = results.map((r) => (r.status === "rejected" ? (r.reason as Error).constructor.name : "ok"));
    expect(reasons.filter((name) => name === "ValidationError")).toHaveLength(5);
    expect(reasons.filter((name) => name === "RateLimitError")).toHaveLength(2);
  });

  it("does not reveal an address another account has: same answer, no mail to it; refused at confirmation", async () => {
    const { user, password } = await register();
    const other = await register();
    const saved = await saveProfile(
      t.db,
      user,
      profile(user, { email: other.email, current_password: password }),
      mail,
    );
    expect(saved.pendingEmail).toBe(other.email);
    expect(await mailsTo(other.email, "email_change_confirm")).toHaveLength(0);

    // Free when asked, taken by the time the link is used: refused, never two accounts with one address.
    const later = newEmail();
    await saveProfile(t.db, user, profile(user, { email: later, current_password: password }), mail);
    const token = tokenIn((await mailsTo(later, "email_change_confirm"))[0]!.text, "/confirm-email");
    await register(later);
    const taken = await rejection(confirmEmailChange(t.db, token));
    expect(taken).toBeInstanceOf(ConflictError);
    expect(taken.message).toBe(
      "This email address is already used by another account, so it cannot be used for yours.",
    );
    expect(Number((await rows<{ n: number }>("SELECT count(*) AS n FROM users WHERE email = ?", [later]))[0]!.n)).toBe(
      1,
    );
    expect((await getUser(t.db, user.id))!.email).toBe(user.email);
  });

  it("voids the old verification link once the address changed", async () => {
    const { user, email, password } = await register();
    const verify = tokenIn((await mailsTo(email, "verify_email"))[0]!.text, "/verify-email");
    const to = newEmail();
    await saveProfile(t.db, user, profile(user, { email: to, current_password: password }), mail);
    await confirmEmailChange(t.db, tokenIn((await mailsTo(to, "email_change_confirm"))[0]!.text, "/confirm-email"));
    expect(await rejection(verifyEmail(t.db, verify))).toBeInstanceOf(ValidationError);
  });
});

describe("social login and sign-in methods", () => {
  it("does not link a provider to an unverified account: no identity, no session", async () => {
    const { user, email } = await register();
    const sessions = async () =>
      Number((await rows<{ n: number }>("SELECT count(*) AS n FROM sessions WHERE user_id = ?", [user.id]))[0]!.n);
    const before = await sessions();
    const identity = google(email);
    expect(await rejection(signInWithIdentity(t.db, env, identity, mail))).toBeInstanceOf(
      SocialLinkRequiresPasswordError,
    );
    expect(await sessions()).toBe(before);
    expect(
      await rows("SELECT * FROM user_identities WHERE provider_user_id = ?", [identity.providerUserId]),
    ).toHaveLength(0);

    // Once the owner proves the address, the provider's sign-in links as before.
    await verifyEmail(t.db, tokenIn((await mailsTo(email, "verify_email"))[0]!.text, "/verify-email"));
    const signed = await signInWithIdentity(t.db, env, identity, mail);
    expect(signed.outcome).toBe("linked");
    expect(signed.user.id).toBe(user.id);
  });

  it("links the seeded (verified) account, and creates verified accounts without a usable password", async () => {
    expect((await signInWithIdentity(t.db, env, google(CUSTOMER.email), mail)).outcome).toBe("linked");
    const created = await signInWithIdentity(t.db, env, google(newEmail()), mail);
    expect(created.outcome).toBe("created");
    expect(created.user.email_verified).toBe(true);
    expect(await signInMethods(t.db, created.user.id)).toMatchObject({
      password_set: false,
      identities: [{ provider: "google" }],
    });
  });

  it("never unlinks the last way in, even when two unlinks race", async () => {
    const created = await signInWithIdentity(t.db, env, google(newEmail()), mail);
    const userId = created.user.id;
    const refused = await rejection(unlinkProvider(t.db, userId, "google"));
    expect(refused).toBeInstanceOf(ConflictError);
    expect(refused.message).toMatch(/^Google is the only way to sign in to your account/);
    expect(await rejection(unlinkProvider(t.db, userId, "twitter"))).toBeInstanceOf(NotFoundError);

    await linkIdentity(
      t.db,
      { userId, sessionId: created.sessionId },
      { provider: "twitter", providerUserId: unique("x"), email: null, name: null },
    );
    const both = await Promise.allSettled([
      unlinkProvider(t.db, userId, "google"),
      unlinkProvider(t.db, userId, "twitter"),
    ]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await signInMethods(t.db, userId)).identities).toHaveLength(1);
  });

  it("links to the signed-in account, ends its other sessions, and refuses an identity of another account", async () => {
    const first = await register();
    const second = await register();
    const identity = google(null);
    await expect(linkIdentity(t.db, { userId: first.user.id, sessionId: first.sessionId }, identity)).resolves.toBe(
      "linked",
    );
    const live = await rows<{ id: string }>("SELECT id FROM sessions WHERE user_id = ? AND revoked_at IS NULL", [
      first.user.id,
    ]);
    expect(live.map((s) => s.id)).toEqual([first.sessionId]);
    await expect(linkIdentity(t.db, { userId: first.user.id, sessionId: first.sessionId }, identity)).resolves.toBe(
      "already_linked",
    );
    expect(
      await rejection(linkIdentity(t.db, { userId: second.user.id, sessionId: second.sessionId }, identity)),
    ).toBeInstanceOf(ConflictError);
    // A password account may unlink its only provider.
    await expect(unlinkProvider(t.db, first.user.id, "google")).resolves.toMatchObject({
      password_set: true,
      identities: [],
    });
  });
});
