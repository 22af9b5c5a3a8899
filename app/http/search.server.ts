import type { SearchQuery } from "../lib/schemas/search";
import type { Database } from "../../db/client";
import {
  recordSearchMiss,
  searchCatalogue,
  topSearchMisses,
  type CatalogueSearch,
  type SearchMiss,
} from "../services/search.server";
import { cachedData } from "./cache-entries.server";
import type { AppContext } from "./context.server";

/** The day a search is counted under: UTC, as `YYYY-MM-DD`. */
const searchDay = (now: Date) => now.toISOString().slice(0, 10);

/** Categories the search page offers before anything is typed. */
const POPULAR_CATEGORIES = 8;

/**
 * The search of the page and of `GET /api/search`: the catalogue's answer for the query, null when
 * it has no word. A search that found nothing is counted after the answer has left (the words and
 * the UTC day, never who searched); a failure to count is logged and costs the shopper nothing.
 */
export async function searchForShopper(
  app: Pick<AppContext, "db" | "afterResponse">,
  query: SearchQuery,
  now = new Date(),
): Promise<CatalogueSearch | null> {
  const found = await searchCatalogue(app.db, {
    q: query.q.text,
    page: query.page,
    per_page: query.per_page,
    categories: query.category,
    min_price: query.min_price,
    max_price: query.max_price,
    on_sale: query.on_sale,
  });
  if (!found) return null;
  const { missed, ...answer } = found;
  if (missed) {
    const day = searchDay(now);
    app.afterResponse((db) => recordSearchMiss(db, answer.query, day));
  }
  return answer;
}

export interface PopularCategory {
  name: string;
  slug: string;
  image: string;
  product_count: number;
}

/** The categories with the most products (from the edge cache), for a search page without words. */
export async function popularCategories(app: Pick<AppContext, "cache">): Promise<PopularCategory[]> {
  const all = await app.cache.read(cachedData.categories({ withCounts: true }));
  return all
    .map(({ name, slug, image, product_count }) => ({ name, slug, image, product_count: product_count ?? 0 }))
    .filter((category) => category.product_count > 0)
    .sort((a, b) => b.product_count - a.product_count || a.name.localeCompare(b.name))
    .slice(0, POPULAR_CATEGORIES);
}

/** What shoppers searched for and did not find, up to today (UTC): the back office's page and API. */
export const searchMissesNow = (db: Database, now = new Date()): Promise<SearchMiss[]> =>
  topSearchMisses(db, searchDay(now));
