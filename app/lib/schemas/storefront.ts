import { PRODUCTS_PAGE_SIZE } from "../constants";
import { ProductListQuerySchema, type ProductListQuery } from "./catalog";
import { fieldErrors } from "./query";

/** The sort choices of the products page, as they read in its URL (`?sort=`). */
export const PRODUCT_PAGE_SORTS = {
  /** While searching, and only then: the best matches first (the index's rank). */
  relevance: { label: "Best Match", sort_by: "", sort_order: "" },
  newest: { label: "Newest", sort_by: "created_at", sort_order: "desc" },
  name: { label: "Name A-Z", sort_by: "name", sort_order: "asc" },
  price: { label: "Price", sort_by: "price", sort_order: "asc" },
  "best-sellers": { label: "Best Sellers", sort_by: "best-sellers", sort_order: "desc" },
} as const;
export type ProductPageSort = keyof typeof PRODUCT_PAGE_SORTS;
/** The sort buttons the spec names; best-sellers is reachable from the home page's link. */
export const PRODUCT_SORT_BUTTONS: ProductPageSort[] = ["newest", "name", "price"];

/** The sort buttons of a page: Best Match first while searching. */
export const productSortButtons = (search: string): ProductPageSort[] =>
  search ? ["relevance", ...PRODUCT_SORT_BUTTONS] : PRODUCT_SORT_BUTTONS;

/** The sort when none is asked for: the best matches while searching, else the newest. */
const defaultSort = (search: string): ProductPageSort => (search ? "relevance" : "newest");

export interface ProductPageState {
  categories: string[];
  /** `colors=` (repeated or comma-separated): a product any of whose variants has one of them. */
  colors: string[];
  min_price: string;
  max_price: string;
  on_sale: boolean;
  featured: boolean;
  sort: ProductPageSort;
  page: number;
  search: string;
}

/**
 * Reads the products page's URL (`search`, `category` and `colors` repeated or comma-separated, `min_price`,
 * `max_price`, `on_sale`, `featured`, `sort`, `page`) into the service's query. A value that does not parse is
 * dropped and reported under its field, so the page still renders with the rest applied.
 */
export function parseProductPageParams(params: URLSearchParams, fixedCategory?: string) {
  const categories = fixedCategory ? [fixedCategory] : params.getAll("category").flatMap((value) => value.split(","));
  const colors = params.getAll("colors").flatMap((value) => value.split(","));
  const sortParam = params.get("sort") ?? "";
  const searched = (params.get("search") ?? "").trim();
  const asked = sortParam in PRODUCT_PAGE_SORTS ? (sortParam as ProductPageSort) : null;
  const sort: ProductPageSort = asked && (asked !== "relevance" || searched) ? asked : defaultSort(searched);
  const raw: Record<string, string | string[]> = {
    categories,
    colors,
    min_price: params.get("min_price") ?? "",
    max_price: params.get("max_price") ?? "",
    on_sale: params.get("on_sale") ?? "",
    featured: params.get("featured") ?? "",
    page: params.get("page") ?? "",
    search: params.get("search") ?? "",
    per_page: String(PRODUCTS_PAGE_SIZE),
    sort_by: PRODUCT_PAGE_SORTS[sort].sort_by,
    sort_order: PRODUCT_PAGE_SORTS[sort].sort_order,
  };
  const errors: Record<string, string[]> = {};
  if (sortParam && !(sortParam in PRODUCT_PAGE_SORTS)) errors.sort = ["The selected sort is invalid."];
  let result = ProductListQuerySchema.safeParse(raw);
  // Drop each field that failed and parse again, keeping its message for the page.
  for (let attempt = 0; !result.success && attempt < 3; attempt++) {
    const failed = fieldErrors(result.error);
    for (const [field, messages] of Object.entries(failed)) {
      errors[field] = messages;
      raw[field] = "";
    }
    result = ProductListQuerySchema.safeParse(raw);
  }
  const query: ProductListQuery = result.success
    ? result.data
    : ProductListQuerySchema.parse({ per_page: String(PRODUCTS_PAGE_SIZE), sort_by: "created_at" });
  const state: ProductPageState = {
    categories: query.categories,
    colors: query.colors,
    min_price: errors.min_price ? "" : (params.get("min_price") ?? ""),
    max_price: errors.max_price ? "" : (params.get("max_price") ?? ""),
    on_sale: query.on_sale === true,
    featured: query.featured === true,
    sort,
    page: query.page,
    search: query.search ?? "",
  };
  return { query, state, errors };
}

/** The URL of the products page for a state, leaving out defaults; changing a filter or the sort resets the page. */
export function productPageHref(
  pathname: string,
  state: ProductPageState,
  changes: Partial<ProductPageState> = {},
): string {
  const next = { ...state, ...changes };
  if (!("page" in changes)) next.page = 1;
  const params = new URLSearchParams();
  if (next.search) params.set("search", next.search);
  for (const category of next.categories) params.append("category", category);
  if (next.colors.length) params.set("colors", next.colors.join(","));
  if (next.min_price) params.set("min_price", next.min_price);
  if (next.max_price) params.set("max_price", next.max_price);
  if (next.on_sale) params.set("on_sale", "1");
  if (next.featured) params.set("featured", "1");
  if (next.sort !== defaultSort(next.search)) params.set("sort", next.sort);
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}
