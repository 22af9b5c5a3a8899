import { and, asc, eq, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { categories } from "../../db/schema";
import { NotFoundError } from "./errors";
import { imageOrPlaceholder } from "./images.server";

export interface Category {
  id: number;
  name: string;
  slug: string;
  description: string;
  image: string;
  icon: string | null;
  product_count?: number;
}

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  description: categories.description,
  image: categories.image,
  icon: categories.icon,
};

/** Only active products count. */
const productCount = sql<number>`(SELECT count(*) FROM products p WHERE p.category_id = "categories"."id" AND p.is_active = 1)`;

export async function listCategories(db: Database, { withCounts = false } = {}): Promise<Category[]> {
  const rows = await db
    .select({ ...categoryColumns, productCount })
    .from(categories)
    .where(eq(categories.isActive, true))
    .orderBy(asc(categories.sortOrder), asc(categories.name));
  return rows.map(({ productCount: count, ...row }) => {
    const category = { ...row, image: imageOrPlaceholder(row.image) };
    return withCounts ? { ...category, product_count: Number(count) } : category;
  });
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
  const { productCount: count, ...category } = row;
  return { ...category, image: imageOrPlaceholder(category.image), product_count: Number(count) };
}
