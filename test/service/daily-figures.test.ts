import { beforeAll, describe, expect, it } from "vitest";
import { REBUILD_DAILY_FIGURES } from "../../db/daily-figures";
import { ORDER_STATUSES } from "~/lib/order-statuses";
import { CheckoutFormSchema } from "~/lib/schemas/checkout";
import { toUnits } from "~/lib/money";
import { deleteAccountWithPassword } from "~/services/account-rights.server";
import { updateOrder } from "~/services/admin/orders.server";
import { getDashboard } from "~/services/admin/stats.server";
import { registerUser } from "~/services/auth.server";
import { placeOrder } from "~/services/checkout.server";
import { ADMIN } from "../fixtures/accounts";
import { shopper, WITHOUT_OPTIONS } from "../fixtures/checkout";
import { actorOf, createTestDb, type TestDb } from "./db";

// The dashboard's daily figures (docs/decisions/031-staff.md): kept by triggers through a mixed
// history of writes, they equal a rebuild from the orders, and the dashboard's figures equal those
// of the scanning queries it used before (kept here as the oracle).

const env = { ENVIRONMENT: "test" } as Env;
let t: TestDb;

const rows = async (sql: string, args: Array<string | number> = []) =>
  (await t.client.execute({ sql, args })).rows.map((row) => ({ ...row }));

const figures = async () => ({
  orders: await rows("SELECT * FROM daily_order_figures ORDER BY day, status, payment_status"),
  customers: await rows("SELECT * FROM daily_customer_figures ORDER BY day"),
});

/** The orders' and customers' figures as the dashboard computed them before, scanning every order and customer. */
async function scannedFigures() {
  const since = (days: number) => `unixepoch('now', 'start of day', '-${days} days')`;
  const inLast = (days: number) => `coalesce(sum(created_at >= ${since(days)}), 0)`;
  const valueIn = (days: number) =>
    `coalesce(sum(CASE WHEN created_at >= ${since(days)} AND status <> 'cancelled' THEN total_cents END), 0)`;
  const [o] = await rows(`SELECT count(*) AS total, ${inLast(0)} AS today, ${inLast(6)} AS week, ${inLast(29)} AS month,
      ${valueIn(0)} AS today_value, ${valueIn(6)} AS week_value, ${valueIn(29)} AS month_value,
      coalesce(sum(CASE WHEN status <> 'cancelled' THEN total_cents END), 0) AS placed,
      coalesce(sum(CASE WHEN payment_status = 'paid' THEN total_cents END), 0) AS collected,
      ${ORDER_STATUSES.map((status) => `coalesce(sum(status = '${status}'), 0) AS "${status}"`).join(", ")}
    FROM orders`);
  const [people] = await rows(`SELECT count(*) AS customers, ${inLast(6)} AS new_customers FROM users
    WHERE id IN (SELECT ur.user_id FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE r.name = 'customer')`);
  const days = await rows(`SELECT date(created_at, 'unixepoch') AS day, count(*) AS orders,
      coalesce(sum(CASE WHEN status <> 'cancelled' THEN total_cents END), 0) AS value_cents
    FROM orders WHERE created_at >= ${since(29)} GROUP BY day ORDER BY day`);
  const n = (value: unknown) => Number(value);
  return {
    orders: {
      total: n(o!.total),
      today: n(o!.today),
      last_7_days: n(o!.week),
      last_30_days: n(o!.month),
      by_status: Object.fromEntries(ORDER_STATUSES.map((status) => [status, n(o![status])])),
      value: {
        today: toUnits(n(o!.today_value)),
        last_7_days: toUnits(n(o!.week_value)),
        last_30_days: toUnits(n(o!.month_value)),
      },
    },
    revenue: { placed: toUnits(n(o!.placed)), collected: toUnits(n(o!.collected)) },
    customers: { total: n(people!.customers), new_last_7_days: n(people!.new_customers) },
    days: days.map((row) => ({ day: String(row.day), orders: n(row.orders), value_cents: n(row.value_cents) })),
  };
}

let productId: number;
let counter = 0;

async function place(userId: number | null = null) {
  return placeOrder(t.db, {
    lines: [{ productId, quantity: 1 + (counter % 3) }],
    customer: CheckoutFormSchema.parse(shopper({ email: `daily.${++counter}@example.com` })),
    shippingMethodId: null,
    couponCode: "",
    userId,
    idempotencyKey: null,
  });
}

/** An order placed `daysAgo` days ago (as an import or an older shop's history would hold it). */
async function placedAgo(daysAgo: number, totalCents: number, status: string, paymentStatus = "pending") {
  await t.client.execute({
    sql: `INSERT INTO orders (order_number, email, subtotal_cents, total_cents, shipping_address, billing_address, status, payment_status, created_at)
          VALUES (?, 'old@example.com', ?, ?, '{}', '{}', ?, ?, unixepoch('now', 'start of day', ?, '+2 hours'))`,
    args: [`TB-DAILY-${++counter}`, totalCents, totalCents, status, paymentStatus, `-${daysAgo} days`],
  });
}

const register = (name: string) =>
  registerUser(
    t.db,
    env,
    { name, email: `${name.toLowerCase().replace(/\W/g, ".")}@example.com`, password: "Secret123" },
    `daily-${name}`,
  );

beforeAll(async () => {
  t = await createTestDb();
  const admin = await actorOf(t.client, ADMIN.email);
  const row = (await t.client.execute(`SELECT id FROM products WHERE is_active = 1 AND ${WITHOUT_OPTIONS} LIMIT 1`))
    .rows[0]!;
  productId = Number(row.id);
  await t.client.execute({ sql: "UPDATE products SET stock = 5000 WHERE id = ?", args: [productId] });

  // A history: orders of earlier days in every state, orders placed now and moved along, paid,
  // cancelled, one removed; customers registering, one deleting their account, one removed.
  await placedAgo(2, 4100, "delivered", "paid");
  await placedAgo(2, 1900, "cancelled");
  await placedAgo(8, 6600, "shipped", "paid");
  await placedAgo(29, 3000, "processing");
  await placedAgo(31, 2500, "delivered", "paid");
  await placedAgo(400, 9900, "delivered", "paid");
  const ann = await register("Ann Daily");
  const ben = await register("Ben Daily");
  const cid = await register("Cid Daily");
  const first = await place(ann.user.id);
  const second = await place();
  const third = await place(ben.user.id);
  const fourth = await place();
  for (const status of ["processing", "shipped", "delivered"] as const)
    await updateOrder(t.db, admin, first.id, { status });
  await updateOrder(t.db, admin, first.id, { payment_status: "paid" });
  await updateOrder(t.db, admin, second.id, { status: "cancelled" });
  await updateOrder(t.db, admin, third.id, { status: "processing" });
  await t.client.execute({ sql: "DELETE FROM orders WHERE id = ?", args: [fourth.id] });
  await deleteAccountWithPassword(t.db, cid.user.id, { password: "Secret123", reviews: "keep" });
  const dan = await register("Dan Daily");
  await t.client.execute({ sql: "DELETE FROM users WHERE id = ?", args: [dan.user.id] });
});

describe("the daily figures", () => {
  it("kept by the writes, equal a rebuild from the orders and accounts", async () => {
    const kept = await figures();
    expect(kept.orders.length).toBeGreaterThan(5);
    await t.client.batch([...REBUILD_DAILY_FIGURES], "write");
    expect(await figures()).toEqual(kept);
  });

  it("give the dashboard the figures the scanning queries gave", async () => {
    const { stats, days } = await getDashboard(t.db);
    const oracle = await scannedFigures();
    expect(stats.orders).toEqual(oracle.orders);
    expect(stats.revenue).toEqual(oracle.revenue);
    expect(stats.customers).toEqual(oracle.customers);
    expect(days.filter((day) => day.orders > 0)).toEqual(oracle.days);
    expect(oracle.orders.total).toBe(9);
  });
});
