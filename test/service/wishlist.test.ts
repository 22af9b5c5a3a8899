import { beforeAll, describe, expect, it } from "vitest";
import { NotFoundError } from "~/services/errors";
import {
  addToWishlist,
  listWishlist,
  moveToCart,
  removeFromWishlist,
  savedProductIds,
} from "~/services/wishlist.server";
import { createTestDb, type TestDb } from "./db";
import { rejection } from "./fixtures";

let t: TestDb;
let userId: number;
let otherUserId: number;
let inStock: number[];
let soldOut: number;

async function newUser(email: string): Promise<number> {
  const result = await t.client.execute({
    sql: "INSERT INTO users (name, email, password_hash) VALUES (?, ?, 'x') RETURNING id",
    args: ["Wish Lister", email],
  });
  return Number(result.rows[0]!.id);
}

beforeAll(async () => {
  t = await createTestDb();
  userId = await newUser("wishlist-service@example.com");
  otherUserId = await newUser("wishlist-other@example.com");
  inStock = (
    await t.client.execute(
      "SELECT id FROM products WHERE is_active = 1 AND stock > 5 AND NOT EXISTS (SELECT 1 FROM product_options o WHERE o.product_id = products.id) ORDER BY id LIMIT 6",
    )
  ).rows.map((r) => Number(r.id));
  soldOut = Number(
    (await t.client.execute("SELECT id FROM products WHERE is_active = 1 AND stock = 0 LIMIT 1")).rows[0]!.id,
  );
});

describe("the wishlist", () => {
  it("saves a product once, however often it is added, in one round trip", async () => {
    const before = t.timer.roundTrips;
    const first = await addToWishlist(t.db, userId, inStock[0]!);
    expect(t.timer.roundTrips - before).toBe(1);
    expect(first.created).toBe(true);
    expect(first.item).toMatchObject({ available: true, product: { id: inStock[0] } });
    const again = await addToWishlist(t.db, userId, inStock[0]!);
    expect(again.created).toBe(false);
    expect(again.item.saved_at).toBe(first.item.saved_at);
    const count = await t.client.execute({
      sql: "SELECT count(*) AS n FROM wishlist_items WHERE user_id = ?",
      args: [userId],
    });
    expect(Number(count.rows[0]!.n)).toBe(1);
  });

  it("lists the products newest first, as cards show them, and only the owner's", async () => {
    await addToWishlist(t.db, userId, inStock[1]!);
    await addToWishlist(t.db, userId, inStock[2]!);
    await addToWishlist(t.db, otherUserId, inStock[3]!);
    const items = await listWishlist(t.db, userId);
    expect(items.map((item) => item.product.id)).toEqual([inStock[2], inStock[1], inStock[0]]);
    const [newest] = items;
    expect(newest!.product).toMatchObject({
      name: expect.any(String),
      slug: expect.any(String),
      image: expect.any(String),
      stock: expect.any(Number),
    });
    expect(newest!.product.unit_price_cents).toBeGreaterThan(0);
    expect(Date.parse(newest!.saved_at)).not.toBeNaN();
    expect((await listWishlist(t.db, otherUserId)).map((item) => item.product.id)).toEqual([inStock[3]]);
  });

  it("refuses an unknown product with a 404, and saves nothing", async () => {
    const error = await rejection(addToWishlist(t.db, userId, 999_999));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(await savedProductIds(t.db, userId, [999_999])).toEqual([]);
  });

  it("gives the saved ids among a page's products in one statement", async () => {
    const before = t.timer.queries;
    const saved = await savedProductIds(t.db, userId, [inStock[0]!, inStock[3]!, inStock[4]!, inStock[2]!]);
    expect(t.timer.queries - before).toBe(1);
    expect(saved.sort()).toEqual([inStock[0], inStock[2]].sort());
    expect((await savedProductIds(t.db, userId)).sort()).toEqual([inStock[0], inStock[1], inStock[2]].sort());
    expect(await savedProductIds(t.db, userId, [])).toEqual([]);
  });

  it("removes a product, and removing it again is not an error", async () => {
    expect(await removeFromWishlist(t.db, userId, inStock[1]!)).toEqual({ removed: true });
    expect(await removeFromWishlist(t.db, userId, inStock[1]!)).toEqual({ removed: false });
    expect((await listWishlist(t.db, userId)).map((item) => item.product.id)).toEqual([inStock[2], inStock[0]]);
  });

  it("keeps an archived product on the list as no longer available, and refuses to save it anew", async () => {
    const archived = inStock[5]!;
    await addToWishlist(t.db, userId, archived);
    await t.client.execute({ sql: "UPDATE products SET is_active = 0 WHERE id = ?", args: [archived] });
    try {
      const items = await listWishlist(t.db, userId);
      expect(items.find((item) => item.product.id === archived)).toMatchObject({ available: false });
      expect(await rejection(addToWishlist(t.db, userId, archived))).toBeInstanceOf(NotFoundError);
      expect(await rejection(addToWishlist(t.db, otherUserId, archived))).toBeInstanceOf(NotFoundError);
      expect(await savedProductIds(t.db, otherUserId, [archived])).toEqual([]);
      const move = await moveToCart(t.db, userId, [], archived);
      expect(move).toMatchObject({ ok: false, lines: [], message: "This product is no longer available." });
    } finally {
      await t.client.execute({ sql: "UPDATE products SET is_active = 1 WHERE id = ?", args: [archived] });
      await removeFromWishlist(t.db, userId, archived);
    }
  });
});

/** The one variant of a product without options. */
const implicitVariant = async (productId: number) =>
  Number(
    (await t.client.execute({ sql: "SELECT id FROM product_variants WHERE product_id = ?", args: [productId] }))
      .rows[0]!.id,
  );

describe("moving to the cart", () => {
  it("adds one to the cart and takes it off the wishlist", async () => {
    const move = await moveToCart(t.db, userId, [{ productId: inStock[4]!, quantity: 2 }], inStock[2]!);
    expect(move.ok).toBe(true);
    expect(move.message).toMatch(/added to cart!$/);
    expect(move.lines).toEqual([
      { productId: inStock[4], quantity: 2 },
      { productId: inStock[2], variantId: await implicitVariant(inStock[2]!), quantity: 1 },
    ]);
    expect(await savedProductIds(t.db, userId, [inStock[2]!])).toEqual([]);
  });

  it("holds the cart to the stock on hand", async () => {
    const stock = Number(
      (await t.client.execute({ sql: "SELECT stock FROM products WHERE id = ?", args: [inStock[0]!] })).rows[0]!.stock,
    );
    const move = await moveToCart(t.db, userId, [{ productId: inStock[0]!, quantity: stock }], inStock[0]!);
    expect(move.ok).toBe(true);
    // The line written without its variant is the implicit variant's line, held to its stock.
    expect(move.lines).toEqual([
      { productId: inStock[0], variantId: await implicitVariant(inStock[0]!), quantity: stock },
    ]);
    expect(move.description).toBe(`Only ${stock} in stock, so your cart holds ${stock}.`);
  });

  it("leaves an out-of-stock product saved and the cart unchanged", async () => {
    await addToWishlist(t.db, userId, soldOut);
    const move = await moveToCart(t.db, userId, [], soldOut);
    expect(move).toMatchObject({ ok: false, lines: [] });
    expect(move.message).toMatch(/is out of stock\.$/);
    expect(await savedProductIds(t.db, userId, [soldOut])).toEqual([soldOut]);
  });

  it("refuses a product that is not on the wishlist", async () => {
    const move = await moveToCart(t.db, userId, [], inStock[3]!);
    expect(move).toMatchObject({ ok: false, lines: [], message: "That product is not in your wishlist." });
  });
});
