import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLibsqlDatabase } from "../../db/client";
import { applyMigrations, openLibsql, seedLibsql } from "../../db/libsql";
import { AdminOrderQuerySchema } from "~/lib/order-lifecycle";
import { listAdminOrders } from "~/services/admin/orders.server";

/** `npm run db:grow` as a developer runs it, on a copy given by LIBSQL_URL (no wrangler needed). */
function grow(args: string[], env: Record<string, string> = {}) {
  return spawnSync("npx", ["tsx", "scripts/grow.ts", ...args], {
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "production", ...env },
  });
}

describe("npm run db:grow", () => {
  it("never grows a remote database, nor the one npm start serves", () => {
    const remote = grow(["--remote"]);
    expect(remote.status).toBe(2);
    expect(remote.stderr).toContain("never touches a remote database");
    const libsql = grow([], { LIBSQL_URL: "libsql://twistbloom.example.turso.io" });
    expect(libsql.status).toBe(2);
    expect(libsql.stderr).toContain("is not a file: URL");
    // Nor the local database `npm start` serves: the grown directory is made afresh.
    const served = grow(["--persist-to=.wrangler/state"]);
    expect(served.status).toBe(2);
    expect(served.stderr).toContain("pick another --persist-to");
  }, 60_000);

  describe("on a local file, at a hundredth of the issue's sizes", () => {
    const dir = mkdtempSync(join(tmpdir(), "grown-"));
    const file = join(dir, "shop.db");
    const counts: Record<string, number> = {};
    let output = "";

    beforeAll(async () => {
      const client = openLibsql(`file:${file}`);
      await applyMigrations(client);
      await seedLibsql(client, { devUsers: true });
      client.close();
      const run = grow(["--scale=0.01", "--until=2026-11-27"], { LIBSQL_URL: `file:${file}` });
      output = run.stdout + run.stderr;
      expect(run.status, output).toBe(0);
    }, 120_000);
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it("has the sizes asked, every row's parents, and the mails of every order", async () => {
      const client = openLibsql(`file:${file}`);
      for (const table of ["products", "product_images", "users", "orders", "order_items", "reviews", "blogs"])
        counts[table] = Number((await client.execute(`SELECT COUNT(*) AS n FROM "${table}"`)).rows[0]!.n);
      expect(counts).toEqual({
        products: 200,
        product_images: 510,
        users: 500,
        orders: 2000,
        order_items: 3440,
        reviews: 600,
        blogs: 15,
      });
      expect((await client.execute("PRAGMA foreign_key_check")).rows).toEqual([]);
      const mails = await client.execute(
        `SELECT template, COUNT(*) AS n FROM mail_outbox WHERE template IN ('order_placed', 'new_order') GROUP BY template`,
      );
      expect(mails.rows.map((row) => Number(row.n))).toEqual([2000, 2000]);
      // The report: bytes per table and per 1,000 orders.
      const report = grow(["--report"], { LIBSQL_URL: `file:${file}` });
      expect(report.status).toBe(0);
      expect(report.stdout).toMatch(/\| mail_outbox \| \d+ \|/);
      expect(report.stdout).toMatch(/What orders add .*: [\d.]+ MB per 1,000 orders/);
      client.close();
    });

    it("is found by staff: an order by its number, and a customer's orders by their email", async () => {
      const client = openLibsql(`file:${file}`);
      const db = createLibsqlDatabase(client);
      const order = (
        await client.execute(`SELECT id, order_number, email FROM orders WHERE user_id IS NOT NULL LIMIT 1`)
      ).rows[0]!;
      const byNumber = await listAdminOrders(db, AdminOrderQuerySchema.parse({ search: String(order.order_number) }));
      expect(byNumber.data.map((row) => row.id)).toEqual([Number(order.id)]);
      const byEmail = await listAdminOrders(db, AdminOrderQuerySchema.parse({ search: String(order.email) }));
      expect(byEmail.data.map((row) => row.id)).toContain(Number(order.id));
      client.close();
    });
  });
});

describe("the demo shop's past (grow.ts --history, run by npm start and npm run db:seed)", () => {
  const dir = mkdtempSync(join(tmpdir(), "history-"));
  const file = join(dir, "shop.db");
  const url = `file:${file}`;
  let seeded: Record<string, number> = {};
  const count = async (sql: string) => {
    const client = openLibsql(url);
    try {
      return Number((await client.execute(sql)).rows[0]!.n);
    } finally {
      client.close();
    }
  };

  beforeAll(async () => {
    const client = openLibsql(url);
    await applyMigrations(client);
    await seedLibsql(client, { devUsers: true });
    client.close();
    seeded = {
      products: await count("SELECT COUNT(*) AS n FROM products"),
      blogs: await count("SELECT COUNT(*) AS n FROM blogs"),
    };
    const run = grow(["--history", "--until=2026-11-27"], { LIBSQL_URL: url });
    expect(run.status, run.stdout + run.stderr).toBe(0);
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("adds two years of orders on the seed's own catalogue, once", async () => {
    expect(await count("SELECT COUNT(*) AS n FROM orders")).toBe(3000);
    expect(await count("SELECT COUNT(*) AS n FROM products")).toBe(seeded.products);
    expect(await count("SELECT COUNT(*) AS n FROM blogs")).toBe(seeded.blogs);
    expect(await count("SELECT COUNT(*) AS n FROM reviews")).toBe(700);
    const days = await count(
      "SELECT COUNT(DISTINCT date(created_at, 'unixepoch')) AS n FROM orders WHERE created_at >= unixepoch('2024-11-28')",
    );
    expect(days).toBeGreaterThan(500);
    // The dashboard's figures follow, through the orders' triggers.
    expect(await count("SELECT SUM(orders) AS n FROM daily_order_figures")).toBe(3000);
    const again = grow(["--history", "--until=2026-11-27"], { LIBSQL_URL: url });
    expect(again.status).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM orders")).toBe(3000);
  }, 120_000);

  it("has the season's peaks and every step of the lifecycle", async () => {
    const perDay = async (where: string) =>
      count(`SELECT COUNT(*) * 1000 / COUNT(DISTINCT date(created_at, 'unixepoch')) AS n FROM orders WHERE ${where}`);
    const valentines = await perDay("strftime('%m-%d', created_at, 'unixepoch') BETWEEN '02-07' AND '02-14'");
    const mothers = await perDay("strftime('%Y-%m-%d', created_at, 'unixepoch') BETWEEN '2026-05-03' AND '2026-05-10'");
    const march = await perDay("strftime('%m', created_at, 'unixepoch') = '03'");
    expect(valentines).toBeGreaterThan(2 * march);
    expect(mothers).toBeGreaterThan(2 * march);
    for (const status of ["pending", "processing", "shipped", "delivered", "cancelled"])
      expect(await count(`SELECT COUNT(*) AS n FROM orders WHERE status = '${status}'`), status).toBeGreaterThan(0);
  });

  it("is refused for a remote database", () => {
    const remote = grow(["--history", "--remote"]);
    expect(remote.status).toBe(2);
    expect(remote.stderr).toContain("never touches a remote database");
  }, 60_000);
});
