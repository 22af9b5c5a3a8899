import { z } from "zod";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../constants";
import { PRICE_BUCKETS, SEARCH_MAX_LENGTH } from "../search";
import { checkPriceRange, integerParam, lenientQuery, listParam, optionalBoolean, optionalNumber } from "./query";

/**
 * What was typed in `q`, never refused: control characters dropped, trimmed, and cut to the spec's
 * limit (`shortened` says so). Any other text is words (app/lib/search).
 */
const searchText = () =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => {
      const text = (Array.isArray(value) ? (value[0] ?? "") : (value ?? ""))
        .replace(/[\u0000-\u001f\u007f]/g, " ")
        .trim();
      const cut = [...text].slice(0, SEARCH_MAX_LENGTH).join("").trim();
      return { text: cut, shortened: cut.length < text.length };
    });

/**
 * The query of `/search` and `GET /api/search`: `q`, then the facets (`category` repeated or
 * comma-separated, `min_price`, `max_price`, `on_sale`) and the page.
 */
export const SearchQuerySchema = z
  .object({
    q: searchText(),
    category: listParam("category"),
    min_price: optionalNumber("min_price"),
    max_price: optionalNumber("max_price"),
    on_sale: optionalBoolean("on_sale"),
    page: integerParam("page", { fallback: 1 }),
    per_page: integerParam("per_page", { fallback: DEFAULT_PAGE_SIZE, clampTo: MAX_PAGE_SIZE }),
  })
  .superRefine(checkPriceRange);
export type SearchQuery = z.output<typeof SearchQuerySchema>;

/** `GET /api/search/suggest?q=`: only the words typed so far. */
export const SuggestQuerySchema = z.object({ q: searchText() });

/** The search page's state, as its links and forms write it back into the URL. */
export interface SearchPageState {
  q: string;
  categories: string[];
  min_price?: number;
  max_price?: number;
  on_sale: boolean;
  page: number;
}

/** The search page's URL: a value that does not parse is left out, with its message (`lenientQuery`). */
export function parseSearchPageParams(params: URLSearchParams, perPage: number) {
  const { query, errors } = lenientQuery(SearchQuerySchema, params);
  const state: SearchPageState = {
    q: query.q.text,
    categories: query.category,
    min_price: query.min_price,
    max_price: query.max_price,
    on_sale: query.on_sale === true,
    page: query.page,
  };
  return { query: { ...query, per_page: perPage }, state, errors };
}

/** The search page's URL for a state, leaving out what is not set; changing a filter goes back to page 1. */
export function searchPageHref(state: SearchPageState, changes: Partial<SearchPageState> = {}): string {
  const next = { ...state, ...changes };
  if (!("page" in changes)) next.page = 1;
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  for (const category of next.categories) params.append("category", category);
  if (next.min_price !== undefined) params.set("min_price", String(next.min_price));
  if (next.max_price !== undefined) params.set("max_price", String(next.max_price));
  if (next.on_sale) params.set("on_sale", "1");
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return search ? `/search?${search}` : "/search";
}

/** A price range of the facets as the URL's `min_price`/`max_price`. */
export const priceRange = (bucket: (typeof PRICE_BUCKETS)[number]) => ({
  min_price: bucket.min,
  max_price: bucket.max ?? undefined,
});
