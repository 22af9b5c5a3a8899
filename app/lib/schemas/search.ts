import { z } from "zod";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../constants";
import { SEARCH_MAX_LENGTH, type SearchPageState } from "../search";
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
