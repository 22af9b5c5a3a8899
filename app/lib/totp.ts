/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP): HMAC-SHA1, 30-second steps,
 * 6 digits, what every authenticator app computes from an `otpauth://totp/...` URI. WebCrypto only
 * (the Worker, Node and the browser have it), so no library is needed (docs/decisions/023).
 */

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of one step before and after the current one are accepted: clocks drift, people type slowly. */
export const TOTP_WINDOW = 1;
/** 20 random bytes (160 bits), RFC 4226's recommended length for HMAC-SHA1: 32 base32 characters. */
export const TOTP_SECRET_BYTES = 20;

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32, without padding (as authenticator apps take it). */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Base32 back to bytes: spaces, dashes and padding are ignored, lower case accepted; null when not base32. */
export function base32Decode(text: string): Uint8Array<ArrayBuffer> | null {
  const clean = text.toUpperCase().replace(/[\s=-]/g, "");
  if (!/^[A-Z2-7]*$/.test(clean)) return null;
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    value = (value << 5) | ALPHABET.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Uint8Array.from(out);
}

/** A secret as people copy it by hand: groups of four characters. */
export const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

/** A new random secret, base32. */
export function newTotpSecret(): string {
  return base32Encode(crypto.getRandomValues(new Uint8Array(TOTP_SECRET_BYTES)));
}

/** The step a moment (unix seconds) falls in. */
export const totpStep = (unixSeconds: number) => Math.floor(unixSeconds / TOTP_PERIOD_SECONDS);

/** RFC 4226 HOTP of `counter` with HMAC-SHA1 and dynamic truncation, `digits` long. */
export async function hotp(key: Uint8Array<ArrayBuffer>, counter: number, digits = TOTP_DIGITS): Promise<string> {
  const message = new Uint8Array(8);
  const view = new DataView(message.buffer);
  view.setUint32(0, Math.floor(counter / 2 ** 32));
  view.setUint32(4, counter >>> 0);
  const hmacKey = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-1" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", hmacKey, message));
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The code of a base32 secret at a moment (unix seconds). */
export async function totpCode(secret: string, unixSeconds: number, digits = TOTP_DIGITS): Promise<string> {
  const key = base32Decode(secret);
  if (!key) throw new Error("not a base32 secret");
  return hotp(key, totpStep(unixSeconds), digits);
}

/** Whether the text has the shape of a code: six digits (spaces ignored). */
export const looksLikeTotp = (text: string) => /^\d{6}$/.test(text.replace(/\s/g, ""));

/**
 * The step a code belongs to, within the window around `unixSeconds`, when the code is right and its
 * step is later than `lastUsedStep` (a code, once used, never works again, nor does an older one);
 * else null. The latest matching step wins.
 */
export async function matchTotp(
  secret: string,
  code: string,
  unixSeconds: number,
  lastUsedStep: number | null,
): Promise<number | null> {
  const clean = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(clean)) return null;
  const key = base32Decode(secret);
  if (!key) return null;
  const now = totpStep(unixSeconds);
  let found: number | null = null;
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    // Every candidate is computed and compared whole, so the time taken says nothing about the code.
    if (equalText(await hotp(key, step), clean) && (lastUsedStep === null || step > lastUsedStep)) found = step;
  }
  return found;
}

function equalText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The URI authenticator apps read (Google's Key Uri Format): issuer and account in the label, and again as `issuer`. */
export function otpauthUri({ issuer, account, secret }: { issuer: string; account: string; secret: string }): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: "SHA1",
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString().replace(/\+/g, "%20")}`;
}
