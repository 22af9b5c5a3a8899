import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { retentionSigner } from "~/http/retention.server";
import { siteConfigFromSettings } from "~/lib/site";
import { mailShop } from "~/services/mail/context";
import { composeMail } from "~/services/mail/templates/layout";
import {
  ALL_TOPICS,
  isSuppressed,
  readUnsubscribeToken,
  retentionMailStatements,
  retentionUnsubscribeToken,
  suppressStatement,
  unsubscribeFromTopic,
  unsubscribeMarkFor,
} from "~/services/mail/retention.server";
import { createTestDb, type TestDb } from "./db";
import { testSeal } from "./fixtures";

const ORIGIN = "https://shop.example";
const signer = retentionSigner({ ENVIRONMENT: "test" } as Env);
const context = { origin: ORIGIN, seal: testSeal };

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});

let counter = 0;
const newEmail = () => `back-${++counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const mailsTo = async (email: string) =>
  (await t.client.execute({ sql: "SELECT * FROM mail_outbox WHERE to_address = ?", args: [email] })).rows;

async function writeMail(to: string, topic: "back_in_stock" | "cart_reminder", now = new Date(), onlyIf = sql`1`) {
  const unsubscribe = await unsubscribeMarkFor(context, signer, to, topic);
  const mail = composeMail(mailShop({ origin: ORIGIN, site: siteConfigFromSettings({}) }), {
    subject: "It is back",
    preheader: "A bouquet is back.",
    text: ["A bouquet is back.", unsubscribe.mark],
    body: unsubscribe.mark,
  });
  await t.db.batch(
    (await retentionMailStatements(
      t.db,
      context,
      { to, topic, mail, unsubscribeMark: unsubscribe.mark, secrets: unsubscribe.secrets },
      { now, onlyIf },
    )) as never,
  );
}

describe("the return mails' gate", () => {
  it("writes one mail with the one-click headers, and no second one to the same address within a day", async () => {
    const to = newEmail();
    await writeMail(to, "back_in_stock");
    await writeMail(to, "cart_reminder");
    const rows = await mailsTo(to);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.template).toBe("back_in_stock");
    expect(JSON.parse(String(rows[0]!.headers))).toMatchObject({
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    // A day later the next one may go.
    await writeMail(to, "cart_reminder", new Date(Date.now() + 25 * 3600 * 1000));
    expect(await mailsTo(to)).toHaveLength(2);
  });

  it("never writes to an address that left the topic or bounced", async () => {
    const left = newEmail();
    const bounced = newEmail();
    await t.db.batch([
      suppressStatement(t.db, left, "back_in_stock", "unsubscribed"),
      suppressStatement(t.db, bounced, ALL_TOPICS, "bounced"),
    ]);
    await writeMail(left, "back_in_stock");
    await writeMail(bounced, "cart_reminder");
    expect(await mailsTo(left)).toHaveLength(0);
    expect(await mailsTo(bounced)).toHaveLength(0);
    // Leaving one topic leaves only that one.
    await writeMail(left, "cart_reminder");
    expect(await mailsTo(left)).toHaveLength(1);
  });

  it("writes nothing when the caller's own guard fails", async () => {
    const to = newEmail();
    await writeMail(to, "back_in_stock", new Date(), sql`0`);
    expect(await mailsTo(to)).toHaveLength(0);
  });

  it("unsubscribes in one click with a signed token, idempotently; a forged one does nothing", async () => {
    const to = newEmail();
    const token = await retentionUnsubscribeToken(signer, to.toUpperCase(), "cart_reminder");
    expect(await readUnsubscribeToken(signer, token)).toEqual({ email: to, topic: "cart_reminder" });
    expect(await unsubscribeFromTopic(t.db, signer, token)).toEqual({
      outcome: "unsubscribed",
      topic: "cart_reminder",
    });
    expect(await unsubscribeFromTopic(t.db, signer, token)).toEqual({ outcome: "already", topic: "cart_reminder" });
    expect(await isSuppressed(t.db, to, "cart_reminder")).toBe(true);
    expect(await isSuppressed(t.db, to, "back_in_stock")).toBe(false);
    const other = await retentionUnsubscribeToken(signer, newEmail(), "cart_reminder");
    const forged = `${token.split(".").slice(0, 2).join(".")}.${other.split(".")[2]}`;
    expect(await unsubscribeFromTopic(t.db, signer, forged)).toEqual({ outcome: "invalid" });
    expect(await unsubscribeFromTopic(t.db, signer, token.replace("cart_reminder", "back_in_stock"))).toEqual({
      outcome: "invalid",
    });
  });
});
