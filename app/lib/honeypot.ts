/**
 * A field people never see: only bots fill it in. A form (register, contact) or API body that
 * carries it is answered as if it worked and nothing is stored. The page's `<Honeypot />` draws it.
 */
export const HONEYPOT = "website";

/** Whether the trap was filled in: any non-blank value, from a form (a string) or a JSON body. */
export function honeypotFilled(values: Record<string, unknown>): boolean {
  const value = values[HONEYPOT];
  return typeof value === "string"
    ? value.trim() !== ""
    : value !== undefined && value !== null && value !== false && value !== "";
}
