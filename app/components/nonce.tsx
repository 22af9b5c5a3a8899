import { createContext, useContext } from "react";

/**
 * The per-request nonce the Content-Security-Policy allows inline scripts by. The server renders
 * it; in the browser it reads empty (browsers hide nonces from the DOM), which is all hydration needs.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
