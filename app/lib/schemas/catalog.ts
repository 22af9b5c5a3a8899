import { z } from "zod";
import {
  BLOG_DIFFICULTIES,
  BLOG_PAGE_SIZE,
  BLOG_SORTS,
  DEFAULT_PAGE_SIZE,
  FEATURED_PRODUCTS_DEFAULT_LIMIT,
  MAX_PAGE_SIZE,
  PRODUCT_SORTS,
} from "../constants";
import {
  checkPriceRange,
  enumParam,
  integerParam,
  listParam,
  optionalBoolean,
  optionalNumber,
  searchParam,
} from "./query";

const SORT_ORDERS = ["asc", "desc"] as const;
const MAX_PRICE = 1_000_000;

/** The product list's query: the API's names (categories, sort_by, ...) as the spec gives them. */
export const ProductListQuerySchema = z
  .object({
    categories: listParam("categories"),
    min_price: optionalNumber("min_price", { max: MAX_PRICE }),
    max_price: optionalNumber("max_price", { max: MAX_PRICE }),
    colors: listParam("colors"),
    sort_by: enumParam("sort_by", PRODUCT_SORTS),
    sort_order: enumParam("sort_order", SORT_ORDERS),
    search: searchParam("search", 100),
    in_stock: optionalBoolean("in_stock"),
    on_sale: optionalBoolean("on_sale"),
    featured: optionalBoolean("featured"),
    /** `addons=1`: the add-ons (a vase, a card) instead of the bouquets. */
    addons: optionalBoolean("addons"),
    page: integerParam("page", { fallback: 1 }),
    per_page: integerParam("per_page", { fallback: DEFAULT_PAGE_SIZE, clampTo: MAX_PAGE_SIZE }),
  })
  .superRefine(checkPriceRange);
export type ProductListQuery = z.output<typeof ProductListQuerySchema>;

export const FeaturedQuerySchema = z.object({
  limit: integerParam("limit", { fallback: FEATURED_PRODUCTS_DEFAULT_LIMIT, clampTo: MAX_PAGE_SIZE }),
});

export const CategoryListQuerySchema = z.object({
  with_counts: optionalBoolean("with_counts"),
});

export const BlogListQuerySchema = z.object({
  page: integerParam("page", { fallback: 1 }),
  per_page: integerParam("per_page", { fallback: BLOG_PAGE_SIZE, clampTo: MAX_PAGE_SIZE }),
  search: searchParam("search", 100),
  category_id: integerParam("category_id", { fallback: 0 }).transform((id) => (id === 0 ? undefined : id)),
  tag: searchParam("tag", 60),
  difficulty: enumParam("difficulty", BLOG_DIFFICULTIES),
  sort_by: enumParam("sort_by", BLOG_SORTS),
  sort_order: enumParam("sort_order", SORT_ORDERS),
  featured: optionalBoolean("featured"),
});
export type BlogListQuery = z.output<typeof BlogListQuerySchema>;
