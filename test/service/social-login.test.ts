import type { Client } from "@libsql/client";
import { beforeAll, describe, expect, it } from "vitest";
import { AccountDisabledError, authenticateToken, login } from "~/services/auth.server";
import type { MailContext } from "~/services/mail/context";
import { getSiteConfig } from "~/services/settings.server";
import {
  accountName,
  normalizeProviderEmail,
  signInWithIdentity,
  SocialEmailMissingError,
  type ProviderIdentity,
} from "~/services/social-login.server";
import { CUSTOMER } from "../fixtures/accounts";
import { createTestDb, type TestDb } from "./db";
import { rejection } from "./fixtures";
import { testSeal } from "./fixtures";

// The account logic of social login (docs/decisions/014): which account an identity signs in,
// what is written, and that nothing is written when it is refused.

const env = { ENVIRONMENT: "test" } as Env;

let t: TestDb;
let mail: MailContext;
beforeAll(async () => {
  t = await createTestDb();
  mail = {
    origin: "https://shop.example",
    site: await getSiteConfig(t.db),
    signOrder: async (number) => `sig-${number}`,
    seal: testSeal,
  };
});

let counter = 0;
const unique = (what: string) => `${what}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;

async function rows<T>(client: Client, sql: string, args: Array<string | number | null> = []): Promise<T[]> {
  return (await client.execute({ sql, args })).rows as unknown as T[];
}
const count = async (sql: string, args: Array<string | number | null> = []) =>
  Number((await rows<{ n: number }>(t.client, sql, args))[0]!.n);
const userIdOf = async (email: string) =>
  (await rows<{ id: number }>(t.client, "SELECT id FROM users WHERE email = ?", [email]))[0]?.id;

const google = (extra: Partial<ProviderIdentity> = {}): ProviderIdentity => ({
  provider: "google",
  providerUserId: unique("sub"),
  email: `${unique("shopper")}@example.com`,
  name: "Gale Gardner",
  ...extra,
});

/** Everything a sign-in may write, counted: accounts, roles, identities, sessions, mails. */
const footprint = async () => ({
  users: await count("SELECT count(*) AS n FROM users"),
  roles: await count("SELECT count(*) AS n FROM user_roles"),
  identities: await count("SELECT count(*) AS n FROM user_identities"),
  sessions: await count("SELECT count(*) AS n FROM sessions"),
  mails: await count("SELECT count(*) AS n FROM mail_outbox"),
});

describe("signInWithIdentity", () => {
  it("creates a customer with the provider's name, links the identity, opens a session and writes the welcome mail", async () => {
    const identity = google();
    const before = await footprint();
    const result = await signInWithIdentity(t.db, env, identity, mail);
    expect(result.outcome).toBe("created");
    expect(result.user).toMatchObject({ name: "Gale Gardner", email: identity.email, roles: [{ name: "customer" }] });
    expect(result.remember).toBe(false);
    expect(await footprint()).toEqual({
      users: before.users + 1,
      roles: before.roles + 1,
      identities: before.identities + 1,
      sessions: before.sessions + 1,
      mails: before.mails + 1,
    });
    const [link] = await rows<{ user_id: number; email: string }>(
      t.client,
      "SELECT user_id, email FROM user_identities WHERE provider = 'google' AND provider_user_id = ?",
      [identity.providerUserId],
    );
    expect(link).toMatchObject({ user_id: result.user.id, email: identity.email });
    const [welcome] = await rows<{ template: string; to_address: string }>(
      t.client,
      "SELECT template, to_address FROM mail_outbox ORDER BY rowid DESC LIMIT 1",
    );
    expect(welcome).toMatchObject({ template: "welcome", to_address: identity.email });
    // The session is a real one: its token authenticates the new user.
    expect((await authenticateToken(t.db, env, result.token))?.user.id).toBe(result.user.id);
  });

  it("gives the new account a password nobody knows: a password login fails until a reset", async () => {
    const identity = google();
    await signInWithIdentity(t.db, env, identity, mail);
    const [row] = await rows<{ password_hash: string }>(t.client, "SELECT password_hash FROM users WHERE email = ?", [
      identity.email,
    ]);
    expect(row!.password_hash).toMatch(/^pbkdf2_sha256\$/);
    for (const password of ["", "Secret123", identity.providerUserId]) {
      expect(
        await rejection(login(t.db, env, { email: identity.email!, password, remember: false }, unique("client"))),
      ).toMatchObject({ status: 401 });
    }
  });

  it("signs a linked identity in as its user, whatever the email says now, and notes when it was used", async () => {
    const identity = google();
    const first = await signInWithIdentity(t.db, env, identity, mail);
    const before = await footprint();
    const again = await signInWithIdentity(t.db, env, { ...identity, email: null, name: "Another Name" }, mail);
    expect(again.outcome).toBe("signed_in");
    expect(again.user).toMatchObject({ id: first.user.id, name: "Gale Gardner", email: identity.email });
    expect(await footprint()).toEqual({ ...before, sessions: before.sessions + 1 });
    const [link] = await rows<{ last_used_at: number | null }>(
      t.client,
      "SELECT last_used_at FROM user_identities WHERE provider_user_id = ?",
      [identity.providerUserId],
    );
    expect(link!.last_used_at).not.toBeNull();
  });

  it("keeps Google's and Twitter's ids apart: the same id at the other provider is another identity", async () => {
    const identity = google();
    await signInWithIdentity(t.db, env, identity, mail);
    const twitter = await signInWithIdentity(t.db, env, { ...identity, provider: "twitter", email: null }, mail).catch(
      (error) => error,
    );
    expect(twitter).toBeInstanceOf(SocialEmailMissingError);
  });

  it("links the existing account with the same verified email instead of creating another", async () => {
    const customerId = await userIdOf(CUSTOMER.email);
    const before = await footprint();
    const result = await signInWithIdentity(t.db, env, google({ email: CUSTOMER.email, name: "Not Casey" }), mail);
    expect(result.outcome).toBe("linked");
    expect(result.user).toMatchObject({ id: customerId, name: CUSTOMER.name, email: CUSTOMER.email });
    expect(await footprint()).toEqual({ ...before, identities: before.identities + 1, sessions: before.sessions + 1 });
  });

  it("refuses an identity with no verified email and no link, writing nothing", async () => {
    const before = await footprint();
    const error = await rejection(signInWithIdentity(t.db, env, google({ email: null }), mail));
    expect(error).toBeInstanceOf(SocialEmailMissingError);
    expect(await footprint()).toEqual(before);
  });

  it("refuses a disabled account, linked or found by its email, writing nothing", async () => {
    const identity = google();
    const created = await signInWithIdentity(t.db, env, identity, mail);
    await t.client.execute({ sql: "UPDATE users SET disabled_at = unixepoch() WHERE id = ?", args: [created.user.id] });
    const before = await footprint();
    expect(await rejection(signInWithIdentity(t.db, env, identity, mail))).toBeInstanceOf(AccountDisabledError);
    expect(await rejection(signInWithIdentity(t.db, env, google({ email: identity.email }), mail))).toBeInstanceOf(
      AccountDisabledError,
    );
    expect(await footprint()).toEqual(before);
  });

  it("settles two first sign-ins of the same identity at once on one account", async () => {
    const identity = google();
    const [a, b] = await Promise.all([
      signInWithIdentity(t.db, env, identity, mail),
      signInWithIdentity(t.db, env, identity, mail),
    ]);
    expect(a.user.id).toBe(b.user.id);
    expect(await count("SELECT count(*) AS n FROM users WHERE email = ?", [identity.email])).toBe(1);
    expect(
      await count("SELECT count(*) AS n FROM user_identities WHERE provider_user_id = ?", [identity.providerUserId]),
    ).toBe(1);
    expect(await count("SELECT count(*) AS n FROM mail_outbox WHERE to_address = ?", [identity.email])).toBe(1);
  });
});

describe("what a provider says, as the shop keeps it", () => {
  it("keeps a plain address, lowercased, and nothing else", () => {
    expect(normalizeProviderEmail(" Ann.Lee@Example.COM ")).toBe("ann.lee@example.com");
    for (const bad of [
      null,
      undefined,
      42,
      "",
      "not-an-address",
      "a@b",
      "Ann <ann@example.com>",
      `${"a".repeat(250)}@example.com`,
    ]) {
      expect(normalizeProviderEmail(bad)).toBeNull();
    }
  });

  it("names the account after the provider's name, else the address", () => {
    expect(accountName("  Ann \n  Lee ", "ann@example.com")).toBe("Ann Lee");
    expect(accountName("x".repeat(150), "ann@example.com")).toHaveLength(100);
    expect(accountName(null, "ann.lee@example.com")).toBe("ann.lee");
    expect(accountName("\u200b", "bo@example.com")).toBe("bo");
  });
});
