import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN, credentialsOf, CUSTOMER } from "../fixtures/accounts";
import { shopper, WITHOUT_OPTIONS } from "../fixtures/checkout";
import { CookieJar, get, mailsTo, postForm, visibleText, visit } from "./helpers";
import { apiClient, apiToken, loggedIn } from "./fixtures";

// Issue 26's attacks, each performed against the built Worker (docs/decisions/022): an open
// redirect after login, register and the wishlist; listing coupon codes by id and guessing them in
// a loop; emptying the shop with guest orders from one client or for one address; replaying
// someone else's Idempotency-Key.

let counter = 0;
const tag = () => `${++counter}-${crypto.randomUUID().slice(0, 8)}`;
/** A client of its own: IPv6 clients are one per /64, so each gets its own /64. */
const newIp = () => `2001:db8:26:${(++counter).toString(16)}::1`;
const { call, post } = apiClient(newIp);

const NASTY = [
  "/\t/evil.com",
  "/\n/evil.com",
  "/\\evil.com",
  "//evil.com",
  "/%09/evil.com",
  "/%2F/evil.com",
  "https:evil.com",
  "/.//evil.com",
];

function expectOnSite(response: Response) {
  const location = response.headers.get("Location")!;
  expect(location).not.toBeNull();
  // Resolved as a browser resolves it (a tab or newline dropped), it stays on this site.
  const resolved = new URL(location.replace(/[\t\n\r]/g, ""), "http://shop.test");
  expect(resolved.origin).toBe("http://shop.test");
  expect(location.startsWith("//")).toBe(false);
}

let productId: number;
beforeAll(async () => {
  const row = await env.DB.prepare(
    `SELECT id FROM products WHERE is_active = 1 AND stock >= 20 AND ${WITHOUT_OPTIONS} ORDER BY id DESC LIMIT 1`,
  ).first<{ id: number }>();
  productId = row!.id;
  await env.DB.prepare("UPDATE products SET stock = 1000 WHERE id = ?").bind(productId).run();
});

const stockOf = async () =>
  (await env.DB.prepare("SELECT stock FROM products WHERE id = ?").bind(productId).first<{ stock: number }>())!.stock;

// ---------------------------------------------------------------- finding 3: open redirect

describe("a back / redirectTo target never sends the browser off-site", () => {
  it.each(NASTY)("login with redirectTo %j lands on this site", async (target) => {
    const response = await postForm(
      new CookieJar(),
      "/login",
      { ...credentialsOf(CUSTOMER), redirectTo: target },
      { "CF-Connecting-IP": newIp() },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });

  it.each(NASTY)("register with redirectTo %j lands on this site", async (target) => {
    const email = `redirect.${tag()}@example.com`;
    const fields = {
      firstName: "Ivy",
      lastName: "Stem",
      email,
      password: "Petals2024",
      confirmPassword: "Petals2024",
      terms: "on",
      redirectTo: target,
    };
    const response = await postForm(new CookieJar(), `/register?redirectTo=${encodeURIComponent(target)}`, fields, {
      "CF-Connecting-IP": newIp(),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });

  it("the login page does not offer a nasty redirectTo back in its form", async () => {
    for (const target of NASTY) {
      const html = await (await get(`/login?redirectTo=${encodeURIComponent(target)}`)).text();
      expect(html).toContain('name="redirectTo" value="/"');
    }
  });

  it.each(NASTY)("the social sign-in button with redirectTo %j keeps the way back on this site", async (target) => {
    const jar = new CookieJar();
    const started = await postForm(jar, "/auth/google", { redirectTo: target }, { "CF-Connecting-IP": newIp() });
    expect(started.status).toBe(302);
    const state = new URL(started.headers.get("Location")!).searchParams.get("state")!;
    // The provider sends the browser back refused: the login page, with the way back kept only when on this site.
    const back = await get(`/auth/google/callback?${new URLSearchParams({ error: "access_denied", state })}`, {
      headers: { Cookie: jar.header(), "CF-Connecting-IP": newIp() },
      redirect: "manual",
    });
    expect(back.status).toBe(302);
    expectOnSite(back);
    expect(new URL(back.headers.get("Location")!, "http://shop.test").searchParams.get("redirectTo")).toBeNull();
  });

  it.each(NASTY)("/wishlist/add?back=%j sends a signed-in shopper back to this site", async (target) => {
    const jar = await loggedIn(CUSTOMER, newIp());
    const response = await visit(jar, `/wishlist/add?product_id=999999&back=${encodeURIComponent(target)}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/wishlist");
  });
});

// ---------------------------------------------------------------- finding 4: coupon codes listed

describe("coupon codes cannot be listed nor guessed", () => {
  const welcome = async () =>
    (await env.DB.prepare("SELECT id FROM coupons WHERE code = 'WELCOME10'").first<{ id: number }>())!.id;

  it("POST /api/coupons/apply by id: 401 for a guest, 403 for a customer (before the body is looked at), the code only for staff", async () => {
    const id = await welcome();
    for (const body of [{ coupon_id: id, subtotal: 100 }, { coupon_id: "nope" }]) {
      const guest = await post("/api/coupons/apply", body);
      expect(guest.status).toBe(401);
      expect(JSON.stringify(guest.body)).not.toContain("WELCOME10");
      const customer = await post("/api/coupons/apply", body, { token: await apiToken(newIp()) });
      expect(customer.status).toBe(403);
      expect(JSON.stringify(customer.body)).not.toContain("WELCOME10");
    }
    const staff = await post(
      "/api/coupons/apply",
      { coupon_id: id, subtotal: 100 },
      { token: await apiToken(newIp(), ADMIN) },
    );
    expect(staff.status).toBe(200);
    expect(staff.body.data.coupon.code).toBe("WELCOME10");
  });

  it("looping over ids as a guest answers no code at all", async () => {
    const ip = newIp();
    for (let id = 1; id <= 8; id++) {
      const { status, body } = await post("/api/coupons/apply", { coupon_id: id, subtotal: 1000 }, { ip });
      expect(status).toBe(401);
      expect(body.data).toBeUndefined();
    }
  });

  it("applies the code a shopper typed, and counts every code typed: the 21st in an hour from one client is 429 with Retry-After", async () => {
    const ip = newIp();
    const applied = await post("/api/coupons/apply", { code: "welcome10", subtotal: 100 }, { ip });
    expect(applied.status).toBe(200);
    expect(applied.body.data).toMatchObject({ coupon: { code: "WELCOME10" }, discount: 10, subtotal: 90 });
    for (let i = 0; i < 19; i++) {
      const guess = await post(
        i % 2 ? "/api/coupons/apply" : "/api/coupons/validate",
        { code: `GUESS${i}`, subtotal: 100 },
        { ip },
      );
      expect([200, 422]).toContain(guess.status);
    }
    for (const path of ["/api/coupons/validate", "/api/coupons/apply"]) {
      const limited = await post(path, { code: "WELCOME10", subtotal: 100 }, { ip });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        success: false,
        message: expect.stringMatching(/^Too many coupon attempts\. Please try again in \d+ minutes?\.$/),
      });
      expect(Number(limited.response.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
    // Another client is not affected.
    expect((await post("/api/coupons/validate", { code: "WELCOME10", subtotal: 100 })).status).toBe(200);
  });
});

// ---------------------------------------------------------------- finding 5: guest order floods

const order = (email: string, extra: Record<string, unknown> = {}) => ({
  items: [{ product_id: productId, quantity: 1 }],
  customer: shopper({ email, notes: "Free text an attacker would like the shop to mail" }),
  payment_method: "cash_on_delivery",
  ...extra,
});

describe("a script cannot empty the shop with guest orders", () => {
  it("from one client: 5 guest orders an hour, then 429 with Retry-After; nothing held, nothing mailed", async () => {
    const ip = newIp();
    const before = await stockOf();
    for (let i = 0; i < 5; i++)
      expect((await post("/api/orders", order(`flood.${tag()}@example.com`), { ip })).status).toBe(201);
    const victim = `victim.${tag()}@example.com`;
    const refused = await post("/api/orders", order(victim), { ip });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      success: false,
      message: expect.stringMatching(
        /^Too many orders have been placed from here\. Please try again in \d+ minutes?, or log in to your account\.$/,
      ),
    });
    expect(Number(refused.response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await stockOf()).toBe(before - 5);
    expect(await mailsTo(victim)).toEqual([]);
    // The same client's IPv6 neighbour in its /64 is the same client.
    const neighbour = ip.replace(/::1$/, "::beef");
    expect((await post("/api/orders", order(`flood.${tag()}@example.com`), { ip: neighbour })).status).toBe(429);
  });

  it("for one address from many clients: 3 orders waiting for delivery, then 409; then the hourly limit, 429", async () => {
    const victim = `inbox.${tag()}@example.com`;
    const before = await stockOf();
    for (let i = 0; i < 3; i++) expect((await post("/api/orders", order(victim))).status).toBe(201);
    for (let i = 0; i < 2; i++) {
      const capped = await post("/api/orders", order(victim));
      expect(capped.status).toBe(409);
      expect(capped.body).toEqual({
        success: false,
        message:
          "This email address already has 3 orders waiting for delivery. Please wait until one has been delivered, or contact us.",
      });
    }
    const limited = await post("/api/orders", order(victim.toUpperCase()));
    expect(limited.status).toBe(429);
    expect(await stockOf()).toBe(before - 3);
    expect(await mailsTo(victim, "order_placed")).toHaveLength(3);
  });

  it("the checkout page answers the 6th guest order from one client with 429, a toast and the message, placing nothing", async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i++)
      expect((await post("/api/orders", order(`page.${tag()}@example.com`), { ip })).status).toBe(201);
    const jar = new CookieJar();
    await postForm(
      jar,
      "/cart",
      { intent: "add", product_id: String(productId), quantity: "1", redirectTo: "/checkout" },
      { "CF-Connecting-IP": ip },
    );
    const html = await (await visit(jar, "/checkout")).text();
    const key = /name="idempotency_key" value="([^"]+)"/.exec(html)![1]!;
    const before = await stockOf();
    const response = await postForm(
      jar,
      "/checkout",
      {
        ...shopper({ email: `page.${tag()}@example.com` }),
        idempotency_key: key,
        applied_coupon: "",
        coupon_input: "",
        intent: "place_order",
      },
      { "CF-Connecting-IP": ip },
    );
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(visibleText(await response.text())).toMatch(
      /Too many orders have been placed from here\. Please try again in \d+ minutes?, or log in to your account\./,
    );
    expect(await stockOf()).toBe(before);
  });
});

// ---------------------------------------------------------------- finding 6: a stolen Idempotency-Key

describe("an Idempotency-Key is its caller's", () => {
  it("someone else's key never answers their order: the thief places an order of their own", async () => {
    const key = `key-${crypto.randomUUID()}`;
    const victimBody = order(`owner.${tag()}@example.com`);
    const placed = await post("/api/orders", victimBody, { headers: { "Idempotency-Key": key } });
    expect(placed.status).toBe(201);
    // The owner's retry is the same order.
    const retry = await post("/api/orders", victimBody, { headers: { "Idempotency-Key": key } });
    expect(retry.status).toBe(200);
    expect(retry.body.data.order_number).toBe(placed.body.data.order_number);

    // A guest with the stolen key and their own details, a guest with another visitor cookie, a signed-in customer.
    const thief = await post("/api/orders", order(`thief.${tag()}@example.com`), {
      headers: { "Idempotency-Key": key },
    });
    const visitor = await post("/api/orders", victimBody, {
      headers: { "Idempotency-Key": key, Cookie: `visitor=${crypto.randomUUID()}` },
    });
    const customer = await post("/api/orders", order(CUSTOMER.email), {
      headers: { "Idempotency-Key": key },
      token: await apiToken(newIp()),
    });
    for (const answer of [thief, visitor, customer]) {
      expect(answer.status).toBe(201);
      expect(answer.body.data.order_number).not.toBe(placed.body.data.order_number);
    }
    for (const answer of [thief, customer])
      expect(JSON.stringify(answer.body)).not.toContain(victimBody.customer.email);
  });

  it("the checkout page's key is the guest's: the same form replayed from another browser places that browser's own order", async () => {
    const jar = new CookieJar();
    const ip = newIp();
    await postForm(
      jar,
      "/cart",
      { intent: "add", product_id: String(productId), quantity: "1", redirectTo: "/checkout" },
      { "CF-Connecting-IP": ip },
    );
    const html = await (await visit(jar, "/checkout")).text();
    expect(jar.get("visitor")).toBeDefined();
    const key = /name="idempotency_key" value="([^"]+)"/.exec(html)![1]!;
    const fields = {
      ...shopper({ email: `guest.${tag()}@example.com` }),
      idempotency_key: key,
      applied_coupon: "",
      coupon_input: "",
      intent: "place_order",
    };
    const first = await postForm(jar, "/checkout", fields, { "CF-Connecting-IP": ip });
    expect(first.status).toBe(302);
    const mine = first.headers.get("Location")!;

    const other = new CookieJar();
    await postForm(
      other,
      "/cart",
      { intent: "add", product_id: String(productId), quantity: "1", redirectTo: "/checkout" },
      { "CF-Connecting-IP": newIp() },
    );
    await visit(other, "/checkout");
    const replay = await postForm(other, "/checkout", fields, { "CF-Connecting-IP": newIp() });
    expect(replay.status).toBe(302);
    expect(replay.headers.get("Location")).not.toBe(mine);
  });
});

// ---------------------------------------------------------------- finding 6: login

describe("login attempts", () => {
  it("answers 429 with a short Retry-After after 5 failures for one email, never a long lock; another account is untouched", async () => {
    const email = `owner.${tag()}@example.com`;
    const registered = await post("/api/auth/register", {
      name: "Olive Owner",
      email,
      password: "Secret123",
      password_confirmation: "Secret123",
    });
    expect(registered.status).toBe(201);
    for (let i = 0; i < 5; i++)
      expect((await post("/api/auth/login", { email, password: `Wrong${i}Pass` })).status).toBe(401);
    const refused = await post("/api/auth/login", { email, password: "Secret123" });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      success: false,
      message: expect.stringMatching(/^Too many login attempts\. Please try again in \d+ seconds?\.$/),
    });
    const wait = Number(refused.response.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(2);
    expect((await post("/api/auth/login", credentialsOf(CUSTOMER))).status).toBe(200);
  });
});

// ---------------------------------------------------------------- the page's coupon field

describe("the checkout page's coupon", () => {
  it("keeps a coupon it applied; a code typed into the hidden field counts as a typed code (429 past the limit)", async () => {
    const ip = newIp();
    const jar = new CookieJar();
    await postForm(
      jar,
      "/cart",
      { intent: "add", product_id: String(productId), quantity: "3", redirectTo: "/checkout" },
      { "CF-Connecting-IP": ip },
    );
    const html = await (await visit(jar, "/checkout")).text();
    const key = /name="idempotency_key" value="([^"]+)"/.exec(html)![1]!;
    const fields = { ...shopper({ email: `coupon.${tag()}@example.com` }), idempotency_key: key, coupon_input: "" };
    const applied = await postForm(
      jar,
      "/checkout",
      { ...fields, applied_coupon: "", coupon_input: "welcome10", intent: "apply_coupon" },
      { "CF-Connecting-IP": ip },
    );
    expect(applied.status).toBe(200);
    const page = await applied.text();
    const sig = /name="applied_coupon_sig" value="([^"]*)"/.exec(page)![1]!;
    expect(sig).not.toBe("");
    // Moving the totals with the signed coupon counts nothing.
    for (let i = 0; i < 25; i++) {
      const moved = await postForm(
        jar,
        "/checkout",
        { ...fields, applied_coupon: "WELCOME10", applied_coupon_sig: sig, intent: "update" },
        { "CF-Connecting-IP": ip },
      );
      expect(moved.status).toBe(200);
    }
    // Guessing through the hidden field is a typed code: 19 more, then 429.
    for (let i = 0; i < 19; i++) {
      expect(
        (
          await postForm(
            jar,
            "/checkout",
            { ...fields, applied_coupon: `GUESS${i}`, intent: "update" },
            { "CF-Connecting-IP": ip },
          )
        ).status,
      ).toBe(200);
    }
    const limited = await postForm(
      jar,
      "/checkout",
      { ...fields, applied_coupon: "BLOOM20", intent: "update" },
      { "CF-Connecting-IP": ip },
    );
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(visibleText(await limited.text())).toMatch(/Too many coupon attempts\. Please try again in \d+ minutes?\./);
  });
});

void call;
