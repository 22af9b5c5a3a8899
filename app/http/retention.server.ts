import type { RetentionSigner } from "../services/mail/retention.server";
import { sign, verifySignature } from "./signature.server";

/**
 * The signer of the return mails' unsubscribe links: HMAC-SHA256 with SESSION_SECRET under its own
 * purpose (`retention-unsubscribe`), compared in constant time (docs/decisions/037).
 */
export function retentionSigner(env: Env): RetentionSigner {
  return {
    sign: (value) => sign(env, "retention-unsubscribe", value),
    verify: (value, signature) => verifySignature(env, "retention-unsubscribe", value, signature),
  };
}

/** The signer of an occasion reminder's "Remove this reminder for good" link: its own purpose (`occasion-remove`). */
export function occasionRemovalSigner(env: Env): RetentionSigner {
  return {
    sign: (value) => sign(env, "occasion-remove", value),
    verify: (value, signature) => verifySignature(env, "occasion-remove", value, signature),
  };
}
