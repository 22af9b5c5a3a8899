import { beforeAll, describe, expect, it } from "vitest";
import { AdminOrderQuerySchema } from "~/lib/order-lifecycle";
import { AdminProductQuerySchema } from "~/lib/schemas/admin-products";
import { UserListQuerySchema } from "~/lib/schemas/admin-people";
import { CheckoutFormSchema } from "~/lib/schemas/checkout";
import { listAdminOrders, updateOrder } from "~/services/admin/orders.server";
import { listAdminProducts } from "~/services/admin/products.server";
import { listUsers } from "~/services/admin/users.server";
import { registerUser, updateProfile } from "~/services/auth.server";
import { placeOrder, type PlacedOrder } from "~/services/checkout.server";
import { ADMIN, NO_CONTACT } from "../fixtures/accounts";
import { NOT_WORDS } from "../fixtures/staff-search";
import { shopper, WITHOUT_OPTIONS } from "../fixtures/checkout";
import { actorOf, createTestDb, type TestDb } from "./db";

// The staff's searches of orders, users and products on their full-text indexes
// (docs/decisions/031-staff.md): what staff type finds by number, email and names, words in any
// order, the last one while half typed; the indexes follow every write; any text is words.

const env = { ENVIRONMENT: "test" } as Env;
let t: TestDb;
let admin: Awaited<ReturnType<typeof actorOf>>;
let productId: number;

beforeAll(async () => {
  t = await createTestDb();
  admin = await actorOf(t.client, ADMIN.email);
  const row = (await t.client.execute(`SELECT id FROM products WHERE is_active = 1 AND ${WITHOUT_OPTIONS} LIMIT 1`))
    .rows[0]!;
  productId = Number(row.id);
  await t.client.execute({ sql: "UPDATE products SET stock = 5000 WHERE id = ?", args: [productId] });
});

const orderQuery = (values: Record<string, string>) => AdminOrderQuerySchema.parse(values);
const orderIds = async (values: Record<string, string>) =>
  (await listAdminOrders(t.db, orderQuery(values))).data.map((row) => row.id);

async function place(customer: Record<string, unknown>, userId: number | null = null) {
  return placeOrder(t.db, {
    lines: [{ productId, quantity: 1 }],
    customer: CheckoutFormSchema.parse(shopper(customer)),
    shippingMethodId: null,
    couponCode: "",
    userId,
    idempotencyKey: null,
  });
}

describe("the staff's order search", () => {
  let guest: PlacedOrder;
  let member: PlacedOrder;
  let memberId: number;
  let older: PlacedOrder;

  beforeAll(async () => {
    older = await place({ firstName: "Marguerite", lastName: "Vandeleur", email: "older.vandeleur@blooms.test" });
    guest = await place({ firstName: "Marguerite", lastName: "Vandeleur", email: "m.vandeleur@blooms.test" });
    const account = await registerUser(
      t.db,
      env,
      { name: "Hester Quillon", email: "hester@blooms.test", password: "Secret123" },
      "staff-search",
    );
    memberId = account.user.id;
    // The account's order is addressed to someone else: found by the account's name too.
    member = await place({ firstName: "Pip", lastName: "Other", email: "hester@blooms.test" }, memberId);
  });

  it("finds an order by its number, exact or its beginning, in any case", async () => {
    expect(await orderIds({ search: guest.order_number })).toEqual([guest.id]);
    expect(await orderIds({ search: guest.order_number.toLowerCase() })).toEqual([guest.id]);
    const prefix = guest.order_number.slice(0, -2);
    expect(await orderIds({ search: prefix, per_page: "100" })).toContain(guest.id);
  });

  it("finds by email, whole or its beginning", async () => {
    expect(await orderIds({ search: "m.vandeleur@blooms.test" })).toEqual([guest.id]);
    expect(await orderIds({ search: "M.Vandeleur@blo" })).toEqual([guest.id]);
  });

  it("finds by the address's name, words in any order, the last one half typed, newest first", async () => {
    expect(await orderIds({ search: "marguerite vandel" })).toEqual([guest.id, older.id]);
    expect(await orderIds({ search: "Vandeleur Marguerite" })).toEqual([guest.id, older.id]);
    expect(await orderIds({ search: "marguerite nobody" })).toEqual([]);
  });

  it("finds by the account's name, and by the new one after the customer renames", async () => {
    expect(await orderIds({ search: "hester quillon" })).toEqual([member.id]);
    expect(await orderIds({ search: "pip other" })).toEqual([member.id]);
    await updateProfile(t.db, memberId, { name: "Hester Marchbanks", ...NO_CONTACT });
    expect(await orderIds({ search: "marchbanks" })).toEqual([member.id]);
    expect(await orderIds({ search: "quillon" })).toEqual([]);
  });

  it("finds a gift by its buyer's name (the billing address)", async () => {
    const gift = await place({ firstName: "Ottoline", lastName: "Brierley", email: "ottoline@blooms.test" });
    await t.client.execute({
      sql: "UPDATE orders SET shipping_address = json_set(shipping_address, '$.firstName', 'Recipient', '$.lastName', 'Person'), billing_address = json_set(billing_address, '$.firstName', 'Ottoline', '$.lastName', 'Brierley') WHERE id = ?",
      args: [gift.id],
    });
    expect(await orderIds({ search: "brierley" })).toEqual([gift.id]);
    expect(await orderIds({ search: "recipient person" })).toEqual([gift.id]);
  });

  it("combines with the status filter, the total counting what matches", async () => {
    await updateOrder(t.db, admin, older.id, { status: "processing" });
    expect(await orderIds({ search: "vandeleur", status: "processing" })).toEqual([older.id]);
    expect(await orderIds({ search: "vandeleur", status: "pending" })).toEqual([guest.id]);
    expect(await orderIds({ search: "vandeleur", status: "delivered" })).toEqual([]);
    const second = await listAdminOrders(t.db, orderQuery({ search: "vandeleur", per_page: "1", page: "2" }));
    expect(second.data.map((row) => row.id)).toEqual([older.id]);
    expect(second).toMatchObject({ total: 2, last_page: 2, from: 2, to: 2 });
  });

  it("takes any text as words: FTS syntax, quotes, brackets, emoji, SQL and 1,000 characters never fail", async () => {
    for (const text of [...NOT_WORDS, "x".repeat(1000)]) {
      // The service itself, past the calls' 100-character limit.
      const page = await listAdminOrders(t.db, { ...orderQuery({}), search: text });
      expect(Array.isArray(page.data)).toBe(true);
      expect(page.total).toBe(page.data.length);
    }
    // The words in them still count.
    expect(await orderIds({ search: '"vandeleur' })).toEqual([guest.id, older.id]);
    expect(await orderIds({ search: "(vandeleur) -marguerite*" })).toEqual([guest.id, older.id]);
    expect(await orderIds({ search: "🌹 m.vandeleur@blooms.test" })).toEqual([guest.id]);
  });
});

describe("the staff's user and product searches", () => {
  it("find customers by name and email, words in any order, the last one half typed", async () => {
    await registerUser(
      t.db,
      env,
      { name: "Wilhelmina Trescothick", email: "wtres@garden.test", password: "Secret123" },
      "staff-search-2",
    );
    const names = async (search: string) =>
      (await listUsers(t.db, UserListQuerySchema.parse({ search }))).data.map((user) => user.email);
    expect(await names("trescothick wilh")).toEqual(["wtres@garden.test"]);
    expect(await names("wtres@garden")).toEqual(["wtres@garden.test"]);
    expect(await names("WTRES@GARDEN.TEST")).toEqual(["wtres@garden.test"]);
    expect(await names("*** NEAR( 🌹")).toEqual([]);
  });

  it("find products by name and SKU, and a renamed product by its new name", async () => {
    const skus = async (search: string) =>
      (await listAdminProducts(t.db, AdminProductQuerySchema.parse({ search }))).data.map((row) => row.sku);
    await t.client.execute(
      "INSERT INTO products (name, slug, sku, price_cents) VALUES ('Moquette Ranunculus Posy', 'moquette-ranunculus-posy', 'VRP-7731', 4200)",
    );
    expect(await skus("ranunculus moq")).toEqual(["VRP-7731"]);
    expect(await skus("VRP-7731")).toEqual(["VRP-7731"]);
    expect(await skus("vrp-77")).toEqual(["VRP-7731"]);
    await t.client.execute("UPDATE products SET name = 'Satin Ranunculus Posy' WHERE sku = 'VRP-7731'");
    expect(await skus("moquette")).toEqual([]);
    expect(await skus("satin ranunculus")).toEqual(["VRP-7731"]);
    expect(await skus('"-( ]')).toEqual([]);
  });
});
