import { UPLOADS_PATH } from "../lib/constants";
import { PUBLIC_IMAGES } from "./public-images.generated";

export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

/** The image if its file exists, else the placeholder (the spec: failed images fall back to a placeholder). */
export function imageOrPlaceholder(path: string | null | undefined): string {
  if (!path) return PLACEHOLDER_IMAGE;
  if (/^https?:\/\//.test(path)) return path;
  // Staff uploads (R2): a key the Worker serves, or a 404 the browser's onError turns into the placeholder.
  if (path.startsWith(UPLOADS_PATH)) return path;
  return PUBLIC_IMAGES.has(path) ? path : PLACEHOLDER_IMAGE;
}
