import { beforeAll, describe, expect, it } from "vitest";
import { retentionSigner } from "~/http/retention.server";
import { siteConfigFromSettings } from "~/lib/site";
import { STOCK_ALERT_MAX_PER_CLIENT, STOCK_ALERT_MESSAGES, StockAlertRequestSchema } from "~/lib/schemas/stock-alerts";
import { suppressStatement } from "~/services/mail/retention.server";
import { takeQueuedMail } from "~/services/mail/outbox.server";
import { ValidationError } from "~/services/errors";
import { RateLimitError } from "~/services/rate-limit.server";
import {
  confirmStockAlert,
  requestStockAlert,
  sendBackInStockMails,
  stockAlertConfirmationIsLive,
  waitingByVariant,
} from "~/services/stock-alerts.server";
import { createTestDb, type TestDb } from "./db";
import { asDelivered, rejection, testSeal } from "./fixtures";

const ORIGIN = "https://shop.example";
const signer = retentionSigner({ ENVIRONMENT: "test" } as Env);
const mail = { origin: ORIGIN, site: siteConfigFromSettings({}), seal: testSeal };
/** Sold out, without options (the seed). */
const SOLD_OUT = "peony-cloud-bridal-bouquet";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});

let counter = 0;
const unique = (what: string) => `${what}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
const newEmail = () => `${unique("waits")}@example.com`;
const rows = async (sql: string, args: (string | number)[] = []) => (await t.client.execute({ sql, args })).rows;
const mailsTo = (email: string) =>
  rows("SELECT * FROM mail_outbox WHERE to_address = ? ORDER BY created_at, rowid", [email]);
const alertsOf = (email: string) => rows("SELECT * FROM stock_alerts WHERE email = ? ORDER BY id", [email]);

async function ask(email: string, slug = SOLD_OUT, variantId: string | undefined = undefined, client = unique("c")) {
  const input = StockAlertRequestSchema.parse({ email, variant_id: variantId });
  await requestStockAlert(t.db, slug, input, { mail, signer, client });
  takeQueuedMail(t.db);
}

async function confirmLinkOf(email: string): Promise<string> {
  const { text } = await asDelivered((await mailsTo(email)).at(-1)!);
  const token = /\/back-in-stock\/confirm\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error("no confirmation link in the mail");
  return token;
}

async function variantOf(slug: string) {
  const [row] = await rows(
    "SELECT v.id, v.product_id FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.slug = ?",
    [slug],
  );
  return { id: Number(row!.id), productId: Number(row!.product_id) };
}
const setStock = (variantId: number, stock: number) =>
  t.client.execute({ sql: "UPDATE product_variants SET stock = ? WHERE id = ?", args: [stock, variantId] });

/** A request mailed, confirmed: active. */
async function waiting(email: string) {
  await ask(email);
  expect(await confirmStockAlert(t.db, await confirmLinkOf(email))).toBe(`/product/${SOLD_OUT}`);
}

describe("asking to be told", () => {
  it("keeps the request pending and mails a confirmation link (its hash stored) with the back-in-stock unsubscribe", async () => {
    const email = newEmail();
    await ask(email);
    const [alert, ...more] = await alertsOf(email);
    expect(more).toHaveLength(0);
    expect(alert).toMatchObject({ status: "pending", confirmed_at: null });
    const [sent] = await mailsTo(email);
    expect(sent).toMatchObject({
      template: "stock_alert_confirmation",
      subject: "Confirm: email me when Peony Cloud Bridal Bouquet is back",
    });
    const delivered = await asDelivered(sent!);
    const token = await confirmLinkOf(email);
    expect(String(alert!.confirm_token_hash)).not.toContain(token);
    expect(delivered.text).toContain(`${ORIGIN}/mail/unsubscribe?token=back_in_stock.`);
    expect(delivered.headers?.["List-Unsubscribe"]).toMatch(/\/mail\/unsubscribe\?token=back_in_stock\./);
    expect(delivered.html).toContain(`${ORIGIN}/product/${SOLD_OUT}`);
  });

  it("confirms once with the link; a used, unknown or malformed link confirms nothing", async () => {
    const email = newEmail();
    await ask(email);
    const token = await confirmLinkOf(email);
    expect(await stockAlertConfirmationIsLive(t.db, token)).toBe(true);
    expect(await confirmStockAlert(t.db, token)).toBe(`/product/${SOLD_OUT}`);
    expect((await alertsOf(email))[0]).toMatchObject({ status: "active", confirm_token_hash: null });
    expect(await stockAlertConfirmationIsLive(t.db, token)).toBe(false);
    expect(await confirmStockAlert(t.db, token)).toBeNull();
    expect(await confirmStockAlert(t.db, "x".repeat(43))).toBeNull();
    expect(await confirmStockAlert(t.db, "short")).toBeNull();
  });

  it("answers the same but mails nothing to an address already waiting, unsubscribed, or mailed ten minutes ago", async () => {
    const active = newEmail();
    await waiting(active);
    await ask(active);
    expect(await mailsTo(active)).toHaveLength(1);
    expect(await alertsOf(active)).toHaveLength(1);

    const left = newEmail();
    await t.db.batch([suppressStatement(t.db, left, "back_in_stock", "unsubscribed")]);
    await ask(left);
    expect(await mailsTo(left)).toHaveLength(0);

    const twice = newEmail();
    await ask(twice);
    await ask(twice);
    expect(await mailsTo(twice)).toHaveLength(1);
    expect(await alertsOf(twice)).toHaveLength(1);
  });

  it("mails the confirmation to an address that got a return mail today: it was asked for, not a return mail", async () => {
    const email = newEmail();
    await t.client.execute({
      sql: "INSERT INTO mail_outbox (id, to_address, template, subject, text, html, status) VALUES (?, ?, 'cart_reminder', 'Your cart', 'x', 'x', 'sent')",
      args: [crypto.randomUUID(), email],
    });
    await ask(email);
    expect((await mailsTo(email)).map((row) => row.template)).toEqual(["cart_reminder", "stock_alert_confirmation"]);
  });

  it("refuses an item in stock, a variant not sold, a product with options without one, and an unknown product", async () => {
    const email = newEmail();
    const [plain] = await rows(
      "SELECT p.slug FROM products p JOIN product_variants v ON v.product_id = p.id WHERE v.options = '{}' AND v.stock > 0 AND p.is_active = 1 LIMIT 1",
    );
    const inStock = await rejection(ask(email, String(plain!.slug)));
    expect(inStock).toBeInstanceOf(ValidationError);
    expect((inStock as ValidationError).errors).toEqual({ variant_id: [STOCK_ALERT_MESSAGES.inStock] });
    const [withOptions] = await rows(
      "SELECT p.slug, v.id FROM products p JOIN product_variants v ON v.product_id = p.id WHERE v.options <> '{}' AND v.stock = 0 LIMIT 1",
    );
    const noChoice = await rejection(ask(email, String(withOptions!.slug)));
    expect((noChoice as ValidationError).errors).toEqual({ variant_id: [STOCK_ALERT_MESSAGES.chooseOption] });
    const foreign = await rejection(ask(email, SOLD_OUT, String(withOptions!.id)));
    expect((foreign as ValidationError).errors).toEqual({ variant_id: [STOCK_ALERT_MESSAGES.notSold] });
    await ask(email, String(withOptions!.slug), String(withOptions!.id));
    expect(await alertsOf(email)).toHaveLength(1);
    expect((await rejection(ask(email, "no-such-bouquet"))).message).toBe(STOCK_ALERT_MESSAGES.productNotFound);
  });

  it("counts a client's requests before reading anything: 429 past the limit", async () => {
    const client = unique("client");
    for (let i = 0; i < STOCK_ALERT_MAX_PER_CLIENT; i++) await ask(newEmail(), SOLD_OUT, undefined, client);
    const refused = await rejection(ask(newEmail(), SOLD_OUT, undefined, client));
    expect(refused).toBeInstanceOf(RateLimitError);
    expect((refused as RateLimitError).retryAfterSeconds).toBeGreaterThan(0);
  });
});

describe("the restock job", () => {
  it("mails each waiting address once when the item is back, ends its request, and respects the gate", async () => {
    const peony = await variantOf(SOLD_OUT);
    const [first, second, left, mailedToday] = [newEmail(), newEmail(), newEmail(), newEmail()];
    for (const email of [first, second, left, mailedToday]) await waiting(email);
    await t.db.batch([suppressStatement(t.db, left, "back_in_stock", "unsubscribed")]);
    // Another return mail today: this one waits for a later run.
    await t.client.execute({
      sql: "INSERT INTO mail_outbox (id, to_address, template, subject, text, html, status) VALUES (?, ?, 'cart_reminder', 'Your cart', 'x', 'x', 'sent')",
      args: [unique("mail"), mailedToday],
    });
    expect(await sendBackInStockMails(t.db, mail, signer)).toBe("Nothing is back for anyone waiting: nothing sent.");
    expect((await waitingByVariant(t.db, peony.productId))[peony.id]).toBeGreaterThanOrEqual(4);

    await setStock(peony.id, 5);
    try {
      const result = await sendBackInStockMails(t.db, mail, signer);
      expect(result).toMatch(/^\d+ back-in-stock emails? written\.$/);
      for (const email of [first, second]) {
        const back = (await mailsTo(email)).filter((row) => row.template === "back_in_stock");
        expect(back).toHaveLength(1);
        expect(back[0]!.subject).toBe("Peony Cloud Bridal Bouquet is back");
        const { text, headers } = await asDelivered(back[0]!);
        expect(text).toContain(`${ORIGIN}/product/${SOLD_OUT}`);
        expect(headers?.["List-Unsubscribe"]).toMatch(/back_in_stock\./);
        expect((await alertsOf(email))[0]).toMatchObject({ status: "notified" });
      }
      expect((await mailsTo(left)).filter((row) => row.template === "back_in_stock")).toHaveLength(0);
      expect((await alertsOf(left))[0]).toMatchObject({ status: "active" });
      expect((await mailsTo(mailedToday)).filter((row) => row.template === "back_in_stock")).toHaveLength(0);
      expect((await alertsOf(mailedToday))[0]).toMatchObject({ status: "active" });

      // A second run mails nobody twice.
      await sendBackInStockMails(t.db, mail, signer);
      const back = (await mailsTo(first)).filter((row) => row.template === "back_in_stock");
      expect(back).toHaveLength(1);
    } finally {
      await setStock(peony.id, 0);
    }
  });

  it("does nothing while the feature_back_in_stock setting is off", async () => {
    await t.client.execute("UPDATE settings SET value = 'false' WHERE key = 'feature_back_in_stock'");
    try {
      expect(await sendBackInStockMails(t.db, mail, signer)).toBe("Switched off in the settings: nothing sent.");
    } finally {
      await t.client.execute("UPDATE settings SET value = 'true' WHERE key = 'feature_back_in_stock'");
    }
  });
});
