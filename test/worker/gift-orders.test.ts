import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN, CUSTOMER } from "../fixtures/accounts";
import { GIFT_RECIPIENT, shopper, WITHOUT_OPTIONS } from "../fixtures/checkout";
import { formatDeliveryDate } from "../../app/lib/delivery";
import { BASE, CookieJar, mailsTo, visibleText, visit } from "./helpers";
import { apiClient, apiToken, loggedIn } from "./fixtures";

// A gift with a delivery date, placed through POST /api/orders, everywhere it is shown (gifting.md
// sections 3 to 5): the shopper's pages, the guest's confirmation, the admin order page and API, the
// mails, and the printable papers (packing slip, invoices) with the order's own access rules.

let counter = 0;
const newIp = () => `203.0.113.${(++counter % 250) + 1}`;
const { call } = apiClient(newIp);

const tokens = { customer: "", admin: "" };
const jars: { customer: CookieJar; admin: CookieJar } = { customer: new CookieJar(), admin: new CookieJar() };
let productIds: number[] = [];
let deliveryDate = "";
let deliveryText = "";

/** The card as typed: two lines, and markup that must stay text. */
const CARD = "Happy birthday, Bea!\n<b>Love</b>, Rosa";
const CARD_HTML = "Happy birthday, Bea!\n&lt;b&gt;Love&lt;/b&gt;, Rosa";

beforeAll(async () => {
  tokens.customer = await apiToken(newIp(), CUSTOMER);
  tokens.admin = await apiToken(newIp(), ADMIN);
  jars.customer = await loggedIn(CUSTOMER, newIp());
  jars.admin = await loggedIn(ADMIN, newIp());
  await env.DB.prepare("UPDATE products SET stock = 1000 WHERE is_active = 1").run();
  const { results } = await env.DB.prepare(
    `SELECT id FROM products WHERE is_active = 1 AND ${WITHOUT_OPTIONS} ORDER BY id LIMIT 3`,
  ).all<{ id: number }>();
  productIds = results.map((row) => row.id);
  expect(productIds).toHaveLength(3);
  const dates = await call("GET", "/api/delivery/dates");
  expect(dates.status).toBe(200);
  deliveryDate = (dates.body.data as Array<{ date: string; status: string }>).find(
    (day) => day.status === "available",
  )!.date;
  deliveryText = formatDeliveryDate(deliveryDate);
});

let emails = 0;
/** An order of three lines for `deliveryDate`: the customer's (their token) unless `guest`; a gift unless `gift` is null. */
async function placeOrder({
  token = tokens.customer,
  guest = false,
  gift = { recipient: GIFT_RECIPIENT, message: CARD, hide_prices: true } as Record<string, unknown> | null,
} = {}) {
  const customer = shopper(guest ? { email: `gift.guest.${++emails}@example.com` } : {});
  const response = await call("POST", "/api/orders", {
    body: {
      items: productIds.map((id, index) => ({ product_id: id, quantity: index + 1 })),
      customer,
      delivery_date: deliveryDate,
      ...(gift ? { gift } : {}),
    },
    token: guest ? undefined : token,
  });
  expect(response.status).toBe(201);
  expect(response.body.data.delivery_date).toBe(deliveryDate);
  return {
    id: response.body.data.id as number,
    number: response.body.data.order_number as string,
    email: customer.email,
  };
}

/** A page as this browser gets it: its status, Cache-Control, HTML and visible text. */
async function page(jar: CookieJar, path: string) {
  const response = await visit(jar, path);
  const html = await response.text();
  return {
    status: response.status,
    location: response.headers.get("Location"),
    cache: response.headers.get("Cache-Control"),
    html,
    text: visibleText(html),
  };
}

/** What every view of the gift shows: the badge, the date, the recipient, the buyer, the card as text. */
function expectGiftShown(shown: { html: string; text: string }) {
  expect(shown.text).toContain("Gift");
  expect(shown.text).toContain(`Delivery: ${deliveryText}`);
  expect(shown.text).toContain("Recipient (delivered to) Bea Bloom 7 Lily Lane Kandy, 20000 Sri Lanka");
  expect(shown.text).toMatch(/Buyer \(billing address\) Rosa Petal 12 Lotus Road/);
  expect(/<p data-card-message[^>]*>[^<]*/.exec(shown.html)?.[0]).toMatch(
    /data-card-message="true" class="whitespace-pre-line[^"]*">Happy birthday, Bea!\n&lt;b&gt;Love&lt;\/b&gt;, Rosa$/,
  );
  expect(shown.html).not.toContain("<b>Love</b>");
}

describe("a gift's order views", () => {
  it("the shopper's order page and list, and the order API", async () => {
    const placed = await placeOrder();
    const shown = await page(jars.customer, `/orders/${placed.id}`);
    expect(shown.status).toBe(200);
    expectGiftShown(shown);
    expect(shown.html).toContain(`href="/orders/${placed.id}/invoice"`);
    const list = await page(jars.customer, "/orders");
    expect(list.text).toContain(`Order ${placed.number}`);
    expect(list.text).toContain(`Delivery: ${deliveryText}`);
    const api = await call("GET", `/api/v1/orders/${placed.id}`, { token: tokens.customer });
    expect(api.body.data).toMatchObject({
      delivery_date: deliveryDate,
      gift: { recipient: GIFT_RECIPIENT, message: CARD, hide_prices: true },
    });
  });

  it("the admin order page and GET /api/admin/orders/{id}: gift, date, invoice number, links to the papers", async () => {
    const placed = await placeOrder();
    const api = await call("GET", `/api/admin/orders/${placed.id}`, { token: tokens.admin });
    expect(api.status).toBe(200);
    expect(api.body.data).toMatchObject({
      delivery_date: deliveryDate,
      invoice_number: expect.stringMatching(/^INV-\d{4}-\d{6}$/),
      gift: { recipient: GIFT_RECIPIENT, message: CARD, hide_prices: true },
    });
    const shown = await page(jars.admin, `/admin/orders/${placed.id}`);
    expect(shown.status).toBe(200);
    expectGiftShown(shown);
    expect(shown.text).toContain(`Invoice ${api.body.data.invoice_number}`);
    expect(shown.text).toContain("The packing slip leaves the prices out.");
    expect(shown.html).toContain(`href="/admin/orders/${placed.id}/packing-slip"`);
    expect(shown.html).toContain(`href="/admin/orders/${placed.id}/invoice"`);
  });

  it("an order that is not a gift: the date, its addresses as before, no badge", async () => {
    const placed = await placeOrder({ gift: null });
    const shown = await page(jars.customer, `/orders/${placed.id}`);
    expect(shown.text).toContain(`Delivery: ${deliveryText}`);
    expect(shown.text).toContain("Shipping address Rosa Petal");
    expect(shown.text).toContain("Billing address Rosa Petal");
    expect(shown.html).not.toContain("data-gift");
    expect(shown.html).not.toContain("data-card-message");
  });

  it("a guest's confirmation shows the gift and links its signed invoice; a wrong signature is a 404", async () => {
    const placed = await placeOrder({ guest: true });
    const [mail] = await mailsTo(placed.email, "order_placed");
    const link = new RegExp(`${BASE}/order-confirmation/${placed.number}\\?sig=[\\w-]+`).exec(mail!.text)![0];
    const guest = new CookieJar();
    const shown = await page(guest, link.slice(BASE.length));
    expect(shown.status).toBe(200);
    expectGiftShown(shown);
    const invoice = /href="(\/order-confirmation\/[^"]+\/invoice\?sig=[^"]+)"/
      .exec(shown.html)![1]!
      .replace(/&amp;/g, "&");
    const paper = await page(guest, invoice);
    expect(paper.status).toBe(200);
    expect(paper.cache).toBe("private, no-store");
    expect(paper.text).toMatch(/Invoice INV-\d{4}-\d{6}/);
    expect((await page(guest, `/order-confirmation/${placed.number}/invoice?sig=forged`)).status).toBe(404);
    expect((await page(guest, `/order-confirmation/${placed.number}/invoice`)).status).toBe(404);
  });
});

describe("the printable papers", () => {
  it("the packing slip: shop, order, date, recipient, lines with quantities, card; no prices when hidden", async () => {
    const placed = await placeOrder();
    const slip = await page(jars.admin, `/admin/orders/${placed.id}/packing-slip`);
    expect(slip.status).toBe(200);
    expect(slip.cache).toBe("private, no-store");
    expect(slip.text).toContain("Packing slip");
    expect(slip.text).toContain("Twistbloom");
    expect(slip.text).toContain(`Order ${placed.number}`);
    expect(slip.text).toContain(`Delivery: ${deliveryText}`);
    expect(slip.text).toContain("Deliver to (recipient) Bea Bloom 7 Lily Lane");
    expect(slip.html).toContain(CARD_HTML);
    expect(slip.text).toContain("Item Qty");
    expect(slip.text).not.toContain("Unit price");
    expect(slip.text).not.toContain("Subtotal");
    // A bare document: no shop header or footer.
    expect(slip.html).not.toContain('aria-label="Main"');
    expect(slip.html).not.toContain("<footer");
    expect(slip.html).toMatch(/<link rel="stylesheet" href="[^"]*print[^"]*\.css"/);
  });

  it("the packing slip shows the prices of a gift that does not hide them, and of an order that is not a gift", async () => {
    for (const gift of [{ recipient: GIFT_RECIPIENT, message: "", hide_prices: false }, null]) {
      const placed = await placeOrder({ gift });
      const slip = await page(jars.admin, `/admin/orders/${placed.id}/packing-slip`);
      expect(slip.text).toContain("Item Qty Unit price Total");
      expect(slip.text).toContain("Subtotal");
    }
  });

  it("the invoices, staff's and shopper's: number, date issued, buyer, delivery address, lines, totals, payment", async () => {
    const placed = await placeOrder();
    const { body } = await call("GET", `/api/admin/orders/${placed.id}`, { token: tokens.admin });
    for (const [jar, path] of [
      [jars.admin, `/admin/orders/${placed.id}/invoice`],
      [jars.customer, `/orders/${placed.id}/invoice`],
    ] as const) {
      const invoice = await page(jar, path);
      expect(invoice.status).toBe(200);
      expect(invoice.cache).toBe("private, no-store");
      expect(invoice.text).toContain(`Invoice ${body.data.invoice_number}`);
      expect(invoice.text).toMatch(/Date issued \w+ \d+, \d{4}/);
      expect(invoice.text).toContain(`Order ${placed.number}`);
      expect(invoice.text).toContain("Bill to Rosa Petal 12 Lotus Road");
      expect(invoice.text).toContain("Deliver to (recipient) Bea Bloom 7 Lily Lane");
      expect(invoice.text).toContain("Item Qty Unit price Total");
      for (const item of body.data.items as Array<{ product_name: string; product_sku: string }>) {
        expect(invoice.text).toContain(item.product_name);
        expect(invoice.text).toContain(`SKU: ${item.product_sku}`);
      }
      for (const label of ["Subtotal", "Shipping", "Tax", "Total"]) expect(invoice.text).toContain(label);
      expect(invoice.text).toContain("Cash on delivery · Not collected yet");
      expect(invoice.text).toContain("Print");
    }
  });

  it("the same access rules as the order: log in first, staff only, another shopper's is a 404", async () => {
    const mine = await placeOrder();
    const theirs = await placeOrder({ token: tokens.admin });
    const anonymous = new CookieJar();
    for (const path of [
      `/orders/${mine.id}/invoice`,
      `/admin/orders/${mine.id}/packing-slip`,
      `/admin/orders/${mine.id}/invoice`,
    ]) {
      const shown = await page(anonymous, path);
      expect(shown.status).toBe(302);
      expect(shown.location).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
    for (const path of [`/admin/orders/${mine.id}/packing-slip`, `/admin/orders/${mine.id}/invoice`]) {
      const shown = await page(jars.customer, path);
      expect(shown.status).toBe(302);
      expect(shown.location).toBe("/");
    }
    expect((await page(jars.customer, `/orders/${theirs.id}/invoice`)).status).toBe(404);
    expect((await page(jars.customer, "/orders/999999/invoice")).status).toBe(404);
    expect((await page(jars.admin, "/admin/orders/999999/packing-slip")).status).toBe(404);
  });
});

describe("the mails of a gift", () => {
  it("the buyer's confirmation and the shop's new order carry the date, recipient and card; the recipient gets none", async () => {
    const placed = await placeOrder();
    const { results } = await env.DB.prepare(
      "SELECT to_address, template, subject, text, html FROM mail_outbox WHERE instr(subject, ?) > 0 ORDER BY rowid",
    )
      .bind(placed.number)
      .all<{ to_address: string; template: string; subject: string; text: string; html: string }>();
    expect(results.map((mail) => mail.template).sort()).toEqual(["new_order", "order_placed"]);
    const buyer = results.find((mail) => mail.template === "order_placed")!;
    expect(buyer.to_address).toBe(placed.email);
    expect(buyer.text).toContain(`Delivery: ${deliveryText}`);
    expect(buyer.text).toContain("A gift for Bea Bloom");
    expect(buyer.text).toContain(`Card message:\n${CARD}`);
    expect(buyer.text).toContain("Shipping to the recipient:\nBea Bloom\n7 Lily Lane");
    expect(buyer.html).toContain(CARD_HTML);
    const shop = results.find((mail) => mail.template === "new_order")!;
    expect(shop.subject).toMatch(new RegExp(`^New order ${placed.number} for ${deliveryText}: `));
    expect(shop.text.split("\n")[0]).toBe(`Deliver on ${deliveryText}`);
    expect(shop.text).toContain("A gift for Bea Bloom");
    expect(shop.text).toContain(CARD);
  });

  it("shipped and delivered say the date and, for a gift, who it went to", async () => {
    const placed = await placeOrder();
    for (const status of ["processing", "shipped", "delivered"]) {
      const response = await call("PATCH", `/api/admin/orders/${placed.id}`, { body: { status }, token: tokens.admin });
      expect(response.status).toBe(200);
    }
    const [delivered] = await mailsTo(placed.email, "order_delivered");
    expect(delivered!.text).toContain(`Order ${placed.number} was delivered to Bea Bloom.`);
    expect(delivered!.text).toContain(`Delivery: ${deliveryText}`);
    expect(delivered!.text).toContain("Hello Rosa,");
    const [shipped] = await mailsTo(placed.email, "order_shipped");
    expect(shipped!.text).toContain("is on its way to Bea Bloom.");
    expect(shipped!.text).toContain(`Delivery: ${deliveryText}`);
  });
});
