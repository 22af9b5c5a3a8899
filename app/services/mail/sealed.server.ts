import { sessionSecret } from "../secrets.server";

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

/** A mail's text or HTML as staff may read it: every secret masked. */
export function maskSecrets(body: string): string {
  return body.replace(MARK, HIDDEN_SECRET);
}

const keys = new Map<string, Promise<CryptoKey>>();

/** The AES-GCM key of mail secrets, derived (HKDF) from the session secret; imported once per isolate. */
function sealingKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle
      .importKey("raw", new TextEncoder().encode(secret), "HKDF", false, ["deriveKey"])
      .then((base) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: new TextEncoder().encode("twistbloom mail secrets") },
          base,
          { name: "AES-GCM", length: 256 },
          false,
          ["encrypt", "decrypt"],
        ),
      );
    key.catch(() => keys.delete(secret));
    keys.set(secret, key);
  }
  return key;
}

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(value: string): Uint8Array {
  const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** The environment's part that seals and unseals: the session secret (and whether this is a local run). */
export type SealingEnv = Pick<Env, "SESSION_SECRET" | "ENVIRONMENT">;

/** Seals `{ mark: value }` for the outbox's `secrets` column: a 12-byte IV and the AES-GCM ciphertext, base64url. */
export async function sealSecrets(env: SealingEnv, secrets: Record<string, string>): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify(secrets));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await sealingKey(sessionSecret(env as Env)), plain));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return base64url(out);
}

/** The secrets a sealed value holds; throws when it was not sealed with this secret (or was altered). */
export async function unsealSecrets(env: SealingEnv, sealed: string): Promise<Record<string, string>> {
  const bytes = fromBase64url(sealed);
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.slice(0, 12) }, await sealingKey(sessionSecret(env as Env)), bytes.slice(12));
  return JSON.parse(new TextDecoder().decode(plain)) as Record<string, string>;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** A mail's extra headers as staff may read them: every secret masked. */
export function maskHeaders(headers: Record<string, string> | null | undefined): Record<string, string> | null {
  return headers ? Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, maskSecrets(value)])) : null;
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
  const reveal = (body: string, escape: (value: string) => string) => body.replace(MARK, (mark) => (mark in secrets ? escape(secrets[mark]!) : HIDDEN_SECRET));
  const plain = (value: string) => value;
  return {
    text: reveal(mail.text, plain),
    html: reveal(mail.html, escapeHtml),
    headers: mail.headers ? Object.fromEntries(Object.entries(mail.headers).map(([name, value]) => [name, reveal(value, plain)])) : null,
  };
}
