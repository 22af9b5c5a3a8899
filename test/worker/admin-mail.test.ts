import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { mailStatement, removeOldMailBodies } from "../../app/services/mail/outbox.server";
import { createD1Database } from "../../db/client";
import { ADMIN, CUSTOMER, OWNER } from "../fixtures/accounts";
import { apiClient, apiToken, csrfOf, loggedIn } from "./fixtures";
import { CookieJar, postForm, visibleText, visit } from "./helpers";

// The back office's outbox on the Worker: GET /api/admin/mail (filters, pages, counts), one mail, and
// POST /api/admin/mail/{id}/retry with each role; a retried mail queued again and delivered by the
// queue's consumer running in workerd; the pages /admin/mail and /admin/mail/{id} (filters, the
// sandboxed frame, Retry by form post with its toast); the dashboard's transport alert.

let counter = 0;
const tag = () => `${++counter}-${crypto.randomUUID().slice(0, 8)}`;
const newIp = () => `2001:db8:16:${(counter++).toString(16)}::7`;
const { call } = apiClient(newIp);
const db = createD1Database(env.DB);

let adminToken: string;
let ownerToken: string;
let customerToken: string;

beforeAll(async () => {
  adminToken = await apiToken(newIp(), ADMIN);
  ownerToken = await apiToken(newIp(), OWNER);
  customerToken = await apiToken(newIp(), CUSTOMER);
});

/** An outbox row as the change causing it writes one (not queued: this test decides what happens to it). */
async function newMail({
  to = `shopper-${tag()}@example.com`,
  template = "order_placed",
  subject = `Your order TB-${tag()}`,
} = {}) {
  await db.batch([
    mailStatement(db, {
      to,
      subject,
      template,
      text: `Thanks for your order!\nhttps://shop.test/orders/1`,
      html: `<h1>Thanks, ${to}!</h1><script>parent.alert(1)</script>`,
    }),
  ]);
  const row = await env.DB.prepare("SELECT id FROM mail_outbox WHERE to_address = ?").bind(to).first<{ id: string }>();
  return { id: row!.id, to, subject, template };
}

/** A mail whose transport kept failing until the last attempt. */
async function failedMail(options: Parameters<typeof newMail>[0] = {}) {
  const mail = await newMail({ template: "password_reset", ...options });
  await env.DB.prepare(
    "UPDATE mail_outbox SET status = 'failed', attempts = 5, last_error = 'Resend answered 503', transport = 'resend' WHERE id = ?",
  )
    .bind(mail.id)
    .run();
  return mail;
}

const rowOf = (id: string) =>
  env.DB.prepare("SELECT status, attempts, last_error, transport, sent_at FROM mail_outbox WHERE id = ?")
    .bind(id)
    .first<{
      status: string;
      attempts: number;
      last_error: string | null;
      transport: string | null;
      sent_at: number | null;
    }>();

describe("who may call /api/admin/mail", () => {
  it("refuses a guest (401) and a customer (403), and answers staff with no-store", async () => {
    const { id } = await newMail();
    for (const path of ["/api/admin/mail", `/api/admin/mail/${id}`, "/api/admin/mail?status=failed"]) {
      expect((await call("GET", path)).status).toBe(401);
      const customer = await call("GET", path, { token: customerToken });
      expect(customer.status).toBe(403);
      expect(customer.body).toEqual({ success: false, message: "This action is for the shop's staff only." });
      for (const token of [adminToken, ownerToken]) {
        const staff = await call("GET", path, { token });
        expect(staff.status).toBe(200);
        expect(staff.body.success).toBe(true);
        expect(staff.response.headers.get("Cache-Control")).toContain("no-store");
      }
    }
    const failed = await failedMail();
    expect((await call("POST", `/api/admin/mail/${failed.id}/retry`)).status).toBe(401);
    expect((await call("POST", `/api/admin/mail/${failed.id}/retry`, { token: customerToken })).status).toBe(403);
    expect((await rowOf(failed.id))!.status).toBe("failed");
  });

  it("takes the session cookie for a retry only with the page's X-CSRF-Token", async () => {
    const failed = await failedMail();
    const jar = await loggedIn(ADMIN, newIp());
    const retry = (headers: Record<string, string>) =>
      call("POST", `/api/admin/mail/${failed.id}/retry`, { headers: { Cookie: jar.header(), ...headers } });
    expect((await retry({})).status).toBe(403);
    expect((await rowOf(failed.id))!.status).toBe("failed");
    expect((await retry({ "X-CSRF-Token": await csrfOf(jar) })).status).toBe(200);
  });
});

describe("GET /api/admin/mail", () => {
  it("lists newest first in the page shape, filtered by part of the address, template and status, with counts", async () => {
    const group = tag();
    const first = await newMail({ to: `first-${group}@example.com`, template: "order_placed" });
    const second = await newMail({ to: `second-${group}@example.com`, template: "welcome" });
    const third = await failedMail({ to: `third-${group}@example.com` });

    const all = await call("GET", `/api/admin/mail?to=${group.toUpperCase()}`, { token: adminToken });
    expect(all.status).toBe(200);
    expect(all.body.data.data.map((mail: { id: string }) => mail.id)).toEqual([third.id, second.id, first.id]);
    expect(all.body.data).toMatchObject({
      current_page: 1,
      last_page: 1,
      per_page: 20,
      from: 1,
      to: 3,
      total: 3,
      counts: { queued: 2, sent: 0, failed: 1 },
    });
    expect(all.body.data.templates).toEqual(expect.arrayContaining(["order_placed", "password_reset", "welcome"]));
    expect(Object.keys(all.body.data.data[0]).sort()).toEqual(
      [
        "id",
        "to",
        "subject",
        "template",
        "status",
        "attempts",
        "last_error",
        "transport",
        "created_at",
        "sent_at",
        "text",
        "html",
        "headers",
        "body_removed_at",
      ].sort(),
    );
    expect(all.body.data.data[0]).toMatchObject({
      id: third.id,
      to: third.to,
      subject: third.subject,
      template: "password_reset",
      status: "failed",
      attempts: 5,
      last_error: "Resend answered 503",
      transport: "resend",
      sent_at: null,
      text: "Thanks for your order!\nhttps://shop.test/orders/1",
      headers: null,
    });

    const byTemplate = await call("GET", `/api/admin/mail?to=${group}&template=welcome`, { token: adminToken });
    expect(byTemplate.body.data.data.map((mail: { id: string }) => mail.id)).toEqual([second.id]);
    const byStatus = await call("GET", `/api/admin/mail?to=${group}&status=failed`, { token: adminToken });
    expect(byStatus.body.data).toMatchObject({ total: 1, counts: { queued: 2, sent: 0, failed: 1 } });
    const paged = await call("GET", `/api/admin/mail?to=${group}&per_page=2&page=2`, { token: adminToken });
    expect(paged.body.data).toMatchObject({ current_page: 2, last_page: 2, from: 3, to: 3, total: 3 });
    expect(paged.body.data.data.map((mail: { id: string }) => mail.id)).toEqual([first.id]);
  });

  it("refuses a bad filter with a 422 naming the field", async () => {
    const bad = await call("GET", "/api/admin/mail?status=lost", { token: adminToken });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ status: ["The selected status is invalid."] });
    expect((await call("GET", "/api/admin/mail?page=zero", { token: adminToken })).status).toBe(422);
  });

  it("shows one mail; an unknown one is a 404", async () => {
    const mail = await newMail();
    const one = await call("GET", `/api/admin/mail/${mail.id}`, { token: adminToken });
    expect(one.body.data).toMatchObject({
      id: mail.id,
      to: mail.to,
      subject: mail.subject,
      status: "queued",
      attempts: 0,
      last_error: null,
    });
    const unknown = await call("GET", "/api/admin/mail/no-such-mail", { token: adminToken });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, message: "Email not found" });
  });
});

describe("POST /api/admin/mail/{id}/retry", () => {
  it("queues a failed mail again, audited, and the queue's consumer delivers it", async () => {
    const failed = await failedMail();
    const retried = await call("POST", `/api/admin/mail/${failed.id}/retry`, { token: adminToken });
    expect(retried.status).toBe(200);
    expect(retried.body.message).toBe("Email queued to be sent again.");
    expect(retried.body.data).toMatchObject({ id: failed.id, status: "queued", attempts: 0, last_error: null });
    // The consumer (in workerd, no transport configured) takes it from the queue: kept, marked sent to nowhere.
    await vi.waitFor(async () => expect((await rowOf(failed.id))?.status).toBe("sent"), {
      timeout: 10_000,
      interval: 100,
    });
    expect(await rowOf(failed.id)).toMatchObject({ status: "sent", attempts: 1, last_error: null, transport: "none" });
    const audit = await call("GET", `/api/admin/audit?entity=mail&entity_id=${failed.id}`, { token: adminToken });
    expect(audit.body.data.data).toHaveLength(1);
    expect(audit.body.data.data[0]).toMatchObject({
      action: "retry",
      actor: { email: ADMIN.email },
      changes: { status: ["failed", "queued"] },
    });
  });

  it("refuses a sent mail with a 409, and an unknown one with a 404", async () => {
    const mail = await newMail();
    await env.DB.prepare(
      "UPDATE mail_outbox SET status = 'sent', attempts = 1, sent_at = unixepoch(), transport = 'none' WHERE id = ?",
    )
      .bind(mail.id)
      .run();
    const sent = await call("POST", `/api/admin/mail/${mail.id}/retry`, { token: adminToken });
    expect(sent.status).toBe(409);
    expect(sent.body).toEqual({ success: false, message: "This email was already sent." });
    const waiting = await newMail();
    expect((await call("POST", `/api/admin/mail/${waiting.id}/retry`, { token: adminToken })).body).toEqual({
      success: false,
      message: "This email is already waiting to be sent.",
    });
    expect((await call("POST", "/api/admin/mail/no-such-mail/retry", { token: adminToken })).status).toBe(404);
    const audit = await call("GET", `/api/admin/audit?entity=mail&entity_id=${mail.id}`, { token: adminToken });
    expect(audit.body.data.total).toBe(0);
  });
});

async function after(jar: CookieJar, response: Response) {
  expect(response.status).toBe(302);
  const page = await visit(jar, response.headers.get("Location")!);
  expect(page.status).toBe(200);
  return visibleText(await page.text());
}

describe("the mail pages", () => {
  it("keep a guest and a customer out", async () => {
    const { id } = await newMail();
    for (const path of ["/admin/mail", `/admin/mail/${id}`]) {
      expect((await visit(new CookieJar(), path)).status).toBe(302);
      const customer = await visit(await loggedIn(CUSTOMER, newIp()), path);
      expect([302, 403, 404]).toContain(customer.status);
      expect(await customer.text()).not.toContain("Thanks,");
    }
    const failed = await failedMail();
    await postForm(await loggedIn(CUSTOMER, newIp()), `/admin/mail/${failed.id}`, { intent: "retry" });
    expect((await rowOf(failed.id))!.status).toBe("failed");
  });

  it("list the outbox with its filters, and say when nothing matches", async () => {
    const group = tag();
    const welcome = await newMail({
      to: `page-${group}@example.com`,
      template: "welcome",
      subject: `Welcome ${group}`,
    });
    const failed = await failedMail({ to: `page-failed-${group}@example.com`, subject: `Reset ${group}` });
    const jar = await loggedIn(ADMIN, newIp());
    const list = await visit(jar, `/admin/mail?to=${group}`);
    expect(list.status).toBe(200);
    expect(list.headers.get("Cache-Control")).toContain("no-store");
    const html = await list.text();
    const text = visibleText(html);
    expect(text).toContain("Mail");
    expect(text).toContain("Showing 1–2 of 2 emails");
    expect(text).toContain(welcome.to);
    expect(text).toContain(`Welcome ${group}`);
    expect(text).toContain("Failed");
    expect(html).toContain(`href="/admin/mail/${failed.id}"`);
    // Retry only on the failed row.
    expect(html.match(/>Retry<\/button>/g)).toHaveLength(1);
    expect(html).toContain('<option value="welcome"');

    const byTemplate = visibleText(await (await visit(jar, `/admin/mail?to=${group}&template=welcome`)).text());
    expect(byTemplate).toContain("Showing 1–1 of 1 email");
    expect(byTemplate).not.toContain(failed.to);
    const byStatus = visibleText(await (await visit(jar, `/admin/mail?to=${group}&status=failed`)).text());
    expect(byStatus).toContain(failed.to);
    expect(byStatus).not.toContain(welcome.to);
    const none = visibleText(await (await visit(jar, `/admin/mail?to=nobody-${group}`)).text());
    expect(none).toContain("No emails match these filters.");
    const bad = visibleText(await (await visit(jar, `/admin/mail?status=lost`)).text());
    expect(bad).toContain("The selected status is invalid.");
  });

  it("show one mail: its details, the HTML in a sandboxed frame, the text part; an unknown one is a 404", async () => {
    const failed = await failedMail();
    const jar = await loggedIn(ADMIN, newIp());
    const page = await visit(jar, `/admin/mail/${failed.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const iframe = /<iframe[^>]*>/.exec(html)?.[0] ?? "";
    expect(iframe).toContain('sandbox=""');
    expect(iframe).toContain("srcDoc=");
    expect(iframe).toContain("&lt;script&gt;parent.alert(1)&lt;/script&gt;");
    expect(iframe).not.toContain("allow-scripts");
    expect(iframe).not.toContain("allow-same-origin");
    expect(iframe).toContain(`title="The email &quot;${failed.subject}&quot; as the customer sees it"`);
    expect(html).toMatch(/<pre[^>]*>Thanks for your order!\nhttps:\/\/shop.test\/orders\/1<\/pre>/);
    const text = visibleText(html);
    for (const shown of [
      failed.to,
      failed.subject,
      "password_reset",
      "Failed",
      "Resend answered 503",
      "Resend",
      "No staff changes to this email yet.",
    ])
      expect(text).toContain(shown);
    expect((await visit(jar, "/admin/mail/no-such-mail")).status).toBe(404);
  });

  it("show a sent mail whose body the retention sweep removed: what it was, and that its body is gone", async () => {
    const mail = await newMail();
    await env.DB.prepare(
      "UPDATE mail_outbox SET status = 'sent', transport = 'resend', sent_at = unixepoch() - 40 * 86400 WHERE id = ?",
    )
      .bind(mail.id)
      .run();
    // The nightly sweep, on D1 as the Cron Trigger runs it.
    expect(await removeOldMailBodies(db)).toBeGreaterThanOrEqual(1);

    const removed = "The body of this email was removed: the shop keeps a sent email's body for 30 days.";
    const jar = await loggedIn(ADMIN, newIp());
    const page = await visit(jar, `/admin/mail/${mail.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain("<iframe");
    expect(html).not.toContain("Thanks for your order!");
    const text = visibleText(html);
    for (const shown of ["Body removed", removed, mail.to, mail.subject, "order_placed", "Sent"])
      expect(text).toContain(shown);
    expect(text).not.toContain("Text part");

    const one = await call("GET", `/api/admin/mail/${mail.id}`, { token: adminToken });
    expect(one.body.data).toMatchObject({ id: mail.id, status: "sent", text: removed, html: "", headers: null });
    expect(one.body.data.body_removed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("retry a failed mail by form post, with a toast, from its page and from the list", async () => {
    const jar = await loggedIn(ADMIN, newIp());
    const failed = await failedMail();
    const done = await after(jar, await postForm(jar, `/admin/mail/${failed.id}`, { intent: "retry" }));
    expect(done).toContain("Email queued to be sent again.");
    expect(done).toContain(`Queued the email "${failed.subject}" to ${failed.to} to be sent again`);
    await vi.waitFor(async () => expect((await rowOf(failed.id))?.status).toBe("sent"), {
      timeout: 10_000,
      interval: 100,
    });
    expect(await after(jar, await postForm(jar, `/admin/mail/${failed.id}`, { intent: "retry" }))).toContain(
      "This email was already sent.",
    );

    const group = tag();
    const other = await failedMail({ to: `list-${group}@example.com` });
    const fromList = await postForm(jar, `/admin/mail?index&to=${group}`, { intent: "retry", id: other.id });
    expect(fromList.headers.get("Location")).toBe(`/admin/mail?to=${group}`);
    expect(await after(jar, fromList)).toContain("Email queued to be sent again.");
    expect((await rowOf(other.id))!.status).not.toBe("failed");
  });
});

describe("the dashboard", () => {
  it("shows no transport alert outside production", async () => {
    const jar = await loggedIn(ADMIN, newIp());
    const page = await visit(jar, "/admin");
    expect(page.status).toBe(200);
    expect(visibleText(await page.text())).not.toContain("Email is not configured");
  });
});
