import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REBUILD_DAILY_FIGURES } from "../../db/daily-figures";
import { applyMigrations, MIGRATIONS_DIR, openLibsql } from "../../db/libsql";

/**
 * The migration of the staff's search indexes and the daily figures on a shop that already has
 * orders, accounts and products: what was there is found, and the figures are those of a rebuild.
 */
let client: Client;
let before: string;
let migration: string;

const rows = async (sql: string) => (await client.execute(sql)).rows.map((row) => ({ ...row }));

beforeAll(async () => {
  const files = (await readdir(MIGRATIONS_DIR)).filter((file) => file.endsWith(".sql")).sort();
  migration = files.find((file) => file.endsWith("_staff_search_daily_figures.sql"))!;
  before = await mkdtemp(join(tmpdir(), "migrations-"));
  for (const file of files) if (file < migration) await cp(join(MIGRATIONS_DIR, file), join(before, file));
  client = openLibsql(":memory:");
  await client.execute("PRAGMA foreign_keys = ON");
  await applyMigrations(client, before);
  await client.batch(
    [
      "INSERT INTO roles (name) VALUES ('customer') ON CONFLICT DO NOTHING",
      `INSERT INTO users (name, email, password_hash, created_at) VALUES
        ('Isolde Fairweather', 'isolde@example.com', 'x', unixepoch('now', '-3 days')),
        ('Bram Holloway', 'bram@example.com', 'x', unixepoch('now', '-40 days'))`,
      "INSERT INTO user_roles (user_id, role_id) SELECT u.id, r.id FROM users u, roles r WHERE r.name = 'customer'",
      `INSERT INTO orders (order_number, user_id, email, subtotal_cents, total_cents, shipping_address, billing_address, status, payment_status, created_at) VALUES
        ('TB-260101-KQ2MA', 1, 'isolde@example.com', 5000, 5000, '{"firstName":"Wren","lastName":"Ashdown"}', '{}', 'delivered', 'paid', unixepoch('now', '-3 days')),
        ('TB-260102-ZZ9PL', NULL, 'guest@example.com', 2000, 2000, '{"firstName":"Tobias","lastName":"Marlow"}', 'not json', 'cancelled', 'pending', unixepoch('now', '-1 days')),
        ('TB-260103-ABCDE', NULL, 'guest2@example.com', 3000, 3000, '{}', '{}', 'pending', 'pending', unixepoch('now', '-1 days'))`,
      "INSERT INTO products (name, slug, sku, price_cents) VALUES ('Gilded Peony Crown', 'gilded-peony-crown', 'GPC-101', 9000)",
    ],
    "write",
  );
  expect(await applyMigrations(client)).toContain(migration);
});

afterAll(async () => {
  client.close();
  await rm(before, { recursive: true, force: true });
});

describe("the staff search and daily figures migration", () => {
  it("indexes the orders, accounts and products already there", async () => {
    const found = async (index: string, match: string) =>
      (await rows(`SELECT rowid AS id FROM ${index} WHERE ${index} MATCH '${match}' ORDER BY rowid`)).map((row) =>
        Number(row.id),
      );
    expect(await found("order_search", '"isolde" AND "fairweather"')).toEqual([1]);
    expect(await found("order_search", '"ashdown"')).toEqual([1]);
    expect(await found("order_search", '"TB-260102"*')).toEqual([2]);
    expect(await found("user_search", '"bram@example.com"')).toEqual([2]);
    expect(await found("product_staff_search", '"GPC-101"')).toEqual([1]);
    // Migration 0020 made the order and account indexes again, with prefixes: an address typed in part.
    expect(await found("order_search", '"isolde example c"*')).toEqual([1]);
    expect(await found("user_search", '"bram example c"*')).toEqual([2]);
  });

  it("fills the daily figures as a rebuild does", async () => {
    const figures = async () => ({
      orders: await rows("SELECT * FROM daily_order_figures ORDER BY day, status, payment_status"),
      customers: await rows("SELECT * FROM daily_customer_figures ORDER BY day"),
    });
    const filled = await figures();
    expect(filled.orders.reduce((sum, row) => sum + Number(row.orders), 0)).toBe(3);
    expect(filled.customers.reduce((sum, row) => sum + Number(row.customers), 0)).toBe(2);
    await client.batch([...REBUILD_DAILY_FIGURES], "write");
    expect(await figures()).toEqual(filled);
  });

  it("keeps the remade indexes in step with new orders and accounts", async () => {
    await client.batch(
      [
        "INSERT INTO users (name, email, password_hash) VALUES ('Odile Brackenridge', 'odile@example.net', 'x')",
        `INSERT INTO orders (order_number, email, subtotal_cents, total_cents, shipping_address, billing_address) VALUES
          ('TB-260104-NEW01', 'odile@example.net', 1000, 1000, '{"firstName":"Odile","lastName":"Brackenridge"}', '{}')`,
      ],
      "write",
    );
    const ids = async (index: string, match: string) =>
      (await rows(`SELECT rowid AS id FROM ${index} WHERE ${index} MATCH '${match}'`)).length;
    expect(await ids("order_search", '"brackenridge"')).toBe(1);
    expect(await ids("order_search", '"TB 260104 NEW"*')).toBe(1);
    expect(await ids("user_search", '"odile example n"*')).toBe(1);
  });
});
