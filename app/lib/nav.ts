/** A navigation link: where it goes and what it says. */
export interface NavLink {
  /** One of the shop's own paths. */
  to: `/${string}`;
  label: string;
}

/** A list of navigation links written as path → label pairs, kept in the order given. */
export function linkList(labels: Record<string, string>): NavLink[] {
  return Object.entries(labels).map(([to, label]) => ({ to: to as NavLink["to"], label }));
}
