/**
 * The address of a back-office list with its filters: the filters that have a value, then the page
 * (left out for the first), so the GET form, the pagination and a download all agree.
 */
export function listHref(path: string, filters: Record<string, string>, page = 1): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return `${path}${text ? `?${text}` : ""}`;
}

/** The filters as the address gave them (what was typed, even when refused), "" for those not given. */
export function filterValues<Name extends string>(searchParams: URLSearchParams, names: readonly Name[]) {
  return Object.fromEntries(names.map((name) => [name, searchParams.get(name) ?? ""])) as Record<Name, string>;
}

/**
 * A back-office page about one thing (`/admin/orders/12`): its list's path (the page is
 * `{path}/{id}`), the back link's words, and what its 404 says.
 */
export interface AdminSubject {
  path: string;
  back: string;
  missing: string;
}

/** The back office's order page (`/admin/orders/{id}`) and its papers. */
export const ADMIN_ORDERS: AdminSubject = { path: "/admin/orders", back: "Back to orders", missing: "Order not found" };
