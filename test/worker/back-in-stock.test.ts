import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../functions/worker";
import { ADMIN, CUSTOMER } from "../fixtures/accounts";
import { apiClient, apiToken, loggedIn } from "./fixtures";
import { BASE, CookieJar, errorsUnder, field, mailsTo, postForm, visibleText, visit } from "./helpers";

// "Tell me when it's back" in workerd: POST /api/products/{slug}/stock-alerts (202 with one answer,
// 422, 429), the product page's form as a browser without JavaScript posts it, the confirm page
// (a GET changes nothing; the POST does), and the restock job run from POST /api/dev/jobs/back-in-stock.

const REQUESTED =
  "Almost done! If this address is not waiting for it yet, we have emailed it a link to confirm. Then we will email it once when this is back in stock.";
const CONFIRMED = "Done! We will email you once when it is back in stock.";
const INVALID = "This confirmation link is invalid or has expired.";
const IN_STOCK = "This is in stock: you can order it now.";
/** Sold out, without options (the seed). */
const SOLD_OUT = "peony-cloud-bridal-bouquet";
const DEVELOPMENT = { ...env, ENVIRONMENT: "development", SHOP_ORIGIN: BASE } as Env;

let counter = 0;
const tag = () => `${++counter}-${Math.random().toString(36).slice(2, 8)}`;
const newEmail = () => `waits-${tag()}@example.com`;
const newIp = () => `2001:db8:37:${(++counter).toString(16)}::1`;
const { call } = apiClient(newIp);
const ask = (slug: string, body: unknown, ip = newIp()) =>
  call("POST", `/api/products/${slug}/stock-alerts`, { body, ip });

const statusOf = async (email: string) =>
  (
    await env.DB.prepare("SELECT status FROM stock_alerts WHERE email = ? ORDER BY id DESC")
      .bind(email)
      .first<{ status: string }>()
  )?.status;

async function confirmPath(email: string) {
  const text = (await mailsTo(email, "stock_alert_confirmation"))[0]?.text ?? "";
  const link = /https?:\/\/\S+\/back-in-stock\/confirm\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

async function runJob() {
  const ctx = createExecutionContext();
  const response = await worker.fetch!(
    new Request(`${BASE}/api/dev/jobs/back-in-stock`, { method: "POST" }) as Request<
      unknown,
      IncomingRequestCfProperties
    >,
    DEVELOPMENT,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { result: string } }).data.result;
}

async function peonyVariant() {
  const row = await env.DB.prepare(
    "SELECT v.id FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.slug = ?",
  )
    .bind(SOLD_OUT)
    .first<{ id: number }>();
  return row!.id;
}
const setStock = (variantId: number, stock: number) =>
  env.DB.prepare("UPDATE product_variants SET stock = ? WHERE id = ?").bind(stock, variantId).run();

/** A confirmed request for the sold-out bouquet. */
async function waiting(email = newEmail()) {
  expect((await ask(SOLD_OUT, { email })).status).toBe(202);
  const jar = new CookieJar();
  const confirmed = await postForm(jar, "/back-in-stock/confirm", {
    token: new URL(BASE + (await confirmPath(email))).searchParams.get("token")!,
  });
  expect(confirmed.status).toBe(302);
  return email;
}

describe("POST /api/products/{slug}/stock-alerts", () => {
  it("answers 202 with the same message for a new address and one already waiting, mailing only the new one", async () => {
    const email = newEmail();
    const first = await ask(SOLD_OUT, { email });
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ success: true, message: REQUESTED });
    expect(first.response.headers.get("Cache-Control")).toBe("no-store");
    await waiting(email);
    const again = await ask(SOLD_OUT, { email });
    expect(again.body).toEqual(first.body);
    expect(await mailsTo(email, "stock_alert_confirmation")).toHaveLength(1);
    // The documented path answers the same.
    const documented = await call("POST", `/api/products/stock-alerts/${SOLD_OUT}`, { body: { email: newEmail() } });
    expect(documented.status).toBe(202);
  });

  it("refuses a malformed address, and an item in stock, with 422 naming the field; an unknown product is 404", async () => {
    const bad = await ask(SOLD_OUT, { email: "not-an-address" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.email).toEqual(["Please enter a valid email address"]);
    const inStock = await env.DB.prepare(
      "SELECT p.slug FROM products p JOIN product_variants v ON v.product_id = p.id WHERE v.options = '{}' AND v.stock > 0 AND p.is_active = 1 LIMIT 1",
    ).first<{ slug: string }>();
    const refused = await ask(inStock!.slug, { email: newEmail() });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.variant_id).toEqual([IN_STOCK]);
    expect((await ask("no-such-bouquet", { email: newEmail() })).status).toBe(404);
  });

  it("limits one client to 10 requests an hour: 429 with Retry-After", async () => {
    const ip = newIp();
    for (let i = 0; i < 10; i++) expect((await ask(SOLD_OUT, { email: newEmail() }, ip)).status).toBe(202);
    const limited = await ask(SOLD_OUT, { email: newEmail() }, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.response.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("the product page's form, without JavaScript", () => {
  it("shows on a sold-out product only, empty for a guest and filled in for a signed-in shopper", async () => {
    const guest = await (await visit(new CookieJar(), `/product/${SOLD_OUT}`)).text();
    expect(visibleText(guest)).toContain("Email me when it's back");
    expect(field(guest, "email")).not.toContain("value=");
    expect(guest).toContain('name="intent" value="stock-alert"');
    const shopper = await loggedIn(CUSTOMER, newIp());
    const signedIn = await (await visit(shopper, `/product/${SOLD_OUT}`)).text();
    expect(field(signedIn, "email")).toContain(`value="${CUSTOMER.email}"`);
    const inStock = await env.DB.prepare(
      "SELECT p.slug FROM products p JOIN product_variants v ON v.product_id = p.id WHERE v.options = '{}' AND v.stock > 0 AND p.is_active = 1 LIMIT 1",
    ).first<{ slug: string }>();
    expect(visibleText(await (await visit(new CookieJar(), `/product/${inStock!.slug}`)).text())).not.toContain(
      "Email me when it's back",
    );
  });

  it("is gone while staff switch the feature off: no form on the page, the page's action and the API answer 404", async () => {
    const staff = await apiToken(newIp(), ADMIN);
    await call("PUT", "/api/admin/settings", { token: staff, body: { feature_back_in_stock: false } });
    try {
      const page = await (await visit(new CookieJar(), `/product/${SOLD_OUT}`)).text();
      expect(visibleText(page)).not.toContain("Email me when it's back");
      expect((await ask(SOLD_OUT, { email: newEmail() })).status).toBe(404);
      const posted = await postForm(new CookieJar(), `/product/${SOLD_OUT}`, {
        intent: "stock-alert",
        email: newEmail(),
      });
      expect(posted.status).toBe(404);
    } finally {
      await call("PUT", "/api/admin/settings", { token: staff, body: { feature_back_in_stock: true } });
    }
    expect(visibleText(await (await visit(new CookieJar(), `/product/${SOLD_OUT}`)).text())).toContain(
      "Email me when it's back",
    );
  });

  it("asks, and comes back to the product with the toast; a bad address shows its message under the field (422)", async () => {
    const jar = new CookieJar();
    const variantId = String(await peonyVariant());
    const email = newEmail();
    const posted = await postForm(
      jar,
      `/product/${SOLD_OUT}`,
      { intent: "stock-alert", variant_id: variantId, email },
      { "CF-Connecting-IP": newIp() },
    );
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe(`/product/${SOLD_OUT}`);
    expect(visibleText(await (await visit(jar, `/product/${SOLD_OUT}`)).text())).toContain(REQUESTED);
    expect(await statusOf(email)).toBe("pending");

    const refused = await postForm(
      jar,
      `/product/${SOLD_OUT}`,
      { intent: "stock-alert", variant_id: variantId, email: "nope" },
      { "CF-Connecting-IP": newIp() },
    );
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(errorsUnder(html, "stock-alert-email")).toBe("Please enter a valid email address");
    expect(field(html, "email")).toContain('value="nope"');
  });
});

describe("the confirm page", () => {
  it("asks for a press of its button (the GET changes nothing), confirms with the POST, then the link is spent", async () => {
    const email = newEmail();
    await ask(SOLD_OUT, { email });
    const path = await confirmPath(email);
    const jar = new CookieJar();
    const page = await visit(jar, path);
    expect(page.status).toBe(200);
    expect(page.headers.get("Referrer-Policy")).toBe("same-origin");
    expect(visibleText(await page.text())).toContain("Confirm request");
    expect(await statusOf(email)).toBe("pending");
    const token = new URL(BASE + path).searchParams.get("token")!;
    const confirmed = await postForm(jar, "/back-in-stock/confirm", { token });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe(`/product/${SOLD_OUT}`);
    expect(visibleText(await (await visit(jar, `/product/${SOLD_OUT}`)).text())).toContain(CONFIRMED);
    expect(await statusOf(email)).toBe("active");
    expect(visibleText(await (await visit(jar, path)).text())).toContain(INVALID);
    expect((await postForm(jar, "/back-in-stock/confirm", { token })).status).toBe(422);
  });
});

describe("the restock job", () => {
  it("mails each waiting shopper once when the item is back and ends the request; respects unsubscribes, the daily limit and the switch", async () => {
    const variantId = await peonyVariant();
    const [first, left, mailedToday] = [await waiting(), await waiting(), await waiting()];
    await env.DB.prepare(
      "INSERT INTO mail_suppressions (email, topic, reason) VALUES (?, 'back_in_stock', 'unsubscribed')",
    )
      .bind(left)
      .run();
    await env.DB.prepare(
      "INSERT INTO mail_outbox (id, to_address, template, subject, text, html, status) VALUES (?, ?, 'cart_reminder', 'Your cart', 'x', 'x', 'sent')",
    )
      .bind(`today-${tag()}`, mailedToday)
      .run();
    expect(await runJob()).toBe("Nothing is back for anyone waiting: nothing sent.");
    // Staff see how many wait, on the product's page in the back office.
    const { product_id: productId } = (await env.DB.prepare("SELECT product_id FROM product_variants WHERE id = ?")
      .bind(variantId)
      .first<{ product_id: number }>())!;
    const staff = await loggedIn(ADMIN, newIp());
    expect(visibleText(await (await visit(staff, `/admin/products/${productId}`)).text())).toMatch(
      /Waiting for stock This product: \d+ waiting/,
    );
    await setStock(variantId, 4);
    try {
      await env.DB.prepare("UPDATE settings SET value = 'false' WHERE key = 'feature_back_in_stock'").run();
      expect(await runJob()).toBe("Switched off in the settings: nothing sent.");
      await env.DB.prepare("UPDATE settings SET value = 'true' WHERE key = 'feature_back_in_stock'").run();
      expect(await runJob()).toMatch(/^[1-9]\d* back-in-stock emails? written\.$/);
      const [back, ...more] = await mailsTo(first, "back_in_stock");
      expect(more).toHaveLength(0);
      expect(back!.subject).toBe("Peony Cloud Bridal Bouquet is back");
      expect(back!.text).toContain(`${BASE}/product/${SOLD_OUT}`);
      expect(back!.text).toMatch(/\/mail\/unsubscribe\?token=back_in_stock\./);
      expect(back!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(await statusOf(first)).toBe("notified");
      expect(await mailsTo(left, "back_in_stock")).toHaveLength(0);
      expect(await statusOf(left)).toBe("active");
      expect(await mailsTo(mailedToday, "back_in_stock")).toHaveLength(0);
      expect(await statusOf(mailedToday)).toBe("active");
      await runJob();
      expect(await mailsTo(first, "back_in_stock")).toHaveLength(1);
    } finally {
      await setStock(variantId, 0);
      await env.DB.prepare("UPDATE settings SET value = 'true' WHERE key = 'feature_back_in_stock'").run();
    }
  });
});
