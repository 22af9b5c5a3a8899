import { sessionSecret } from "./secrets.server";

/**
 * Values sealed with AES-GCM under a key derived (HKDF) from SESSION_SECRET, one key per purpose:
 * what a database dump or a staff member must not read (a second factor's secret), and what a
 * browser or an API client carries for us but must neither read nor forge (a sign-in challenge).
 * GCM authenticates: an altered value, or one sealed for another purpose, does not open.
 * The mail outbox seals its secrets through it too (app/services/mail/sealed.server.ts).
 */

const keys = new Map<string, Promise<CryptoKey>>();

function sealingKey(secret: string, purpose: string): Promise<CryptoKey> {
  const id = `${purpose}\u0000${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), "HKDF", false, ["deriveKey"]).then((base) =>
      crypto.subtle.deriveKey(
        {
          name: "HKDF",
          hash: "SHA-256",
          salt: new Uint8Array(0),
          info: new TextEncoder().encode(`twistbloom ${purpose}`),
        },
        base,
        { name: "AES-GCM", length: 256 },
        false,
        ["encrypt", "decrypt"],
      ),
    );
    key.catch(() => keys.delete(id));
    keys.set(id, key);
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

/** The environment's part that seals: the session secret (and whether this is a local run). */
export type SealEnv = Pick<Env, "SESSION_SECRET" | "ENVIRONMENT">;

/** `value` sealed for `purpose`: a 12-byte IV and the AES-GCM ciphertext, base64url. */
export async function seal(env: SealEnv, purpose: string, value: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(value);
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await sealingKey(sessionSecret(env as Env), purpose), plain),
  );
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return base64url(out);
}

/** What `seal` sealed for this purpose with this secret; null for anything else (altered, forged, another purpose). */
export async function unseal(env: SealEnv, purpose: string, sealed: string): Promise<string | null> {
  if (!sealed || sealed.length > 4096 || !/^[A-Za-z0-9_-]+$/.test(sealed)) return null;
  try {
    const bytes = fromBase64url(sealed);
    if (bytes.length < 12 + 16) return null;
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytes.slice(0, 12) },
      await sealingKey(sessionSecret(env as Env), purpose),
      bytes.slice(12),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** `fields` sealed for `purpose` until `seconds` from now (the expiry goes in as `e`): what `unsealLive` opens. */
export function sealFor(
  env: SealEnv,
  purpose: string,
  fields: Record<string, unknown>,
  seconds: number,
): Promise<string> {
  return seal(env, purpose, JSON.stringify({ ...fields, e: nowSeconds() + seconds }));
}

/** The fields `sealFor` sealed for this purpose while they last; null for a missing, altered, foreign or expired token. */
export async function unsealLive(
  env: SealEnv,
  purpose: string,
  token: string | null | undefined,
): Promise<Record<string, unknown> | null> {
  const text = token ? await unseal(env, purpose, token) : null;
  if (!text) return null;
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    return typeof body.e === "number" && body.e > nowSeconds() ? body : null;
  } catch {
    return null;
  }
}
