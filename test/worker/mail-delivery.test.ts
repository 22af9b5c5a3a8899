import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../functions/worker";
import { expectConsoleError } from "../console-guard";
import { mailStatement } from "../../app/services/mail/outbox.server";
import { deliverMail, MAX_MAIL_ATTEMPTS } from "../../app/services/mail/delivery.server";
import { createD1Database } from "../../db/client";

// The outbox delivered by the queue's consumer, in workerd: with no transport (kept, marked sent to
// nowhere), through Resend's REST API (its HTTP mocked), retried after a failure with backoff, failed
// after the last attempt, sent once when a message comes twice; and the sweep of lost messages.

const db = createD1Database(env.DB);
const RESEND = { ...env, RESEND_API_KEY: "re_test_key", MAIL_FROM: "Twistbloom <shop@twistbloom.test>" };

async function newMail(to = `shopper-${crypto.randomUUID().slice(0, 8)}@example.com`) {
  const statement = mailStatement(db, {
    to,
    subject: "Your order TB-1",
    template: "order_placed",
    text: "Thanks! https://shop.test/orders/1",
    html: "<p>Thanks!</p>",
  });
  await db.batch([statement]);
  const row = await env.DB.prepare("SELECT id FROM mail_outbox WHERE to_address = ?").bind(to).first<{ id: string }>();
  return row!.id;
}

const rowOf = (id: string) =>
  env.DB.prepare("SELECT status, attempts, last_error, transport, sent_at, claimed_at FROM mail_outbox WHERE id = ?")
    .bind(id)
    .first<{
      status: string;
      attempts: number;
      last_error: string | null;
      transport: string | null;
      sent_at: number | null;
      claimed_at: number | null;
    }>();

async function consume(ids: string[], bindings: Env = env) {
  const batch = createMessageBatch<{ id: string }>(
    "twistbloom-mail",
    ids.map((id, i) => ({ id: `message-${i}-${id}`, timestamp: new Date(), attempts: 1, body: { id } })),
  );
  const ctx = createExecutionContext();
  await worker.queue!(batch, bindings, ctx);
  return getQueueResult(batch, ctx);
}

function resendAnswers(...statuses: number[]) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    calls.push({ url: String(input instanceof Request ? input.url : input), init: init ?? {} });
    const status = statuses.length > 1 ? statuses.shift()! : statuses[0]!;
    return new Response(JSON.stringify(status < 300 ? { id: "resend-id" } : { message: "Internal error" }), { status });
  });
  return { calls, fetchSpy };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the mail queue's consumer", () => {
  it("keeps a mail in the outbox, marked sent to nowhere, when no transport is configured", async () => {
    const id = await newMail();
    const result = await consume([id]);
    expect(result.explicitAcks).toEqual([`message-0-${id}`]);
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 1, transport: "none", last_error: null });
  });

  it("sends through Resend's REST API with the outbox id as the idempotency key", async () => {
    const { calls } = resendAnswers(200);
    const id = await newMail("ada@example.com");
    await consume([id], RESEND);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("https://api.resend.com/emails");
    const headers = new Headers(calls[0]!.init.headers);
    expect(headers.get("Authorization")).toBe("Bearer re_test_key");
    expect(headers.get("Idempotency-Key")).toBe(id);
    expect(JSON.parse(String(calls[0]!.init.body))).toMatchObject({
      from: "Twistbloom <shop@twistbloom.test>",
      to: ["ada@example.com"],
      subject: "Your order TB-1",
      text: "Thanks! https://shop.test/orders/1",
      html: "<p>Thanks!</p>",
    });
    expect(await rowOf(id)).toMatchObject({ status: "sent", transport: "resend", attempts: 1 });
  });

  it("retries with backoff after a 500, keeping the error, and sends on the next delivery", async () => {
    const { calls } = resendAnswers(500, 200);
    const id = await newMail();
    const first = await consume([id], RESEND);
    expect(first.retryMessages.map((message: { msgId: string }) => message.msgId)).toEqual([`message-0-${id}`]);
    expect(await rowOf(id)).toMatchObject({
      status: "queued",
      attempts: 1,
      claimed_at: null,
      last_error: expect.stringContaining("Resend answered 500"),
    });
    const second = await consume([id], RESEND);
    expect(second.explicitAcks).toHaveLength(1);
    expect(calls).toHaveLength(2);
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 2, last_error: null });
  });

  it("retries a mail whose transport did not answer in time, saying so", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new DOMException("The operation timed out.", "TimeoutError"));
    const id = await newMail();
    const result = await consume([id], RESEND);
    expect(result.retryMessages).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({
      status: "queued",
      attempts: 1,
      last_error: "The transport did not answer within 10 s",
    });
  });

  it("ends failed with its last error after the last attempt, and never sends it again", async () => {
    const { calls } = resendAnswers(503);
    const id = await newMail();
    const delays: number[] = [];
    for (let attempt = 1; attempt < MAX_MAIL_ATTEMPTS; attempt++) {
      // The consumer's answer for the message: retry after this delay (the queue's backoff).
      const result = await deliverMail(db, RESEND, id);
      if (result.outcome === "retry") delays.push(result.delaySeconds);
    }
    expect(delays).toEqual([30, 60, 120, 240]);
    // The operator's log says so once, naming the transport and the mail, not its recipient.
    expectConsoleError(
      new RegExp(`"msg":"mail failed for good".*"transport":"resend","mail_id":"${id}","attempt":${MAX_MAIL_ATTEMPTS}`),
    );
    expect((await consume([id], RESEND)).explicitAcks).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({
      status: "failed",
      attempts: MAX_MAIL_ATTEMPTS,
      last_error: expect.stringContaining("503"),
    });
    await consume([id], RESEND);
    expect(calls).toHaveLength(MAX_MAIL_ATTEMPTS);
  });

  it("sends once when the same message is delivered twice, in one batch or later", async () => {
    const { calls } = resendAnswers(200);
    const id = await newMail();
    await consume([id, id], RESEND);
    await consume([id], RESEND);
    expect(calls).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("leaves a mail another consumer is sending alone, and takes it over once that claim is stale", async () => {
    resendAnswers(200);
    const id = await newMail();
    await env.DB.prepare("UPDATE mail_outbox SET claimed_at = unixepoch(), attempts = 1 WHERE id = ?").bind(id).run();
    expect((await consume([id], RESEND)).explicitAcks).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: "queued", attempts: 1 });
    await env.DB.prepare("UPDATE mail_outbox SET claimed_at = unixepoch() - 3600 WHERE id = ?").bind(id).run();
    await consume([id], RESEND);
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("sends through Cloudflare's send_email binding, as a MIME message, when Resend is not configured", async () => {
    // workerd's EmailMessage keeps its raw message to itself; the MIME text is covered by test/unit/mime.test.ts.
    const sent: Array<{ from: string; to: string }> = [];
    const binding = {
      async send(message: EmailMessage) {
        sent.push({ from: message.from, to: message.to });
      },
    };
    const id = await newMail("grace@example.com");
    await consume([id], {
      ...env,
      SEND_EMAIL: binding as unknown as SendEmail,
      MAIL_FROM: "Twistbloom <shop@twistbloom.test>",
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ from: "shop@twistbloom.test", to: "grace@example.com" });
    expect(await rowOf(id)).toMatchObject({ status: "sent", transport: "send_email" });
  });

  it("drops a message whose row does not exist (its batch failed)", async () => {
    const result = await consume(["no-such-mail"]);
    expect(result.explicitAcks).toEqual(["message-0-no-such-mail"]);
  });
});

describe("the mail sweep (Cron Trigger, every 10 minutes)", () => {
  it("queues again a mail whose queue message was lost, and the consumer delivers it", async () => {
    const id = await newMail();
    await env.DB.prepare("UPDATE mail_outbox SET created_at = unixepoch() - 3600 WHERE id = ?").bind(id).run();
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: "*/10 * * * *", scheduledTime: new Date() }), env, ctx);
    await waitOnExecutionContext(ctx);
    await vi.waitFor(async () => expect((await rowOf(id))?.status).toBe("sent"), { timeout: 10_000, interval: 100 });
  });
});

describe("mailStatement", () => {
  it("refuses an address that could carry another header, and keeps the subject on one line", async () => {
    expect(() =>
      mailStatement(db, {
        to: "a@example.com\r\nBcc: all@example.com",
        subject: "x",
        template: "t",
        text: "",
        html: "",
      }),
    ).toThrow();
    expect(() =>
      mailStatement(db, { to: "Ada <a@example.com>", subject: "x", template: "t", text: "", html: "" }),
    ).toThrow();
    const to = "one-line@example.com";
    await db.batch([
      mailStatement(db, { to, subject: "Hello\r\nBcc: all@example.com", template: "t", text: "", html: "" }),
    ]);
    const row = await env.DB.prepare("SELECT subject FROM mail_outbox WHERE to_address = ?")
      .bind(to)
      .first<{ subject: string }>();
    expect(row!.subject).toBe("Hello Bcc: all@example.com");
  });
});
