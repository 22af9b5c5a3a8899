import { log } from "../log.server";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { mailOutbox } from "../../../db/schema";
import { addressOf, mimeMessage } from "./mime";
import { CLAIM_SECONDS } from "./outbox.server";
import { devMailStatement, hasDevMailbox } from "./dev-mailbox.server";
import { revealSecrets, unsealSecrets, type SealingEnv } from "./sealed.server";

/** After this many tries a mail ends `failed` with its last error; staff can retry it from /admin/mail. */
export const MAX_MAIL_ATTEMPTS = 5;

/** Seconds before the next try: 30 s, 1, 2, 4 min... (the queue's retry delay). */
export const retryDelaySeconds = (attempts: number) => Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);

export interface MailTransportEnv extends SealingEnv {
  RESEND_API_KEY?: string;
  MAIL_FROM?: string;
  SEND_EMAIL?: SendEmail;
}

/** `cloudflare:email`'s EmailMessage, handed in by the Worker (the module exists only in workerd). */
export type EmailMessageConstructor = new (from: string, to: string, raw: string) => EmailMessage;

/**
 * Which transport mail leaves by: Resend when its key and a sender are set; else Cloudflare's
 * `send_email` binding when it and a sender are configured; else none (kept in the outbox only).
 */
export function transportName(env: MailTransportEnv): "resend" | "send_email" | "none" {
  if (env.RESEND_API_KEY && env.MAIL_FROM) return "resend";
  if (env.SEND_EMAIL && env.MAIL_FROM) return "send_email";
  return "none";
}

type Row = typeof mailOutbox.$inferSelect;

/** Resend's REST API (https://resend.com/docs/api-reference/emails/send-email); the outbox id as the idempotency key. */
async function sendWithResend(env: Required<Omit<MailTransportEnv, "SEND_EMAIL">>, mail: Row): Promise<void> {
  const response = await fetch("https://api.resend.com/emails", {
    method: "POST",
    headers: {
      Authorization: `Bearer ${env.RESEND_API_KEY}`,
      "Content-Type": "application/json",
      // A message delivered twice after a send whose result was lost is still one email.
      "Idempotency-Key": mail.id,
    },
    body: JSON.stringify({
      from: env.MAIL_FROM,
      to: [mail.toAddress],
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      ...(mail.headers ? { headers: mail.headers } : {}),
    }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) {
    const detail = (await response.text().catch(() => "")).slice(0, 300);
    throw new Error(`Resend answered ${response.status}${detail ? `: ${detail}` : ""}`);
  }
}

/** Cloudflare Email Routing's `send_email` binding: the raw MIME message. */
async function sendWithBinding(
  env: MailTransportEnv,
  mail: Row,
  EmailMessageClass: EmailMessageConstructor | undefined,
): Promise<void> {
  if (!EmailMessageClass) throw new Error("The send_email binding needs cloudflare:email's EmailMessage");
  const raw = mimeMessage({
    id: mail.id,
    from: env.MAIL_FROM!,
    to: mail.toAddress,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
  });
  await env.SEND_EMAIL!.send(new EmailMessageClass(addressOf(env.MAIL_FROM!), mail.toAddress, raw));
}

export type DeliveryResult = { outcome: "sent" | "skipped" | "failed" } | { outcome: "retry"; delaySeconds: number };

/**
 * Delivers one outbox row (the queue consumer calls this per message). The row is claimed first,
 * in SQL: only a `queued` row that nobody holds (or whose holder died long ago) is taken, so a
 * message delivered twice sends once; a sent or failed row is never sent again. A transport that
 * fails (an HTTP error, a timeout) leaves the row queued for the queue's next retry, with its error,
 * until the last attempt marks it `failed`. Nothing else (the order, the reset) depends on it.
 */
export async function deliverMail(
  db: Database,
  env: MailTransportEnv,
  id: string,
  EmailMessageClass?: EmailMessageConstructor,
): Promise<DeliveryResult> {
  const [mail] = await db
    .update(mailOutbox)
    .set({ claimedAt: sql`unixepoch()`, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(
      and(
        eq(mailOutbox.id, id),
        eq(mailOutbox.status, "queued"),
        or(isNull(mailOutbox.claimedAt), lt(mailOutbox.claimedAt, sql`unixepoch() - ${CLAIM_SECONDS}`)),
      ),
    )
    .returning();
  if (!mail) return { outcome: "skipped" };
  const transport = transportName(env);
  try {
    // The secrets come back only here, in memory, for the transport: the row keeps its marks.
    if (mail.secrets) Object.assign(mail, revealSecrets(mail, await unsealed(env, mail.secrets)));
    if (transport === "resend") await sendWithResend(env as Required<Omit<MailTransportEnv, "SEND_EMAIL">>, mail);
    else if (transport === "send_email") await sendWithBinding(env, mail, EmailMessageClass);
  } catch (error) {
    const message =
      error instanceof Error
        ? error.name === "TimeoutError"
          ? "The transport did not answer within 10 s"
          : error.message
        : String(error);
    const last = mail.attempts >= MAX_MAIL_ATTEMPTS;
    const fields = { transport, mail_id: id, attempt: mail.attempts };
    if (last) log.error("mail failed for good", error, fields);
    else log.warn("mail transport failed; will retry", fields, error);
    await db
      .update(mailOutbox)
      .set({
        claimedAt: null,
        lastError: message.slice(0, 500),
        transport,
        ...(last ? { status: "failed" as const } : {}),
      })
      .where(eq(mailOutbox.id, id));
    return last ? { outcome: "failed" } : { outcome: "retry", delaySeconds: retryDelaySeconds(mail.attempts) };
  }
  const sent = db
    .update(mailOutbox)
    .set({ status: "sent", sentAt: sql`unixepoch()`, claimedAt: null, lastError: null, transport })
    .where(eq(mailOutbox.id, id));
  // Sent to nowhere on a development server: the mail as its recipient would get it goes to the
  // development mailbox (/dev/mail), in the same batch. Nowhere else is it kept revealed.
  if (transport === "none" && hasDevMailbox(env)) await db.batch([sent, devMailStatement(db, mail)]);
  else await sent;
  log.info("mail sent", { transport, mail_id: id, attempt: mail.attempts });
  return { outcome: "sent" };
}

/** The secrets of a row; a clear error (kept on the row) when they cannot be unsealed: SESSION_SECRET changed since it was written. */
async function unsealed(env: SealingEnv, sealed: string): Promise<Record<string, string>> {
  try {
    return await unsealSecrets(env, sealed);
  } catch {
    throw new Error("The email's links could not be unsealed: SESSION_SECRET changed since it was written");
  }
}
