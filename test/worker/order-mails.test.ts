import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ADMIN, CUSTOMER } from "../fixtures/accounts";
import { shopper, WITHOUT_OPTIONS } from "../fixtures/checkout";
import { apiClient, apiToken } from "./fixtures";
import { revealSecrets, unsealSecrets } from "../../app/services/mail/sealed.server";
import { BASE, get } from "./helpers";

// The order and account mails on the Worker: the request writes them in its batch, the Worker queues
// them, and the queue's consumer (in this same Worker, no transport configured) marks them sent to
// nowhere. Then the links they carry are followed.

let counter = 0;
const tag = () => `${++counter}-${crypto.randomUUID().slice(0, 8)}`;
const newIp = () => `198.51.100.${(counter % 250) + 1}-${tag()}`;
const { call, post } = apiClient(newIp);

interface MailRow {
  to_address: string;
  subject: string;
  template: string;
  text: string;
  html: string;
  status: string;
  transport: string | null;
}

/**
 * The mails whose subject names this text, once the consumer has delivered `count` of them, as
 * their recipients got them (sealed links revealed); `stored` is the outbox's own text and HTML.
 */
async function deliveredMails(about: string, count: number): Promise<Array<MailRow & { stored: string }>> {
  const rows = await vi.waitFor(
    async () => {
      const { results } = await env.DB.prepare(
        "SELECT to_address, subject, template, text, html, status, transport, secrets FROM mail_outbox WHERE instr(subject, ?) > 0 ORDER BY rowid",
      )
        .bind(about)
        .all<MailRow & { secrets: string | null }>();
      expect(results.filter((row) => row.status === "sent")).toHaveLength(count);
      return results;
    },
    { timeout: 10_000, interval: 50 },
  );
  return Promise.all(
    rows.map(async ({ secrets, ...row }) => ({
      ...row,
      stored: `${row.text}\n${row.html}`,
      ...(secrets ? revealSecrets(row, await unsealSecrets(env, secrets)) : {}),
    })),
  );
}

const tokens: Record<string, string> = {};
let productId: number;

beforeAll(async () => {
  tokens.customer = await apiToken(newIp(), CUSTOMER);
  tokens.admin = await apiToken(newIp(), ADMIN);
  await env.DB.prepare(`UPDATE products SET stock = 1000 WHERE is_active = 1 AND ${WITHOUT_OPTIONS}`).run();
  productId = (await env.DB.prepare(
    `SELECT id FROM products WHERE is_active = 1 AND ${WITHOUT_OPTIONS} ORDER BY id LIMIT 1`,
  ).first<{
    id: number;
  }>())!.id;
});

async function order(token?: string, email = `guest.${tag()}@example.com`) {
  const response = await call("POST", "/api/orders", {
    body: { items: [{ product_id: productId, quantity: 2 }], customer: shopper({ email }) },
    token,
  });
  expect(response.status).toBe(201);
  return { id: response.body.data.id as number, number: response.body.data.order_number as string, email };
}

describe("the mails of a placed order", () => {
  it("a guest's order: the customer's confirmation and the shop's new order, delivered; the guest's link opens the confirmation", async () => {
    const placed = await order();
    const mails = await deliveredMails(placed.number, 2);
    expect(mails.map((row) => [row.template, row.to_address, row.transport])).toEqual([
      ["order_placed", placed.email, "none"],
      // To the notifications address (`admin_email`), which only the server reads.
      ["new_order", "orders@twistbloom.com", "none"],
    ]);
    const [customer, shop] = mails as [MailRow & { stored: string }, MailRow];
    expect(customer.text).toContain("Cash on delivery: pay when it arrives.");
    // The link opens the order: the outbox, which staff read, holds it sealed.
    expect(customer.stored).not.toContain("sig=");
    expect(shop.text).toContain(`${BASE}/admin/orders/${placed.id}`);

    const link = new RegExp(`${BASE}/order-confirmation/${placed.number}\\?sig=[\\w-]+`).exec(customer.text)?.[0];
    expect(link).toBeDefined();
    expect(customer.html).toContain(link!);
    const page = await get(link!.slice(BASE.length));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(placed.number);
  });

  it("a signed-in customer's order links to their order's page", async () => {
    const placed = await order(tokens.customer, CUSTOMER.email);
    const [customer] = await deliveredMails(placed.number, 2);
    expect(customer).toMatchObject({ template: "order_placed", to_address: CUSTOMER.email });
    expect(customer!.text).toContain(`View your order: ${BASE}/orders/${placed.id}`);
    expect(customer!.html).toContain(`href="${BASE}/orders/${placed.id}"`);
  });
});

describe("the back office's status changes", () => {
  it("shipping an order through PATCH /api/admin/orders/{id} writes the customer's shipped mail", async () => {
    const placed = await order();
    await deliveredMails(placed.number, 2);
    for (const status of ["processing", "shipped"]) {
      const response = await call("PATCH", `/api/admin/orders/${placed.id}`, { body: { status }, token: tokens.admin });
      expect(response.status).toBe(200);
    }
    const mails = await deliveredMails(placed.number, 3);
    expect(mails.map((row) => row.template)).toEqual(["order_placed", "new_order", "order_shipped"]);
    expect(mails[2]).toMatchObject({
      to_address: placed.email,
      subject: `Your Twistbloom order ${placed.number} is on its way`,
      transport: "none",
    });
    expect(mails[2]!.text).toMatch(new RegExp(`${BASE}/order-confirmation/${placed.number}\\?sig=[\\w-]+`));
  });
});

describe("registering", () => {
  it("POST /api/auth/register writes the welcome mail", async () => {
    const email = `new.${tag()}@example.com`;
    const response = await post("/api/auth/register", {
      name: "Nia Petal",
      email,
      password: "Secret123",
      password_confirmation: "Secret123",
    });
    expect(response.status).toBe(201);
    const [welcome] = await vi.waitFor(
      async () => {
        // (The address's verification mail goes with it; its own tests are elsewhere.)
        const { results } = await env.DB.prepare(
          "SELECT template, status, text FROM mail_outbox WHERE to_address = ? AND template = 'welcome'",
        )
          .bind(email)
          .all<{ template: string; status: string; text: string }>();
        expect(results.map((row) => row.status)).toEqual(["sent"]);
        return results;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(welcome!.template).toBe("welcome");
    expect(welcome!.text).toContain(`${BASE}/products`);
  });
});
