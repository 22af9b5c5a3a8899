import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { CheckoutFormSchema } from "~/lib/schemas/checkout";
import type { Actor } from "../../app/services/audit.server";
import { updateOrder } from "~/services/admin/orders.server";
import { registerUser } from "~/services/auth.server";
import { OrderError, placeOrder, type PlaceOrderInput } from "~/services/checkout.server";
import { ConflictError } from "~/services/errors";
import type { MailContext } from "~/services/mail/context";
import { getSiteConfig } from "~/services/settings.server";
import { ADMIN, CUSTOMER } from "../fixtures/accounts";
import { createTestDb, type TestDb } from "./db";
import { WITHOUT_OPTIONS } from "../fixtures/checkout";
import { rejection } from "./fixtures";
import { asDelivered, testSeal } from "./fixtures";

// The order and account mails against a real, migrated and seeded libSQL database: each written in
// the batch of the change that causes it, none when the change is refused.

const ORIGIN = "https://shop.example";
type Client = TestDb["client"];
interface MailRow {
  /** The outbox's own text and HTML (the other fields are as delivered). */
  stored: string;
  to_address: string;
  subject: string;
  template: string;
  text: string;
  html: string;
  status: string;
}

let t: TestDb;
let db: Database;
let mail: MailContext;
let staff: Actor;
let customerId: number;
let productIds: number[] = [];
let shopEmail: string;

async function all<T>(client: Client, sql: string, args: Array<string | number | null> = []): Promise<T[]> {
  return (await client.execute({ sql, args })).rows as unknown as T[];
}

let seen = 0;
/** The mails written since the last call, as delivered (sealed links revealed); `stored` is the outbox's text and HTML. */
async function newMails(): Promise<MailRow[]> {
  const rows = await all<Omit<MailRow, "stored"> & { n: number; secrets: string | null; headers: string | null }>(
    t.client,
    "SELECT rowid AS n, to_address, subject, template, text, html, status, headers, secrets FROM mail_outbox WHERE rowid > ? ORDER BY rowid",
    [seen],
  );
  if (rows.length) seen = Number(rows[rows.length - 1]!.n);
  return Promise.all(
    rows.map(async ({ n: _n, secrets: _secrets, headers: _headers, ...row }, i) => ({
      ...row,
      ...(await asDelivered(rows[i]!)),
      stored: `${row.text}\n${row.html}`,
    })),
  );
}

/** The statements of every batch run through it, as SQL text. */
function recording(base: Database): { db: Database; batches: string[][] } {
  const batches: string[][] = [];
  const proxy = new Proxy(base, {
    get(target, property, receiver) {
      if (property !== "batch") return Reflect.get(target, property, receiver);
      return (statements: Array<{ toSQL(): { sql: string } }>) => {
        batches.push(statements.map((statement) => statement.toSQL().sql));
        return (target.batch as (s: unknown) => Promise<unknown>)(statements);
      };
    },
  });
  return { db: proxy, batches };
}

/** Both updates read the order before either writes (as in test/service/admin-orders.test.ts). */
function lockstep(base: Database): Database {
  let waiting: Array<() => void> = [];
  let held = 0;
  return new Proxy(base, {
    get(target, property, receiver) {
      if (property !== "batch") return Reflect.get(target, property, receiver);
      return async (statements: unknown) => {
        if (held < 4) {
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

let email = 0;
const input = (extra: Partial<PlaceOrderInput> = {}, quantity = 1, productId = productIds[0]!): PlaceOrderInput => ({
  lines: [{ productId, quantity }],
  customer: CheckoutFormSchema.parse({
    firstName: "Ann",
    lastName: "Lee",
    email: `ann-${++email}@example.com`,
    phone: "+94 77 123 4567",
    address: "12 Flower Lane",
    city: "Colombo",
    zipCode: "00300",
  }),
  shippingMethodId: null,
  couponCode: "",
  userId: null,
  idempotencyKey: null,
  mail,
  ...extra,
});

beforeAll(async () => {
  t = await createTestDb();
  db = t.db;
  const site = await getSiteConfig(db);
  shopEmail = String(site.contact.contact_email);
  mail = { origin: ORIGIN, site, signOrder: async (number) => `sig-${number}`, seal: testSeal };
  const users = await all<{ id: number; name: string; email: string }>(
    t.client,
    "SELECT id, name, email FROM users WHERE email IN (?, ?)",
    [ADMIN.email, CUSTOMER.email],
  );
  const admin = users.find((user) => user.email === ADMIN.email)!;
  staff = { id: Number(admin.id), name: admin.name, email: admin.email };
  customerId = Number(users.find((user) => user.email === CUSTOMER.email)!.id);
  productIds = (
    await all<{ id: number }>(
      t.client,
      `UPDATE products SET stock = 500 WHERE is_active = 1 AND ${WITHOUT_OPTIONS} RETURNING id`,
    )
  )
    .map((row) => Number(row.id))
    .sort((a, b) => a - b);
  await newMails();
});

describe("placing an order", () => {
  it("writes the customer's confirmation and the shop's new-order mail in the order's batch", async () => {
    const recorder = recording(db);
    const placed = await placeOrder(recorder.db, input());
    const orderBatch = recorder.batches.find((batch) => batch.some((sql) => /^insert into "orders"/i.test(sql)))!;
    expect(orderBatch.filter((sql) => /^insert into "mail_outbox"/i.test(sql))).toHaveLength(2);

    const mails = await newMails();
    expect(mails.map((row) => [row.template, row.status])).toEqual([
      ["order_placed", "queued"],
      ["new_order", "queued"],
    ]);
    const [customer, shop] = mails as [MailRow, MailRow];
    expect(customer.to_address).toBe(`ann-${email}@example.com`);
    expect(customer.subject).toBe(`Your Twistbloom order ${placed.order_number}`);
    // A guest's link: the signed confirmation page the checkout redirects to.
    const link = `${ORIGIN}/order-confirmation/${placed.order_number}?sig=sig-${placed.order_number}`;
    expect(customer.text).toContain(link);
    expect(customer.html).toContain(link);
    // It opens the order to whoever holds it: the outbox, which staff read, keeps it sealed.
    expect(customer.stored).not.toContain("sig=");
    expect(customer.stored).toContain("{{secret:order_link:");
    expect(customer.text).toContain("Cash on delivery: pay when it arrives.");
    expect(shop.to_address).toBe(shopEmail);
    expect(shop.text).toContain(`${ORIGIN}/admin/orders/${placed.id}`);
    expect(shop.html).toContain(`${ORIGIN}/admin/orders/${placed.id}`);
    expect(shop.html).not.toContain("{{order-id");
  });

  it("tells staff at the notifications address (`admin_email`) when there is one, else at the contact address", async () => {
    await placeOrder(db, input({ mail: { ...mail, staffEmail: " orders@example.com " } }));
    expect((await newMails()).find((row) => row.template === "new_order")!.to_address).toBe("orders@example.com");
    await placeOrder(db, input({ mail: { ...mail, staffEmail: "not an address" } }));
    expect((await newMails()).find((row) => row.template === "new_order")!.to_address).toBe(shopEmail);
  });

  it("links a signed-in customer to the order's page, its id filled in by the batch", async () => {
    const placed = await placeOrder(db, input({ userId: customerId }));
    const [customer, shop] = (await newMails()) as [MailRow, MailRow];
    expect(customer.text).toContain(`View your order: ${ORIGIN}/orders/${placed.id}`);
    expect(customer.html).toContain(`href="${ORIGIN}/orders/${placed.id}"`);
    expect(customer.html).not.toContain("{{order-id");
    expect(shop.template).toBe("new_order");
  });

  it("an order refused for stock writes no mail", async () => {
    const productId = productIds[1]!;
    await t.client.execute({ sql: "UPDATE products SET stock = 1 WHERE id = ?", args: [productId] });
    const error = await rejection(placeOrder(db, input({}, 3, productId)));
    expect(error).toBeInstanceOf(OrderError);
    expect(await newMails()).toEqual([]);
  });

  it("an order whose batch fails writes no mail (the mails commit with the order or not at all)", async () => {
    await t.client.execute(
      "CREATE TRIGGER refuse_order BEFORE INSERT ON order_history WHEN NEW.to_value = 'pending' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END",
    );
    try {
      await expect(placeOrder(db, input())).rejects.toThrow();
    } finally {
      await t.client.execute("DROP TRIGGER refuse_order");
    }
    expect(await newMails()).toEqual([]);
  });

  it("writes no mail without a mail context", async () => {
    await placeOrder(db, input({ mail: undefined }));
    expect(await newMails()).toEqual([]);
  });
});

describe("the back office's status changes", () => {
  it("shipped, then delivered: one mail each to the customer; processing none", async () => {
    const placed = await placeOrder(db, input({ userId: customerId }));
    await newMails();
    await updateOrder(db, staff, placed.id, { status: "processing" }, mail);
    expect(await newMails()).toEqual([]);
    await updateOrder(db, staff, placed.id, { status: "shipped" }, mail);
    const [shipped, ...moreShipped] = await newMails();
    expect(moreShipped).toEqual([]);
    expect(shipped).toMatchObject({
      template: "order_shipped",
      to_address: `ann-${email}@example.com`,
      subject: `Your Twistbloom order ${placed.order_number} is on its way`,
    });
    expect(shipped!.text).toContain(`${ORIGIN}/orders/${placed.id}`);
    await updateOrder(db, staff, placed.id, { status: "delivered" }, mail);
    const delivered = await newMails();
    expect(delivered.map((row) => row.template)).toEqual(["order_delivered"]);
  });

  it("cancelled: one mail to the guest, with the signed confirmation link", async () => {
    const placed = await placeOrder(db, input());
    await newMails();
    await updateOrder(db, staff, placed.id, { status: "cancelled" }, mail);
    const [cancelled, ...more] = await newMails();
    expect(more).toEqual([]);
    expect(cancelled).toMatchObject({
      template: "order_cancelled",
      subject: `Your Twistbloom order ${placed.order_number} was cancelled`,
    });
    expect(cancelled!.text).toContain(
      `${ORIGIN}/order-confirmation/${placed.order_number}?sig=sig-${placed.order_number}`,
    );
    expect(cancelled!.stored).not.toContain("sig=");
  });

  it("a refused transition writes no mail", async () => {
    const placed = await placeOrder(db, input());
    await newMails();
    await updateOrder(db, staff, placed.id, { status: "cancelled" }, mail);
    await newMails();
    expect(await rejection(updateOrder(db, staff, placed.id, { status: "shipped" }, mail))).toBeInstanceOf(
      ConflictError,
    );
    expect(await newMails()).toEqual([]);
  });

  it("two staff shipping after both read the order: one mail, the stale one writes none", async () => {
    const placed = await placeOrder(db, input());
    await updateOrder(db, staff, placed.id, { status: "processing" }, mail);
    await newMails();
    const racing = lockstep(db);
    const both = await Promise.allSettled([
      updateOrder(racing, staff, placed.id, { status: "shipped" }, mail),
      updateOrder(racing, staff, placed.id, { status: "shipped" }, mail),
    ]);
    expect(both.filter((result) => result.status === "rejected")).toHaveLength(1);
    expect((await newMails()).map((row) => row.template)).toEqual(["order_shipped"]);
  });
});

describe("registering", () => {
  it("writes the welcome mail (and the address's verification mail) with the account", async () => {
    const address = `new-${crypto.randomUUID()}@example.com`;
    const recorder = recording(db);
    await registerUser(
      recorder.db,
      { ENVIRONMENT: "test" } as Env,
      { name: "Nia Petal", email: address, password: "Secret123" },
      "client-1",
      mail,
    );
    const batch = recorder.batches.find((statements) => statements.some((sql) => /^insert into "users"/i.test(sql)))!;
    expect(batch.filter((sql) => /^insert into "mail_outbox"/i.test(sql))).toHaveLength(2);
    const mails = await newMails();
    expect(mails.map((row) => row.template).sort()).toEqual(["verify_email", "welcome"]);
    const welcome = mails.find((row) => row.template === "welcome");
    expect(welcome).toMatchObject({ template: "welcome", to_address: address, subject: "Welcome to Twistbloom" });
    expect(welcome!.text).toContain("Hello Nia Petal,");
    expect(welcome!.html).toContain(`${ORIGIN}/products`);
  });

  it("a taken address writes no mail", async () => {
    await rejection(
      registerUser(
        db,
        { ENVIRONMENT: "test" } as Env,
        { name: "Ann", email: CUSTOMER.email, password: "Secret123" },
        "client-2",
        mail,
      ),
    );
    expect(await newMails()).toEqual([]);
  });
});
