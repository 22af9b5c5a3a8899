import { beforeAll, describe, expect, it } from "vitest";
import { authenticateToken, AuthError, login, registerUser } from "~/services/auth.server";
import {
  deleteAccountWithLink,
  deleteAccountWithPassword,
  DELETE_ATTEMPTS_MAX,
  exportAccountData,
  requestDeletionLink,
} from "~/services/account-rights.server";
import { ConflictError, ValidationError } from "~/services/errors";
import type { MailContext } from "~/services/mail/context";
import { revealSecrets, unsealSecrets } from "~/services/mail/sealed.server";
import { RateLimitError } from "~/services/rate-limit.server";
import { createReview } from "~/services/reviews.server";
import { addToWishlist } from "~/services/wishlist.server";
import { saveRecipientStatements } from "~/services/recipients.server";
import { getSiteConfig } from "~/services/settings.server";
import { FORMER_CUSTOMER, RIGHTS_MESSAGES } from "~/lib/schemas/account-rights";
import { createTestDb, type TestDb } from "./db";
import { rejection, testSeal } from "./fixtures";

// The shopper's data rights against a real libSQL database: what the copy holds, what deleting
// removes and keeps, and that a deletion is all or nothing.

const env = { ENVIRONMENT: "test" } as Env;
let t: TestDb;
let mail: MailContext;
beforeAll(async () => {
  t = await createTestDb();
  mail = {
    origin: "https://shop.example",
    site: await getSiteConfig(t.db),
    signOrder: async (number) => `sig-${number}`,
    seal: testSeal,
  };
});

let counter = 0;
const unique = (what: string) => `${what}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
const rows = async (sql: string, args: (string | number | null)[] = []) => (await t.client.execute({ sql, args })).rows;
const PASSWORD = "Secret123";

async function shopper(name = "Ann Lee") {
  const email = `${unique("rights")}@example.com`;
  const auth = await registerUser(t.db, env, { name, email, password: PASSWORD }, unique("client"));
  await t.client.execute({
    sql: "UPDATE users SET phone = '+94 77 123 4567', address = '12 Lotus Road', city = 'Colombo', country = 'LK' WHERE id = ?",
    args: [auth.user.id],
  });
  return { email, id: auth.user.id, token: auth.token };
}

async function order(userId: number, email: string, status: string, productId: number) {
  const number = `TB-RIGHTS-${unique("o")}`;
  const address = JSON.stringify({
    firstName: "Ann",
    lastName: "Lee",
    email,
    phone: "+94 77 123 4567",
    address: "12 Lotus Road",
    city: "Colombo",
    country: "LK",
  });
  await t.client.execute({
    sql: "INSERT INTO orders (order_number, user_id, status, email, subtotal_cents, total_cents, shipping_address, billing_address, notes) VALUES (?, ?, ?, ?, 2500, 2500, ?, ?, 'Ring Ann at the gate')",
    args: [number, userId, status, email, address, address],
  });
  await t.client.execute({
    sql: "INSERT INTO order_items (order_id, product_id, product_name, product_sku, quantity, price_cents, total_cents) SELECT id, ?, 'Bouquet', 'SKU-1', 1, 2500, 2500 FROM orders WHERE order_number = ?",
    args: [productId, number],
  });
  return number;
}

/** Products with no reviews yet, handed out one per test. */
let freeProducts: number[] = [];
beforeAll(async () => {
  freeProducts = (await rows("SELECT id FROM products WHERE is_active = 1 ORDER BY id DESC")).map((row) =>
    Number(row.id),
  );
});
const take = () => freeProducts.shift()!;

const figures = async (productId: number) => {
  const [row] = await rows("SELECT review_count, review_average FROM products WHERE id = ?", [productId]);
  return { count: Number(row!.review_count), average: Number(row!.review_average) };
};
const fromRows = async (productId: number) => {
  const [row] = await rows(
    "SELECT COUNT(*) AS n, COALESCE(ROUND(AVG(rating), 2), 0) AS avg FROM reviews WHERE product_id = ? AND status = 'approved'",
    [productId],
  );
  return { count: Number(row!.n), average: Number(row!.avg) };
};

/** A recipient kept from a gift, as the order's batch saves it. */
async function saveOccasion(userId: number, name: string) {
  await t.client.execute({
    sql: "INSERT INTO occasions (user_id, name, month, day, repeats) VALUES (?, ?, 2, 14, 'yearly')",
    args: [userId, name],
  });
}

async function saveRecipient(userId: number, firstName: string) {
  const recipient = {
    firstName,
    lastName: "Silva",
    phone: null,
    address: "5 Temple Street",
    city: "Kandy",
    state: null,
    zipCode: null,
    country: "LK",
  };
  await t.db.batch([...saveRecipientStatements(t.db, userId, recipient)]);
}

describe("exportAccountData", () => {
  it("holds the shopper's profile, orders with items, reviews, wishlist, sign-in methods and saved recipients, and nothing of anyone else's", async () => {
    const ann = await shopper("Ann Lee");
    const bob = await shopper("Bob Stone");
    const product = take();
    await order(ann.id, ann.email, "delivered", product);
    await order(bob.id, bob.email, "delivered", product);
    await createReview(
      t.db,
      product,
      { id: ann.id, name: "Ann Lee" },
      { rating: 5, title: "Lovely", body: "Soft petals." },
    );
    await createReview(
      t.db,
      product,
      { id: bob.id, name: "Bob Stone" },
      { rating: 2, title: "Meh", body: "Bent stems." },
    );
    await addToWishlist(t.db, ann.id, take());
    await t.client.execute({
      sql: "INSERT INTO user_identities (provider, provider_user_id, user_id, email) VALUES ('google', ?, ?, ?)",
      args: [unique("g"), ann.id, ann.email],
    });

    await saveRecipient(ann.id, "Amara");
    await saveRecipient(bob.id, "Ruwan");
    await saveOccasion(ann.id, "Mum's birthday");
    await saveOccasion(bob.id, "Bob's anniversary");

    const data = (await exportAccountData(t.db, ann.id))!;
    expect(data.profile).toMatchObject({ id: ann.id, name: "Ann Lee", email: ann.email, city: "Colombo" });
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]!.items).toHaveLength(1);
    expect(data.orders[0]!.total).toBe(25);
    expect(data.reviews.map((review) => review.title)).toEqual(["Lovely"]);
    expect(data.wishlist).toHaveLength(1);
    expect(data.sign_in_methods).toEqual([expect.objectContaining({ provider: "google" })]);
    expect(data.saved_recipients).toEqual([
      expect.objectContaining({ recipient: expect.objectContaining({ firstName: "Amara", city: "Kandy" }) }),
    ]);
    expect(data.occasions).toEqual([
      expect.objectContaining({ name: "Mum's birthday", date_label: "14 February, every year", repeats: "yearly" }),
    ]);
    const text = JSON.stringify(data);
    expect(text).not.toContain(bob.email);
    expect(text).not.toContain("Ruwan");
    expect(text).not.toContain("Bob's anniversary");
    expect(text).not.toContain("Bent stems");
    expect(text).not.toMatch(/password|provider_user_id/);
  });
});

describe("deleteAccountWithPassword", () => {
  it("removes the person, keeps the orders under a placeholder, ends every session, and frees the address", async () => {
    const ann = await shopper();
    const product = take();
    const number = await order(ann.id, ann.email, "delivered", product);
    await t.client.execute({
      sql: "UPDATE orders SET is_gift = 1, gift_message = 'Happy birthday, Mum! Love, Ann' WHERE order_number = ?",
      args: [number],
    });
    await t.client.execute({
      sql: "INSERT INTO saved_recipients (user_id, address, fingerprint) VALUES (?, '{\"firstName\":\"Mary\"}', 'mary')",
      args: [ann.id],
    });
    await addToWishlist(t.db, ann.id, take());
    await saveRecipient(ann.id, "Amara");
    await saveOccasion(ann.id, "Mum's birthday");
    await t.client.execute({
      sql: "INSERT INTO newsletter_subscribers (email, status) VALUES (?, 'subscribed')",
      args: [ann.email],
    });

    await deleteAccountWithPassword(t.db, ann.id, { password: PASSWORD, reviews: "keep" });

    const [user] = await rows("SELECT * FROM users WHERE id = ?", [ann.id]);
    expect(user).toMatchObject({
      name: FORMER_CUSTOMER,
      phone: null,
      address: null,
      city: null,
      country: null,
      password_hash: "",
    });
    expect(String(user!.email)).toMatch(/@deleted\.invalid$/);
    expect(user!.deleted_at).not.toBeNull();
    expect(await authenticateToken(t.db, env, ann.token)).toBeNull();
    expect(await rows("SELECT 1 FROM wishlist_items WHERE user_id = ?", [ann.id])).toHaveLength(0);
    expect(await rows("SELECT 1 FROM saved_recipients WHERE user_id = ?", [ann.id])).toHaveLength(0);
    expect(await rows("SELECT 1 FROM occasions WHERE user_id = ?", [ann.id])).toHaveLength(0);
    expect(await rows("SELECT 1 FROM newsletter_subscribers WHERE email = ?", [ann.email])).toHaveLength(0);
    expect(await rows("SELECT 1 FROM mail_outbox WHERE to_address = ?", [ann.email])).toHaveLength(0);
    const [kept] = await rows("SELECT * FROM orders WHERE order_number = ?", [number]);
    expect(kept!.user_id).toBe(ann.id);
    expect(kept!.email).toBe(user!.email);
    expect(kept!.notes).toBeNull();
    expect(kept!.gift_message).toBeNull();
    const address = JSON.parse(String(kept!.shipping_address));
    expect(address).toMatchObject({ firstName: "Former", lastName: "customer", phone: "", city: "Colombo" });
    expect(JSON.stringify(kept)).not.toContain("Ann");

    expect(
      await rejection(login(t.db, env, { email: ann.email, password: PASSWORD, remember: false }, unique("c"))),
    ).toBeInstanceOf(AuthError);
    const again = await registerUser(
      t.db,
      env,
      { name: "Ann Again", email: ann.email, password: PASSWORD },
      unique("client"),
    );
    expect(again.user.id).not.toBe(ann.id);
  });

  it("refuses a wrong password (422 on the field) and changes nothing", async () => {
    const ann = await shopper();
    const error = await rejection(deleteAccountWithPassword(t.db, ann.id, { password: "Wrong1234", reviews: "keep" }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors).toEqual({ password: [RIGHTS_MESSAGES.passwordWrong] });
    expect(await authenticateToken(t.db, env, ann.token)).not.toBeNull();
  });

  it("counts attempts before checking them: past the limit even the right password waits", async () => {
    const ann = await shopper();
    for (let i = 0; i < DELETE_ATTEMPTS_MAX; i++) {
      expect(
        await rejection(deleteAccountWithPassword(t.db, ann.id, { password: "Wrong1234", reviews: "keep" })),
      ).toBeInstanceOf(ValidationError);
    }
    expect(
      await rejection(deleteAccountWithPassword(t.db, ann.id, { password: PASSWORD, reviews: "keep" })),
    ).toBeInstanceOf(RateLimitError);
    expect(await authenticateToken(t.db, env, ann.token)).not.toBeNull();
  });

  it("refuses while an order is being fulfilled, and for a staff account", async () => {
    const ann = await shopper();
    await order(ann.id, ann.email, "shipped", take());
    const error = await rejection(deleteAccountWithPassword(t.db, ann.id, { password: PASSWORD, reviews: "keep" }));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toBe(RIGHTS_MESSAGES.openOrders);

    const [admin] = await rows("SELECT id FROM users WHERE email = 'admin@twistbloom.test'");
    const staff = await rejection(
      deleteAccountWithPassword(t.db, Number(admin!.id), { password: "Admin1234", reviews: "keep" }),
    );
    expect(staff).toBeInstanceOf(ConflictError);
    expect(staff.message).toBe(RIGHTS_MESSAGES.staff);
  });

  it("keeps the reviews as a former customer's, or removes them with the ratings recomputed in the same batch", async () => {
    const product = take();
    const keeper = await shopper("Kim Keeper");
    const leaver = await shopper("Lee Leaver");
    const other = await shopper("Oli Other");
    for (const [who, rating] of [
      [keeper, 5],
      [leaver, 1],
      [other, 4],
    ] as const) {
      await order(who.id, who.email, "delivered", product);
      await createReview(
        t.db,
        product,
        { id: who.id, name: "Some One" },
        { rating, title: `Rated ${rating}`, body: "Text." },
      );
    }
    const before = await figures(product);
    expect(before).toEqual(await fromRows(product));

    await deleteAccountWithPassword(t.db, leaver.id, { password: PASSWORD, reviews: "delete" });
    const after = await figures(product);
    expect(after.count).toBe(before.count - 1);
    expect(after.average).toBeGreaterThan(before.average);
    expect(after).toEqual(await fromRows(product));
    expect(await rows("SELECT 1 FROM reviews WHERE product_id = ? AND title = 'Rated 1'", [product])).toHaveLength(0);

    await deleteAccountWithPassword(t.db, keeper.id, { password: PASSWORD, reviews: "keep" });
    expect(await figures(product)).toEqual(after);
    const kept = await rows("SELECT user_id, author_name FROM reviews WHERE product_id = ? AND title = 'Rated 5'", [
      product,
    ]);
    expect(kept).toEqual([expect.objectContaining({ user_id: null, author_name: FORMER_CUSTOMER })]);
  });

  it("writes nothing when a statement of the batch fails", async () => {
    const ann = await shopper();
    const product = take();
    const number = await order(ann.id, ann.email, "delivered", product);
    await createReview(t.db, product, { id: ann.id, name: "Ann Lee" }, { rating: 5, title: "Half", body: "Text." });
    await addToWishlist(t.db, ann.id, take());
    // The batch's reviews statement fails: everything before it must be rolled back.
    await t.client.execute(
      `CREATE TRIGGER fail_review_delete BEFORE DELETE ON reviews WHEN OLD.user_id = ${ann.id} BEGIN SELECT RAISE(ABORT, 'boom'); END`,
    );
    try {
      await rejection(deleteAccountWithPassword(t.db, ann.id, { password: PASSWORD, reviews: "delete" }));
    } finally {
      await t.client.execute("DROP TRIGGER fail_review_delete");
    }
    const [user] = await rows("SELECT name, email, password_hash, deleted_at FROM users WHERE id = ?", [ann.id]);
    expect(user).toMatchObject({ name: "Ann Lee", email: ann.email, deleted_at: null });
    expect(String(user!.password_hash)).not.toBe("");
    expect(await authenticateToken(t.db, env, ann.token)).not.toBeNull();
    expect(await rows("SELECT 1 FROM wishlist_items WHERE user_id = ?", [ann.id])).toHaveLength(1);
    const [kept] = await rows("SELECT email FROM orders WHERE order_number = ?", [number]);
    expect(kept!.email).toBe(ann.email);
    expect(await rows("SELECT 1 FROM reviews WHERE user_id = ?", [ann.id])).toHaveLength(1);
  });

  it("of two deletions at once, one applies and the other is refused", async () => {
    const ann = await shopper();
    const results = await Promise.allSettled([
      deleteAccountWithPassword(t.db, ann.id, { password: PASSWORD, reviews: "keep" }),
      deleteAccountWithPassword(t.db, ann.id, { password: PASSWORD, reviews: "keep" }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await rows("SELECT 1 FROM users WHERE id = ? AND deleted_at IS NOT NULL", [ann.id])).toHaveLength(1);
  });
});

describe("the mailed link", () => {
  async function linkOf(email: string): Promise<string> {
    const [row] = await rows(
      "SELECT text, html, secrets FROM mail_outbox WHERE to_address = ? AND template = 'account_deletion' ORDER BY rowid DESC LIMIT 1",
      [email],
    );
    expect(String(row!.text)).not.toMatch(/token=/);
    const shown = revealSecrets(
      { text: String(row!.text), html: String(row!.html) },
      await unsealSecrets(env, String(row!.secrets)),
    );
    return /\/delete-account\?token=([A-Za-z0-9_-]+)/.exec(shown.text)![1]!;
  }

  it("is sealed in the outbox, works once, and a newer link ends the older", async () => {
    const ann = await shopper();
    await requestDeletionLink(t.db, { id: ann.id, name: "Ann Lee", email: ann.email }, mail);
    const first = await linkOf(ann.email);
    await requestDeletionLink(t.db, { id: ann.id, name: "Ann Lee", email: ann.email }, mail);
    const second = await linkOf(ann.email);
    expect(await rejection(deleteAccountWithLink(t.db, first, "keep"))).toBeInstanceOf(ValidationError);
    await deleteAccountWithLink(t.db, second, "keep");
    expect(await rows("SELECT 1 FROM users WHERE id = ? AND deleted_at IS NOT NULL", [ann.id])).toHaveLength(1);
    const again = await rejection(deleteAccountWithLink(t.db, second, "keep"));
    expect(again.message).toBe(RIGHTS_MESSAGES.linkInvalid);
  });
});
