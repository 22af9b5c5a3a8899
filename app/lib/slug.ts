/** A slug as the shop's addresses use them: lowercase letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The slug made from a name or title: accents dropped, apostrophes removed, "&" read as "and",
 * anything else between words a hyphen, at most `max` characters ("Mother's Day Crème Roses!" ->
 * "mothers-day-creme-roses"). Empty when nothing is left: the caller says what then.
 */
export function slugify(text: string, max = 100): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max)
    .replace(/-+$/, "");
}
