import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import {
  AdminOrderQuerySchema,
  ORDER_STATUSES,
  OrderUpdateSchema,
  STALE_ORDER_MESSAGE,
  type OrderStatus,
  type OrderUpdate,
} from "~/lib/order-lifecycle";
import { CheckoutFormSchema } from "~/lib/schemas/checkout";
import { fieldErrors } from "~/lib/schemas/query";
import type { Actor } from "../../app/services/audit.server";
import { getAdminOrder, listAdminOrders, updateOrder } from "~/services/admin/orders.server";
import { placeOrder } from "~/services/checkout.server";
import { ConflictError, NotFoundError } from "~/services/errors";
import { ADMIN, CUSTOMER, OWNER } from "../fixtures/accounts";
import { createTestDb, type TestDb } from "./db";
import { WITHOUT_OPTIONS } from "../fixtures/checkout";
import { rejection } from "./fixtures";

// The back office's orders against a real, migrated and seeded libSQL database: the lifecycle (every
// pair of statuses), the stock and coupon use a cancel gives back, two staff pressing at once, stale
// forms, cash collected, the internal note, the history and audit rows, and the staff's list.

type Client = TestDb["client"];

let t: TestDb;
let db: Database;
let admin: Actor;
let owner: Actor;
let customerId: number;
/** Products with plenty of stock, one per test that counts stock. */
let productIds: number[] = [];
let nextProduct = 0;
const takeProduct = () => {
  const id = productIds[nextProduct++];
  if (id === undefined) throw new Error("no product left for this file");
  return id;
};
/** A product every order that does not count stock may share. */
let shared: number;

async function one<T = Record<string, unknown>>(
  client: Client,
  sql: string,
  args: Array<string | number | null> = [],
): Promise<T> {
  const row = (await client.execute({ sql, args })).rows[0];
  if (!row) throw new Error(`no row for ${sql}`);
  return row as unknown as T;
}

async function all<T = Record<string, unknown>>(
  client: Client,
  sql: string,
  args: Array<string | number | null> = [],
): Promise<T[]> {
  return (await client.execute({ sql, args })).rows as unknown as T[];
}

async function actorOf(email: string): Promise<Actor> {
  const row = await one<{ id: number; name: string; email: string }>(
    t.client,
    "SELECT id, name, email FROM users WHERE email = ?",
    [email],
  );
  return { id: Number(row.id), name: row.name, email: row.email };
}

const product = (id: number) =>
  one<{ stock: number; sold_count: number }>(t.client, "SELECT stock, sold_count FROM products WHERE id = ?", [id]);
const order = (id: number) =>
  one<{ status: string; payment_status: string; version: number; staff_note: string | null; paid_at: number | null }>(
    t.client,
    "SELECT status, payment_status, version, staff_note, paid_at FROM orders WHERE id = ?",
    [id],
  );
const couponUses = async (code: string) =>
  Number((await one<{ n: number }>(t.client, "SELECT usage_count AS n FROM coupons WHERE code = ?", [code])).n);
const historyOf = (id: number) =>
  all<{
    kind: string;
    from_value: string | null;
    to_value: string | null;
    actor_id: number | null;
    actor_name: string | null;
  }>(
    t.client,
    "SELECT kind, from_value, to_value, actor_id, actor_name FROM order_history WHERE order_id = ? ORDER BY id",
    [id],
  );
const auditOf = (id: number) =>
  all<{ action: string; actor_name: string; actor_email: string; summary: string; changes: string | null }>(
    t.client,
    "SELECT action, actor_name, actor_email, summary, changes FROM audit_log WHERE entity = 'order' AND entity_id = ? ORDER BY id",
    [String(id)],
  );

let emails = 0;
const shopper = (values: Record<string, unknown> = {}) =>
  CheckoutFormSchema.parse({
    firstName: "Ivy",
    lastName: "Stem",
    email: `ivy.${++emails}@example.com`,
    phone: "+94 77 123 4567",
    address: "12 Flower Lane",
    city: "Colombo",
    zipCode: "00300",
    notes: "",
    ...values,
  });

/** A new order: of `quantity` of a product (the shared one unless given), by a guest unless a user id is given. */
async function newOrder(
  options: {
    productId?: number;
    quantity?: number;
    coupon?: string;
    userId?: number | null;
    customer?: Record<string, unknown>;
  } = {},
) {
  const placed = await placeOrder(db, {
    lines: [{ productId: options.productId ?? shared, quantity: options.quantity ?? 1 }],
    customer: shopper(options.customer),
    shippingMethodId: null,
    couponCode: options.coupon ?? "",
    userId: options.userId ?? null,
    idempotencyKey: null,
  });
  return placed;
}

/** The way from a new (pending) order to each status. */
const PATH: Record<OrderStatus, OrderStatus[]> = {
  pending: [],
  processing: ["processing"],
  shipped: ["processing", "shipped"],
  delivered: ["processing", "shipped", "delivered"],
  cancelled: ["cancelled"],
};

async function orderIn(status: OrderStatus, options: Parameters<typeof newOrder>[0] = {}) {
  const placed = await newOrder(options);
  for (const step of PATH[status]) await updateOrder(db, admin, placed.id, { status: step });
  return placed;
}

/** The seeded coupon-free way to make a coupon of our own. */
async function insertCoupon(code: string, usageLimit: number | null = null) {
  await t.client.execute({
    sql: "INSERT INTO coupons (code, name, type, value, min_subtotal_cents, usage_limit, usage_count, is_active) VALUES (?, ?, 'percentage', 10, 0, ?, 0, 1)",
    args: [code, `${code} coupon`, usageLimit],
  });
}

/**
 * The database as two staff members' requests meet it: every batch waits until the other request
 * has sent its own, so both read the order before either writes (the race, every time). Only the
 * first `rounds` pairs are held.
 */
function lockstep(base: Database, rounds = 2): Database {
  let waiting: Array<() => void> = [];
  let held = 0;
  return new Proxy(base, {
    get(target, property, receiver) {
      if (property !== "batch") return Reflect.get(target, property, receiver);
      return async (statements: unknown) => {
        if (held < rounds * 2) {
          held++;
          await new Promise<void>((resolve) => {
            waiting.push(resolve);
            if (waiting.length === 2) {
              for (const release of waiting) release();
              waiting = [];
            }
          });
        }
        return (target.batch as (s: unknown) => Promise<unknown>)(statements);
      };
    },
  });
}

beforeAll(async () => {
  t = await createTestDb();
  db = t.db;
  admin = await actorOf(ADMIN.email);
  owner = await actorOf(OWNER.email);
  customerId = (await actorOf(CUSTOMER.email)).id;
  // Products without options: an order's line names no variant, and their stock is their one variant's.
  const simple = `is_active = 1 AND ${WITHOUT_OPTIONS}`;
  const rows = await all<{ id: number }>(t.client, `SELECT id FROM products WHERE ${simple} ORDER BY id`);
  productIds = rows.map((row) => Number(row.id));
  await t.client.execute(`UPDATE products SET stock = 5000 WHERE ${simple}`);
  shared = takeProduct();
});

// ---------------------------------------------------------------- the lifecycle

const ALLOWED: Array<[OrderStatus, OrderStatus]> = [
  ["pending", "processing"],
  ["pending", "cancelled"],
  ["processing", "shipped"],
  ["processing", "cancelled"],
  ["shipped", "delivered"],
];
const REFUSED = ORDER_STATUSES.flatMap((from) =>
  ORDER_STATUSES.map((to) => [from, to] as [OrderStatus, OrderStatus]),
).filter(([from, to]) => !ALLOWED.some(([a, b]) => a === from && b === to));

const REFUSAL: Record<OrderStatus, string> = {
  pending: "can only become processing or cancelled.",
  processing: "can only become shipped or cancelled.",
  shipped: "can only become delivered.",
  delivered: "An order that is delivered cannot change any more.",
  cancelled: "An order that is cancelled cannot change any more.",
};

describe("the order lifecycle", () => {
  it("has 5 allowed and 20 refused pairs", () => {
    expect(ALLOWED).toHaveLength(5);
    expect(REFUSED).toHaveLength(20);
  });

  it.each(ALLOWED)(
    "moves an order from %s to %s, one version up, with its history and audit rows",
    async (from, to) => {
      const placed = await orderIn(from);
      const before = await order(placed.id);
      const updated = await updateOrder(db, admin, placed.id, { status: to, version: before.version });
      expect(updated.status).toBe(to);
      expect(updated.version).toBe(Number(before.version) + 1);
      expect((await order(placed.id)).status).toBe(to);
      expect(updated.allowed_transitions).toEqual(
        (
          {
            pending: ["processing", "cancelled"],
            processing: ["shipped", "cancelled"],
            shipped: ["delivered"],
            delivered: [],
            cancelled: [],
          } as const
        )[to],
      );
      const history = await historyOf(placed.id);
      expect(history.at(-1)).toMatchObject({
        kind: "status",
        from_value: from,
        to_value: to,
        actor_id: admin.id,
        actor_name: admin.name,
      });
      const audit = await auditOf(placed.id);
      expect(audit.at(-1)).toMatchObject({ action: "transition", actor_name: admin.name, actor_email: admin.email });
      expect(audit.at(-1)!.summary).toContain(`Order ${placed.order_number}: status ${from} → ${to}`);
      expect(JSON.parse(audit.at(-1)!.changes!)).toEqual({ status: [from, to] });
    },
  );

  it.each(REFUSED)(
    "refuses to move an order from %s to %s with a 409 naming what it may become, changing nothing",
    async (from, to) => {
      const placed = await orderIn(from);
      const before = await order(placed.id);
      const historyBefore = await historyOf(placed.id);
      const auditBefore = await auditOf(placed.id);
      const error = await rejection(updateOrder(db, admin, placed.id, { status: to }));
      expect(error).toBeInstanceOf(ConflictError);
      expect((error as ConflictError).status).toBe(409);
      expect(error.message).toContain(REFUSAL[from]);
      expect(await order(placed.id)).toEqual(before);
      expect(await historyOf(placed.id)).toEqual(historyBefore);
      expect(await auditOf(placed.id)).toEqual(auditBefore);
    },
  );

  it("names the allowed statuses in the refusal's words", async () => {
    const shipped = await orderIn("shipped");
    expect((await rejection(updateOrder(db, admin, shipped.id, { status: "cancelled" }))).message).toBe(
      "An order that is shipped can only become delivered.",
    );
    const pending = await orderIn("pending");
    expect((await rejection(updateOrder(db, admin, pending.id, { status: "delivered" }))).message).toBe(
      "An order that is pending can only become processing or cancelled.",
    );
    expect((await rejection(updateOrder(db, admin, pending.id, { status: "pending" }))).message).toBe(
      "This order is already pending; it can only become processing or cancelled.",
    );
  });

  it("answers 404 for an order that does not exist", async () => {
    const error = await rejection(updateOrder(db, admin, 999_999, { status: "processing" }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(await getAdminOrder(db, 999_999)).toBeNull();
  });
});

// ---------------------------------------------------------------- cancelling

describe("cancelling an order", () => {
  it.each(["pending", "processing"] as const)(
    "puts the stock and the sales back exactly (cancelled while %s)",
    async (from) => {
      const productId = takeProduct();
      const start = await product(productId);
      const placed = await orderIn(from, { productId, quantity: 3 });
      expect(await product(productId)).toEqual({
        stock: Number(start.stock) - 3,
        sold_count: Number(start.sold_count) + 3,
      });
      await updateOrder(db, admin, placed.id, { status: "cancelled" });
      expect(await product(productId)).toEqual(start);
    },
  );

  it("changes no stock for a transition other than a cancel", async () => {
    const productId = takeProduct();
    const placed = await newOrder({ productId, quantity: 2 });
    const after = await product(productId);
    for (const status of ["processing", "shipped", "delivered"] as const)
      await updateOrder(db, admin, placed.id, { status });
    expect(await product(productId)).toEqual(after);
  });

  it("gives the coupon's use back", async () => {
    await insertCoupon("GIVEBACK");
    const placed = await newOrder({ coupon: "GIVEBACK" });
    expect(await couponUses("GIVEBACK")).toBe(1);
    const other = await newOrder({ coupon: "GIVEBACK" });
    expect(await couponUses("GIVEBACK")).toBe(2);
    const cancelled = await updateOrder(db, admin, placed.id, { status: "cancelled" });
    expect(await couponUses("GIVEBACK")).toBe(1);
    expect(cancelled.coupon_code).toBe("GIVEBACK");
    // An order without the coupon gives nothing back.
    await updateOrder(db, admin, (await newOrder()).id, { status: "cancelled" });
    expect(await couponUses("GIVEBACK")).toBe(1);
    expect((await order(other.id)).status).toBe("pending");
  });

  it("lets a used-up coupon be used again once an order with it is cancelled", async () => {
    await insertCoupon("ONCEONLY", 1);
    const placed = await newOrder({ coupon: "ONCEONLY" });
    expect(await couponUses("ONCEONLY")).toBe(1);
    await expect(newOrder({ coupon: "ONCEONLY" })).rejects.toThrow(/used up/);
    await updateOrder(db, admin, placed.id, { status: "cancelled" });
    expect(await couponUses("ONCEONLY")).toBe(0);
    await newOrder({ coupon: "ONCEONLY" });
    expect(await couponUses("ONCEONLY")).toBe(1);
  });

  it("records the audit entry with what came back", async () => {
    await insertCoupon("AUDITBACK");
    const placed = await newOrder({ coupon: "AUDITBACK" });
    await updateOrder(db, owner, placed.id, { status: "cancelled" });
    const [entry] = await auditOf(placed.id);
    expect(entry).toMatchObject({ action: "transition", actor_name: owner.name });
    expect(entry!.summary).toBe(
      `Order ${placed.order_number}: status pending → cancelled; stock put back; coupon use given back`,
    );
  });

  it("two staff cancelling the same order at once: the stock and the coupon come back once, and one of them is a 409", async () => {
    await insertCoupon("RACE");
    const productId = takeProduct();
    const start = await product(productId);
    const placed = await newOrder({ productId, quantity: 4, coupon: "RACE" });
    const both = await Promise.allSettled([
      updateOrder(db, admin, placed.id, { status: "cancelled" }),
      updateOrder(db, owner, placed.id, { status: "cancelled" }),
    ]);
    expect(both.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = both.filter((result) => result.status === "rejected");
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError);
    expect(await product(productId)).toEqual(start);
    expect(await couponUses("RACE")).toBe(0);
    expect((await historyOf(placed.id)).filter((row) => row.to_value === "cancelled")).toHaveLength(1);
    expect(await auditOf(placed.id)).toHaveLength(1);
    expect((await order(placed.id)).version).toBe(2);
  });

  it("two staff cancelling after both read the order (the race every time): the guard lets one batch through, the other is refused as stale", async () => {
    await insertCoupon("LOCKSTEP");
    const productId = takeProduct();
    const start = await product(productId);
    const placed = await newOrder({ productId, quantity: 2, coupon: "LOCKSTEP" });
    const racing = lockstep(db);
    const both = await Promise.allSettled([
      updateOrder(racing, admin, placed.id, { status: "cancelled" }),
      updateOrder(racing, owner, placed.id, { status: "cancelled" }),
    ]);
    const refused = both.filter((result): result is PromiseRejectedResult => result.status === "rejected");
    expect(refused).toHaveLength(1);
    expect(refused[0]!.reason).toBeInstanceOf(ConflictError);
    expect(refused[0]!.reason.message).toBe(STALE_ORDER_MESSAGE);
    expect(await product(productId)).toEqual(start);
    expect(await couponUses("LOCKSTEP")).toBe(0);
    expect((await historyOf(placed.id)).map((row) => row.to_value)).toEqual(["pending", "cancelled"]);
    expect(await auditOf(placed.id)).toHaveLength(1);
  });

  it("two staff making different changes after both read the order: only the first is applied", async () => {
    const productId = takeProduct();
    const start = await product(productId);
    const placed = await newOrder({ productId, quantity: 1 });
    const racing = lockstep(db);
    const both = await Promise.allSettled([
      updateOrder(racing, admin, placed.id, { status: "processing" }),
      updateOrder(racing, owner, placed.id, { status: "cancelled" }),
    ]);
    expect(both.map((result) => result.status)).toEqual(["fulfilled", "rejected"]);
    expect((await order(placed.id)).status).toBe("processing");
    expect((await product(productId)).stock).toBe(Number(start.stock) - 1);
  });
});

// ---------------------------------------------------------------- stale forms

describe("a stale version", () => {
  it("is refused with a 409, never applied", async () => {
    const placed = await newOrder();
    const shown = await getAdminOrder(db, placed.id);
    expect(shown!.version).toBe(1);
    // Someone else starts processing it...
    await updateOrder(db, owner, placed.id, { status: "processing", version: 1 });
    // ...and a form shown before that tries to cancel it.
    const error = await rejection(updateOrder(db, admin, placed.id, { status: "cancelled", version: 1 }));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toBe(STALE_ORDER_MESSAGE);
    expect(await order(placed.id)).toMatchObject({ status: "processing", version: 2 });
    // A note from a stale form is refused too.
    expect((await rejection(updateOrder(db, admin, placed.id, { note: "Old news", version: 1 }))).message).toBe(
      STALE_ORDER_MESSAGE,
    );
    expect((await order(placed.id)).staff_note).toBeNull();
    // With the current version it goes through.
    await updateOrder(db, admin, placed.id, { status: "cancelled", version: 2 });
    expect(await order(placed.id)).toMatchObject({ status: "cancelled", version: 3 });
  });
});

// ---------------------------------------------------------------- cash collected

describe("the cash collected", () => {
  it.each(ORDER_STATUSES)("may be recorded for an order that is %s only when shipped or delivered", async (status) => {
    const placed = await orderIn(status);
    const shown = await getAdminOrder(db, placed.id);
    const allowed = status === "shipped" || status === "delivered";
    expect(shown!.can_mark_paid).toBe(allowed);
    if (allowed) {
      const paid = await updateOrder(db, admin, placed.id, { payment_status: "paid" });
      expect(paid.payment_status).toBe("paid");
      expect(paid.status).toBe(status);
      expect(paid.paid_at).not.toBeNull();
      expect(paid.can_mark_paid).toBe(false);
      expect((await historyOf(placed.id)).at(-1)).toMatchObject({
        kind: "payment",
        from_value: "pending",
        to_value: "paid",
        actor_name: admin.name,
      });
      expect((await auditOf(placed.id)).at(-1)).toMatchObject({
        action: "update",
        summary: `Order ${placed.order_number}: cash collected`,
      });
      // Twice is refused.
      const again = await rejection(updateOrder(db, admin, placed.id, { payment_status: "paid" }));
      expect(again).toBeInstanceOf(ConflictError);
      expect(again.message).toBe("The cash for this order is already recorded as collected.");
    } else {
      const error = await rejection(updateOrder(db, admin, placed.id, { payment_status: "paid" }));
      expect(error).toBeInstanceOf(ConflictError);
      expect(error.message).toBe(
        `Cash can be recorded as collected only once the order is shipped or delivered; this order is ${status}.`,
      );
      expect(await order(placed.id)).toMatchObject({ payment_status: "pending", paid_at: null });
    }
  });

  it("may be recorded with the transition that makes it allowed, in one change", async () => {
    const placed = await orderIn("shipped");
    const done = await updateOrder(db, admin, placed.id, { status: "delivered", payment_status: "paid" });
    expect(done).toMatchObject({ status: "delivered", payment_status: "paid" });
    expect((await historyOf(placed.id)).slice(-2).map((row) => [row.kind, row.to_value])).toEqual([
      ["status", "delivered"],
      ["payment", "paid"],
    ]);
    const refused = await orderIn("pending");
    const error = await rejection(updateOrder(db, admin, refused.id, { status: "processing", payment_status: "paid" }));
    expect(error.message).toBe(
      "Cash can be recorded as collected only once the order is shipped or delivered; this order is processing.",
    );
    expect((await order(refused.id)).status).toBe("pending");
  });
});

// ---------------------------------------------------------------- the internal note, history

describe("the internal note and the history", () => {
  it("sets, keeps and clears the internal note, each change in the history and the audit log", async () => {
    const placed = await newOrder();
    const noted = await updateOrder(db, admin, placed.id, { note: "  Call before delivering.  " });
    expect(noted.staff_note).toBe("Call before delivering.");
    expect(noted.version).toBe(2);
    // The same note again changes nothing.
    const same = await updateOrder(db, admin, placed.id, { note: "Call before delivering." });
    expect(same.version).toBe(2);
    const cleared = await updateOrder(db, owner, placed.id, { note: "" });
    expect(cleared.staff_note).toBeNull();
    expect((await historyOf(placed.id)).slice(1)).toEqual([
      {
        kind: "note",
        from_value: null,
        to_value: "Call before delivering.",
        actor_id: admin.id,
        actor_name: admin.name,
      },
      {
        kind: "note",
        from_value: "Call before delivering.",
        to_value: null,
        actor_id: owner.id,
        actor_name: owner.name,
      },
    ]);
    expect((await auditOf(placed.id)).map((row) => row.summary)).toEqual([
      `Order ${placed.order_number}: internal note updated`,
      `Order ${placed.order_number}: internal note cleared`,
    ]);
  });

  it("starts every order's history with its placing: by the customer's name, or a guest", async () => {
    const guest = await newOrder();
    expect(await historyOf(guest.id)).toEqual([
      { kind: "status", from_value: null, to_value: "pending", actor_id: null, actor_name: "Guest" },
    ]);
    const mine = await newOrder({ userId: customerId, customer: { firstName: "Casey", lastName: "Customer" } });
    expect(await historyOf(mine.id)).toEqual([
      { kind: "status", from_value: null, to_value: "pending", actor_id: customerId, actor_name: "Casey Customer" },
    ]);
  });

  it("gives staff the order with its customer, history and audit entries", async () => {
    const mine = await newOrder({ userId: customerId, customer: { notes: "Leave at the door" } });
    await updateOrder(db, admin, mine.id, { status: "processing", note: "Gift wrap" });
    const shown = (await getAdminOrder(db, mine.id))!;
    expect(shown.customer).toEqual({ id: customerId, name: CUSTOMER.name, email: CUSTOMER.email, guest: false });
    expect(shown).toMatchObject({
      status: "processing",
      notes: "Leave at the door",
      staff_note: "Gift wrap",
      version: 2,
      payment_method: "cash_on_delivery",
    });
    expect(shown.items).toHaveLength(1);
    expect(shown.history.map((entry) => [entry.kind, entry.from, entry.to, entry.actor.name])).toEqual([
      ["status", null, "pending", "Ivy Stem"],
      ["status", "pending", "processing", admin.name],
      ["note", null, "Gift wrap", admin.name],
    ]);
    expect(shown.audit).toHaveLength(1);
    expect(shown.audit[0]).toMatchObject({
      action: "transition",
      entity: "order",
      entity_id: String(mine.id),
      actor: { name: admin.name, email: admin.email },
    });
    const guest = (await getAdminOrder(
      db,
      (await newOrder({ customer: { firstName: "Gail", lastName: "Guest", email: "gail@example.com" } })).id,
    ))!;
    expect(guest.customer).toEqual({ id: null, name: "Gail Guest", email: "gail@example.com", guest: true });
  });
});

// ---------------------------------------------------------------- input

describe("the update's input", () => {
  const errors = (input: unknown) => {
    const result = OrderUpdateSchema.safeParse(input);
    return result.success ? {} : fieldErrors(result.error);
  };

  it("takes a status, the cash collected, a note and a version", () => {
    expect(OrderUpdateSchema.parse({ status: "shipped", payment_status: "paid", note: "ok", version: "3" })).toEqual({
      status: "shipped",
      payment_status: "paid",
      note: "ok",
      version: 3,
    } satisfies OrderUpdate);
  });

  it("refuses an unknown status, a payment status other than paid, a long note, a bad version, and nothing at all", () => {
    expect(errors({ status: "lost" })).toEqual({ status: ["The selected status is invalid."] });
    expect(errors({ payment_status: "refunded" })).toEqual({
      payment_status: ["The payment status can only become paid."],
    });
    expect(errors({ note: "x".repeat(2001) })).toEqual({ note: ["The note may not be greater than 2000 characters."] });
    expect(errors({ status: "shipped", version: "two" })).toEqual({ version: ["The version must be a whole number."] });
    expect(errors({ status: "shipped", version: 0 })).toEqual({ version: ["The version must be at least 1."] });
    expect(errors({})).toEqual({ status: ["Give a status, a payment status or a note to change."] });
  });
});

// ---------------------------------------------------------------- the list

describe("the staff's order list", () => {
  const query = (values: Record<string, string> = {}) => AdminOrderQuerySchema.parse(values);
  let marker: string;
  let ids: { guest: number; mine: number; shipped: number };

  beforeAll(async () => {
    // Letters only (a name on an address is letters): one no other order has.
    marker = `Zinnia${Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => String.fromCharCode(97 + (byte % 26))).join("")}`;
    const guest = await newOrder({
      quantity: 2,
      customer: { firstName: "Zelda", lastName: marker, email: `${marker}@example.com` },
    });
    const mine = await newOrder({ userId: customerId, customer: { email: `${marker}.casey@example.com` } });
    const shipped = await orderIn("shipped", { customer: { lastName: marker } });
    ids = { guest: guest.id, mine: mine.id, shipped: shipped.id };
  });

  it("finds orders by the customer's name on the address, newest first, with the page's figures", async () => {
    // The marker is in two names and one email.
    const page = await listAdminOrders(db, query({ search: marker }));
    expect(page.data.map((row) => row.id)).toEqual([ids.shipped, ids.mine, ids.guest]);
    expect(page).toMatchObject({ current_page: 1, last_page: 1, per_page: 20, from: 1, to: 3, total: 3 });
    expect((await listAdminOrders(db, query({ search: `zelda ${marker}` }))).data.map((row) => row.id)).toEqual([
      ids.guest,
    ]);
    const guest = page.data.find((row) => row.id === ids.guest)!;
    expect(guest).toMatchObject({
      status: "pending",
      payment_status: "pending",
      items_count: 2,
      customer: { id: null, name: `Zelda ${marker}`, guest: true },
    });
  });

  it("finds orders by number, email and account name, and filters by status", async () => {
    const number = (await one<{ n: string }>(t.client, "SELECT order_number AS n FROM orders WHERE id = ?", [ids.mine]))
      .n;
    expect((await listAdminOrders(db, query({ search: number.toLowerCase() }))).data.map((row) => row.id)).toEqual([
      ids.mine,
    ]);
    expect((await listAdminOrders(db, query({ search: `${marker}.casey@` }))).data.map((row) => row.id)).toEqual([
      ids.mine,
    ]);
    const byName = await listAdminOrders(db, query({ search: CUSTOMER.name, per_page: "100" }));
    expect(byName.data.map((row) => row.id)).toContain(ids.mine);
    expect(
      byName.data.every((row) => row.customer.id === customerId || row.customer.name.includes(CUSTOMER.name)),
    ).toBe(true);
    expect((await listAdminOrders(db, query({ search: marker, status: "shipped" }))).data.map((row) => row.id)).toEqual(
      [ids.shipped],
    );
    expect((await listAdminOrders(db, query({ search: marker, status: "delivered" }))).data).toEqual([]);
  });

  it("pages through every order, the count in the same batch", async () => {
    const total = Number((await one<{ n: number }>(t.client, "SELECT count(*) AS n FROM orders")).n);
    const [queries, trips] = [t.timer.queries, t.timer.roundTrips];
    const first = await listAdminOrders(db, query({ per_page: "2" }));
    expect([t.timer.queries - queries, t.timer.roundTrips - trips]).toEqual([2, 1]);
    expect(first).toMatchObject({
      current_page: 1,
      per_page: 2,
      from: 1,
      to: 2,
      total,
      last_page: Math.ceil(total / 2),
    });
    const last = await listAdminOrders(db, query({ per_page: "2", page: String(first.last_page) }));
    expect(last.to).toBe(total);
    const beyond = await listAdminOrders(db, query({ per_page: "2", page: String(first.last_page + 1) }));
    expect(beyond).toMatchObject({ data: [], from: null, to: null, total });
  });

  it("refuses an unknown status filter", () => {
    expect(AdminOrderQuerySchema.safeParse({ status: "lost" }).success).toBe(false);
  });
});
