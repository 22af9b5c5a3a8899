import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { categories, homeSections, products } from "../../db/schema";
import { productSummaryColumns, toProduct, type ProductRow } from "./products.server";

/** A product as the home sections show it (the spec's monthly_best_sellers shape). */
export interface HomeProduct {
  id: number;
  name: string;
  image: string | null;
  url: string;
  price: number;
  originalPrice: number | null;
  isOnSale: boolean;
  reviews: number;
  rating: number;
  sold: number;
  price_cents: number;
  original_price_cents: number | null;
}

export type HomeSections = Record<string, Record<string, unknown>>;

const PRODUCT_SECTION_LIMIT = 4;
const MAX_SECTION_LIMIT = 12;

function toHomeProduct(row: ProductRow): HomeProduct {
  const product = toProduct(row);
  return {
    id: product.id,
    name: product.name,
    image: product.image,
    url: `/product/${product.slug}`,
    price: product.unit_price,
    originalPrice: product.is_on_sale ? product.price : null,
    isOnSale: product.is_on_sale,
    reviews: product.reviews,
    rating: product.rating,
    sold: product.sold,
    price_cents: product.unit_price_cents,
    original_price_cents: product.is_on_sale ? product.price_cents : null,
  };
}

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
    db
      .select(productSummaryColumns)
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(
        and(
          eq(products.isActive, true),
          sql`(${products.isFeatured} = 1 OR ${products.id} IN (SELECT p2.id FROM products p2 WHERE p2.is_active = 1 ORDER BY p2.sold_count DESC, p2.id ASC LIMIT ${MAX_SECTION_LIMIT}))`,
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
  if (gifts) gifts.products = productRows.filter((row) => row.isFeatured).slice(0, sectionLimit(gifts)).map(toHomeProduct);
  return sections;
}
