/**
 * HMAC-SHA256 keys made from the Worker's secrets, imported once per isolate and secret: importing
 * a key is most of the work of signing a short value, and every page checks a signature or two
 * (the session's token, the CSRF token, signed links). The keys cannot be exported; a changed
 * secret (a new deployment) is a new isolate, and a new entry here in any case.
 */
const keys = new Map<string, Promise<CryptoKey>>();

export function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    // A failed import is not kept: the next request tries again.
    key.catch(() => keys.delete(secret));
    keys.set(secret, key);
  }
  return key;
}
