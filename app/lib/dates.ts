/** Made once, on first use: `toLocaleDateString` with options builds a new Intl.DateTimeFormat on every call. */
let longDateFormat: Intl.DateTimeFormat | undefined;

/** A day as the shop writes it, "March 5, 2025": in UTC, so the server and every browser agree. */
export function longDate(iso: string): string {
  longDateFormat ??= new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  return longDateFormat.format(new Date(iso));
}
