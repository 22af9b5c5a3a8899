import { beforeAll, describe, expect, it } from "vitest";
import { CHART_DAYS, getDashboard, LOW_STOCK_THRESHOLD } from "~/services/admin/stats.server";
import { createTestDb, type TestDb } from "./db";

let t: TestDb;
let sequence = 0;

/** An order placed `daysAgo` days before now (noon-safe: whole days back from this moment). */
async function order(daysAgo: number, totalCents: number, status = "pending", paymentStatus = "pending") {
  sequence += 1;
  await t.client.execute({
    sql: `INSERT INTO orders (order_number, email, subtotal_cents, total_cents, shipping_address, billing_address, status, payment_status, created_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, unixepoch('now', 'start of day', ?, '+1 hour'))`,
    args: [
      `ORD-STATS-${sequence}`,
      `shopper${sequence}@example.com`,
      totalCents,
      totalCents,
      JSON.stringify({ firstName: "Nimali", lastName: `Perera ${sequence}` }),
      "{}",
      status,
      paymentStatus,
      `-${daysAgo} days`,
    ],
  });
}

beforeAll(async () => {
  t = await createTestDb();
  await t.client.execute("DELETE FROM orders");
  await order(0, 2500);
  await order(0, 1000, "cancelled");
  await order(3, 4000, "shipped", "paid");
  await order(10, 5000, "delivered", "paid");
  await order(40, 7000, "processing");
});

describe("the dashboard's figures", () => {
  it("count the orders of today, 7 and 30 days, with their value (cancelled ones not counted in value), and by status", async () => {
    const { stats } = await getDashboard(t.db);
    expect(stats.orders).toEqual({
      total: 5,
      today: 2,
      last_7_days: 3,
      last_30_days: 4,
      by_status: { pending: 1, processing: 1, shipped: 1, delivered: 1, cancelled: 1 },
      value: { today: 25, last_7_days: 65, last_30_days: 115 },
    });
    expect(stats.revenue).toEqual({ placed: 185, collected: 90 });
  });

  it("count the catalogue's stock per variant sold: low at or under the threshold, out at none", async () => {
    const { low, out, active, total } = (
      await t.client.execute({
        // Stock is counted per variant sold (switched on) of an active product.
        sql: `SELECT (SELECT count(*) FROM products) AS total, (SELECT sum(is_active) FROM products) AS active,
                     sum(v.stock > 0 AND v.stock <= ?) AS low, sum(v.stock = 0) AS out
              FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.is_active = 1 AND v.is_active = 1`,
        args: [LOW_STOCK_THRESHOLD],
      })
    ).rows[0] as unknown as { low: number; out: number; active: number; total: number };
    const { stats } = await getDashboard(t.db);
    expect(stats.products).toEqual({
      total: Number(total),
      active: Number(active),
      low_stock: Number(low),
      out_of_stock: Number(out),
    });
    await t.client.execute(
      // A product without options: its stock is its one variant's.
      "UPDATE products SET stock = 0 WHERE id = (SELECT min(id) FROM products WHERE is_active = 1 AND stock > 5 AND id NOT IN (SELECT product_id FROM product_options))",
    );
    expect((await getDashboard(t.db)).stats.products.out_of_stock).toBe(Number(out) + 1);
  });

  it("count as low what the setting low_stock_threshold says, 5 when it is empty", async () => {
    const low = async (threshold: number) =>
      Number(
        (
          await t.client.execute({
            sql: `SELECT count(*) AS n FROM product_variants v JOIN products p ON p.id = v.product_id
                  WHERE p.is_active = 1 AND v.is_active = 1 AND v.stock > 0 AND v.stock <= ?`,
            args: [threshold],
          })
        ).rows[0]!.n,
      );
    const setThreshold = (value: string) =>
      t.client.execute({ sql: "UPDATE settings SET value = ? WHERE key = 'low_stock_threshold'", args: [value] });
    await setThreshold("40");
    const raised = await getDashboard(t.db);
    expect(raised.lowStockThreshold).toBe(40);
    expect(raised.stats.products.low_stock).toBe(await low(40));
    expect(await low(40)).toBeGreaterThan(await low(LOW_STOCK_THRESHOLD));
    await setThreshold("");
    const unset = await getDashboard(t.db);
    expect(unset.lowStockThreshold).toBe(LOW_STOCK_THRESHOLD);
    expect(unset.stats.products.low_stock).toBe(await low(LOW_STOCK_THRESHOLD));
    await setThreshold(String(LOW_STOCK_THRESHOLD));
  });

  it("count customers (not staff) and unread messages", async () => {
    const before = (await getDashboard(t.db)).stats;
    await t.client.execute(
      "INSERT INTO contact_messages (name, email, subject, message) VALUES ('A', 'a@example.com', 'Hi', 'A question about roses')",
    );
    await t.client.execute(
      "INSERT INTO contact_messages (name, email, subject, message, status) VALUES ('B', 'b@example.com', 'Hi', 'Already read', 'read')",
    );
    const after = (await getDashboard(t.db)).stats;
    expect(after.messages.unread).toBe(before.messages.unread + 1);
    expect(before.customers.total).toBe(1); // the seeded customer; the admin and the owner are staff
  });

  it("count the reviews waiting for approval, not the published or rejected ones", async () => {
    const before = (await getDashboard(t.db)).stats.reviews.pending;
    await t.client.execute(`INSERT INTO reviews (product_id, rating, title, body, author_name, status)
      SELECT id, 5, 'Lovely', 'Still bright after a year', 'Maya R.', 'pending' FROM products LIMIT 1`);
    await t.client.execute(`INSERT INTO reviews (product_id, rating, title, body, author_name, status)
      SELECT id, 2, 'Meh', 'Not for me', 'Ola K.', 'rejected' FROM products LIMIT 1`);
    expect((await getDashboard(t.db)).stats.reviews.pending).toBe(before + 1);
  });

  it("give one entry per day of the chart, oldest first, days without orders at zero", async () => {
    const { days } = await getDashboard(t.db);
    expect(days).toHaveLength(CHART_DAYS);
    expect(days.map((d) => d.day)).toEqual([...days.map((d) => d.day)].sort());
    expect(days.at(-1)).toMatchObject({ orders: 2, value_cents: 2500 });
    expect(days.at(-4)).toMatchObject({ orders: 1, value_cents: 4000 });
    expect(days.reduce((sum, d) => sum + d.orders, 0)).toBe(4);
  });

  it("list the latest orders first, named by their shipping name", async () => {
    const { latest } = await getDashboard(t.db);
    expect(latest[0]).toMatchObject({
      order_number: "ORD-STATS-5",
      customer_name: "Nimali Perera 5",
      status: "processing",
      total_cents: 7000,
    });
  });

  it("reads everything in one round trip", async () => {
    const before = t.timer.roundTrips;
    await getDashboard(t.db);
    expect(t.timer.roundTrips - before).toBe(1);
  });
});
