import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client";
import { homeSections, products } from "../../db/schema";
import { selectProducts } from "./products.server";
import { toHomeProduct } from "./serializers/product";
import { rendered, subqueries } from "./sql";

export type { HomeProduct } from "./serializers/product";

export type HomeSections = Record<string, Record<string, unknown>>;

const PRODUCT_SECTION_LIMIT = 4;
const MAX_SECTION_LIMIT = 12;

const topSellerIds = rendered(() => {
  const ranked = alias(products, "p2");
  return sql`${subqueries
    .select({ id: ranked.id })
    .from(ranked)
    .where(and(eq(ranked.isActive, true), eq(ranked.isAddon, false)))
    .orderBy(desc(ranked.soldCount), asc(ranked.id))
    .limit(MAX_SECTION_LIMIT)}`;
});

function sectionLimit(section: Record<string, unknown> | undefined): number {
  const limit = Number(section?.limit);
  return Number.isInteger(limit) && limit > 0 ? Math.min(limit, MAX_SECTION_LIMIT) : PRODUCT_SECTION_LIMIT;
}

/**
 * The home page's sections in the spec's shape, with the best sellers and the gift picks filled
 * live from the catalogue: two statements in one round trip. The products statement reads the
 * featured products together with the top sellers, and the two lists are split here.
 */
export async function getHomeSections(db: Database): Promise<HomeSections> {
  const [sectionRows, productRows] = await db.batch([
    db
      .select({ key: homeSections.key, data: homeSections.data })
      .from(homeSections)
      .where(eq(homeSections.isActive, true))
      .orderBy(asc(homeSections.sortOrder)),
    selectProducts(db)
      .where(
        and(
          eq(products.isActive, true),
          eq(products.isAddon, false),
          or(eq(products.isFeatured, true), inArray(products.id, topSellerIds())),
        ),
      )
      .orderBy(desc(products.soldCount), asc(products.id)),
  ]);
  const sections: HomeSections = {};
  for (const row of sectionRows) {
    const data = (typeof row.data === "string" ? JSON.parse(row.data) : row.data) as Record<string, unknown>;
    if (data && typeof data === "object") sections[row.key] = data;
  }
  const best = sections.monthly_best_sellers;
  if (best) best.products = productRows.slice(0, sectionLimit(best)).map(toHomeProduct);
  const gifts = sections.unforgettable_gifts;
  if (gifts)
    gifts.products = productRows
      .filter((row) => row.isFeatured)
      .slice(0, sectionLimit(gifts))
      .map(toHomeProduct);
  return sections;
}
