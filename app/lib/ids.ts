/** A row id as it comes in a path or a form: 1 to 9 digits, above zero; anything else is no id. */
export const ID_PATTERN = /^\d{1,9}$/;

export function parseId(text: string | null | undefined): number | null {
  const trimmed = text?.trim() ?? "";
  if (!ID_PATTERN.test(trimmed)) return null;
  const id = Number(trimmed);
  return id > 0 ? id : null;
}
