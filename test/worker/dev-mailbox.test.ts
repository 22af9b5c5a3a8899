import { createExecutionContext, createMessageBatch, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../functions/worker";
import { mailStatement } from "../../app/services/mail/outbox.server";
import { sealSecrets, secretMark } from "../../app/services/mail/sealed.server";
import { createD1Database } from "../../db/client";
import { BASE, fetchAs, get, visibleText } from "./helpers";

// The development mailbox (docs/decisions/020): a development server keeps each mail it delivered
// to nowhere as its recipient would get it, for /dev/mail and GET /api/dev/mail. The worker tests
// run with ENVIRONMENT=test: there both are 404 and nothing is kept. The development case calls the
// Worker with ENVIRONMENT=development.

const db = createD1Database(env.DB);
const DEVELOPMENT = { ...env, ENVIRONMENT: "development" } as Env;
const address = () => `dev-${crypto.randomUUID().slice(0, 8)}@example.com`;

/** A sealed mail in the outbox, as the reset's is: its link only a mark there. */
async function sealedMail(to: string) {
  const mark = secretMark("link");
  const link = `${BASE}/reset-password?token=${"t".repeat(43)}`;
  await db.batch([
    mailStatement(db, {
      to,
      subject: "Reset your password",
      template: "password_reset",
      text: `Choose a new password here:\n${mark}`,
      html: `<p><a href="${mark}">Choose a new password</a></p>`,
      headers: { "X-Entity-Ref-ID": mark },
      sealed: await sealSecrets(env, { [mark]: link }),
    }),
  ]);
  const row = await env.DB.prepare("SELECT id FROM mail_outbox WHERE to_address = ? ORDER BY rowid DESC")
    .bind(to)
    .first<{ id: string }>();
  return { id: row!.id, link };
}

async function deliver(id: string, bindings: Env) {
  const batch = createMessageBatch<{ id: string }>("twistbloom-mail", [
    { id: `message-${id}`, timestamp: new Date(), attempts: 1, body: { id } },
  ]);
  const ctx = createExecutionContext();
  await worker.queue!(batch, bindings, ctx);
  await waitOnExecutionContext(ctx);
}

const kept = async (to: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM dev_mailbox WHERE to_address = ?").bind(to).first<{ n: number }>())!
    .n;

describe("anywhere but a development server", () => {
  it("has no mailbox page: /dev/mail and a mail's page are the not-found page", async () => {
    const to = address();
    const { id } = await sealedMail(to);
    await deliver(id, env);
    for (const path of ["/dev/mail", `/dev/mail?to=${encodeURIComponent(to)}`, `/dev/mail/${id}`]) {
      const response = await get(path);
      expect(response.status).toBe(404);
      const text = visibleText(await response.text());
      expect(text).toContain("Page Not Found");
      expect(text).not.toContain("reset-password");
    }
  });

  it("has no mailbox API: GET /api/dev/mail is the API's 404", async () => {
    const to = address();
    const { id } = await sealedMail(to);
    await deliver(id, env);
    const response = await get(`/api/dev/mail?to=${encodeURIComponent(to)}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ success: false, message: "Not found" });
  });

  it("keeps nothing revealed: a mail delivered to nowhere is only in the outbox, with its mark", async () => {
    const to = address();
    const { id, link } = await sealedMail(to);
    await deliver(id, env);
    const row = await env.DB.prepare("SELECT status, transport, text, html FROM mail_outbox WHERE id = ?")
      .bind(id)
      .first<{ status: string; transport: string; text: string; html: string }>();
    expect(row).toMatchObject({ status: "sent", transport: "none" });
    expect(row!.text + row!.html).not.toContain(link);
    expect(await kept(to)).toBe(0);
  });
});

describe("on a development server", () => {
  it("keeps the delivered mail as its recipient gets it, and the API gives it, newest first", async () => {
    const to = address();
    const first = await sealedMail(to);
    await deliver(first.id, DEVELOPMENT);
    const { id, link } = await sealedMail(to);
    await deliver(id, DEVELOPMENT);
    expect(await kept(to)).toBe(2);
    // The outbox still holds only the marks.
    const outbox = await env.DB.prepare("SELECT text, html, headers FROM mail_outbox WHERE id = ?")
      .bind(id)
      .first<{ text: string; html: string; headers: string }>();
    expect(outbox!.text + outbox!.html + outbox!.headers).not.toContain("token=");

    const response = await fetchAs(DEVELOPMENT, `/api/dev/mail?to=${encodeURIComponent(to.toUpperCase())}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = (await response.json()) as {
      success: boolean;
      data: Array<{ id: string; to: string; subject: string; text: string; html: string; sent_at: string }>;
    };
    expect(body.success).toBe(true);
    expect(body.data.map((mail) => mail.id)).toEqual([id, first.id]);
    expect(body.data[0]).toMatchObject({
      to,
      subject: "Reset your password",
      text: `Choose a new password here:\n${link}`,
    });
    expect(body.data[0]!.html).toContain(`href="${link}"`);
    expect(Date.parse(body.data[0]!.sent_at)).not.toBeNaN();
    // Another address's mail is not among them.
    const other = (await (await fetchAs(DEVELOPMENT, `/api/dev/mail?to=${encodeURIComponent(address())}`)).json()) as {
      data: unknown[];
    };
    expect(other.data).toEqual([]);
  });

  it("lists the mails at /dev/mail and opens one: its text with the link, its HTML in a sandboxed frame", async () => {
    const to = address();
    const { id, link } = await sealedMail(to);
    await deliver(id, DEVELOPMENT);
    const list = await fetchAs(DEVELOPMENT, `/dev/mail?to=${encodeURIComponent(to.slice(0, 12))}`);
    expect(list.status).toBe(200);
    expect(list.headers.get("Cache-Control")).toBe("private, no-store");
    const listHtml = await list.text();
    expect(visibleText(listHtml)).toContain(to);
    expect(listHtml).toContain(`href="/dev/mail/${id}"`);

    const page = await fetchAs(DEVELOPMENT, `/dev/mail/${id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(visibleText(html)).toContain(`Choose a new password here: ${link}`);
    expect(html).toContain(`<a href="${link.replace(/&/g, "&amp;")}"`);
    expect(html).toMatch(/<iframe sandbox=""[^>]*srcDoc=|<iframe sandbox=""[^>]*srcdoc=/i);
    expect((await fetchAs(DEVELOPMENT, "/dev/mail/no-such-mail")).status).toBe(404);
  });
});
