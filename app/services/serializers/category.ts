import { categories } from "../../../db/schema";
import { imageOrPlaceholder } from "../images.server";

type CategoryRecord = typeof categories.$inferSelect;

/** A category as the API and the pages see it; the product count only where it was asked for. */
export interface Category {
  id: number;
  name: string;
  slug: string;
  description: string;
  image: string;
  icon: string | null;
  product_count?: number;
}

/** What a category answer is made from: its columns and the number of its active products. */
export type CategoryRow = Pick<CategoryRecord, "id" | "name" | "slug" | "description" | "image" | "icon"> & {
  productCount: number;
};

export function toCategory({ productCount, ...row }: CategoryRow, { withCount = true } = {}): Category {
  const category = { ...row, image: imageOrPlaceholder(row.image) };
  return withCount ? { ...category, product_count: Number(productCount) } : category;
}
