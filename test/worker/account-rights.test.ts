import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN } from "../fixtures/accounts";
import { apiClient, apiToken } from "./fixtures";
import { CookieJar, errorsUnder, get, mailsTo, postForm, visibleText, visit } from "./helpers";

// The shopper's data rights on the Worker (docs/decisions/025): the copy of their data (page and
// API), deleting the account with the password (page and API) or a mailed link, and what staff see
// afterwards. Each attack is performed: reading someone else's data, a wrong password, an old token,
// logging in to a deleted account, a spent link, a staff change to a deleted account.

const PASSWORD = "Petals2024";
const WRONG = "The password is incorrect";
const DELETED = "Your account has been deleted. Thank you for shopping with us.";
const OPEN_ORDERS = "You have orders that are not delivered or cancelled yet.";

let counter = 0;
const tag = () => `${++counter}-${crypto.randomUUID().slice(0, 8)}`;
const newIp = () => `203.0.113.${(counter % 250) + 1}-${tag()}`;
const { call } = apiClient(newIp);

let adminToken: string;
beforeAll(async () => {
  adminToken = await apiToken(newIp(), ADMIN);
});

interface Shopper {
  id: number;
  name: string;
  email: string;
  token: string;
  jar: CookieJar;
}

/** A new customer (register API) with a browser carrying its session, and an address on the profile. */
async function newShopper(name = "Ivy Marlowe"): Promise<Shopper> {
  const email = `rights-${tag()}@example.com`;
  const { status, body } = await call("POST", "/api/auth/register", {
    body: { name, email, password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(status).toBe(201);
  const token = body.data.token as string;
  const saved = await call("PUT", "/api/v1/auth/profile", {
    token,
    body: { name, email, phone: "+94771234567", address: "12 Lotus Road", city: "Colombo", country: "LK" },
  });
  expect(saved.status).toBe(200);
  const jar = new CookieJar();
  jar.set("session", token);
  return { id: body.data.user.id, name, email, token, jar };
}

/** An order of the shopper's in this status, with their name and contact in it (written directly). */
async function orderOf(shopper: Shopper, status: string, productId = 1) {
  const number = `TB-RIGHTS-${tag()}`;
  const address = JSON.stringify({
    firstName: "Ivy",
    lastName: "Marlowe",
    email: shopper.email,
    phone: "+94771234567",
    address: "12 Lotus Road",
    city: "Colombo",
    country: "LK",
  });
  await env.DB.prepare(
    "INSERT INTO orders (order_number, user_id, status, email, subtotal_cents, total_cents, shipping_address, billing_address) VALUES (?, ?, ?, ?, 2400, 2400, ?, ?)",
  )
    .bind(number, shopper.id, status, shopper.email, address, address)
    .run();
  await env.DB.prepare(
    "INSERT INTO order_items (order_id, product_id, product_name, product_sku, quantity, price_cents, total_cents) SELECT id, ?, 'Sunflower Bouquet', 'SKU-R', 1, 2400, 2400 FROM orders WHERE order_number = ?",
  )
    .bind(productId, number)
    .run();
  return (await env.DB.prepare("SELECT id FROM orders WHERE order_number = ?").bind(number).first<{ id: number }>())!
    .id;
}

/** Products handed out one per test that writes reviews. */
let productIds: number[] = [];
beforeAll(async () => {
  productIds = (
    await env.DB.prepare("SELECT id FROM products WHERE is_active = 1 ORDER BY id DESC").all<{ id: number }>()
  ).results.map((row) => row.id);
});
const take = () => productIds.shift()!;
const reviewsOf = async (productId: number) => (await call("GET", `/api/products/${productId}/reviews`)).body.data;

describe("downloading one's data", () => {
  it("gives the profile page's file: JSON, an attachment, never stored, the shopper's data and nobody else's", async () => {
    const ivy = await newShopper("Ivy Marlowe");
    const bob = await newShopper("Bob Ashdown");
    await orderOf(ivy, "delivered");
    await orderOf(bob, "delivered");
    const profile = visibleText(await (await visit(ivy.jar, "/profile")).text());
    expect(profile).toContain("Download my data");

    const response = await visit(ivy.jar, "/profile/my-data");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="twistbloom-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await response.text();
    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({ name: "Ivy Marlowe", email: ivy.email, city: "Colombo" });
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0].items[0].product_name).toBe("Sunflower Bouquet");
    expect(text).not.toContain(bob.email);
    expect(text).not.toMatch(/password|token/i);
  });

  it("answers the same data on GET /api/v1/auth/export, and 401 without a session", async () => {
    const ivy = await newShopper();
    const { status, body, response } = await call("GET", "/api/v1/auth/export", { token: ivy.token });
    expect(status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(body.success).toBe(true);
    expect(body.data.profile.email).toBe(ivy.email);
    expect(body.data).toMatchObject({ orders: [], reviews: [], wishlist: [], sign_in_methods: [] });
    expect((await call("GET", "/api/v1/auth/export")).status).toBe(401);
  });

  it("sends a guest to the login page", async () => {
    const response = await get("/profile/my-data", { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toContain("/login");
  });
});

describe("DELETE /api/v1/auth/account", () => {
  it("refuses a wrong password with a field error and keeps the account", async () => {
    const ivy = await newShopper();
    const { status, body } = await call("DELETE", "/api/v1/auth/account", {
      token: ivy.token,
      body: { password: "Wrong2024", reviews: "keep" },
    });
    expect(status).toBe(422);
    expect(body.errors).toEqual({ password: [WRONG] });
    expect((await call("GET", "/api/v1/auth/profile", { token: ivy.token })).status).toBe(200);
  });

  it("refuses a caller without a session (401) before reading the body, and a missing choice (422)", async () => {
    expect((await call("DELETE", "/api/v1/auth/account", { body: {} })).status).toBe(401);
    const ivy = await newShopper();
    const { status, body } = await call("DELETE", "/api/v1/auth/account", { token: ivy.token, body: {} });
    expect(status).toBe(422);
    expect(Object.keys(body.errors).sort()).toEqual(["password", "reviews"]);
  });

  it("limits attempts per account: the sixth in the window is 429 with Retry-After, even with the right password", async () => {
    const ivy = await newShopper();
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await call("DELETE", "/api/v1/auth/account", {
            token: ivy.token,
            body: { password: "Wrong2024", reviews: "keep" },
          })
        ).status,
      ).toBe(422);
    }
    const limited = await call("DELETE", "/api/v1/auth/account", {
      token: ivy.token,
      body: { password: PASSWORD, reviews: "keep" },
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await call("GET", "/api/v1/auth/profile", { token: ivy.token })).status).toBe(200);
  });

  it("refuses while an order is being fulfilled (409)", async () => {
    const ivy = await newShopper();
    await orderOf(ivy, "processing");
    const { status, body } = await call("DELETE", "/api/v1/auth/account", {
      token: ivy.token,
      body: { password: PASSWORD, reviews: "keep" },
    });
    expect(status).toBe(409);
    expect(body.message).toContain(OPEN_ORDERS);
  });

  it("deletes: the token dies, the login fails, the address registers again, orders stay without the person, reviews stay anonymous", async () => {
    const ivy = await newShopper("Ivy Marlowe");
    const product = take();
    const orderId = await orderOf(ivy, "delivered", product);
    const review = await call("POST", `/api/products/${product}/reviews`, {
      token: ivy.token,
      body: { rating: 5, title: "Ivy loved it", body: "Soft petals and sturdy stems." },
    });
    expect(review.status).toBe(201);
    const before = await reviewsOf(product);

    const { status, body } = await call("DELETE", "/api/v1/auth/account", {
      token: ivy.token,
      body: { password: PASSWORD, reviews: "keep" },
    });
    expect(status).toBe(200);
    expect(body.message).toBe(DELETED);

    expect((await call("GET", "/api/v1/auth/profile", { token: ivy.token })).status).toBe(401);
    expect((await call("POST", "/api/auth/login", { body: { email: ivy.email, password: PASSWORD } })).status).toBe(
      401,
    );

    const order = await call("GET", `/api/admin/orders/${orderId}`, { token: adminToken });
    expect(order.status).toBe(200);
    const orderText = JSON.stringify(order.body.data);
    expect(orderText).not.toContain(ivy.email);
    expect(orderText).not.toContain("Marlowe");
    expect(orderText).toContain("Former");

    const after = await reviewsOf(product);
    expect(after.summary).toEqual(before.summary);
    const kept = after.reviews.find((entry: { title: string }) => entry.title === "Ivy loved it");
    expect(kept.author_name).toBe("Former customer");

    const again = await call("POST", "/api/auth/register", {
      body: { name: "Ivy Again", email: ivy.email, password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(again.status).toBe(201);
    expect(again.body.data.user.id).not.toBe(ivy.id);
  });

  it("removes the reviews when asked, and the product's rating follows", async () => {
    const ivy = await newShopper();
    const product = take();
    await orderOf(ivy, "delivered", product);
    expect(
      (
        await call("POST", `/api/products/${product}/reviews`, {
          token: ivy.token,
          body: { rating: 1, title: "Not for me", body: "The stems bent." },
        })
      ).status,
    ).toBe(201);
    const before = await reviewsOf(product);
    expect(
      (
        await call("DELETE", "/api/v1/auth/account", {
          token: ivy.token,
          body: { password: PASSWORD, reviews: "delete" },
        })
      ).status,
    ).toBe(200);
    const after = await reviewsOf(product);
    expect(after.summary.count).toBe(before.summary.count - 1);
    expect(after.reviews.some((entry: { title: string }) => entry.title === "Not for me")).toBe(false);
    const listed = await call(
      "GET",
      `/api/products/slug/${(await env.DB.prepare("SELECT slug FROM products WHERE id = ?").bind(product).first<{ slug: string }>())!.slug}`,
    );
    expect(listed.body.data.reviews).toBe(after.summary.count);
  });
});

describe("the delete-account page", () => {
  it("without JavaScript: a wrong password shows the message under the field; the right one signs out and goes home", async () => {
    const ivy = await newShopper();
    const page = await visit(ivy.jar, "/delete-account");
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(visibleText(await page.text())).toContain("Delete my account");

    const wrong = await postForm(ivy.jar, "/delete-account", {
      intent: "password",
      password: "Wrong2024",
      reviews: "keep",
    });
    expect(wrong.status).toBe(422);
    expect(errorsUnder(await wrong.text(), "password")).toBe(WRONG);

    const done = await postForm(ivy.jar, "/delete-account", {
      intent: "password",
      password: PASSWORD,
      reviews: "keep",
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/");
    expect(ivy.jar.get("session")).toBeUndefined();
    expect(visibleText(await (await visit(ivy.jar, "/")).text())).toContain(DELETED);
    expect((await call("GET", "/api/v1/auth/profile", { token: ivy.token })).status).toBe(401);
  });

  it("the mailed link: sealed, opening it changes nothing, its button deletes once", async () => {
    const ivy = await newShopper();
    const asked = await postForm(ivy.jar, "/delete-account", { intent: "request-link" });
    expect(asked.status).toBe(302);
    const stored = await env.DB.prepare(
      "SELECT text FROM mail_outbox WHERE to_address = ? AND template = 'account_deletion'",
    )
      .bind(ivy.email)
      .first<{ text: string }>();
    expect(stored!.text).not.toMatch(/token=/);
    const [mail] = await mailsTo(ivy.email, "account_deletion");
    const link = /https?:\/\/[^\s]+\/delete-account\?token=[A-Za-z0-9_-]+/.exec(mail!.text)![0];
    const path = new URL(link).pathname + new URL(link).search;

    const stranger = new CookieJar();
    const opened = await visit(stranger, path);
    expect(opened.status).toBe(200);
    expect(visibleText(await opened.text())).toContain("Delete my account");
    expect((await call("GET", "/api/v1/auth/profile", { token: ivy.token })).status).toBe(200);

    const token = new URL(link).searchParams.get("token")!;
    const done = await postForm(stranger, path, { intent: "confirm-link", token, reviews: "delete" });
    expect(done.status).toBe(302);
    expect((await call("GET", "/api/v1/auth/profile", { token: ivy.token })).status).toBe(401);

    const twice = await postForm(stranger, path, { intent: "confirm-link", token, reviews: "delete" });
    expect(twice.status).toBe(422);
    expect(visibleText(await (await visit(stranger, path)).text())).toContain(
      "This link to delete an account is invalid or has expired.",
    );
  });
});

describe("staff and a deleted account", () => {
  it("lists it as Deleted, shows no role or disable forms, and refuses changes with 409", async () => {
    const ivy = await newShopper("Ivy Marlowe");
    expect(
      (
        await call("DELETE", "/api/v1/auth/account", {
          token: ivy.token,
          body: { password: PASSWORD, reviews: "keep" },
        })
      ).status,
    ).toBe(200);

    const user = await call("GET", `/api/admin/users/${ivy.id}`, { token: adminToken });
    expect(user.status).toBe(200);
    expect(user.body.data).toMatchObject({ deleted: true, deleted_at: expect.any(String), name: "Former customer" });
    expect(user.body.data.email).not.toBe(ivy.email);

    const search = await call("GET", `/api/admin/users?search=${encodeURIComponent(ivy.email)}`, { token: adminToken });
    expect(search.body.data.total).toBe(0);

    const staff = new CookieJar();
    staff.set("session", adminToken);
    const list = visibleText(await (await visit(staff, "/admin/users?search=Former+customer")).text());
    expect(list).toContain("Deleted");
    const page = await (await visit(staff, `/admin/users/${ivy.id}`)).text();
    expect(visibleText(page)).toContain("Deleted on");
    expect(page).not.toContain('value="disable"');
    expect(page).not.toContain('value="roles"');

    const refused = await call("PATCH", `/api/admin/users/${ivy.id}`, { token: adminToken, body: { disabled: true } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("This account has been deleted by its owner: it cannot be changed.");
  });
});
