import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { TAGS } from "../../app/lib/cache-tags";
import { CookieJar, markChanged, postForm } from "./helpers";
import { apiClient, csrfOf } from "./fixtures";

// The wishlist's JSON API on the Worker: GET, POST /api/v1/wishlist and DELETE
// /api/v1/wishlist/{product_id}, for the caller's own list only; 401 for a guest, 404 for all of
// it while the settings switch the wishlist off. Each account here is new, so no list is shared.

let counter = 0;
const tag = () => `${++counter}-${crypto.randomUUID().slice(0, 8)}`;
const newIp = () => `192.0.2.${(counter % 250) + 1}-${tag()}`;
const { call, post } = apiClient(newIp);

async function newAccount() {
  const email = `wishlist-api-${tag()}@example.com`;
  const result = await post("/api/auth/register", {
    name: "Wren Wisher",
    email,
    password: "Secret123",
    password_confirmation: "Secret123",
  });
  expect(result.status).toBe(201);
  return { email, password: "Secret123", token: result.body.data.token as string };
}

let products: { id: number; name: string }[];
let archived: number;
let soldOut: number;

beforeAll(async () => {
  products = (
    await env.DB.prepare("SELECT id, name FROM products WHERE is_active = 1 AND stock > 0 ORDER BY id LIMIT 5").all<{
      id: number;
      name: string;
    }>()
  ).results;
  archived = (await env.DB.prepare(
    "SELECT id FROM products WHERE is_active = 1 AND stock > 0 ORDER BY id DESC LIMIT 1",
  ).first<{ id: number }>())!.id;
  soldOut = (await env.DB.prepare("SELECT id FROM products WHERE is_active = 1 AND stock = 0 LIMIT 1").first<{
    id: number;
  }>())!.id;
});

const rowsOf = async (token: string) =>
  (await call("GET", "/api/v1/wishlist", { token })).body.data as { product: { id: number }; available: boolean }[];

describe("GET /api/v1/wishlist", () => {
  it("answers a new account's empty list, for its owner only", async () => {
    const { token } = await newAccount();
    const { status, body, response } = await call("GET", "/api/v1/wishlist", { token });
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, data: [] });
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("lists the saved products newest first, with the product as the catalogue gives it", async () => {
    const { token } = await newAccount();
    for (const product of products.slice(0, 3))
      expect((await post("/api/v1/wishlist", { product_id: product.id }, { token })).status).toBe(201);
    const { body } = await call("GET", "/api/v1/wishlist", { token });
    expect(body.data.map((item: any) => item.product.id)).toEqual(
      products
        .slice(0, 3)
        .map((p) => p.id)
        .reverse(),
    );
    const [newest] = body.data;
    expect(Object.keys(newest).sort()).toEqual(["available", "product", "saved_at"]);
    expect(newest.available).toBe(true);
    expect(Date.parse(newest.saved_at)).not.toBeNaN();
    expect(newest.product).toMatchObject({
      id: products[2]!.id,
      name: products[2]!.name,
      slug: expect.any(String),
      image: expect.any(String),
      price: expect.any(Number),
      stock: expect.any(Number),
    });
    // Another account sees only its own.
    const other = await newAccount();
    expect(await rowsOf(other.token)).toEqual([]);
  });

  it("refuses a guest and a bad token with 401", async () => {
    expect((await call("GET", "/api/v1/wishlist")).status).toBe(401);
    const bad = await call("GET", "/api/v1/wishlist", { token: "not-a-token" });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ success: false, message: "Unauthenticated." });
  });
});

describe("POST /api/v1/wishlist", () => {
  it("saves a product (201); saving it again keeps one (200)", async () => {
    const { token } = await newAccount();
    const first = await post("/api/v1/wishlist", { product_id: products[0]!.id }, { token });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      success: true,
      message: "Saved to your wishlist.",
      data: { available: true, product: { id: products[0]!.id } },
    });
    const again = await post("/api/v1/wishlist", { product_id: String(products[0]!.id) }, { token });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      success: true,
      message: "Already in your wishlist.",
      data: { product: { id: products[0]!.id } },
    });
    expect(again.body.data.saved_at).toBe(first.body.data.saved_at);
    expect((await rowsOf(token)).map((item) => item.product.id)).toEqual([products[0]!.id]);
  });

  it("saves an out-of-stock product too: a wish may wait for the stock", async () => {
    const { token } = await newAccount();
    expect((await post("/api/v1/wishlist", { product_id: soldOut }, { token })).status).toBe(201);
  });

  it("refuses a missing or malformed id with 422, naming product_id", async () => {
    const { token } = await newAccount();
    for (const body of [
      {},
      { product_id: "abc" },
      { product_id: 0 },
      { product_id: -3 },
      { product_id: 1.5 },
      { product_id: [1] },
      { product_id: null },
    ]) {
      const result = await post("/api/v1/wishlist", body, { token });
      expect(result.status, JSON.stringify(body)).toBe(422);
      expect(result.body).toMatchObject({ success: false, errors: { product_id: ["Please choose a valid product."] } });
    }
    const notJson = await call("POST", "/api/v1/wishlist", { token, raw: "{not json" });
    expect(notJson.status).toBe(422);
    expect(await rowsOf(token)).toEqual([]);
  });

  it("answers 404 for an unknown product, and for an archived one, saving nothing", async () => {
    const { token } = await newAccount();
    const unknown = await post("/api/v1/wishlist", { product_id: 999_999 }, { token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, message: "Product not found" });
    await env.DB.prepare("UPDATE products SET is_active = 0 WHERE id = ?").bind(archived).run();
    try {
      expect((await post("/api/v1/wishlist", { product_id: archived }, { token })).status).toBe(404);
    } finally {
      await env.DB.prepare("UPDATE products SET is_active = 1 WHERE id = ?").bind(archived).run();
    }
    expect(await rowsOf(token)).toEqual([]);
  });

  it("keeps a product archived after it was saved on the list, no longer available", async () => {
    const { token } = await newAccount();
    expect((await post("/api/v1/wishlist", { product_id: archived }, { token })).status).toBe(201);
    await env.DB.prepare("UPDATE products SET is_active = 0 WHERE id = ?").bind(archived).run();
    try {
      expect(await rowsOf(token)).toMatchObject([{ product: { id: archived }, available: false }]);
    } finally {
      await env.DB.prepare("UPDATE products SET is_active = 1 WHERE id = ?").bind(archived).run();
    }
  });

  it("refuses a guest with 401, and the session cookie without the page's CSRF header with 403", async () => {
    expect((await post("/api/v1/wishlist", { product_id: products[0]!.id })).status).toBe(401);
    const account = await newAccount();
    const jar = new CookieJar();
    expect(
      (
        await postForm(
          jar,
          "/login",
          { email: account.email, password: account.password },
          { "CF-Connecting-IP": newIp() },
        )
      ).status,
    ).toBe(302);
    const cookie = { Cookie: jar.header() };
    const forged = await post("/api/v1/wishlist", { product_id: products[1]!.id }, { headers: cookie });
    expect(forged.status).toBe(403);
    const csrf = await csrfOf(jar);
    const saved = await post(
      "/api/v1/wishlist",
      { product_id: products[1]!.id },
      { headers: { ...cookie, "X-CSRF-Token": csrf } },
    );
    expect(saved.status).toBe(201);
    expect((await rowsOf(account.token)).map((item) => item.product.id)).toEqual([products[1]!.id]);
  });
});

describe("DELETE /api/v1/wishlist/{product_id}", () => {
  it("removes a saved product; removing it again answers the same", async () => {
    const { token } = await newAccount();
    await post("/api/v1/wishlist", { product_id: products[0]!.id }, { token });
    await post("/api/v1/wishlist", { product_id: products[1]!.id }, { token });
    const removed = await call("DELETE", `/api/v1/wishlist/${products[0]!.id}`, { token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true, message: "Removed from your wishlist." });
    expect((await call("DELETE", `/api/v1/wishlist/${products[0]!.id}`, { token })).status).toBe(200);
    expect((await rowsOf(token)).map((item) => item.product.id)).toEqual([products[1]!.id]);
  });

  it("touches only the caller's own list", async () => {
    const owner = await newAccount();
    const other = await newAccount();
    await post("/api/v1/wishlist", { product_id: products[2]!.id }, { token: owner.token });
    expect((await call("DELETE", `/api/v1/wishlist/${products[2]!.id}`, { token: other.token })).status).toBe(200);
    expect((await rowsOf(owner.token)).map((item) => item.product.id)).toEqual([products[2]!.id]);
  });

  it("answers 404 for an id that is not one, and 401 for a guest", async () => {
    const { token } = await newAccount();
    expect((await call("DELETE", "/api/v1/wishlist/abc", { token })).status).toBe(404);
    expect((await call("DELETE", `/api/v1/wishlist/${products[0]!.id}`)).status).toBe(401);
  });
});

describe("with the wishlist switched off", () => {
  it("answers 404 to every call, a guest's too, and changes nothing", async () => {
    const { token } = await newAccount();
    await post("/api/v1/wishlist", { product_id: products[3]!.id }, { token });
    await env.DB.prepare("UPDATE settings SET value = 'false' WHERE key = 'feature_wishlist'").run();
    await markChanged(TAGS.settings);
    try {
      for (const [method, path, body] of [
        ["GET", "/api/v1/wishlist", undefined],
        ["POST", "/api/v1/wishlist", { product_id: products[4]!.id }],
        ["DELETE", `/api/v1/wishlist/${products[3]!.id}`, undefined],
      ] as const) {
        for (const caller of [token, undefined]) {
          const result = await call(method, path, { token: caller, body });
          expect(result.status, `${method} ${path}`).toBe(404);
          expect(result.body).toEqual({ success: false, message: "Not found" });
        }
      }
    } finally {
      await env.DB.prepare("UPDATE settings SET value = 'true' WHERE key = 'feature_wishlist'").run();
      await markChanged(TAGS.settings);
    }
    expect((await rowsOf(token)).map((item) => item.product.id)).toEqual([products[3]!.id]);
  });
});
