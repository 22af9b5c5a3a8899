/**
 * The random tokens the shop mails (a password reset, a newsletter confirmation, an account's
 * links): 32 random bytes as base64url, kept in the database only as their SHA-256.
 */

/** What such a token looks like: 43 base64url characters. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function newToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** What a table keeps of a token: its SHA-256, hex. */
export async function hashToken(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The absolute link to a page of the shop that takes this token (`/verify-email?token=...`). */
export const tokenLink = (origin: string, path: string, token: string) =>
  `${origin.replace(/\/+$/, "")}${path}?token=${encodeURIComponent(token)}`;
