import { TOAST_DURATIONS } from "./constants";

/** A toast as the pages show it, from the server (flash cookie or action data) or the browser. */
export interface Toast {
  message: string;
  description?: string;
  type: "info" | "success" | "error" | "warning";
  duration: number;
  /** Changes with every new toast, so the same text twice still shows twice. */
  id: string;
}

/** The one way a toast is made: the spec's durations (success 3 s, error 5 s, others 4 s) unless given. */
export function makeToast(
  message: string,
  type: string = "info",
  extra: { description?: string; duration?: number } = {},
): Toast {
  const kind: Toast["type"] = type === "success" || type === "error" || type === "warning" ? type : "info";
  return {
    message,
    type: kind,
    duration: extra.duration ?? TOAST_DURATIONS[kind],
    id: crypto.randomUUID(),
    ...(extra.description ? { description: extra.description } : {}),
  };
}
