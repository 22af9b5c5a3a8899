import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, users } from "../../db/schema";
import { MAIL_MESSAGES, MailListQuerySchema } from "~/lib/schemas/admin-mail";
import { listAudit } from "../../app/services/audit.server";
import type { Actor } from "../../app/services/audit.server";
import { getMail, listMail, mailNotDelivered, retryMail } from "~/services/admin/mail.server";
import { ConflictError, NotFoundError } from "~/services/errors";
import { deliverMail, MAX_MAIL_ATTEMPTS } from "~/services/mail/delivery.server";
import { mailStatement, removeOldMailBodies, takeQueuedMail } from "~/services/mail/outbox.server";
import { ADMIN } from "../fixtures/accounts";
import { createTestDb, type TestDb } from "./db";
import { rejection } from "./fixtures";

const query = (values: Record<string, string> = {}) => MailListQuerySchema.parse(values);
const suffix = () => crypto.randomUUID().slice(0, 8);

describe("the back office's outbox", () => {
  let t: TestDb;
  let admin: Actor;
  beforeAll(async () => {
    t = await createTestDb();
    const [row] = await t.db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.email, ADMIN.email));
    admin = row!;
  });

  async function write(mail: { to: string; template?: string; subject?: string }) {
    await t.db.batch([
      mailStatement(t.db, {
        to: mail.to,
        subject: mail.subject ?? `Hello ${mail.to}`,
        template: mail.template ?? "order_placed",
        text: `Text for ${mail.to}`,
        html: `<p>HTML for ${mail.to}</p>`,
      }),
    ]);
    takeQueuedMail(t.db);
    const [row] = await t.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.toAddress, mail.to));
    return row!.id;
  }

  /** A mail whose transport kept failing until the last attempt. */
  async function failed(to: string) {
    const id = await write({ to, template: "password_reset" });
    await t.db
      .update(mailOutbox)
      .set({ status: "failed", attempts: MAX_MAIL_ATTEMPTS, lastError: "Resend answered 503", transport: "resend" })
      .where(eq(mailOutbox.id, id));
    return id;
  }

  it("lists newest first, by part of the address (any case), template and status, with counts per status and the templates present", async () => {
    const tag = suffix();
    const first = await write({ to: `first-${tag}@example.com`, template: "order_placed" });
    const second = await write({ to: `Second-${tag}@example.com`, template: "welcome" });
    const third = await failed(`third-${tag}@example.com`);

    const all = await listMail(t.db, query({ to: tag.toUpperCase() }));
    expect(all.data.map((mail) => mail.id)).toEqual([third, second, first]);
    expect(all).toMatchObject({
      total: 3,
      current_page: 1,
      last_page: 1,
      from: 1,
      to: 3,
      counts: { queued: 2, sent: 0, failed: 1 },
    });
    expect(all.templates).toEqual(expect.arrayContaining(["order_placed", "password_reset", "welcome"]));
    expect(all.data[0]).toMatchObject({
      to: `third-${tag}@example.com`,
      template: "password_reset",
      status: "failed",
      attempts: MAX_MAIL_ATTEMPTS,
      last_error: "Resend answered 503",
      transport: "resend",
      sent_at: null,
      text: `Text for third-${tag}@example.com`,
      html: `<p>HTML for third-${tag}@example.com</p>`,
      can_retry: true,
    });

    expect((await listMail(t.db, query({ to: `second-${tag}` }))).data.map((mail) => mail.id)).toEqual([second]);
    expect((await listMail(t.db, query({ to: tag, template: "welcome" }))).data.map((mail) => mail.id)).toEqual([
      second,
    ]);
    const failedOnly = await listMail(t.db, query({ to: tag, status: "failed" }));
    expect(failedOnly.data.map((mail) => mail.id)).toEqual([third]);
    // The counts follow the address and template, not the status (the other statuses stay in view).
    expect(failedOnly).toMatchObject({ total: 1, counts: { queued: 2, sent: 0, failed: 1 } });
    expect((await listMail(t.db, query({ to: tag, template: "welco" }))).total).toBe(0);
    expect((await listMail(t.db, query({ to: `nobody-${tag}` }))).data).toEqual([]);
  });

  it("pages the list", async () => {
    const tag = suffix();
    for (let i = 0; i < 5; i++) await write({ to: `page${i}-${tag}@example.com` });
    const second = await listMail(t.db, query({ to: tag, per_page: "2", page: "2" }));
    expect(second).toMatchObject({ current_page: 2, last_page: 3, per_page: 2, from: 3, to: 4, total: 5 });
    expect(second.data.map((mail) => mail.to)).toEqual([`page2-${tag}@example.com`, `page1-${tag}@example.com`]);
    const beyond = await listMail(t.db, query({ to: tag, per_page: "2", page: "9" }));
    expect(beyond).toMatchObject({ data: [], from: null, to: null, total: 5 });
  });

  it("shows one mail with its audit trail; an unknown one is null", async () => {
    const id = await write({ to: `one-${suffix()}@example.com`, subject: "Your order TB-9" });
    const found = await getMail(t.db, id);
    expect(found).toMatchObject({
      mail: { id, subject: "Your order TB-9", status: "queued", attempts: 0, can_retry: false },
      audit: [],
    });
    expect(await getMail(t.db, "no-such-mail")).toBeNull();
  });

  it("retries a failed mail: queued again with a fresh set of attempts, audited in the same batch, its id queued", async () => {
    const to = `retry-${suffix()}@example.com`;
    const id = await failed(to);
    const mail = await retryMail(t.db, admin, id);
    expect(mail).toMatchObject({ id, status: "queued", attempts: 0, last_error: null, can_retry: false });
    expect(takeQueuedMail(t.db)).toEqual([id]);
    const { audit } = (await getMail(t.db, id))!;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: { id: admin.id, name: admin.name, email: admin.email },
      action: "retry",
      entity: "mail",
      entity_id: id,
      summary: `Queued the email "Hello ${to}" to ${to} to be sent again`,
      changes: {
        status: ["failed", "queued"],
        attempts: [MAX_MAIL_ATTEMPTS, 0],
        last_error: ["Resend answered 503", null],
      },
    });
    // The consumer then gives it a full set of tries: with no transport it is kept, marked sent.
    expect(await deliverMail(t.db, {}, id)).toEqual({ outcome: "sent" });
    expect((await getMail(t.db, id))!.mail).toMatchObject({
      status: "sent",
      attempts: 1,
      transport: "none",
      can_retry: false,
    });
  });

  it("retries a mail waiting in the queue after a failed try, but not one being sent", async () => {
    const id = await write({ to: `waiting-${suffix()}@example.com` });
    await t.db.update(mailOutbox).set({ attempts: 2, lastError: "Resend answered 500" }).where(eq(mailOutbox.id, id));
    expect((await getMail(t.db, id))!.mail.can_retry).toBe(true);
    await t.db
      .update(mailOutbox)
      .set({ claimedAt: Math.floor(Date.now() / 1000) })
      .where(eq(mailOutbox.id, id));
    const sending = await rejection(retryMail(t.db, admin, id));
    expect(sending).toBeInstanceOf(ConflictError);
    expect(sending.message).toBe(MAIL_MESSAGES.sending);
    await t.db.update(mailOutbox).set({ claimedAt: null }).where(eq(mailOutbox.id, id));
    expect(await retryMail(t.db, admin, id)).toMatchObject({ status: "queued", attempts: 0, last_error: null });
    takeQueuedMail(t.db);
  });

  it("refuses to retry a sent mail (409), one already waiting, and an unknown one (404), writing nothing", async () => {
    const auditBefore = (await listAudit(t.db, { entity: "mail", page: 1, per_page: 100 })).total;
    const sent = await write({ to: `sent-${suffix()}@example.com` });
    await deliverMail(t.db, {}, sent);
    const refused = await rejection(retryMail(t.db, admin, sent));
    expect(refused).toBeInstanceOf(ConflictError);
    expect(refused.message).toBe("This email was already sent.");
    expect((await getMail(t.db, sent))!.mail).toMatchObject({ status: "sent", attempts: 1 });

    const waiting = await write({ to: `new-${suffix()}@example.com` });
    const notYet = await rejection(retryMail(t.db, admin, waiting));
    expect(notYet).toBeInstanceOf(ConflictError);
    expect(notYet.message).toBe(MAIL_MESSAGES.waiting);

    const unknown = await rejection(retryMail(t.db, admin, "no-such-mail"));
    expect(unknown).toBeInstanceOf(NotFoundError);
    expect(unknown.message).toBe("Email not found");
    expect(takeQueuedMail(t.db)).toEqual([]);
    expect((await listAudit(t.db, { entity: "mail", page: 1, per_page: 100 })).total).toBe(auditBefore);
  });
});

describe("the dashboard's transport warning", () => {
  it("warns only in production with no transport configured", () => {
    expect(mailNotDelivered({ ENVIRONMENT: "production" })).toBe(true);
    expect(mailNotDelivered({ ENVIRONMENT: "production", RESEND_API_KEY: "re_key" })).toBe(true);
    expect(
      mailNotDelivered({ ENVIRONMENT: "production", RESEND_API_KEY: "re_key", MAIL_FROM: "shop@example.com" }),
    ).toBe(false);
    expect(mailNotDelivered({ ENVIRONMENT: "test" })).toBe(false);
    expect(mailNotDelivered({ ENVIRONMENT: "development" })).toBe(false);
    expect(mailNotDelivered({})).toBe(false);
  });
});

describe("the outbox's retention sweep", () => {
  let t: TestDb;
  const now = new Date("2030-06-01T03:17:00Z");
  const daysBefore = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  beforeAll(async () => {
    t = await createTestDb();
    await t.client.execute("DELETE FROM mail_outbox");
  });

  /** A mail written `days` ago, sent then unless it is still queued or failed for good. */
  async function mail(to: string, days: number, status: "sent" | "queued" | "failed" = "sent") {
    await t.db.batch([
      mailStatement(t.db, {
        to,
        subject: `Order for ${to}`,
        template: "order_placed",
        text: `Text for ${to}`,
        html: `<p>HTML for ${to}</p>`,
        headers: { "List-Unsubscribe": "<https://shop.test/unsubscribe>" },
      }),
    ]);
    takeQueuedMail(t.db);
    const [row] = await t.db
      .update(mailOutbox)
      .set({
        status,
        createdAt: daysBefore(days),
        sentAt: status === "sent" ? daysBefore(days) : null,
        secrets: "sealed",
      })
      .where(eq(mailOutbox.toAddress, to))
      .returning({ id: mailOutbox.id });
    return row!.id;
  }

  const bodyOf = async (id: string) =>
    (
      await t.db
        .select({
          to: mailOutbox.toAddress,
          subject: mailOutbox.subject,
          template: mailOutbox.template,
          status: mailOutbox.status,
          text: mailOutbox.text,
          html: mailOutbox.html,
          headers: mailOutbox.headers,
          secrets: mailOutbox.secrets,
          sent: mailOutbox.sentAt,
          removed: mailOutbox.bodyRemovedAt,
        })
        .from(mailOutbox)
        .where(eq(mailOutbox.id, id))
    )[0]!;

  it("empties the bodies of mails sent more than 30 days ago, keeps recent and unsent ones, and does it once", async () => {
    const old = await mail("old@example.com", 31);
    const older = await mail("older@example.com", 400);
    const recent = await mail("recent@example.com", 29);
    const queued = await mail("queued@example.com", 60, "queued");
    const failed = await mail("failed@example.com", 60, "failed");
    const audit = await t.client.execute("SELECT count(*) AS n FROM audit_log");

    expect(await removeOldMailBodies(t.db, now)).toBe(2);

    for (const id of [old, older]) {
      const row = await bodyOf(id);
      expect(row).toMatchObject({
        status: "sent",
        template: "order_placed",
        text: MAIL_MESSAGES.bodyRemoved(30),
        html: "",
        headers: null,
        secrets: null,
      });
      expect(row.to).toMatch(/^old(er)?@example\.com$/);
      expect(row.subject).toBe(`Order for ${row.to}`);
      expect(row.sent).not.toBeNull();
      expect(row.removed).not.toBeNull();
    }
    for (const id of [recent, queued, failed]) {
      const row = await bodyOf(id);
      expect(row.text).toMatch(/^Text for /);
      expect(row.html).toMatch(/^<p>HTML for /);
      expect(row.headers).toEqual({ "List-Unsubscribe": "<https://shop.test/unsubscribe>" });
      expect(row.secrets).toBe("sealed");
      expect(row.removed).toBeNull();
    }
    // The back office and the API say so, instead of an empty body.
    const shown = (await getMail(t.db, old))!.mail;
    expect(shown.text).toBe("The body of this email was removed: the shop keeps a sent email's body for 30 days.");
    expect(shown.body_removed_at).not.toBeNull();
    expect((await getMail(t.db, recent))!.mail.body_removed_at).toBeNull();

    // Again: nothing more to do, nothing changed; the audit trail untouched.
    const before = await bodyOf(old);
    expect(await removeOldMailBodies(t.db, now)).toBe(0);
    expect(await bodyOf(old)).toEqual(before);
    expect((await t.client.execute("SELECT count(*) AS n FROM audit_log")).rows).toEqual(audit.rows);
  });

  it("follows the setting, and reads the next chunk through the index of kept bodies", async () => {
    const recent = await mail("ten-days@example.com", 10);
    await t.client.execute("UPDATE settings SET value = '7' WHERE key = 'mail_body_retention_days'");
    expect(await removeOldMailBodies(t.db, now)).toBeGreaterThanOrEqual(1);
    expect((await bodyOf(recent)).text).toBe(MAIL_MESSAGES.bodyRemoved(7));
    await t.client.execute("UPDATE settings SET value = '30' WHERE key = 'mail_body_retention_days'");

    const plan = await t.client.execute({
      sql: "EXPLAIN QUERY PLAN SELECT id FROM mail_outbox WHERE status = 'sent' AND body_removed_at IS NULL AND sent_at < ? ORDER BY sent_at LIMIT 500",
      args: [0],
    });
    const details = plan.rows.map((row) => String(row.detail)).join("\n");
    expect(details).toContain("USING INDEX mail_outbox_body_kept_idx (status=? AND sent_at<?)");
    expect(details).not.toMatch(/SCAN mail_outbox|TEMP B-TREE/);
  });
});
