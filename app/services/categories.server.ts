import { and, asc, count, eq, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { categories, products } from "../../db/schema";
import { NotFoundError } from "./errors";
import { toCategory, type Category } from "./serializers/category";
import { subqueries } from "./sql";

export type { Category } from "./serializers/category";

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  description: categories.description,
  image: categories.image,
  icon: categories.icon,
};

/** Only active products count. */
const productCount = sql<number>`${subqueries
  .select({ n: count() })
  .from(products)
  .where(and(eq(products.categoryId, categories.id), eq(products.isActive, true)))}`;

export async function listCategories(db: Database, { withCounts = false } = {}): Promise<Category[]> {
  const rows = await db
    .select({ ...categoryColumns, productCount })
    .from(categories)
    .where(eq(categories.isActive, true))
    .orderBy(asc(categories.sortOrder), asc(categories.name));
  return rows.map((row) => toCategory(row, { withCount: withCounts }));
}

/** One category by numeric id or by slug, with its product count. */
export async function getCategory(db: Database, idOrSlug: string): Promise<Category> {
  const match = /^\d+$/.test(idOrSlug)
    ? or(eq(categories.id, Number(idOrSlug)), eq(categories.slug, idOrSlug))
    : eq(categories.slug, idOrSlug);
  const [row] = await db
    .select({ ...categoryColumns, productCount })
    .from(categories)
    .where(and(match, eq(categories.isActive, true)))
    .limit(1);
  if (!row) throw new NotFoundError("Category not found");
  return toCategory(row);
}
