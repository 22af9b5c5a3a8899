import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { homeSections } from "../../db/schema";
import type { Currency } from "../lib/money";
import { bestSellersQuery, featuredProductsQuery, toProduct, type ProductRow } from "./products.server";
import { currencyFromSettings, groupSettings, publicSettingsQuery } from "./settings.server";

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
 * live from the catalogue, and the currency: one round trip of four statements.
 */
export async function getHomeData(db: Database): Promise<{ sections: HomeSections; currency: Currency }> {
  const [sectionRows, bestSellers, featured, settingRows] = await db.batch([
    db
      .select({ key: homeSections.key, data: homeSections.data })
      .from(homeSections)
      .where(eq(homeSections.isActive, true))
      .orderBy(asc(homeSections.sortOrder)),
    bestSellersQuery(db, MAX_SECTION_LIMIT),
    featuredProductsQuery(db, MAX_SECTION_LIMIT),
    publicSettingsQuery(db),
  ]);
  const sections: HomeSections = {};
  for (const row of sectionRows) {
    const data = (typeof row.data === "string" ? JSON.parse(row.data) : row.data) as Record<string, unknown>;
    if (data && typeof data === "object") sections[row.key] = data;
  }
  const best = sections.monthly_best_sellers;
  if (best) best.products = bestSellers.slice(0, sectionLimit(best)).map(toHomeProduct);
  const gifts = sections.unforgettable_gifts;
  if (gifts) gifts.products = featured.slice(0, sectionLimit(gifts)).map(toHomeProduct);
  return { sections, currency: currencyFromSettings(groupSettings(settingRows)) };
}
