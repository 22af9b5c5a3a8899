import { and, eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { mailSuppressions } from "../../../db/schema";
import { ALL_TOPICS, normalEmail, suppressStatement } from "./retention.server";

/**
 * Resend's webhook (`POST /api/mail/events`): an address that bounced for good or complained gets
 * no return mail again (a `mail_suppressions` row of every topic, `*`). Resend signs its calls with
 * Svix: `svix-signature` is a space-separated list of `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`
 * keyed with the secret's bytes (`whsec_<base64>`), and `svix-timestamp` must be within 5 minutes.
 */

/** How far a call's timestamp may be from now, in seconds (Svix's tolerance). */
export const MAIL_EVENT_TOLERANCE_SECONDS = 5 * 60;

export interface SvixHeaders {
  id: string | null | undefined;
  timestamp: string | null | undefined;
  signature: string | null | undefined;
}

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

function toBase64(bytes: ArrayBuffer): string {
  let binary = "";
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Whether two strings are equal, in a time that does not depend on where they differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The `v1` signature of a call, base64 (what Svix sends, and what a test signs with). */
export async function svixSignature(secret: string, id: string, timestamp: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    bytesOf(secret.replace(/^whsec_/, "")),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return toBase64(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${id}.${timestamp}.${body}`)));
}

/** Whether a call is Resend's: one of its `v1` signatures holds, and its timestamp is recent. */
export async function verifySvix(
  secret: string,
  headers: SvixHeaders,
  body: string,
  now = new Date(),
): Promise<boolean> {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(Math.floor(now.getTime() / 1000) - Number(timestamp)) > MAIL_EVENT_TOLERANCE_SECONDS) return false;
  let expected: string;
  try {
    expected = await svixSignature(secret, id, timestamp, body);
  } catch {
    // A secret that is not base64: no call can be verified.
    return false;
  }
  const given = signature.split(" ").flatMap((part) => (part.startsWith("v1,") ? [part.slice(3)] : []));
  let matched = false;
  for (const candidate of given) matched = sameText(candidate, expected) || matched;
  return matched;
}

interface ResendEvent {
  type?: unknown;
  data?: { to?: unknown; bounce?: { type?: unknown } };
}

/** The addresses an event names (`data.to`: a list, or one). */
function recipients(event: ResendEvent): string[] {
  const to = event.data?.to;
  const list = Array.isArray(to) ? to : [to];
  return list.filter((address): address is string => typeof address === "string" && address.includes("@"));
}

/** What an event is to the shop: a reason to stop mailing its addresses, or nothing. */
function suppressionOf(event: ResendEvent): "bounced" | "complained" | null {
  if (event.type === "email.complained") return "complained";
  // `email.bounced` is a permanent rejection; a bounce that says it is not (a full mailbox) is let be.
  if (event.type === "email.bounced") {
    const kind = event.data?.bounce?.type;
    return kind === undefined || kind === "Permanent" ? "bounced" : null;
  }
  return null;
}

/**
 * Records a verified event: a hard bounce or a complaint suppresses its addresses from every
 * return mail (a first reason stays); any other event is accepted and ignored. Answers what it did.
 */
export async function recordMailEvent(db: Database, body: string): Promise<"suppressed" | "ignored"> {
  let event: ResendEvent;
  try {
    event = JSON.parse(body) as ResendEvent;
  } catch {
    return "ignored";
  }
  const reason = event && typeof event === "object" ? suppressionOf(event) : null;
  const addresses = reason ? recipients(event) : [];
  if (!reason || addresses.length === 0) return "ignored";
  const [first, ...rest] = addresses.map((address) => suppressStatement(db, address, ALL_TOPICS, reason));
  await db.batch([first!, ...rest]);
  return "suppressed";
}

/** Why no return mail goes to an address any more (it bounced or complained), or null. */
export async function stoppedReason(db: Database, email: string): Promise<"bounced" | "complained" | null> {
  const [row] = await db
    .select({ reason: mailSuppressions.reason })
    .from(mailSuppressions)
    .where(and(eq(mailSuppressions.email, normalEmail(email)), eq(mailSuppressions.topic, ALL_TOPICS)));
  return row?.reason === "bounced" || row?.reason === "complained" ? row.reason : null;
}
