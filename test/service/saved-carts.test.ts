import { beforeAll, describe, expect, it } from "vitest";
import { retentionSigner } from "~/http/retention.server";
import { cartRestoreSigner } from "~/http/saved-cart.server";
import { mergeCarts, type CartLine } from "~/lib/cart";
import type { MailContext } from "~/services/mail/context";
import { ALL_TOPICS, suppressStatement } from "~/services/mail/retention.server";
import { siteConfigFromSettings } from "~/services/settings.server";
import {
  readCartRestoreToken,
  readSavedCart,
  restoreView,
  saveCartStatement,
  sendCartReminders,
} from "~/services/saved-carts.server";
import { createTestDb, type TestDb } from "./db";
import { asDelivered, testSeal } from "./fixtures";

// The left-cart reminder (issue 31): a signed-in shopper's cart saved with each change, one mail a
// day after it was left (not when they ordered since, not twice for one change), through the
// return mails' gate (suppressions, one a day), switched off by its setting; its restore link.

const HOUR = 3_600_000;
const ORIGIN = "https://shop.test";
const ENV = { ENVIRONMENT: "test" } as Env;
const restore = cartRestoreSigner(ENV);
const signers = { unsubscribe: retentionSigner(ENV), restore };
const mail: MailContext = {
  origin: ORIGIN,
  site: siteConfigFromSettings({}),
  signOrder: async () => "",
  seal: testSeal,
};

let t: TestDb;
let products: Array<{ id: number; name: string; price: number }>;
beforeAll(async () => {
  t = await createTestDb();
  // Two products sold without options, in stock: a line each.
  const rows = await t.client.execute(
    `SELECT p.id, p.name, v.unit_price_cents AS price FROM products p JOIN product_variants v ON v.product_id = p.id AND v.options = '{}'
     WHERE p.is_active = 1 AND v.is_active = 1 AND v.stock > 5 ORDER BY p.id LIMIT 2`,
  );
  products = rows.rows.map((row) => ({ id: Number(row.id), name: String(row.name), price: Number(row.price) }));
  expect(products).toHaveLength(2);
});

let counter = 0;
/** A new shopper with a verified address. */
async function newShopper(verified = true): Promise<{ id: number; email: string }> {
  const email = `left-${++counter}@example.com`;
  const row = await t.client.execute({
    sql: "INSERT INTO users (name, email, password_hash, email_verified_at) VALUES (?, ?, 'x', ?) RETURNING id",
    args: [`Lee ${counter}`, email, verified ? 1_700_000_000 : null],
  });
  return { id: Number(row.rows[0]!.id), email };
}

const lines = (): CartLine[] => [
  { productId: products[0]!.id, quantity: 2 },
  { productId: products[1]!.id, quantity: 1 },
];
const save = (userId: number, at: Date, cart = lines()) => saveCartStatement(t.db, userId, cart, at);
const remindersTo = async (email: string) =>
  (
    await t.client.execute({
      sql: "SELECT * FROM mail_outbox WHERE to_address = ? AND template = 'cart_reminder' ORDER BY rowid",
      args: [email],
    })
  ).rows;
async function remindedAt(userId: number) {
  const [row] = (
    await t.client.execute({ sql: "SELECT reminded_at FROM saved_carts WHERE user_id = ?", args: [userId] })
  ).rows;
  return row ? row.reminded_at : "no row";
}

/** The job, for the carts of these shoppers only (others' carts of other tests wait their turn). */
const run = (now: Date) => sendCartReminders(t.db, mail, signers, now);

describe("saving a cart", () => {
  it("keeps the cart's lines with each change, clears the reminder, and an empty cart removes it", async () => {
    const shopper = await newShopper();
    const at = new Date("2031-01-01T10:00:00Z");
    await save(shopper.id, at);
    expect(await readSavedCart(t.db, shopper.id)).toEqual({ lines: lines(), updatedAt: at });
    await t.client.execute({ sql: "UPDATE saved_carts SET reminded_at = 1 WHERE user_id = ?", args: [shopper.id] });
    const later = new Date(at.getTime() + HOUR);
    await save(shopper.id, later, lines().slice(0, 1));
    expect(await readSavedCart(t.db, shopper.id)).toEqual({ lines: lines().slice(0, 1), updatedAt: later });
    expect(await remindedAt(shopper.id)).toBeNull();
    await save(shopper.id, later, []);
    expect(await readSavedCart(t.db, shopper.id)).toBeNull();
  });

  it("merges a restored cart into the cookie's: the larger quantity of a line in both", () => {
    const [a, b] = lines();
    expect(mergeCarts([{ ...a!, quantity: 5 }], [a!, b!])).toEqual([{ ...a!, quantity: 5 }, b]);
    expect(mergeCarts([{ ...a!, quantity: 1 }], [a!])).toEqual([a]);
    expect(mergeCarts(lines(), lines())).toEqual(lines());
  });
});

describe("the left-cart reminder", () => {
  it("mails once, a day after the cart last changed, its lines at today's prices with a restore link", async () => {
    const shopper = await newShopper();
    const left = new Date("2031-02-01T10:00:00Z");
    await save(shopper.id, left);
    expect(await run(new Date(left.getTime() + 23 * HOUR))).toBe("0 reminders written.");
    expect(await remindersTo(shopper.email)).toHaveLength(0);

    // A run's clock has milliseconds; the stamp it leaves is in seconds.
    const now = new Date(left.getTime() + 25 * HOUR + 456);
    expect(await run(now)).toBe("1 reminder written.");
    const [sent] = await remindersTo(shopper.email);
    expect(sent!.subject).toBe("You left something in your cart");
    const delivered = await asDelivered(sent!);
    const [first, second] = products;
    expect(delivered.text).toContain(`- ${first!.name} × 2 at $${(first!.price / 100).toFixed(2)}`);
    expect(delivered.text).toContain(`- ${second!.name} × 1`);
    const link = /Return to your cart: (\S+)/.exec(delivered.text)![1]!;
    expect(link).toMatch(/^https:\/\/shop\.test\/cart\/restore\?token=/);
    expect(delivered.html).toContain("Return to your cart");
    expect(delivered.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    const token = decodeURIComponent(link.split("token=")[1]!);
    expect(await readCartRestoreToken(restore, token)).toEqual({ userId: shopper.id, version: left.getTime() / 1000 });
    expect(await restoreView(t.db, restore, token)).toMatchObject({ state: "current", lines: lines() });

    // Reminded once per change: the next runs pass it by, even days later.
    await run(new Date(now.getTime() + 48 * HOUR));
    expect(await remindersTo(shopper.email)).toHaveLength(1);
    // A change, left again: one more reminder a day later (the old link now shows the changed cart).
    const changed = new Date(now.getTime() + 72 * HOUR);
    await save(shopper.id, changed, lines().slice(1));
    expect(await restoreView(t.db, restore, token)).toMatchObject({ state: "changed", lines: lines().slice(1) });
    await run(new Date(changed.getTime() + 25 * HOUR));
    expect(await remindersTo(shopper.email)).toHaveLength(2);
  });

  it("mails nobody who ordered since the cart changed, nor a cart older than a week, nor an unverified address", async () => {
    const buyer = await newShopper();
    const stale = await newShopper();
    const unverified = await newShopper(false);
    const left = new Date("2031-03-01T10:00:00Z");
    await save(buyer.id, left);
    await save(stale.id, new Date(left.getTime() - 8 * 24 * HOUR));
    await save(unverified.id, left);
    await t.client.execute({
      sql: `INSERT INTO orders (order_number, user_id, email, subtotal_cents, total_cents, shipping_address, billing_address, created_at)
            VALUES (?, ?, ?, 100, 100, '{}', '{}', ?)`,
      args: [`TB-LEFT-${buyer.id}`, buyer.id, buyer.email, left.getTime() / 1000 + 60],
    });
    await run(new Date(left.getTime() + 25 * HOUR));
    for (const shopper of [buyer, stale, unverified]) expect(await remindersTo(shopper.email)).toHaveLength(0);
  });

  it("respects the gate: a suppressed address and one mailed today stay due; a later run mails the second", async () => {
    const bounced = await newShopper();
    const busy = await newShopper();
    const left = new Date("2031-04-01T10:00:00Z");
    await save(bounced.id, left);
    await save(busy.id, left);
    await t.db.batch([suppressStatement(t.db, bounced.email, ALL_TOPICS, "bounced")]);
    const now = new Date(left.getTime() + 25 * HOUR);
    // Another return mail went to `busy` an hour ago.
    await t.client.execute({
      sql: `INSERT INTO mail_outbox (id, to_address, subject, template, text, html, created_at) VALUES (?, ?, 'Back', 'back_in_stock', '', '', ?)`,
      args: [crypto.randomUUID(), busy.email, now.getTime() / 1000 - 3600],
    });
    await run(now);
    expect(await remindersTo(bounced.email)).toHaveLength(0);
    expect(await remindersTo(busy.email)).toHaveLength(0);
    expect(await remindedAt(bounced.id)).toBeNull();
    expect(await remindedAt(busy.id)).toBeNull();
    await run(new Date(now.getTime() + 24 * HOUR));
    expect(await remindersTo(busy.email)).toHaveLength(1);
    expect(await remindersTo(bounced.email)).toHaveLength(0);
  });

  it("leaves out lines no longer sold, and marks a cart with nothing left to sell without a mail", async () => {
    const shopper = await newShopper();
    const emptied = await newShopper();
    const left = new Date("2031-05-01T10:00:00Z");
    const gone = { productId: 999_999, quantity: 1 };
    await save(shopper.id, left, [lines()[0]!, gone]);
    await save(emptied.id, left, [gone]);
    expect(await run(new Date(left.getTime() + 25 * HOUR))).toBe(
      "1 reminder written; 1 cart with nothing left to sell skipped.",
    );
    const [sent] = await remindersTo(shopper.email);
    expect(String(sent!.text)).toContain(products[0]!.name);
    expect(await remindersTo(emptied.email)).toHaveLength(0);
    expect(await remindedAt(emptied.id)).not.toBeNull();
  });

  it("does nothing while the setting switches it off", async () => {
    const shopper = await newShopper();
    const left = new Date("2031-06-01T10:00:00Z");
    await save(shopper.id, left);
    await t.client.execute("UPDATE settings SET value = 'false' WHERE key = 'cart_reminder_mail'");
    try {
      expect(await run(new Date(left.getTime() + 25 * HOUR))).toBe("Switched off in the settings: nothing sent.");
      expect(await remindersTo(shopper.email)).toHaveLength(0);
    } finally {
      await t.client.execute("UPDATE settings SET value = 'true' WHERE key = 'cart_reminder_mail'");
    }
  });
});
