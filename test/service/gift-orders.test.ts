import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { applyMigrations, MIGRATIONS_DIR, openLibsql } from "../../db/libsql";
import { settings } from "../../db/seed/data/settings";
import { addDays, deliveryWindow, DELIVERY_DEFAULTS, weekdayOf } from "~/lib/delivery";
import { CheckoutFormSchema, GiftSchema } from "~/lib/schemas/checkout";
import { calculateTax, placeOrder, type PlaceOrderInput } from "~/services/checkout.server";
import { updateOrder } from "~/services/admin/orders.server";
import { setDeliveryDayClosed } from "~/services/admin/deliveries.server";
import { readDeliveryRules } from "~/services/delivery.server";
import { ValidationError } from "~/services/errors";
import { listSavedRecipients, removeSavedRecipient } from "~/services/recipients.server";
import { getOrder } from "~/services/orders.server";
import { ADMIN, CUSTOMER } from "../fixtures/accounts";
import { actorOf, createTestDb, type TestDb } from "./db";
import { rejection } from "./fixtures";

/**
 * Gifts and delivery dates as placeOrder writes them (gifting.md sections 3 and 4): the day's
 * capacity held inside the order's batch, a cancelled order freeing its slot, the invoice numbers,
 * the saved recipients. "Now" is an input of placeOrder: these tests pass it, so no assertion
 * depends on the clock of the machine running them.
 */

let t: TestDb;
let productId: number;
let standardId: number;
let guests = 0;

// Tuesday 1 December 2026, 09:30 in Colombo: the earliest date is Thursday 3 December.
const NOW = new Date("2026-12-01T04:00:00Z");
const THURSDAY = "2026-12-03";

const buyer = (email = `buyer.${++guests}@example.com`) =>
  CheckoutFormSchema.parse({
    firstName: "Ann",
    lastName: "Lee",
    email,
    phone: "+94 77 123 4567",
    address: "12 Flower Lane",
    city: "Colombo",
    country: "LK",
  });

const input = (extra: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
  lines: [{ productId, quantity: 1 }],
  customer: buyer(),
  shippingMethodId: standardId,
  couponCode: "",
  userId: null,
  idempotencyKey: null,
  now: NOW,
  ...extra,
});

const setting = (key: string, value: string) =>
  t.client.execute({ sql: "UPDATE settings SET value = ? WHERE key = ?", args: [value, key] });

const booked = async (date: string) =>
  Number(
    (
      await t.client.execute({
        sql: "SELECT count(*) AS n FROM orders WHERE delivery_date = ? AND status != 'cancelled'",
        args: [date],
      })
    ).rows[0]!.n,
  );

beforeAll(async () => {
  t = await createTestDb();
  const product = await t.client.execute(
    "SELECT p.id FROM products p WHERE p.is_active = 1 AND p.is_addon = 0 AND NOT EXISTS (SELECT 1 FROM product_options o WHERE o.product_id = p.id) ORDER BY p.id LIMIT 1",
  );
  productId = Number(product.rows[0]!.id);
  await t.client.execute({ sql: "UPDATE product_variants SET stock = 500 WHERE product_id = ?", args: [productId] });
  standardId = Number((await t.client.execute("SELECT id FROM shipping_methods WHERE code = 'standard'")).rows[0]!.id);
});

beforeEach(async () => {
  await setting("delivery_max_per_day", "40");
  await setting("delivery_closed_dates", "[]");
});

describe("the delivery date of an order", () => {
  it("is the earliest available date when none is asked for, and the one asked for otherwise", async () => {
    const asap = await placeOrder(t.db, input());
    expect(asap.delivery_date).toBe(THURSDAY);
    const friday = await placeOrder(t.db, input({ deliveryDate: "2026-12-04" }));
    expect((await getOrder(t.db, friday.id))?.delivery_date).toBe("2026-12-04");
  });

  it("refuses a day the rules do not allow with the contract's sentence, writing nothing", async () => {
    const before = Number((await t.client.execute("SELECT count(*) AS n FROM orders")).rows[0]!.n);
    const refused = async (date: string) => {
      const error = await rejection(placeOrder(t.db, input({ deliveryDate: date })));
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).errors.delivery_date).toEqual([error.message]);
      return error.message;
    };
    expect(await refused("2026-12-02")).toBe(
      "We cannot deliver that soon. The earliest date is Thursday 3 December 2026.",
    );
    expect(await refused("2026-12-06")).toBe("We do not deliver on Sundays.");
    expect(await refused("2027-03-01")).toBe("We take orders up to Saturday 30 January 2027.");
    await setting("delivery_closed_dates", '["2026-12-25"]');
    expect(await refused("2026-12-25")).toBe("We are closed on Friday 25 December 2026.");
    expect(Number((await t.client.execute("SELECT count(*) AS n FROM orders")).rows[0]!.n)).toBe(before);
  });

  it("gives the last slot of a day to exactly one of five buyers at once, never overbooking it", async () => {
    const day = "2026-12-08";
    await setting("delivery_max_per_day", "3");
    await placeOrder(t.db, input({ deliveryDate: day }));
    await placeOrder(t.db, input({ deliveryDate: day }));
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => placeOrder(t.db, input({ deliveryDate: day }))),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results.filter((r): r is PromiseRejectedResult => r.status === "rejected")) {
      expect(result.reason).toBeInstanceOf(ValidationError);
      expect((result.reason as ValidationError).errors).toEqual({
        delivery_date: ["We are fully booked on Tuesday 8 December 2026. Please choose another day."],
      });
    }
    expect(await booked(day)).toBe(3);
  });

  it("gives three orders without a date at once the next three free days, none refused", async () => {
    await setting("delivery_max_per_day", "1");
    const results = await Promise.all(Array.from({ length: 3 }, () => placeOrder(t.db, input())));
    const days = results.map((placed) => placed.delivery_date!);
    expect(new Set(days).size).toBe(3);
    for (const day of days) expect(await booked(day)).toBe(1);
  });

  it("frees a slot when an order of a full day is cancelled", async () => {
    const day = "2026-12-16";
    await setting("delivery_max_per_day", "1");
    const first = await placeOrder(t.db, input({ deliveryDate: day }));
    const full = await rejection(placeOrder(t.db, input({ deliveryDate: day })));
    expect(full.message).toBe("We are fully booked on Wednesday 16 December 2026. Please choose another day.");
    // Without a date the next day is given instead.
    expect((await placeOrder(t.db, input())).delivery_date).not.toBe(day);
    await updateOrder(t.db, await actorOf(t.client, ADMIN.email), first.id, { status: "cancelled" });
    const second = await placeOrder(t.db, input({ deliveryDate: day }));
    expect(second.delivery_date).toBe(day);
    expect(await booked(day)).toBe(1);
  });

  it("keeps an order's date when the rules change after it was placed", async () => {
    const placed = await placeOrder(t.db, input({ deliveryDate: "2026-12-10" }));
    await setting("delivery_closed_dates", '["2026-12-10"]');
    await setting("delivery_max_per_day", "1");
    expect((await getOrder(t.db, placed.id))?.delivery_date).toBe("2026-12-10");
  });

  it("counts today and the cutoff in the shop's time zone", async () => {
    await setting("delivery_cutoff", "13:00");
    try {
      // 13:30 in Colombo: after the cutoff, so the earliest date moves from Thursday to Friday.
      const late = await placeOrder(t.db, input({ now: new Date("2026-12-01T08:00:00Z") }));
      expect(late.delivery_date).toBe("2026-12-04");
      expect(weekdayOf(late.delivery_date!)).toBe("Friday");
    } finally {
      await setting("delivery_cutoff", "");
    }
  });
});

describe("closing days", () => {
  it("keeps both of two days staff close at the same moment", async () => {
    const admin = await actorOf(t.client, ADMIN.email);
    const results = await Promise.all([
      setDeliveryDayClosed(t.db, admin, "2026-12-21", true, NOW),
      setDeliveryDayClosed(t.db, admin, "2026-12-22", true, NOW),
      setDeliveryDayClosed(t.db, admin, "2026-12-23", true, NOW),
    ]);
    expect(results.every((result) => result.changed)).toBe(true);
    expect((await readDeliveryRules(t.db)).closedDates).toEqual(["2026-12-21", "2026-12-22", "2026-12-23"]);
  });
});

describe("a gift", () => {
  const gift = (message: unknown = "Happy birthday, Mum!\nLove, Ann") =>
    GiftSchema.parse({
      recipient: {
        firstName: "Mary",
        lastName: "Lee",
        address: "4 Rose Avenue",
        city: "Kandy",
        country: "LK",
      },
      message,
    });

  it("goes to the recipient, is paid by the buyer, keeps the message as typed and hides prices by default", async () => {
    const placed = await placeOrder(
      t.db,
      input({ gift: gift("<b>Happy</b> birthday\r\nMum"), deliveryDate: "2026-12-12" }),
    );
    const order = await getOrder(t.db, placed.id);
    expect(JSON.parse(order!.shipping_address)).toMatchObject({ firstName: "Mary", city: "Kandy", email: "" });
    expect(JSON.parse(order!.billing_address)).toMatchObject({ firstName: "Ann", city: "Colombo" });
    expect(order!.gift).toEqual({
      recipient: {
        firstName: "Mary",
        lastName: "Lee",
        phone: "",
        address: "4 Rose Avenue",
        city: "Kandy",
        state: "",
        zipCode: "",
        country: "LK",
      },
      message: "<b>Happy</b> birthday\nMum",
      hide_prices: true,
    });
    expect(order!.email).toMatch(/^buyer\.\d+@example\.com$/);
  });

  it("is priced by where it goes: the recipient's country", async () => {
    const toCanada = GiftSchema.parse({
      recipient: {
        firstName: "Mary",
        lastName: "Lee",
        address: "4 Rose Avenue",
        city: "Toronto",
        state: "ON",
        country: "CA",
      },
    });
    const abroad = await getOrder(t.db, (await placeOrder(t.db, input({ gift: toCanada }))).id);
    const canadian = await calculateTax(t.db, abroad!.subtotal_cents, "CA", "ON");
    const lankan = await calculateTax(t.db, abroad!.subtotal_cents, "LK", "");
    expect(canadian.total_tax_cents).not.toBe(lankan.total_tax_cents);
    expect(abroad!.tax_cents).toBe(canadian.total_tax_cents);
  });

  it("refuses a card message over 300 characters", () => {
    const result = GiftSchema.safeParse({
      recipient: { firstName: "Mary", lastName: "Lee", address: "4 Rose Avenue", city: "Kandy" },
      message: "x".repeat(301),
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["message", "The card message may not be greater than 300 characters."],
    ]);
  });

  it("saves a signed-in buyer's recipient once, to pick next time, and only they can remove it", async () => {
    const customer = await actorOf(t.client, CUSTOMER.email);
    const admin = await actorOf(t.client, ADMIN.email);
    await placeOrder(t.db, input({ userId: customer.id, customer: buyer(CUSTOMER.email), gift: gift() }));
    await placeOrder(t.db, input({ userId: customer.id, customer: buyer(CUSTOMER.email), gift: gift("Again") }));
    const saved = await listSavedRecipients(t.db, customer.id);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ firstName: "Mary", lastName: "Lee", address: "4 Rose Avenue", city: "Kandy" });
    expect(await removeSavedRecipient(t.db, admin.id, saved[0]!.id)).toBe(false);
    expect(await removeSavedRecipient(t.db, customer.id, saved[0]!.id)).toBe(true);
    expect(await listSavedRecipients(t.db, customer.id)).toEqual([]);
  });
});

describe("invoice numbers", () => {
  it("are sequential within a year, counted in the shop's time zone, and a refused order takes none", async () => {
    const numbers = async (...ids: number[]) =>
      Promise.all(ids.map(async (id) => (await getOrder(t.db, id))!.invoice_number));
    const a = await placeOrder(t.db, input());
    await rejection(placeOrder(t.db, input({ deliveryDate: "2026-12-06" })));
    const b = await placeOrder(t.db, input());
    const [first, second] = await numbers(a.id, b.id);
    expect(first).toMatch(/^INV-2026-\d{6}$/);
    expect(Number(second!.slice(-6))).toBe(Number(first!.slice(-6)) + 1);
    // 31 December 2026, 19:00 UTC is 00:30 on 1 January 2027 in Colombo: the new year's first invoice.
    const newYear = new Date("2026-12-31T19:00:00Z");
    const window = deliveryWindow(DELIVERY_DEFAULTS, newYear);
    const c = await placeOrder(t.db, input({ now: newYear, deliveryDate: addDays(window.earliest, 1) }));
    expect(await numbers(c.id)).toEqual(["INV-2027-000001"]);
  });
});

describe("migration 0016 on a shop with orders", () => {
  const GIFTING = "0016_gifting.sql";
  let before: string;
  const client = openLibsql(":memory:");

  beforeAll(async () => {
    before = await mkdtemp(join(tmpdir(), "migrations-"));
    for (const file of await readdir(MIGRATIONS_DIR))
      if (file.endsWith(".sql") && file < GIFTING) await cp(join(MIGRATIONS_DIR, file), join(before, file));
    await applyMigrations(client, before);
    const order = (number: string, createdAt: string) =>
      `INSERT INTO orders (order_number, email, subtotal_cents, total_cents, shipping_address, billing_address, created_at)
       VALUES ('${number}', 'a@b.test', 1000, 1000, '{}', '{}', unixepoch('${createdAt}'))`;
    await client.batch(
      [
        order("TB-A", "2025-12-30 10:00:00"),
        order("TB-B", "2026-01-02 10:00:00"),
        order("TB-C", "2025-06-01 10:00:00"),
        order("TB-D", "2026-03-01 10:00:00"),
      ],
      "write",
    );
    expect(await applyMigrations(client)).toContain(GIFTING);
  });

  afterAll(async () => {
    client.close();
    await rm(before, { recursive: true, force: true });
  });

  it("numbers every past order's invoice per year in the order placed, and the counters go on from there", async () => {
    const rows = (
      await client.execute("SELECT order_number, invoice_number, is_gift, delivery_date FROM orders ORDER BY id")
    ).rows;
    expect(rows.map((row) => ({ ...row }))).toEqual([
      { order_number: "TB-A", invoice_number: "INV-2025-000002", is_gift: 0, delivery_date: null },
      { order_number: "TB-B", invoice_number: "INV-2026-000001", is_gift: 0, delivery_date: null },
      { order_number: "TB-C", invoice_number: "INV-2025-000001", is_gift: 0, delivery_date: null },
      { order_number: "TB-D", invoice_number: "INV-2026-000002", is_gift: 0, delivery_date: null },
    ]);
    expect(
      (await client.execute("SELECT year, last FROM invoice_counters ORDER BY year")).rows.map((r) => ({ ...r })),
    ).toEqual([
      { year: 2025, last: 2 },
      { year: 2026, last: 2 },
    ]);
  });

  it("gives a shop upgraded rather than seeded the delivery settings, as the seed writes them", async () => {
    const rows = (
      await client.execute("SELECT key, value, type FROM settings WHERE \"group\" = 'delivery' ORDER BY key")
    ).rows;
    expect(rows.map((row) => ({ ...row }))).toEqual(
      settings
        .filter((setting) => setting.group === "delivery")
        .map(({ key, value, type }) => ({ key, value, type }))
        .sort((a, b) => a.key.localeCompare(b.key)),
    );
  });
});
