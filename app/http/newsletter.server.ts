import type { UnsubscribeSigner } from "../services/newsletter.server";
import { sign, verifySignature } from "./signature.server";

/**
 * The newsletter's unsubscribe signer: HMAC-SHA256 with SESSION_SECRET under its own purpose
 * (`newsletter-unsubscribe`), as every other signed link of the shop (signature.server.ts), compared
 * in constant time. Changing SESSION_SECRET retires every unsubscribe link mailed before, like the
 * guests' order links (docs/decisions/013-newsletter.md).
 */
export function unsubscribeSigner(env: Env): UnsubscribeSigner {
  return {
    sign: (value) => sign(env, "newsletter-unsubscribe", value),
    verify: (value, signature) => verifySignature(env, "newsletter-unsubscribe", value, signature),
  };
}
