import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { LoginSchema } from "~/lib/schemas/account";
import { CheckoutFormSchema, type CheckoutForm } from "~/lib/schemas/checkout";
import { expireUnconfirmedOrders } from "~/services/admin/orders.server";
import { AuthError, login, registerUser } from "~/services/auth.server";
import {
  claimCouponAttempt,
  GUEST_ORDERS_LIMITED_MESSAGE,
  GUEST_PENDING_CAP_MESSAGE,
  OrderError,
  placeOrder,
  type PlaceOrderInput,
} from "~/services/checkout.server";
import type { MailContext } from "~/services/mail/context";
import { clientKey, consumeLimits, RateLimitError } from "~/services/rate-limit.server";
import { siteConfigFromSettings } from "~/services/settings.server";
import { createTestDb, type TestDb } from "./db";
import { rejection, testSeal } from "./fixtures";

const env = { ENVIRONMENT: "test" } as Env;
let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterEach(() => {
  vi.useRealTimers();
});

let counter = 0;
const unique = (what: string) => `${what}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
const newEmail = () => `${unique("shopper")}@example.com`;

async function one<T = Record<string, unknown>>(sql: string, args: Array<string | number | null> = []): Promise<T> {
  const rows = (await t.client.execute({ sql, args })).rows as unknown as T[];
  if (!rows[0]) throw new Error(`no row for ${sql}`);
  return rows[0];
}
async function all<T = Record<string, unknown>>(sql: string, args: Array<string | number | null> = []): Promise<T[]> {
  return (await t.client.execute({ sql, args })).rows as unknown as T[];
}

const outcomes = (results: PromiseSettledResult<unknown>[]) => ({
  passed: results.filter((r) => r.status === "fulfilled").length,
  reasons: results.filter((r): r is PromiseRejectedResult => r.status === "rejected").map((r) => r.reason as Error),
});

describe("consumeLimits: counted atomically before the work", () => {
  it("lets exactly `max` of 25 parallel requests through", async () => {
    const limit = { key: unique("test:client"), max: 7, windowSeconds: 60 };
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, () => consumeLimits(t.db, [limit], (wait) => `Wait ${wait}.`)),
    );
    const { passed, reasons } = outcomes(results);
    expect(passed).toBe(7);
    expect(reasons).toHaveLength(18);
    for (const reason of reasons) {
      expect(reason).toBeInstanceOf(RateLimitError);
      expect((reason as RateLimitError).retryAfterSeconds).toBeGreaterThan(0);
    }
  });
});

describe("login under concurrency", () => {
  it("of 30 parallel wrong passwords for one email, only the 5 free attempts reach the password check", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const email = newEmail();
    await registerUser(t.db, env, { name: "Ann Lee", email, password: "Secret123" }, unique("client"));
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        login(t.db, env, LoginSchema.parse({ email, password: `Wrong${i}pass` }), unique("client")),
      ),
    );
    const { reasons } = outcomes(results);
    // An AuthError is an attempt whose password was checked; a RateLimitError never got there.
    expect(reasons.filter((r) => r instanceof AuthError)).toHaveLength(5);
    expect(reasons.filter((r) => r instanceof RateLimitError)).toHaveLength(25);
    expect(reasons[reasons.length - 1]!.message).toBe("Too many login attempts. Please try again in 1 second.");
  });

  it("of 40 parallel wrong logins from one client (any emails), only 30 are looked at", async () => {
    const client = unique("attacker");
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () =>
        login(t.db, env, LoginSchema.parse({ email: newEmail(), password: "Wrong1234" }), client),
      ),
    );
    const { reasons } = outcomes(results);
    expect(reasons.filter((r) => r instanceof AuthError)).toHaveLength(30);
    expect(reasons.filter((r) => r instanceof RateLimitError)).toHaveLength(10);
  });

  it("never locks the owner out for long: after 50 failures the wait is at most 5 minutes", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const email = newEmail();
    await registerUser(t.db, env, { name: "Ann Lee", email, password: "Secret123" }, unique("client"));
    for (let i = 0; i < 50; i++) {
      await rejection(login(t.db, env, LoginSchema.parse({ email, password: "Wrong1234" }), unique("client")));
      vi.advanceTimersByTime(6 * 60 * 1000);
    }
    await expect(
      login(t.db, env, LoginSchema.parse({ email, password: "Secret123" }), unique("client")),
    ).resolves.toHaveProperty("token");
  });
});

describe("clientKey: one key per client", () => {
  it("keys IPv4 as it is and IPv6 by its /64, however it is written", () => {
    expect(clientKey("192.0.2.7")).toBe("192.0.2.7");
    expect(clientKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:0DB8:0001:0002:ffff:1:2:3")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8:1:2:0:0:0:9")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("2001:db8:1:3::1")).not.toBe(clientKey("2001:db8:1:2::1"));
    expect(clientKey("::ffff:192.0.2.9")).toBe("192.0.2.9");
  });
});

// ---------------------------------------------------------------- guest orders

let product = 0;
async function stockedProduct(stock = 100): Promise<number> {
  const row = await one<{ id: number }>(
    "SELECT id FROM products WHERE is_active = 1 ORDER BY id DESC LIMIT 1 OFFSET ?",
    [product++],
  );
  await t.client.execute({ sql: "UPDATE products SET stock = ? WHERE id = ?", args: [stock, Number(row.id)] });
  return Number(row.id);
}

const customer = (email: string): CheckoutForm =>
  CheckoutFormSchema.parse({
    firstName: "Ivy",
    lastName: "Stem",
    email,
    phone: "+94 77 123 4567",
    address: "12 Flower Lane",
    city: "Colombo",
    zipCode: "00300",
    country: "LK",
    notes: "",
  });

const guestOrder = (
  productId: number,
  email: string,
  client: string,
  extra: Partial<PlaceOrderInput> = {},
): PlaceOrderInput => ({
  lines: [{ productId, quantity: 1 }],
  customer: customer(email),
  shippingMethodId: null,
  couponCode: "",
  userId: null,
  idempotencyKey: null,
  client,
  ...extra,
});

describe("guest orders under concurrency", () => {
  it("of 20 parallel guest orders from one client, only 5 are placed; the stock holds for 5", async () => {
    const productId = await stockedProduct(100);
    const client = unique("script");
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => placeOrder(t.db, guestOrder(productId, newEmail(), client))),
    );
    const { passed, reasons } = outcomes(results);
    expect(passed).toBe(5);
    for (const reason of reasons) {
      expect(reason).toBeInstanceOf(RateLimitError);
      expect(reason.message).toMatch(
        /^Too many orders have been placed from here\. Please try again in \d+ minutes?, or log in to your account\.$/,
      );
    }
    expect(Number((await one<{ stock: number }>("SELECT stock FROM products WHERE id = ?", [productId])).stock)).toBe(
      95,
    );
    expect(GUEST_ORDERS_LIMITED_MESSAGE("1 hour")).toContain("1 hour");
  });

  it("of 20 parallel guest orders for one address from 20 clients, 3 are placed: the pending cap holds exactly", async () => {
    const productId = await stockedProduct(100);
    const email = newEmail();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => placeOrder(t.db, guestOrder(productId, email, unique("client")))),
    );
    const { passed, reasons } = outcomes(results);
    expect(passed).toBe(3);
    // 5 got past the address's hourly limit; 2 of them found 3 orders already waiting.
    expect(reasons.filter((r) => r instanceof RateLimitError)).toHaveLength(15);
    const capped = reasons.filter((r) => r instanceof OrderError);
    expect(capped).toHaveLength(2);
    for (const reason of capped) {
      expect((reason as OrderError).status).toBe(409);
      expect(reason.message).toBe(GUEST_PENDING_CAP_MESSAGE);
    }
    expect((await all("SELECT id FROM orders WHERE email = ?", [email])).length).toBe(3);
    expect(Number((await one<{ stock: number }>("SELECT stock FROM products WHERE id = ?", [productId])).stock)).toBe(
      97,
    );
  });

  it("does not limit a signed-in customer's orders", async () => {
    const productId = await stockedProduct(100);
    const user = await one<{ id: number }>("SELECT id FROM users WHERE email = 'customer@twistbloom.test'");
    const client = unique("household");
    for (let i = 0; i < 7; i++)
      await placeOrder(t.db, guestOrder(productId, "customer@twistbloom.test", client, { userId: Number(user.id) }));
  });

  it("counts coupon attempts per client before the lookup: 20 an hour", async () => {
    const client = unique("guesser");
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => claimCouponAttempt(t.db, client)));
    expect(outcomes(results).passed).toBe(20);
  });
});

// ---------------------------------------------------------------- Idempotency-Key

describe("an Idempotency-Key is its caller's", () => {
  it("answers the same order to the same guest, and someone else's key places their own order", async () => {
    const productId = await stockedProduct(100);
    const key = `key-${crypto.randomUUID()}`;
    const mine = { idempotencyKey: key, idempotencyScope: `v:${crypto.randomUUID()}` };
    const first = await placeOrder(t.db, guestOrder(productId, newEmail(), unique("client"), mine));
    const again = await placeOrder(t.db, guestOrder(productId, newEmail(), unique("client"), mine));
    expect(again).toEqual({ ...first, created: false });
    const thief = await placeOrder(
      t.db,
      guestOrder(productId, newEmail(), unique("client"), {
        idempotencyKey: key,
        idempotencyScope: `v:${crypto.randomUUID()}`,
      }),
    );
    expect(thief.created).toBe(true);
    expect(thief.order_number).not.toBe(first.order_number);
    // Without a visitor id, the same key with someone else's details is someone else's too.
    const cookieless = await placeOrder(
      t.db,
      guestOrder(productId, newEmail(), unique("client"), { idempotencyKey: key }),
    );
    expect(cookieless.created).toBe(true);
    expect(cookieless.order_number).not.toBe(first.order_number);
    // A signed-in user's key is theirs.
    const user = await one<{ id: number }>("SELECT id FROM users WHERE email = 'customer@twistbloom.test'");
    const theirs = await placeOrder(
      t.db,
      guestOrder(productId, "customer@twistbloom.test", unique("client"), {
        idempotencyKey: key,
        userId: Number(user.id),
      }),
    );
    expect(theirs.created).toBe(true);
  });
});

// ---------------------------------------------------------------- the expiry sweep

describe("expireUnconfirmedOrders", () => {
  const mail: MailContext = {
    origin: "https://shop.example",
    site: siteConfigFromSettings({}),
    signOrder: async (number) => `sig-${number}`,
    seal: testSeal,
  };

  it("cancels pending cash-on-delivery orders older than the setting's days as staff would: stock and coupon back, history, audit, a mail; once", async () => {
    const productId = await stockedProduct(50);
    const email = newEmail();
    const old = await placeOrder(
      t.db,
      guestOrder(productId, email, unique("client"), { couponCode: "WELCOME10", lines: [{ productId, quantity: 2 }] }),
    );
    const fresh = await placeOrder(t.db, guestOrder(productId, newEmail(), unique("client")));
    const processing = await placeOrder(t.db, guestOrder(productId, newEmail(), unique("client")));
    await t.client.execute({
      sql: "UPDATE orders SET created_at = unixepoch() - 8 * 86400 WHERE id IN (?, ?)",
      args: [old.id, processing.id],
    });
    await t.client.execute({ sql: "UPDATE orders SET status = 'processing' WHERE id = ?", args: [processing.id] });
    const stockBefore = Number(
      (await one<{ stock: number }>("SELECT stock FROM products WHERE id = ?", [productId])).stock,
    );
    const usesBefore = Number(
      (await one<{ n: number }>("SELECT usage_count AS n FROM coupons WHERE code = 'WELCOME10'")).n,
    );

    // Two sweeps at once, then one more: each order is cancelled once, its stock given back once.
    const counts = await Promise.all([expireUnconfirmedOrders(t.db, mail), expireUnconfirmedOrders(t.db, mail)]);
    expect(counts[0] + counts[1]).toBe(1);
    await expireUnconfirmedOrders(t.db, mail);

    expect(await one("SELECT status FROM orders WHERE id = ?", [old.id])).toEqual({ status: "cancelled" });
    expect(await one("SELECT status FROM orders WHERE id = ?", [fresh.id])).toEqual({ status: "pending" });
    expect(await one("SELECT status FROM orders WHERE id = ?", [processing.id])).toEqual({ status: "processing" });
    expect(Number((await one<{ stock: number }>("SELECT stock FROM products WHERE id = ?", [productId])).stock)).toBe(
      stockBefore + 2,
    );
    expect(Number((await one<{ n: number }>("SELECT usage_count AS n FROM coupons WHERE code = 'WELCOME10'")).n)).toBe(
      usesBefore - 1,
    );
    expect(
      await all("SELECT from_value, to_value, actor_id, actor_name FROM order_history WHERE order_id = ? ORDER BY id", [
        old.id,
      ]),
    ).toEqual([
      { from_value: null, to_value: "pending", actor_id: null, actor_name: "Guest" },
      { from_value: "pending", to_value: "cancelled", actor_id: null, actor_name: "System" },
    ]);
    const audit = await all<{ actor_name: string; actor_id: number | null; action: string; summary: string }>(
      "SELECT actor_name, actor_id, action, summary FROM audit_log WHERE entity = 'order' AND entity_id = ?",
      [String(old.id)],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_name: "System", actor_id: null, action: "transition" });
    expect(audit[0]!.summary).toContain("stock put back");
    expect(audit[0]!.summary).toContain("coupon use given back");
    // Told once, as a staff cancellation tells them (the order was placed without a mail context here).
    const mails = await all<{ template: string; text: string }>(
      "SELECT template, text FROM mail_outbox WHERE to_address = ?",
      [email],
    );
    expect(mails.map((m) => m.template)).toEqual(["order_cancelled"]);
    expect(mails[0]!.text).toContain(old.order_number);
  });

  it("cancels nothing when the setting is 0, and uses 7 days when the setting is missing", async () => {
    const productId = await stockedProduct(50);
    const placed = await placeOrder(t.db, guestOrder(productId, newEmail(), unique("client")));
    await t.client.execute({
      sql: "UPDATE orders SET created_at = unixepoch() - 6 * 86400 WHERE id = ?",
      args: [placed.id],
    });
    await t.client.execute("UPDATE settings SET value = '0' WHERE key = 'unconfirmed_order_expiry_days'");
    await t.client.execute({
      sql: "UPDATE orders SET created_at = unixepoch() - 30 * 86400 WHERE id = ?",
      args: [placed.id],
    });
    expect(await expireUnconfirmedOrders(t.db, mail)).toBe(0);
    expect(await one("SELECT status FROM orders WHERE id = ?", [placed.id])).toEqual({ status: "pending" });
    await t.client.execute("DELETE FROM settings WHERE key = 'unconfirmed_order_expiry_days'");
    await t.client.execute({
      sql: "UPDATE orders SET created_at = unixepoch() - 6 * 86400 WHERE id = ?",
      args: [placed.id],
    });
    await expireUnconfirmedOrders(t.db, mail);
    expect(await one("SELECT status FROM orders WHERE id = ?", [placed.id])).toEqual({ status: "pending" });
    await t.client.execute({
      sql: "UPDATE orders SET created_at = unixepoch() - 8 * 86400 WHERE id = ?",
      args: [placed.id],
    });
    await expireUnconfirmedOrders(t.db, mail);
    expect(await one("SELECT status FROM orders WHERE id = ?", [placed.id])).toEqual({ status: "cancelled" });
  });
});
