import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False on the server and while hydrating, true once React runs in the browser: what only works
 * with JavaScript (a modal, submitting on change, step buttons) switches on from here, so the
 * server's HTML stays the working, script-free version.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
