import { z } from "zod";
import { categories } from "../../../db/schema";
import { imageOrPlaceholder } from "../images.server";

type CategoryRecord = typeof categories.$inferSelect;

/** A category as the API and the pages see it; the product count only where it was asked for. */
export const CategorySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    image: z.string(),
    icon: z.string().nullable(),
    product_count: z.number().int().optional().meta({ description: "With `with_counts=1`: its active products." }),
  })
  .meta({ id: "Category" });

export type Category = z.output<typeof CategorySchema>;

/** What a category answer is made from: its columns and the number of its active products. */
export type CategoryRow = Pick<CategoryRecord, "id" | "name" | "slug" | "description" | "image" | "icon"> & {
  productCount: number;
};

export function toCategory({ productCount, ...row }: CategoryRow, { withCount = true } = {}): Category {
  const category = { ...row, image: imageOrPlaceholder(row.image) };
  return withCount ? { ...category, product_count: Number(productCount) } : category;
}
