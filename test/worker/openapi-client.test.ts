import { env, SELF } from "cloudflare:test";
import createClient from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { credentialsOf, CUSTOMER } from "../fixtures/accounts";
import { shopper, WITHOUT_OPTIONS } from "../fixtures/checkout";
import type { paths } from "../generated/openapi";
import { BASE } from "./helpers";

// A client generated from the contract, as an integrator would make one: openapi-typescript's types of
// the document (test/generated/openapi.d.ts, checked current by test/unit/openapi-types.test.ts) and
// openapi-fetch. Every path, parameter, body and answer below is typed by the document: a route that
// moved or an answer that changed shape fails the type check (`npx tsc --noEmit`) before it runs.

let counter = 0;
/** Each call its own client address: the login and order limits count per address. */
const newIp = () => `198.51.100.${(counter++ % 250) + 1}`;

const client = createClient<paths>({ baseUrl: BASE, fetch: (request) => SELF.fetch(request) });

async function signIn() {
  const { data, response } = await client.POST("/api/auth/login", {
    body: credentialsOf(CUSTOMER),
    headers: { "CF-Connecting-IP": newIp() },
  });
  expect(response.status).toBe(200);
  if (!data || !("token" in data.data)) throw new Error("no token: a second factor was asked for");
  return data.data;
}

describe("a client generated from /api/openapi.json", () => {
  it("lists products, a page at a time", async () => {
    const { data, response } = await client.GET("/api/products", { params: { query: { per_page: "3" } } });
    expect(response.status).toBe(200);
    expect(data?.message).toBe("Products retrieved successfully");
    expect(data?.data.data).toHaveLength(3);
    expect(data?.data).toMatchObject({ current_page: 1, per_page: 3 });
    expect(data?.data.total).toBeGreaterThan(3);
  });

  it("reads a product by its slug, and is told when there is none", async () => {
    const list = await client.GET("/api/products", { params: { query: { per_page: "1" } } });
    const first = list.data!.data.data[0]!;
    const { data, response } = await client.GET("/api/products/slug/{slug}", {
      params: { path: { slug: first.slug } },
    });
    expect(response.status).toBe(200);
    expect(data?.data).toMatchObject({ id: first.id, slug: first.slug, name: first.name });
    expect(data?.data.variants.length).toBeGreaterThan(0);

    const missing = await client.GET("/api/products/slug/{slug}", { params: { path: { slug: "no-such-bouquet" } } });
    expect(missing.response.status).toBe(404);
    expect(missing.data).toBeUndefined();
    expect(missing.error).toMatchObject({ success: false, message: expect.any(String) });
  });

  it("logs in for a bearer token, which then reads the profile; a wrong password is a 401", async () => {
    const { token, user } = await signIn();
    expect(user.email).toBe(CUSTOMER.email);
    const profile = await client.GET("/api/v1/auth/profile", { headers: { Authorization: `Bearer ${token}` } });
    expect(profile.response.status).toBe(200);
    expect(profile.data?.data).toMatchObject({ email: CUSTOMER.email, name: CUSTOMER.name });

    const refused = await client.POST("/api/auth/login", {
      body: { ...credentialsOf(CUSTOMER), password: "not-the-password" },
      headers: { "CF-Connecting-IP": newIp() },
    });
    expect(refused.response.status).toBe(401);
    expect(refused.error).toMatchObject({ success: false, message: expect.any(String) });
  });

  it("checks a cart out: its shipping, then its lines placed as the signed-in shopper's order", async () => {
    // The API keeps no cart (the site's is a signed cookie, decision 004): a client holds its lines
    // and sends them with the order.
    const product = await env.DB.prepare(
      `SELECT id, name, unit_price_cents FROM products WHERE is_active = 1 AND stock >= 5 AND ${WITHOUT_OPTIONS} ORDER BY id LIMIT 1`,
    ).first<{ id: number; name: string; unit_price_cents: number }>();
    const cart = [{ product_id: product!.id, quantity: 2 }];
    const subtotal = (product!.unit_price_cents * 2) / 100;
    const { token } = await signIn();
    const signedIn = { Authorization: `Bearer ${token}`, "CF-Connecting-IP": newIp() };

    const shipping = await client.POST("/api/shipping/methods", { body: { subtotal, country_code: "LK" } });
    expect(shipping.response.status).toBe(200);
    const method = shipping.data!.data.shipping_methods[0]!;

    const placed = await client.POST("/api/orders", {
      body: { items: cart, customer: shopper(), shipping_method_id: method.id },
      headers: signedIn,
    });
    expect(placed.response.status).toBe(201);
    expect(placed.data?.message).toBe("Order placed successfully");
    const order = placed.data!.data;
    expect(order).toMatchObject({ status: "pending", subtotal, shipping_method: method.name });
    expect(order.items).toEqual([expect.objectContaining({ product_name: product!.name, quantity: 2 })]);

    const mine = await client.GET("/api/v1/orders/my-orders", { headers: signedIn });
    expect(mine.response.status).toBe(200);
    expect(JSON.stringify(mine.data?.data)).toContain(order.order_number);
  });
});
