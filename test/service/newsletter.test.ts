import { beforeAll, describe, expect, it } from "vitest";
import { unsubscribeSigner } from "~/http/newsletter.server";
import { siteConfigFromSettings } from "~/lib/site";
import {
  NewsletterExportQuerySchema,
  NewsletterListQuerySchema,
  SUBSCRIBE_MAX_PER_CLIENT,
} from "~/lib/schemas/newsletter";
import {
  confirmationIsLive,
  confirmSubscription,
  hashConfirmToken,
  listSubscribers,
  subscribe,
  subscribersCsv,
  unsubscribe,
  unsubscribeTarget,
  unsubscribeToken,
} from "~/services/newsletter.server";
import { RateLimitError } from "~/services/rate-limit.server";
import { takeQueuedMail } from "~/services/mail/outbox.server";
import { createTestDb, type TestDb } from "./db";
import { asDelivered, testSeal } from "./fixtures";

const ORIGIN = "https://shop.example";
const signer = unsubscribeSigner({ ENVIRONMENT: "test" } as Env);
const otherSigner = unsubscribeSigner({
  ENVIRONMENT: "production",
  SESSION_SECRET: "9c41e7b2d05a8f63e1b47d2a90c5f83e6d1b0a47c29e5f8136d4b7a0e2c9f513",
  JWT_SECRET: "4b7e2a91d6c03f58a7e1d94b2c60f3a85e7d1c49b0a26f3e8d5c7b19a04e6f22",
} as Env);
const mail = { origin: ORIGIN, site: siteConfigFromSettings({}), seal: testSeal };

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});

let counter = 0;
const unique = (what: string) => `${what}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
const newEmail = () => `${unique("news")}@example.com`;

const rows = async (sql: string, args: (string | number)[] = []) => (await t.client.execute({ sql, args })).rows;
const subscriberOf = async (email: string) =>
  (await rows("SELECT * FROM newsletter_subscribers WHERE email = ?", [email]))[0];
const mailsTo = (email: string) =>
  rows("SELECT * FROM mail_outbox WHERE to_address = ? ORDER BY created_at, rowid", [email]);

async function signUp(email: string, client = unique("client")) {
  const result = await subscribe(t.db, email, { mail, signer, client });
  takeQueuedMail(t.db);
  return result;
}

/** The confirm and unsubscribe tokens of the newest mail to this address, read from its text as a reader follows them. */
async function mailedTokens(email: string) {
  const { text } = await asDelivered((await mailsTo(email)).at(-1)!);
  const confirm = /\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  const leave = /\/newsletter\/unsubscribe\?token=([A-Za-z0-9._%-]+)/.exec(text)?.[1];
  if (!confirm || !leave) throw new Error("no links in the mail");
  return { confirm, unsubscribe: decodeURIComponent(leave) };
}

/** Lets the next confirmation mail to this address go (as ten minutes passing would). */
const forgetMailLimits = (email: string) =>
  t.client.execute({ sql: "DELETE FROM rate_limits WHERE key LIKE ?", args: [`newsletter:mail:%:${email}`] });

describe("subscribe", () => {
  it("keeps a new address pending and mails it a confirmation link (hash stored, never the token) with List-Unsubscribe headers", async () => {
    const email = newEmail();
    expect(await signUp(email)).toBeUndefined();
    const row = await subscriberOf(email);
    expect(row).toMatchObject({ status: "pending", confirmed_at: null, unsubscribed_at: null });
    const [sent, ...more] = await mailsTo(email);
    expect(more).toHaveLength(0);
    expect(sent).toMatchObject({
      template: "newsletter_confirmation",
      status: "queued",
      subject: "Confirm your subscription to the Twistbloom newsletter",
    });
    const tokens = await mailedTokens(email);
    expect(tokens.confirm).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row!.confirm_token_hash).toBe(await hashConfirmToken(tokens.confirm));
    expect(JSON.stringify(row)).not.toContain(tokens.confirm);
    const confirmLink = `${ORIGIN}/newsletter/confirm?token=${tokens.confirm}`;
    const leaveLink = `${ORIGIN}/newsletter/unsubscribe?token=${encodeURIComponent(tokens.unsubscribe)}`;
    // The outbox (which staff read) holds neither link, in no part: they are sealed.
    expect(JSON.stringify(sent)).not.toContain(tokens.confirm);
    expect(JSON.stringify(sent)).not.toContain(encodeURIComponent(tokens.unsubscribe));
    expect(JSON.parse(String(sent!.headers))["List-Unsubscribe"]).toMatch(
      /^<\{\{secret:unsubscribe_link:[0-9a-f-]{36}\}\}>$/,
    );
    // As delivered: both links in the text and the HTML, the unsubscribe one in the headers too.
    const delivered = await asDelivered(sent!);
    expect(delivered.text).toContain(confirmLink);
    expect(delivered.text).toContain(leaveLink);
    expect(delivered.html).toContain(`href="${confirmLink}"`);
    expect(delivered.html).toContain(`href="${leaveLink}"`);
    expect(delivered.headers).toEqual({
      "List-Unsubscribe": `<${leaveLink}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(tokens.unsubscribe).toBe(await unsubscribeToken(signer, { id: Number(row!.id), email }));
  });

  it("answers the same for a subscribed address and mails it nothing; a pending one gets a fresh link that replaces the old", async () => {
    const email = newEmail();
    await signUp(email);
    const first = await mailedTokens(email);
    await forgetMailLimits(email);
    expect(await signUp(email)).toBeUndefined();
    const second = await mailedTokens(email);
    expect(second.confirm).not.toBe(first.confirm);
    expect(second.unsubscribe).toBe(first.unsubscribe);
    expect(await confirmationIsLive(t.db, first.confirm)).toBe(false);
    expect(await confirmSubscription(t.db, second.confirm)).toBe(true);

    await forgetMailLimits(email);
    expect(await signUp(email)).toBeUndefined();
    expect(await mailsTo(email)).toHaveLength(2);
    expect(await subscriberOf(email)).toMatchObject({ status: "subscribed", confirm_token_hash: null });
  });

  it("mails one address at most once in ten minutes, however many clients ask: the link sent still works", async () => {
    const email = newEmail();
    await signUp(email);
    const { confirm } = await mailedTokens(email);
    for (let i = 0; i < 3; i++) expect(await signUp(email)).toBeUndefined();
    expect(await mailsTo(email)).toHaveLength(1);
    expect(await confirmSubscription(t.db, confirm)).toBe(true);
  });

  it("mails one address at most five times a day", async () => {
    const email = newEmail();
    for (let i = 0; i < 7; i++) {
      await t.client.execute({ sql: "DELETE FROM rate_limits WHERE key = ?", args: [`newsletter:mail:600:${email}`] });
      await signUp(email);
    }
    expect(await mailsTo(email)).toHaveLength(5);
  });

  it("refuses a client past its allowance with a RateLimitError, and writes nothing for that sign-up", async () => {
    const client = unique("client");
    for (let i = 0; i < SUBSCRIBE_MAX_PER_CLIENT; i++) await signUp(newEmail(), client);
    const email = newEmail();
    const error = await signUp(email, client).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).message).toMatch(
      /^Too many sign-up attempts\. Please try again in \d+ minutes?\.$/,
    );
    expect(await subscriberOf(email)).toBeUndefined();
    expect(await mailsTo(email)).toHaveLength(0);
  });
});

describe("confirmSubscription", () => {
  it("works once: pending -> subscribed, the token spent", async () => {
    const email = newEmail();
    await signUp(email);
    const { confirm } = await mailedTokens(email);
    expect(await confirmationIsLive(t.db, confirm)).toBe(true);
    // Looking changes nothing.
    expect(await subscriberOf(email)).toMatchObject({ status: "pending" });
    expect(await confirmSubscription(t.db, confirm)).toBe(true);
    const row = await subscriberOf(email);
    expect(row).toMatchObject({ status: "subscribed", confirm_token_hash: null, confirm_expires_at: null });
    expect(row!.confirmed_at).not.toBeNull();
    expect(await confirmSubscription(t.db, confirm)).toBe(false);
    expect(await confirmationIsLive(t.db, confirm)).toBe(false);
  });

  it("refuses an expired, unknown or malformed token, and changes nothing", async () => {
    const email = newEmail();
    await signUp(email);
    const { confirm } = await mailedTokens(email);
    await t.client.execute({
      sql: "UPDATE newsletter_subscribers SET confirm_expires_at = unixepoch() - 1 WHERE email = ?",
      args: [email],
    });
    expect(await confirmationIsLive(t.db, confirm)).toBe(false);
    expect(await confirmSubscription(t.db, confirm)).toBe(false);
    expect(await subscriberOf(email)).toMatchObject({ status: "pending" });
    for (const token of ["Z".repeat(43), "", "short", `${confirm}x`, "' OR 1=1 --"])
      expect(await confirmSubscription(t.db, token)).toBe(false);
  });

  it("confirms one of two racing confirmations", async () => {
    const email = newEmail();
    await signUp(email);
    const { confirm } = await mailedTokens(email);
    const results = await Promise.all([confirmSubscription(t.db, confirm), confirmSubscription(t.db, confirm)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});

describe("unsubscribe", () => {
  it("unsubscribes with the mailed token, idempotently, and says which", async () => {
    const email = newEmail();
    await signUp(email);
    const tokens = await mailedTokens(email);
    await confirmSubscription(t.db, tokens.confirm);
    expect(await unsubscribeTarget(t.db, signer, tokens.unsubscribe)).toMatchObject({ email, status: "subscribed" });
    expect(await subscriberOf(email)).toMatchObject({ status: "subscribed" });
    expect(await unsubscribe(t.db, signer, tokens.unsubscribe)).toBe("unsubscribed");
    const left = await subscriberOf(email);
    expect(left).toMatchObject({ status: "unsubscribed" });
    expect(left!.unsubscribed_at).not.toBeNull();
    expect(await unsubscribe(t.db, signer, tokens.unsubscribe)).toBe("already");
    expect((await subscriberOf(email))!.unsubscribed_at).toBe(left!.unsubscribed_at);
  });

  it("ends a pending sign-up: its confirmation link stops working", async () => {
    const email = newEmail();
    await signUp(email);
    const tokens = await mailedTokens(email);
    expect(await unsubscribe(t.db, signer, tokens.unsubscribe)).toBe("unsubscribed");
    expect(await confirmSubscription(t.db, tokens.confirm)).toBe(false);
    expect(await subscriberOf(email)).toMatchObject({ status: "unsubscribed", confirm_token_hash: null });
  });

  it("refuses forged tokens: another secret, another subscriber's id, a changed signature, garbage", async () => {
    const [victim, attacker] = [newEmail(), newEmail()];
    await signUp(victim);
    await signUp(attacker);
    const victimRow = await subscriberOf(victim);
    const attackerToken = (await mailedTokens(attacker)).unsubscribe;
    const signature = attackerToken.split(".")[1]!;
    const forged = [
      await unsubscribeToken(otherSigner, { id: Number(victimRow!.id), email: victim }),
      `${victimRow!.id}.${signature}`,
      `${attackerToken.slice(0, -1)}${attackerToken.endsWith("A") ? "B" : "A"}`,
      `${victimRow!.id}`,
      "",
      "999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    ];
    for (const token of forged) {
      expect(await unsubscribeTarget(t.db, signer, token)).toBeNull();
      expect(await unsubscribe(t.db, signer, token)).toBe("invalid");
    }
    expect(await subscriberOf(victim)).toMatchObject({ status: "pending" });
  });

  it("lets an unsubscribed address sign up again: it stays unsubscribed until the new link is followed", async () => {
    const email = newEmail();
    await signUp(email);
    const first = await mailedTokens(email);
    await unsubscribe(t.db, signer, first.unsubscribe);
    await forgetMailLimits(email);
    await signUp(email);
    const second = await mailedTokens(email);
    expect(await subscriberOf(email)).toMatchObject({ status: "unsubscribed" });
    expect(await confirmSubscription(t.db, second.confirm)).toBe(true);
    expect(await subscriberOf(email)).toMatchObject({ status: "subscribed", unsubscribed_at: null });
  });
});

describe("the back office's list and CSV", () => {
  it("lists by status and part of the address with counts per status, and exports CSV escaped, formulas neutralised", async () => {
    const tag = unique("list");
    const emails = [
      `=1+2-${tag}@example.com`,
      `+sum-${tag}@example.com`,
      `-x-${tag}@example.com`,
      `@at-${tag}@example.com`,
      `plain-${tag}@example.com`,
      `quote"comma,${tag}@example.com`,
    ];
    for (const [index, email] of emails.entries()) {
      await t.client.execute({
        sql: "INSERT INTO newsletter_subscribers (email, status, confirmed_at, created_at) VALUES (?, ?, ?, unixepoch() + ?)",
        args: [email, index === 4 ? "subscribed" : "pending", index === 4 ? 1767225600 : null, index],
      });
    }
    const page = await listSubscribers(t.db, NewsletterListQuerySchema.parse({ search: tag.toUpperCase() }));
    expect(page.total).toBe(6);
    expect(page.data[0]!.email).toBe(emails[5]);
    expect(page.counts.subscribed).toBeGreaterThanOrEqual(1);
    const subscribed = await listSubscribers(
      t.db,
      NewsletterListQuerySchema.parse({ search: tag, status: "subscribed" }),
    );
    expect(subscribed.data.map((row) => row.email)).toEqual([`plain-${tag}@example.com`]);
    expect(subscribed.data[0]!.subscribed_at).toBe("2026-01-01T00:00:00.000Z");

    const csv = await subscribersCsv(t.db, NewsletterExportQuerySchema.parse({ search: tag }));
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("email,status,subscribed_at,created_at");
    expect(lines.at(-1)).toBe("");
    expect(lines.slice(1, -1).map((line) => line.split(",")[0])).toEqual([
      `'=1+2-${tag}@example.com`,
      `'+sum-${tag}@example.com`,
      `'-x-${tag}@example.com`,
      `'@at-${tag}@example.com`,
      `plain-${tag}@example.com`,
      `"quote""comma`,
    ]);
    expect(lines[5]).toMatch(new RegExp(`^plain-${tag}@example\\.com,subscribed,2026-01-01T00:00:00\\.000Z,\\d{4}-`));
    expect(lines[6]).toMatch(new RegExp(`^"quote""comma,${tag}@example\\.com",pending,,\\d{4}-`));
  });
});
