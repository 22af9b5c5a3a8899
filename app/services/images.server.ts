import { PUBLIC_IMAGES } from "./public-images.generated";

export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

/** The image if its file exists, else the placeholder (the spec: failed images fall back to a placeholder). */
export function imageOrPlaceholder(path: string | null | undefined): string {
  if (!path) return PLACEHOLDER_IMAGE;
  if (/^https?:\/\//.test(path)) return path;
  return PUBLIC_IMAGES.has(path) ? path : PLACEHOLDER_IMAGE;
}
