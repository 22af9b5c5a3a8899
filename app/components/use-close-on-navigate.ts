import { useLocation } from "@remix-run/react";
import { useEffect, useRef, type RefObject } from "react";

/**
 * Closes a <details> panel (menu, cart dropdown) after each client-side navigation. Not on
 * hydration: a shopper may have opened the panel before the JavaScript arrived.
 */
export function useCloseOnNavigate(ref: RefObject<HTMLDetailsElement | null>): void {
  const location = useLocation();
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    if (ref.current) ref.current.open = false;
  }, [location.key, ref]);
}
