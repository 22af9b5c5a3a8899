import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../functions/worker";
import { cartRestoreSigner } from "../../app/http/saved-cart.server";
import { CART_RESTORE_MESSAGES } from "../../app/lib/form-messages";
import { svixSignature } from "../../app/services/mail/mail-events.server";
import { cartRestoreToken } from "../../app/services/saved-carts.server";
import { ADMIN, CUSTOMER } from "../fixtures/accounts";
import { loggedIn } from "./fixtures";
import { BASE, CookieJar, getJson, postForm, visibleText, visit } from "./helpers";

// The left-cart reminder's parts on the Worker (issue 31): a signed-in shopper's cart saved by the
// /cart action (an anonymous one's not), the restore link's page (a GET changes nothing, the button
// restores, a forged link is refused, an old link shows the cart as it is now), and Resend's
// bounce webhook.

type ApiProduct = { id: number; name: string; sku: string; stock: number };
let products: ApiProduct[];
let customerId: number;

let counter = 0;
const newIp = () => `2001:db8:31:${(counter++).toString(16)}::3`;

beforeAll(async () => {
  products = (await getJson("/api/products?in_stock=1&per_page=50&sort_by=name")).body.data.data.filter(
    (p: ApiProduct) => p.stock >= 20,
  );
  const row = await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(CUSTOMER.email).first<{ id: number }>();
  customerId = row!.id;
});

const savedCart = () =>
  env.DB.prepare("SELECT lines, updated_at, reminded_at FROM saved_carts WHERE user_id = ?")
    .bind(customerId)
    .first<{ lines: string; updated_at: number; reminded_at: number | null }>();
const savedCount = async () =>
  (await env.DB.prepare("SELECT count(*) AS n FROM saved_carts").first<{ n: number }>())!.n;

const add = (jar: CookieJar, product: ApiProduct, quantity = "1") =>
  postForm(jar, "/cart", { intent: "add", product_id: String(product.id), quantity, redirectTo: "/cart" });

describe("saving the cart", () => {
  it("saves a signed-in shopper's cart with each change, and removes it when emptied", async () => {
    const jar = await loggedIn(CUSTOMER, newIp());
    const [a, b] = products;
    await add(jar, a!, "2");
    await env.DB.prepare("UPDATE saved_carts SET reminded_at = 1 WHERE user_id = ?").bind(customerId).run();
    await add(jar, b!);
    const saved = await savedCart();
    expect(saved!.lines).toMatch(new RegExp(`^${a!.id}\\.\\d+:2,${b!.id}\\.\\d+:1$`));
    expect(saved!.reminded_at).toBeNull();
    await postForm(jar, "/cart", { intent: "clear", redirectTo: "/cart" });
    expect(await savedCart()).toBeNull();
  });

  it("keeps nothing of an anonymous visitor's cart", async () => {
    const before = await savedCount();
    const jar = new CookieJar();
    const response = await add(jar, products[0]!);
    expect(response.status).toBe(302);
    expect(jar.get("cart")).toBeDefined();
    expect(await savedCount()).toBe(before);
  });

  it("saves the cookie's cart when its owner signs in", async () => {
    await env.DB.prepare("DELETE FROM saved_carts WHERE user_id = ?").bind(customerId).run();
    const jar = new CookieJar();
    await add(jar, products[2]!, "3");
    const response = await postForm(
      jar,
      "/login",
      { email: CUSTOMER.email, password: CUSTOMER.password },
      {
        "CF-Connecting-IP": newIp(),
      },
    );
    expect(response.status).toBe(302);
    expect((await savedCart())!.lines).toMatch(new RegExp(`^${products[2]!.id}\\.\\d+:3$`));
  });
});

describe("the restore link", () => {
  /** The customer's saved cart: one line of `product`, changed at `updatedAt`; its link's token. */
  async function savedWith(product: ApiProduct, quantity: number, updatedAt: number) {
    await env.DB.prepare(
      "INSERT INTO saved_carts (user_id, lines, updated_at) VALUES (?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET lines = excluded.lines, updated_at = excluded.updated_at, reminded_at = NULL",
    )
      .bind(customerId, `${product.id}:${quantity}`, updatedAt)
      .run();
    return cartRestoreToken(cartRestoreSigner(env), customerId, new Date(updatedAt * 1000));
  }
  const path = (token: string) => `/cart/restore?token=${encodeURIComponent(token)}`;

  it("shows the saved cart and changes nothing; the button restores it into the cart, signed out too", async () => {
    const [a, b] = products;
    const token = await savedWith(a!, 2, 1_900_000_000);
    const jar = new CookieJar();
    await add(jar, b!);
    const cookieBefore = jar.get("cart");
    const page = await visit(jar, path(token));
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toContain("no-store");
    const text = visibleText(await page.text());
    expect(text).toContain(a!.name);
    expect(text).toContain("Quantity: 2");
    expect(text).toContain("Restore my cart");
    expect(text).not.toContain(CART_RESTORE_MESSAGES.changed);
    expect(jar.get("cart")).toBe(cookieBefore);
    expect((await savedCart())!.updated_at).toBe(1_900_000_000);

    const restored = await postForm(jar, "/cart/restore", { token });
    expect(restored.status).toBe(302);
    expect(restored.headers.get("Location")).toBe("/cart");
    const cart = await (await visit(jar, "/cart")).text();
    expect(cart).toContain(a!.sku);
    expect(cart).toContain(b!.sku);
    expect(visibleText(cart)).toContain(CART_RESTORE_MESSAGES.restored);
    // Restoring again changes nothing: a line in both keeps the larger quantity.
    await postForm(jar, "/cart/restore", { token });
    expect(visibleText(await (await visit(jar, "/cart")).text())).toMatch(/Subtotal \(3 items\)/);
  });

  it("refuses a forged link, on the page and on the button", async () => {
    const token = await savedWith(products[0]!, 1, 1_900_000_100);
    const forged = token.replace(/^\d+\./, `${customerId + 1}.`);
    const jar = new CookieJar();
    const page = await visit(jar, path(forged));
    const text = visibleText(await page.text());
    expect(text).toContain(CART_RESTORE_MESSAGES.invalid);
    expect(text).not.toContain("Restore my cart");
    const refused = await postForm(jar, "/cart/restore", { token: forged });
    expect(refused.status).toBe(302);
    expect(jar.get("cart")).toBeUndefined();
  });

  it("says when nothing is saved any more (the cart was ordered or emptied)", async () => {
    const token = await savedWith(products[0]!, 1, 1_900_000_150);
    await env.DB.prepare("DELETE FROM saved_carts WHERE user_id = ?").bind(customerId).run();
    const jar = new CookieJar();
    expect(visibleText(await (await visit(jar, path(token))).text())).toContain(CART_RESTORE_MESSAGES.gone);
    expect((await postForm(jar, "/cart/restore", { token })).headers.get("Location")).toBe(path(token));
    expect(jar.get("cart")).toBeUndefined();
  });

  it("says an old link's cart has changed, and shows it as it is now", async () => {
    const [a, b] = products;
    const old = await savedWith(a!, 1, 1_900_000_200);
    await savedWith(b!, 4, 1_900_000_300);
    const text = visibleText(await (await visit(new CookieJar(), path(old))).text());
    expect(text).toContain(CART_RESTORE_MESSAGES.changed);
    expect(text).toContain(b!.name);
    expect(text).toContain("Quantity: 4");
    expect(text).not.toContain(a!.name);
  });
});

describe("POST /api/mail/events", () => {
  const SECRET = `whsec_${btoa("a webhook secret of 24b!")}`;
  const WITH_SECRET = { ...env, RESEND_WEBHOOK_SECRET: SECRET } as Env;

  async function post(bindings: Env, body: string, headers: Record<string, string>) {
    const ctx = createExecutionContext();
    const response = await worker.fetch!(
      new Request(`${BASE}/api/mail/events`, {
        method: "POST",
        body,
        headers: { "Content-Type": "application/json", ...headers },
      }) as Request<unknown, IncomingRequestCfProperties>,
      bindings,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return response;
  }

  async function signed(body: string, at = Math.floor(Date.now() / 1000), secret = SECRET) {
    const id = `msg_${crypto.randomUUID()}`;
    const signature = await svixSignature(secret, id, String(at), body);
    return { "svix-id": id, "svix-timestamp": String(at), "svix-signature": `v1,bm90IHRoaXMgb25l v1,${signature}` };
  }

  const event = (type: string, to: string) =>
    JSON.stringify({ type, created_at: "2031-01-01T00:00:00Z", data: { to: [to] } });
  const suppressions = async (email: string) =>
    (
      await env.DB.prepare("SELECT topic, reason FROM mail_suppressions WHERE email = ?")
        .bind(email)
        .all<{ topic: string; reason: string }>()
    ).results;

  it("suppresses every return mail to an address that bounced or complained; other events are accepted", async () => {
    const bounced = "Bounced-Once@Example.com";
    const response = await post(
      WITH_SECRET,
      event("email.bounced", bounced),
      await signed(event("email.bounced", bounced)),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: "Event received." });
    expect(await suppressions("bounced-once@example.com")).toEqual([{ topic: "*", reason: "bounced" }]);
    // Staff see it on a mail to that address.
    const id = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO mail_outbox (id, to_address, subject, template, text, html) VALUES (?, 'bounced-once@example.com', 'Hi', 'welcome', '', '')",
    )
      .bind(id)
      .run();
    const admin = await loggedIn(ADMIN, newIp());
    expect(visibleText(await (await visit(admin, `/admin/mail/${id}`)).text())).toContain(
      "Return mails Stopped: the address bounced",
    );

    const complained = "complained@example.com";
    const body = event("email.complained", complained);
    expect((await post(WITH_SECRET, body, await signed(body))).status).toBe(200);
    expect(await suppressions(complained)).toEqual([{ topic: "*", reason: "complained" }]);

    const delivered = event("email.delivered", "delivered@example.com");
    expect((await post(WITH_SECRET, delivered, await signed(delivered))).status).toBe(200);
    expect(await suppressions("delivered@example.com")).toEqual([]);
  });

  it("refuses a bad or old signature (401), and is not there without the secret (404)", async () => {
    const to = "never-suppressed@example.com";
    const body = event("email.bounced", to);
    const wrongKey = await signed(body, undefined, `whsec_${btoa("another secret, not ours")}`);
    expect((await post(WITH_SECRET, body, wrongKey)).status).toBe(401);
    const tampered = await signed(body);
    expect((await post(WITH_SECRET, event("email.bounced", "other@example.com"), tampered)).status).toBe(401);
    const old = await signed(body, Math.floor(Date.now() / 1000) - 6 * 60);
    const refused = await post(WITH_SECRET, body, old);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ success: false, message: "The signature is invalid or too old." });
    expect((await post(WITH_SECRET, body, {})).status).toBe(401);
    expect(await suppressions(to)).toEqual([]);

    const without = await SELF.fetch(`${BASE}/api/mail/events`, { method: "POST", body, headers: await signed(body) });
    expect(without.status).toBe(404);
    expect(await suppressions(to)).toEqual([]);
  });
});
