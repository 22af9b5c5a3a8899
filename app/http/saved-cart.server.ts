import type { CartLinkSigner } from "../services/saved-carts.server";
import { sign, verifySignature } from "./signature.server";

/**
 * The signer of the left-cart reminder's restore links: HMAC-SHA256 with SESSION_SECRET under its
 * own purpose (`cart-restore`), compared in constant time.
 */
export function cartRestoreSigner(env: Env): CartLinkSigner {
  return {
    sign: (value) => sign(env, "cart-restore", value),
    verify: (value, signature) => verifySignature(env, "cart-restore", value, signature),
  };
}
