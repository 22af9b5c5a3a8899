import { useEffect, useState } from "react";
import { makeToast, type Toast } from "~/lib/toast";

export type { Toast };

const TOAST_EVENT = "twistbloom:toast";

/** Shows a toast from the browser, in the same place and style as the server's. */
export function showToast(message: string, type: Toast["type"] = "info") {
  window.dispatchEvent(new CustomEvent(TOAST_EVENT, { detail: makeToast(message, type) }));
}

const ICON_COLOURS: Record<Toast["type"], string> = {
  success: "#22c55e",
  error: "#ef4444",
  info: "#3b82f6",
  warning: "#f59e0b",
};

function Icon({ type }: { type: Toast["type"] }) {
  const colour = ICON_COLOURS[type];
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 20 20" className="mt-0.5 shrink-0">
      <circle cx="10" cy="10" r="9" fill={colour} />
      {type === "success" ? (
        <path
          d="M6 10.5 8.8 13 14 7.5"
          fill="none"
          stroke="#fff"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ) : type === "error" ? (
        <path d="M7 7l6 6M13 7l-6 6" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      ) : (
        <path d="M10 6v5M10 14v.01" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      )}
    </svg>
  );
}

/**
 * The toast the server rendered, top-right: dark background, white 14 px text, 8 px radius. Without
 * JavaScript a CSS animation hides it after its duration; with JavaScript a timer removes it and the
 * close button dismisses it at once.
 */
export function Toaster({ toast, listen = true }: { toast: Toast | null; listen?: boolean }) {
  const [visible, setVisible] = useState<Toast | null>(toast);
  // A new toast from the server replaces the one shown.
  const [shown, setShown] = useState(toast);
  if (toast !== shown) {
    setShown(toast);
    setVisible(toast);
  }
  // Toasts raised in the browser (a form that stops a submit with errors) arrive as events.
  useEffect(() => {
    if (!listen) return;
    const show = (event: Event) => setVisible((event as CustomEvent<Toast>).detail);
    window.addEventListener(TOAST_EVENT, show);
    return () => window.removeEventListener(TOAST_EVENT, show);
  }, [listen]);
  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => setVisible(null), visible.duration);
    return () => clearTimeout(timer);
  }, [visible]);
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed right-4 top-4 z-[60] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
    >
      {visible ? (
        <div
          key={visible.id}
          role={visible.type === "error" ? "alert" : "status"}
          data-toast-type={visible.type}
          className="toast pointer-events-auto flex items-start gap-3 rounded-[8px] bg-gray-900 px-4 py-3 text-[14px] leading-5 text-white shadow-lg"
          style={{ animationDelay: `${visible.duration}ms` }}
        >
          <Icon type={visible.type} />
          <div className="flex-1">
            <p className="font-medium">{visible.message}</p>
            {visible.description ? <p className="mt-0.5 text-gray-300">{visible.description}</p> : null}
          </div>
          <button
            type="button"
            onClick={() => setVisible(null)}
            className="js-only -mr-1 rounded p-0.5 text-gray-300 hover:text-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-white"
            aria-label="Dismiss notification"
          >
            <svg aria-hidden="true" width="16" height="16" viewBox="0 0 20 20">
              <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ) : null}
    </div>
  );
}
