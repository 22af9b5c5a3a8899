import { z } from "zod";
import { AuditRecordSchema } from "./admin-audit";
import { timestampsShape } from "./wire";

/** A category as the back office's API gives it: hidden ones too, with its products on sale and archived apart. */
export const AdminCategorySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    image: z.string().nullable().meta({
      description: "`/uploads/{key}` or `/images/...`; null when it has none (the shop shows a placeholder).",
    }),
    icon: z.string().nullable(),
    sort_order: z.number().int(),
    is_active: z.boolean().meta({ description: "False hides it from the shop." }),
    version: z.number().int().meta({ description: "Send it back with a change: a change made since is a 409." }),
    active_products: z.number().int().meta({ description: "Its products on sale." }),
    archived_products: z.number().int().meta({ description: "Its archived products (they still keep it)." }),
    product_count: z
      .number()
      .int()
      .meta({ description: "Every product using it, on sale or archived: it can be deleted only at 0." }),
    ...timestampsShape,
  })
  .meta({ id: "AdminCategory" });
export type AdminCategoryJson = z.output<typeof AdminCategorySchema>;
/** A category as staff see it: the wire's fields but the product count, which follows from the two it adds up. */
export type AdminCategory = Omit<AdminCategoryJson, "product_count">;

export const AdminCategoryDetailSchema = AdminCategorySchema.extend({ audit: z.array(AuditRecordSchema) }).meta({
  id: "AdminCategoryDetail",
});

export type AdminCategoryDetail = AdminCategory & { audit: z.output<typeof AuditRecordSchema>[] };

export const CategoryStatsSchema = z
  .object({
    total: z.number().int(),
    active: z.number().int(),
    inactive: z.number().int(),
    with_products: z.number().int().meta({ description: "Categories some product (on sale or archived) uses." }),
    empty: z.number().int().meta({ description: "Categories no product uses: the ones that can be deleted." }),
  })
  .meta({ id: "CategoryStats" });

export const adminCategoryJson = ({ created_at, updated_at, ...category }: AdminCategory): AdminCategoryJson => ({
  ...category,
  product_count: category.active_products + category.archived_products,
  created_at,
  updated_at,
});

export const adminCategoryDetailJson = ({ audit, ...category }: AdminCategoryDetail) => ({
  ...adminCategoryJson(category),
  audit,
});

export const categoryStatsJson = (stats: z.output<typeof CategoryStatsSchema>) => stats;
