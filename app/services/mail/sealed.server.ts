import { seal, unseal, type SealEnv } from "../sealed.server";

/**
 * Secrets in mail (a reset link, a confirmation link, a guest's signed order link, an unsubscribe
 * link) never rest in the outbox where staff can read them (docs/decisions/020). A template puts a
 * mark where the secret goes (`secretMark`); the outbox keeps the text and HTML with the marks, and
 * the real values sealed with AES-GCM under a key derived from SESSION_SECRET, a key no staff member
 * and no log ever sees. The queue's consumer unseals them when it delivers the mail; staff see the
 * marks masked (`maskSecrets`).
 */

/** What a mark looks like: random, so no customer's text can hold one. */
const MARK = /\{\{secret:[a-z_]+:[0-9a-f-]{36}\}\}/g;

/** What staff see where a secret was sent. */
export const HIDDEN_SECRET = "[hidden: sent only to the recipient]";

/** A mark for one secret of a mail, put in its text and HTML where the secret goes. */
export function secretMark(name: string): string {
  return `{{secret:${name.toLowerCase().replace(/[^a-z_]/g, "_")}:${crypto.randomUUID()}}}`;
}

/** Whether a text holds a mark (a mail with one must carry its sealed secrets). */
export const hasSecretMark = (body: string): boolean => body.search(MARK) >= 0;

/** A mail's text or HTML as staff may read it: every secret masked. */
export function maskSecrets(body: string): string {
  return body.replace(MARK, HIDDEN_SECRET);
}

/** The environment's part that seals and unseals: the session secret (and whether this is a local run). */
export type SealingEnv = SealEnv;

/** The key's purpose: its HKDF info is "twistbloom mail secrets", as it was before the sealing was shared. */
const PURPOSE = "mail secrets";

/** Seals `{ mark: value }` for the outbox's `secrets` column (app/services/sealed.server.ts). */
export function sealSecrets(env: SealingEnv, secrets: Record<string, string>): Promise<string> {
  return seal(env, PURPOSE, JSON.stringify(secrets));
}

/** The secrets a sealed value holds; throws when it was not sealed with this secret (or was altered). */
export async function unsealSecrets(env: SealingEnv, sealed: string): Promise<Record<string, string>> {
  const plain = await unseal(env, PURPOSE, sealed);
  if (plain === null) throw new Error("The mail's secrets could not be unsealed (another SESSION_SECRET, or altered)");
  return JSON.parse(plain) as Record<string, string>;
}

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

/** A mail's extra headers as staff may read them: every secret masked. */
export function maskHeaders(headers: Record<string, string> | null | undefined): Record<string, string> | null {
  return headers
    ? Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, maskSecrets(value)]))
    : null;
}

/**
 * The mail as its recipient gets it: each mark replaced by its secret (escaped in the HTML; as is in
 * the text and the headers, which are one line already and whose secrets are links). A mark with no
 * secret stays masked, never shown as a mark.
 */
export function revealSecrets<M extends { text: string; html: string; headers?: Record<string, string> | null }>(
  mail: M,
  secrets: Record<string, string>,
): { text: string; html: string; headers: Record<string, string> | null } {
  const reveal = (body: string, escape: (value: string) => string) =>
    body.replace(MARK, (mark) => (mark in secrets ? escape(secrets[mark]!) : HIDDEN_SECRET));
  const plain = (value: string) => value;
  return {
    text: reveal(mail.text, plain),
    html: reveal(mail.html, escapeHtml),
    headers: mail.headers
      ? Object.fromEntries(Object.entries(mail.headers).map(([name, value]) => [name, reveal(value, plain)]))
      : null,
  };
}
