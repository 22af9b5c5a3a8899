import { hmacKey } from "../services/hmac-key.server";
import { sessionSecret } from "../services/secrets.server";

function toBase64Url(bytes: ArrayBuffer): string {
  let binary = "";
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** An HMAC-SHA256 of `purpose:value` with SESSION_SECRET, base64url: a link or token nobody can forge. */
export async function sign(env: Env, purpose: string, value: string): Promise<string> {
  const key = await hmacKey(sessionSecret(env));
  return toBase64Url(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${purpose}:${value}`)));
}

/** Compares a signature in constant time. */
export async function verifySignature(
  env: Env,
  purpose: string,
  value: string,
  signature: string | null | undefined,
): Promise<boolean> {
  if (!signature) return false;
  const expected = await sign(env, purpose, value);
  if (expected.length !== signature.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ signature.charCodeAt(i);
  return diff === 0;
}
