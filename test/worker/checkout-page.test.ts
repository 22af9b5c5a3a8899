import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN, CUSTOMER } from "../fixtures/accounts";
import { shopper, WITHOUT_OPTIONS } from "../fixtures/checkout";
import {
  BASE,
  CookieJar,
  errorsUnder,
  expectErrorsUnder,
  field,
  get,
  markChanged,
  postForm as sendForm,
  visibleText,
  visit,
} from "./helpers";
import { apiClient, apiToken, loggedIn as logIn, Pool } from "./fixtures";

// The checkout as a browser without JavaScript meets it: one form whose buttons (intent) update
// the totals, apply or remove a coupon and place the order; the guest's signed confirmation page;
// a logged-in shopper's orders. Seeded methods, rates and coupons: db/seed/data/checkout.ts.

const ORDER_NUMBER = /TB-\d{6}-[A-HJ-NP-Z2-9]{5}/;
const FIX_FORM = "Please fix the errors in the form";
const REUSED = "This order was already placed with different items. Please reload the checkout page.";

let addresses = 0;
/** A client address of its own for every login or registration. */
const newAddress = () => `2001:db8:c1:${(++addresses).toString(16)}::1`;

/**
 * A form post from a client of its own unless the call names one: a guest's orders are limited
 * per client (docs/decisions/022), and this file places many.
 */
const postForm = (jar: CookieJar, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  sendForm(jar, path, fields, { "CF-Connecting-IP": newAddress(), ...headers });

// ---------------------------------------------------------------- the database, read directly

interface ProductRow {
  id: number;
  name: string;
  sku: string;
  unit_price_cents: number;
  stock: number;
}

const product = async (id: number) =>
  (await env.DB.prepare("SELECT id, name, sku, unit_price_cents, stock FROM products WHERE id = ?")
    .bind(id)
    .first<ProductRow>())!;

const orderByKey = (key: string) =>
  env.DB.prepare(
    "SELECT id, order_number, user_id, total_cents, subtotal_cents, discount_cents, tax_cents, shipping_cents, coupon_code FROM orders WHERE idempotency_key = ?",
  )
    .bind(key)
    .first<{
      id: number;
      order_number: string;
      user_id: number | null;
      total_cents: number;
      subtotal_cents: number;
      discount_cents: number;
      tax_cents: number;
      shipping_cents: number;
      coupon_code: string | null;
    }>();

const ordersWithKey = async (key: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE idempotency_key = ?").bind(key).first<{ n: number }>())!
    .n;

const itemsOf = async (orderId: number) =>
  (
    await env.DB.prepare(
      "SELECT product_id, quantity, price_cents, total_cents FROM order_items WHERE order_id = ? ORDER BY id",
    )
      .bind(orderId)
      .all<{
        product_id: number;
        quantity: number;
        price_cents: number;
        total_cents: number;
      }>()
  ).results;

/**
 * Products for this file, one per test that changes stock or availability (highest ids first; the
 * API tests take theirs from the other end), and one with plenty of stock for the rest.
 */
const pool = new Pool<ProductRow>();
let shared: ProductRow;
const take = () => pool.take();

beforeAll(async () => {
  const { results } = await env.DB.prepare(
    `SELECT id, name, sku, unit_price_cents, stock FROM products WHERE is_active = 1 AND stock >= 20 AND ${WITHOUT_OPTIONS} ORDER BY id DESC`,
  ).all<ProductRow>();
  pool.fill(results.slice(0, 8));
  expect(pool.size).toBe(8);
  const first = pool.take();
  await env.DB.prepare("UPDATE products SET stock = 500 WHERE id = ?").bind(first.id).run();
  shared = await product(first.id);
});

// ---------------------------------------------------------------- money and markup

const money = (cents: number) =>
  `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const rate = (cents: number, bps: number) => Math.round((cents * bps) / 10_000);
const standardShipping = (subtotal: number) => (subtotal >= 5000 ? 0 : 599);

const valueOf = (html: string, name: string) => /\bvalue="([^"]*)"/.exec(field(html, name))?.[1] ?? "";

/** Text as read, with a minus sign kept next to its amount. */
const readable = (html: string) => visibleText(html).replace(/− /g, "−");

/** The order summary box, as text. */
function summary(html: string): string {
  const start = html.indexOf('id="summary-heading"');
  expect(start).toBeGreaterThan(-1);
  return readable(html.slice(html.lastIndexOf("<section", start), html.indexOf("</section>", start)));
}

/** The shipping method radios: value, whether checked, and the method's name after it. */
function radios(html: string) {
  return [
    ...html.matchAll(
      /<input type="radio" name="shipping_method_id"([^>]*)>[\s\S]*?<span class="flex justify-between[^"]*">([^<]+)</g,
    ),
  ].map((m) => ({
    id: Number(/value="(\d+)"/.exec(m[1]!)![1]),
    checked: m[1]!.includes('checked=""'),
    name: m[2]!,
  }));
}

const selectedCountry = (html: string) =>
  /<option value="([A-Z]{2})" selected="">/.exec(html.slice(html.indexOf('name="country"')))?.[1];

// ---------------------------------------------------------------- the shopper

async function addToCart(jar: CookieJar, p: ProductRow, quantity = 1) {
  const response = await postForm(jar, "/cart", {
    intent: "add",
    product_id: String(p.id),
    quantity: String(quantity),
    redirectTo: "/checkout",
  });
  expect(response.status).toBe(302);
  expect(jar.get("cart")).toBeDefined();
}

/** A guest with these lines in the cart, whose "added to cart" toast has been seen already. */
async function guestWith(lines: Array<[ProductRow, number]>) {
  const jar = new CookieJar();
  for (const [p, quantity] of lines) await addToCart(jar, p, quantity);
  await visit(jar, "/cart");
  return jar;
}

const loggedIn = (account = CUSTOMER) => logIn(account, newAddress());

async function newShopper() {
  const jar = new CookieJar();
  const email = `checkout.${++addresses}.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const response = await postForm(
    jar,
    "/register",
    { firstName: "Iris", lastName: "Fern", email, password: "Petals2024", confirmPassword: "Petals2024", terms: "on" },
    { "CF-Connecting-IP": newAddress() },
  );
  expect(response.status).toBe(302);
  await visit(jar, "/");
  return jar;
}

/** The checkout page as this shopper sees it: its HTML and the form's idempotency key. */
async function checkout(jar: CookieJar) {
  const response = await visit(jar, "/checkout");
  const html = await response.text();
  return { response, html, key: html.includes('name="idempotency_key"') ? valueOf(html, "idempotency_key") : "" };
}

const shipping = shopper({ email: "rosa.page@example.com", notes: "Leave it with the neighbour" });

let pageGuests = 0;
/** The whole form as the browser sends it when a button is pressed; each with its own address (a guest's orders are limited per address). */
function form(intent: string, key: string, overrides: Record<string, string> = {}) {
  return {
    ...shipping,
    email: `rosa.page.${++pageGuests}@example.com`,
    idempotency_key: key,
    applied_coupon: "",
    coupon_input: "",
    intent,
    ...overrides,
  };
}

// ---------------------------------------------------------------- the page

describe("GET /checkout", () => {
  it("shows the empty state with an empty cart", async () => {
    const response = await visit(new CookieJar(), "/checkout");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await response.text();
    expect(visibleText(html)).toContain("Your cart is empty");
    expect(html).toContain('href="/products"');
    expect(html).not.toContain('value="place_order"');
  });

  it("shows the form and the summary: subtotal, shipping, tax lines and total, computed by the server", async () => {
    const p = shared;
    const jar = await guestWith([[p, 2]]);
    const { response, html, key } = await checkout(jar);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    const subtotal = p.unit_price_cents * 2;
    const ship = standardShipping(subtotal);
    const vat = rate(subtotal, 1800);
    const text = summary(html);
    expect(text).toContain("Order Summary");
    expect(text).toContain(p.name);
    expect(text).toContain(`Subtotal ${money(subtotal)}`);
    expect(text).toContain(`Shipping (Standard Delivery) ${ship === 0 ? "Free" : money(ship)}`);
    expect(text).toContain(`VAT (18%) ${money(vat)}`);
    expect(text).toContain(`Total ${money(subtotal + ship + vat)}`);
    expect(text).toContain("Place Order");
    // The form: every field, Sri Lanka by default, the first method chosen, cash on delivery.
    for (const name of [
      "firstName",
      "lastName",
      "email",
      "phone",
      "address",
      "city",
      "state",
      "zipCode",
      "coupon_input",
    ])
      field(html, name);
    field(html, "notes", "textarea");
    expect(selectedCountry(html)).toBe("LK");
    expect(radios(html).map((r) => [r.name, r.checked])).toEqual([
      ["Standard Delivery", true],
      ["Express Delivery", false],
      ["Economy Delivery", false],
    ]);
    expect(visibleText(html)).toContain("Cash on Delivery");
    expect(valueOf(html, "applied_coupon")).toBe("");
    // A fresh key for each form.
    expect((await checkout(jar)).key).not.toBe(key);
  });

  it("prefills the form from the logged-in shopper's profile", async () => {
    const jar = await loggedIn();
    await addToCart(jar, shared);
    const { html } = await checkout(jar);
    expect(valueOf(html, "firstName")).toBe("Casey");
    expect(valueOf(html, "lastName")).toBe("Customer");
    expect(valueOf(html, "email")).toBe(CUSTOMER.email);
    expect(valueOf(html, "phone")).toBe("+94 77 123 4567");
    expect(valueOf(html, "address")).toBe("42 Galle Road, Kollupitiya");
    expect(valueOf(html, "city")).toBe("Colombo");
    expect(valueOf(html, "state")).toBe("Western");
    expect(valueOf(html, "zipCode")).toBe("00300");
    expect(selectedCountry(html)).toBe("LK");
  });

  it("marks a line that sold out or vanished, and will not place the order", async () => {
    const soldOut = take();
    const gone = take();
    const jar = await guestWith([
      [soldOut, 1],
      [gone, 1],
      [shared, 1],
    ]);
    await env.DB.prepare("UPDATE products SET stock = 0 WHERE id = ?").bind(soldOut.id).run();
    await env.DB.prepare("UPDATE products SET is_active = 0 WHERE id = ?").bind(gone.id).run();
    // As the order or the back office that took them would: the products' pages, and the carts showing them, are stale.
    await markChanged(`product:${soldOut.id}`, `product:${gone.id}`);
    const { html, key } = await checkout(jar);
    const text = summary(html);
    expect(text).toContain(soldOut.name);
    // A product no longer sold is still named, and marked.
    expect(text).toContain(gone.name);
    expect(text.match(/Not available: remove it from your cart/g)).toHaveLength(2);
    expect(html).toMatch(/<button type="submit" name="intent" value="place_order"[^>]*disabled=""/);
    const response = await postForm(jar, "/checkout", form("place_order", key));
    expect(response.status).toBe(409);
    expect(visibleText(await response.text())).toContain(
      `${soldOut.name} is out of stock. Please remove it from your cart.`,
    );
    expect(await ordersWithKey(key)).toBe(0);
    // With the sold-out line gone, the vanished one still blocks the order.
    await postForm(jar, "/cart", { intent: "remove", product_id: String(soldOut.id), redirectTo: "/checkout" });
    const again = await postForm(jar, "/checkout", form("place_order", key));
    expect(again.status).toBe(422);
    expect(visibleText(await again.text())).toContain(
      `${gone.name} is no longer available. Please remove it from your cart.`,
    );
    expect(await ordersWithKey(key)).toBe(0);
  });
});

describe("GET /checkout, its tables kept at the edge", () => {
  // The page's quote reads the shipping methods and tax rates through the cache (docs/decisions/019):
  // staff's writes to them clear it, so the next checkout charges what they set.
  it("charges a tax rate staff just added, a shipping cost they just changed, and neither once they undo them", async () => {
    const { call } = apiClient(newAddress);
    const token = await apiToken(newAddress(), ADMIN);
    const p = shared;
    const jar = await guestWith([[p, 1]]);
    const subtotal = p.unit_price_cents;
    const standard = standardShipping(subtotal);
    const first = summary((await checkout(jar)).html);
    expect(first).toContain(`Shipping (Standard Delivery) ${standard === 0 ? "Free" : money(standard)}`);
    expect(first).not.toContain("Flower levy");

    const methods = (await call("GET", "/api/admin/shipping-methods", { token })).body.data as Array<{
      id: number;
      name: string;
      cost: number;
    }>;
    const method = methods.find((m) => m.name === "Standard Delivery")!;
    const created = await call("POST", "/api/admin/tax-rates", {
      token,
      body: { country_code: "LK", state_code: "", name: "Flower levy", rate: "1" },
    });
    expect(created.status).toBe(201);
    try {
      expect(
        (
          await call("PUT", `/api/admin/shipping-methods/${method.id}`, {
            token,
            body: { cost: method.cost + 1, free_shipping_threshold: null },
          })
        ).status,
      ).toBe(200);
      const changed = summary((await checkout(jar)).html);
      expect(changed).toContain(`Flower levy (1%) ${money(rate(subtotal, 100))}`);
      expect(changed).toContain(`Shipping (Standard Delivery) ${money(Math.round((method.cost + 1) * 100))}`);
    } finally {
      await call("DELETE", `/api/admin/tax-rates/${created.body.data.id}`, { token });
      await call("PUT", `/api/admin/shipping-methods/${method.id}`, {
        token,
        body: {
          cost: method.cost,
          free_shipping_threshold:
            (methods.find((m) => m.id === method.id) as { free_shipping_threshold?: number | null })
              .free_shipping_threshold ?? null,
        },
      });
    }
    const undone = summary((await checkout(jar)).html);
    expect(undone).not.toContain("Flower levy");
    expect(undone).toContain(`Shipping (Standard Delivery) ${standard === 0 ? "Free" : money(standard)}`);
  });
});

describe("POST /checkout, intent=update", () => {
  it("recalculates for the country and state typed, and keeps every typed value", async () => {
    const p = shared;
    const jar = await guestWith([[p, 1]]);
    const { html: before, key } = await checkout(jar);
    expect(summary(before)).toContain("VAT (18%)");
    const response = await postForm(
      jar,
      "/checkout",
      form("update", key, { country: "US", state: "CA", firstName: "Marigold", notes: "Back door" }),
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    const subtotal = p.unit_price_cents;
    const tax = rate(subtotal, 725);
    const ship = standardShipping(subtotal);
    const text = summary(html);
    expect(text).toContain(`California Sales Tax (7.25%) ${money(tax)}`);
    expect(text).not.toContain("VAT");
    expect(text).toContain(`Total ${money(subtotal + ship + tax)}`);
    expect(selectedCountry(html)).toBe("US");
    expect(valueOf(html, "state")).toBe("CA");
    expect(valueOf(html, "firstName")).toBe("Marigold");
    expect(valueOf(html, "email")).toMatch(/^rosa\.page\.\d+@example\.com$/);
    expect(html).toMatch(/<textarea[^>]*name="notes"[^>]*>Back door<\/textarea>/);
    // A state without its own rate: no tax line but "Tax $0.00".
    const oregon = summary(
      await (await postForm(jar, "/checkout", form("update", key, { country: "US", state: "OR" }))).text(),
    );
    expect(oregon).toContain("Tax $0.00");
    expect(await ordersWithKey(key)).toBe(0);
  });

  it("charges the shipping method chosen", async () => {
    const p = shared;
    const jar = await guestWith([[p, 1]]);
    const { html: page, key } = await checkout(jar);
    const expressId = (await env.DB.prepare("SELECT id FROM shipping_methods WHERE code = 'express'").first<{
      id: number;
    }>())!.id;
    expect(radios(page).find((r) => r.name === "Express Delivery")?.id).toBe(expressId);
    const html = await (
      await postForm(jar, "/checkout", form("update", key, { shipping_method_id: String(expressId) }))
    ).text();
    expect(summary(html)).toContain("Shipping (Express Delivery) $14.99");
    expect(radios(html).find((r) => r.checked)?.id).toBe(expressId);
  });
});

describe("POST /checkout, coupons", () => {
  it("apply_coupon WELCOME10 shows the discount, taxes the discounted subtotal and keeps the typed values", async () => {
    const p = shared;
    const jar = await guestWith([[p, 2]]);
    const { key } = await checkout(jar);
    const response = await postForm(
      jar,
      "/checkout",
      form("apply_coupon", key, { coupon_input: " welcome10 ", firstName: "Violet", city: "Kandy" }),
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    const subtotal = p.unit_price_cents * 2;
    const discount = rate(subtotal, 1000);
    const vat = rate(subtotal - discount, 1800);
    const ship = standardShipping(subtotal);
    const text = summary(html);
    expect(text).toContain(`Discount (WELCOME10) −${money(discount)}`);
    expect(text).toContain(`VAT (18%) ${money(vat)}`);
    expect(text).toContain(`Total ${money(subtotal + ship + vat - discount)}`);
    expect(visibleText(html)).toContain("Coupon WELCOME10 applied: Welcome 10% Off");
    const applied = /data-testid="applied-coupon"[\s\S]*?<\/div>/.exec(html)![0];
    expect(visibleText(applied)).toContain("Welcome 10% Off (WELCOME10): 10% off · you save");
    expect(valueOf(html, "applied_coupon")).toBe("WELCOME10");
    expect(valueOf(html, "firstName")).toBe("Violet");
    expect(valueOf(html, "city")).toBe("Kandy");
    expect(valueOf(html, "lastName")).toBe(shipping.lastName);

    // The applied coupon rides along with the next update: a change of country keeps the discount.
    const moved = await (
      await postForm(jar, "/checkout", form("update", key, { applied_coupon: "WELCOME10", country: "GB" }))
    ).text();
    expect(summary(moved)).toContain(`Discount (WELCOME10) −${money(discount)}`);
    expect(summary(moved)).toContain(`VAT (20%) ${money(rate(subtotal - discount, 2000))}`);
  });

  it("remove_coupon takes the discount away", async () => {
    const p = shared;
    const jar = await guestWith([[p, 1]]);
    const { key } = await checkout(jar);
    const response = await postForm(
      jar,
      "/checkout",
      form("remove_coupon", key, { applied_coupon: "WELCOME10", firstName: "Daisy" }),
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(summary(html)).not.toContain("Discount");
    expect(html).not.toContain('data-testid="applied-coupon"');
    expect(valueOf(html, "applied_coupon")).toBe("");
    expect(valueOf(html, "firstName")).toBe("Daisy");
    expect(visibleText(html)).toContain("Coupon removed");
    const subtotal = p.unit_price_cents;
    expect(summary(html)).toContain(`Total ${money(subtotal + standardShipping(subtotal) + rate(subtotal, 1800))}`);
  });

  it.each([
    ["", "Please enter a coupon code"],
    ["   ", "Please enter a coupon code"],
    ["SPRING24", "Invalid coupon code: this coupon has expired."],
    ["FIRSTBLOOM", "Invalid coupon code: this coupon has been used up."],
    ["RETIRED", "Invalid coupon code: this coupon is no longer active."],
    ["BLOOM20", "Invalid coupon code: this coupon needs a subtotal of at least $60.00."],
    ["NOSUCHCODE", "Invalid coupon code"],
  ])("apply_coupon %j answers 422 with the message under the field", async (code, message) => {
    const p = shared;
    const jar = await guestWith([[p, 1]]);
    const { key } = await checkout(jar);
    const response = await postForm(
      jar,
      "/checkout",
      form("apply_coupon", key, { coupon_input: code, firstName: "Poppy" }),
    );
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(errorsUnder(html, "coupon_input")).toBe(message);
    expect(summary(html)).not.toContain("Discount");
    expect(valueOf(html, "applied_coupon")).toBe("");
    expect(valueOf(html, "firstName")).toBe("Poppy");
    expect(await ordersWithKey(key)).toBe(0);
  });
});

describe("POST /checkout, intent=place_order", () => {
  it("shows 'First name is required' and 'Last name is required' under the fields (422), keeping the rest", async () => {
    const jar = await guestWith([[shared, 1]]);
    const { key } = await checkout(jar);
    const response = await postForm(
      jar,
      "/checkout",
      form("place_order", key, { firstName: "", lastName: "  ", email: "nope", city: "Galle" }),
    );
    expect(response.status).toBe(422);
    const html = await response.text();
    expectErrorsUnder(html, {
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Please enter a valid email address",
      city: "",
    });
    expect(field(html, "firstName")).toContain('aria-invalid="true"');
    expect(field(html, "firstName")).toContain('aria-describedby="firstName-error"');
    expect(visibleText(html)).toContain(FIX_FORM);
    expect(valueOf(html, "city")).toBe("Galle");
    expect(valueOf(html, "address")).toBe(shipping.address);
    expect(valueOf(html, "email")).toBe("nope");
    expect(jar.get("cart")).toBeDefined();
    expect(await ordersWithKey(key)).toBe(0);
  });

  it("refuses a country outside the list, and an unknown shipping method", async () => {
    const jar = await guestWith([[shared, 1]]);
    const { key } = await checkout(jar);
    const country = await postForm(jar, "/checkout", form("place_order", key, { country: "FR" }));
    expect(country.status).toBe(422);
    expect(errorsUnder(await country.text(), "country")).toBe("Please choose a country we deliver to");
    const method = await postForm(jar, "/checkout", form("place_order", key, { shipping_method_id: "999999" }));
    expect(method.status).toBe(422);
    const html = await method.text();
    expect(errorsUnder(html, "shipping_method_id")).toBe("Please choose a shipping method we offer for your country");
    expect(await ordersWithKey(key)).toBe(0);
  });

  it("refuses an applied coupon that no longer applies, with the reason under the coupon field", async () => {
    const jar = await guestWith([[shared, 1]]);
    const { key } = await checkout(jar);
    const response = await postForm(jar, "/checkout", form("place_order", key, { applied_coupon: "SPRING24" }));
    expect(response.status).toBe(422);
    expect(errorsUnder(await response.text(), "coupon_input")).toBe("Invalid coupon code: this coupon has expired.");
    expect(await ordersWithKey(key)).toBe(0);
  });

  it("refuses with an empty cart", async () => {
    const jar = new CookieJar();
    const key = crypto.randomUUID();
    const response = await postForm(jar, "/checkout", form("place_order", key));
    expect(response.status).toBe(422);
    expect(visibleText(await response.text())).toContain("Your cart is empty");
    expect(await ordersWithKey(key)).toBe(0);
  });

  it("as a guest: 302 to the signed confirmation, the cart cleared, the order priced from the database", async () => {
    const p = take();
    const jar = await guestWith([[p, 2]]);
    const { key } = await checkout(jar);
    // A form can carry anything: prices, totals and quantities it sends are not read.
    const response = await postForm(
      jar,
      "/checkout",
      form("place_order", key, {
        price: "0.01",
        total: "0.01",
        subtotal: "0.01",
        quantity: "100",
        "items[0][price]": "0",
        discount: "999",
      }),
    );
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    const match = new RegExp(`^/order-confirmation/(${ORDER_NUMBER.source})\\?sig=([A-Za-z0-9_-]+)$`).exec(location);
    expect(match).not.toBeNull();
    const number = match![1]!;
    const cleared = response.headers.getSetCookie().find((c) => c.startsWith("cart="));
    expect(cleared).toMatch(/^cart=;|Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect(jar.get("cart")).toBeUndefined();

    const order = (await orderByKey(key))!;
    expect(order.order_number).toBe(number);
    expect(order.user_id).toBeNull();
    const subtotal = p.unit_price_cents * 2;
    const ship = standardShipping(subtotal);
    const vat = rate(subtotal, 1800);
    expect(order).toMatchObject({
      subtotal_cents: subtotal,
      shipping_cents: ship,
      tax_cents: vat,
      discount_cents: 0,
      total_cents: subtotal + ship + vat,
    });
    expect(await itemsOf(order.id)).toEqual([
      { product_id: p.id, quantity: 2, price_cents: p.unit_price_cents, total_cents: subtotal },
    ]);
    expect((await product(p.id)).stock).toBe(p.stock - 2);

    const confirmation = await visit(jar, location);
    expect(confirmation.status).toBe(200);
    expect(confirmation.headers.get("Cache-Control")).toBe("private, no-store");
    // The signed address never travels to another site in a Referer header (path and query stay home).
    expect(["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"]).toContain(
      confirmation.headers.get("Referrer-Policy"),
    );
    const html = await confirmation.text();
    const text = visibleText(html);
    expect(text).toContain("Thank you for your order!");
    expect(html).toMatch(new RegExp(`data-testid="order-number"[^>]*>${number}<`));
    expect(text).toContain(`Order ${number} placed successfully!`);
    expect(text).toContain(`Total to pay on delivery ${money(order.total_cents)}`);
    expect(text).toContain(p.name);
    expect(text).toMatch(/rosa\.page\.\d+@example\.com/);
    expect(visibleText(await (await visit(jar, "/checkout")).text())).toContain("Your cart is empty");
  });

  it("as a guest with a coupon: the order carries the discount and counts the coupon's use", async () => {
    const p = shared;
    const jar = await guestWith([[p, 1]]);
    const { key } = await checkout(jar);
    const before = (await env.DB.prepare("SELECT usage_count FROM coupons WHERE code = 'WELCOME10'").first<{
      usage_count: number;
    }>())!.usage_count;
    const response = await postForm(jar, "/checkout", form("place_order", key, { applied_coupon: "WELCOME10" }));
    expect(response.status).toBe(302);
    const order = (await orderByKey(key))!;
    const discount = rate(p.unit_price_cents, 1000);
    expect(order).toMatchObject({
      coupon_code: "WELCOME10",
      discount_cents: discount,
      tax_cents: rate(p.unit_price_cents - discount, 1800),
    });
    const after = (await env.DB.prepare("SELECT usage_count FROM coupons WHERE code = 'WELCOME10'").first<{
      usage_count: number;
    }>())!.usage_count;
    expect(after).toBe(before + 1);
    const page = readable(await (await visit(jar, response.headers.get("Location")!)).text());
    expect(page).toContain(`Discount (WELCOME10) −${money(discount)}`);
  });

  it("a double submit of the same form (both at once, with the cart still in the cookie) places one order; the same key with another cart is refused (409)", async () => {
    const p = take();
    const jar = await guestWith([[p, 1]]);
    const { key } = await checkout(jar);
    const cookies = jar.header();
    const submit = () =>
      get("/checkout", {
        method: "POST",
        body: new URLSearchParams(form("place_order", key)),
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Cookie: cookies,
          Origin: BASE,
          Host: new URL(BASE).host,
        },
        redirect: "manual",
      });
    const [first, second] = await Promise.all([submit(), submit()]);
    expect(first.status).toBe(302);
    expect(second.status).toBe(302);
    expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
    expect(await ordersWithKey(key)).toBe(1);
    expect((await product(p.id)).stock).toBe(p.stock - 1);

    // The same form's key, sent again by the same browser with a different cart. (From another
    // browser it would be another guest's key: docs/decisions/022, test/worker/trust-limits.test.ts.)
    const other = jar;
    await addToCart(other, p, 2);
    await visit(other, "/cart");
    const replay = await postForm(other, "/checkout", form("place_order", key));
    expect(replay.status).toBe(409);
    const html = await replay.text();
    expect(visibleText(html)).toContain(REUSED);
    expect(other.get("cart")).toBeDefined();
    expect(await ordersWithKey(key)).toBe(1);
    expect((await product(p.id)).stock).toBe(p.stock - 1);
  });

  it("when the last units went to someone else meanwhile: 422 naming the product, nothing placed", async () => {
    const p = take();
    const jar = await guestWith([[p, 3]]);
    const { key } = await checkout(jar);
    await env.DB.prepare("UPDATE products SET stock = 2 WHERE id = ?").bind(p.id).run();
    const response = await postForm(jar, "/checkout", form("place_order", key));
    expect(response.status).toBe(409);
    const html = await response.text();
    expect(visibleText(html)).toContain(`Only 2 of ${p.name} left in stock. Please update your cart.`);
    expect(summary(html)).toContain("Only 2 left in stock");
    expect(await ordersWithKey(key)).toBe(0);
  });

  it("as a logged-in shopper: 302 to /orders with a toast, the order listed there and shown at /orders/{id}", async () => {
    const p = take();
    const jar = await loggedIn();
    await addToCart(jar, p, 1);
    const { html: page, key } = await checkout(jar);
    const prefilled = Object.fromEntries(
      ["firstName", "lastName", "email", "phone", "address", "city", "state", "zipCode"].map((name) => [
        name,
        valueOf(page, name),
      ]),
    );
    const shippingMethod = String(radios(page).find((r) => r.checked)!.id);
    const response = await postForm(jar, "/checkout", {
      ...prefilled,
      country: "LK",
      notes: "",
      shipping_method_id: shippingMethod,
      idempotency_key: key,
      applied_coupon: "",
      coupon_input: "",
      intent: "place_order",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/orders");
    expect(jar.get("cart")).toBeUndefined();
    const order = (await orderByKey(key))!;
    const user = (await env.DB.prepare("SELECT id FROM users WHERE email = ?")
      .bind(CUSTOMER.email)
      .first<{ id: number }>())!;
    expect(order.user_id).toBe(user.id);

    const list = await visit(jar, "/orders");
    expect(list.status).toBe(200);
    const listHtml = await list.text();
    const listText = visibleText(listHtml);
    expect(listText).toContain(`Order ${order.order_number} placed successfully!`);
    expect(listText).toContain(`Order ${order.order_number}`);
    expect(listHtml).toContain(`href="/orders/${order.id}"`);

    const detail = await visit(jar, `/orders/${order.id}`);
    expect(detail.status).toBe(200);
    const text = visibleText(await detail.text());
    expect(text).toContain(`Order ${order.order_number}`);
    expect(text).toContain(p.name);
    expect(text).toContain(`Total ${money(order.total_cents)}`);
    expect(text).toContain("42 Galle Road, Kollupitiya");
    expect(text).toContain("Payment: Cash on Delivery · Shipping: Standard Delivery");
  });
});

describe("who may see an order", () => {
  it("another shopper gets 404 for the order's page and never sees its data", async () => {
    const owner = await loggedIn();
    await addToCart(owner, shared);
    const { key } = await checkout(owner);
    const placed = await postForm(
      owner,
      "/checkout",
      form("place_order", key, { notes: "A private message for Casey" }),
    );
    expect(placed.status).toBe(302);
    const order = (await orderByKey(key))!;
    const stranger = await newShopper();
    const response = await visit(stranger, `/orders/${order.id}`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(visibleText(html)).toContain("Order Not Found");
    expect(html).not.toContain(order.order_number);
    expect(html).not.toContain("A private message for Casey");
    expect(html).not.toContain(shipping.address);
    expect(visibleText(await (await visit(stranger, "/orders")).text())).not.toContain(order.order_number);
  });

  it("a guest's confirmation answers 404 without its signature, with a wrong one, or with another order's", async () => {
    const first = await guestWith([[shared, 1]]);
    const a = await postForm(
      first,
      "/checkout",
      form("place_order", (await checkout(first)).key, { email: "first.guest@example.com" }),
    );
    const second = await guestWith([[shared, 1]]);
    const b = await postForm(
      second,
      "/checkout",
      form("place_order", (await checkout(second)).key, { email: "second.guest@example.com" }),
    );
    const [pathA, sigA] = a.headers.get("Location")!.split("?sig=") as [string, string];
    const [, sigB] = b.headers.get("Location")!.split("?sig=") as [string, string];
    const numberA = pathA.split("/").pop()!;
    // A character in the middle: the last one of a base64url signature carries unused bits.
    const tampered = `${sigA.slice(0, 10)}${sigA[10] === "A" ? "B" : "A"}${sigA.slice(11)}`;
    for (const path of [
      pathA,
      `${pathA}?sig=`,
      `${pathA}?sig=forged`,
      `${pathA}?sig=${tampered}`,
      `${pathA}?sig=${sigB}`,
      `/order-confirmation/TB-000000-AAAAA?sig=${sigA}`,
    ]) {
      const response = await visit(new CookieJar(), path);
      expect(response.status).toBe(404);
      const html = await response.text();
      const text = visibleText(html);
      expect(text).toContain("Order Not Found");
      expect(text).toContain("This order may not exist, or you may not have permission to view it.");
      expect(html).not.toContain("first.guest@example.com");
      expect(text).not.toContain("Total to pay on delivery");
      expect(text).not.toContain(shared.name);
    }
    // The signed link works from any browser: it is the guest's receipt.
    const ok = await visit(new CookieJar(), `${pathA}?sig=${sigA}`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain(numberA);
  });
});

describe("cross-site posts", () => {
  it("refuses a post to /checkout from another site (403) and places nothing", async () => {
    const jar = await guestWith([[shared, 1]]);
    const { key } = await checkout(jar);
    for (const headers of [{ Origin: "https://evil.example" }, { "Sec-Fetch-Site": "cross-site" }] as Array<
      Record<string, string>
    >) {
      const response = await postForm(jar, "/checkout", form("place_order", key), headers);
      expect(response.status).toBe(403);
    }
    expect(await ordersWithKey(key)).toBe(0);
    expect(jar.get("cart")).toBeDefined();
  });
});
