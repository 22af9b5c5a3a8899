import { z } from "zod";
import { blogs } from "../../../db/schema";
import { isoDate } from "../sql";
import { AuditRecordSchema } from "./admin-audit";
import { timestampsShape } from "./wire";

type Blog = typeof blogs.$inferSelect;

/** A tutorial in the staff's list: enough to find it, see its state and publish or unpublish it. */
export const AdminBlogRowSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    url: z.string().meta({ description: "Its address in the shop (a draft's answers Article Not Found there)." }),
    status: z.enum(["draft", "published"]),
    is_featured: z.boolean(),
    difficulty: z.string(),
    author_name: z.string(),
    view_count: z.number().int(),
    like_count: z.number().int(),
    published_at: z
      .string()
      .nullable()
      .meta({ description: "Set on the first publish and kept after (an unpublished post keeps it)." }),
    ...timestampsShape,
    version: z.number().int(),
  })
  .meta({ id: "AdminBlogRow" });

/** One tutorial as staff edit it: every field, its tags, categories and related products, its version. */
export const AdminBlogSchema = AdminBlogRowSchema.extend({
  excerpt: z.string(),
  content: z.string().meta({ description: "The HTML as stored: sanitized when it was saved." }),
  featured_image: z.string().nullable(),
  reading_time: z
    .number()
    .int()
    .nullable()
    .meta({ description: "Minutes, computed from the content when it is saved." }),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  meta_keywords: z.string().nullable(),
  tags: z.array(z.string()),
  category_ids: z.array(z.number().int()),
  related_product_ids: z.array(z.number().int()).meta({ description: "In the order the tutorial shows them." }),
  audit: z.array(AuditRecordSchema).meta({ description: "The latest staff changes to this tutorial, newest first." }),
}).meta({ id: "AdminBlog" });

export const BlogStatsSchema = z
  .object({
    total: z.number().int(),
    published: z.number().int(),
    draft: z.number().int(),
    featured: z.number().int(),
    views: z.number().int(),
    likes: z.number().int(),
  })
  .meta({ id: "BlogStats" });

export type AdminBlogRow = z.output<typeof AdminBlogRowSchema>;
export type AdminBlog = z.output<typeof AdminBlogSchema>;
export type BlogStats = z.output<typeof BlogStatsSchema>;

export type AdminBlogRowColumns = Pick<
  Blog,
  | "id"
  | "title"
  | "slug"
  | "status"
  | "isFeatured"
  | "difficulty"
  | "authorName"
  | "viewCount"
  | "likeCount"
  | "publishedAt"
  | "createdAt"
  | "updatedAt"
  | "version"
>;
export type AdminBlogColumns = AdminBlogRowColumns &
  Pick<
    Blog,
    "excerpt" | "content" | "featuredImage" | "readingTime" | "metaTitle" | "metaDescription" | "metaKeywords"
  >;

export function toAdminBlogRow(row: AdminBlogRowColumns): AdminBlogRow {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    url: `/blog/${row.slug}`,
    status: row.status,
    is_featured: Boolean(row.isFeatured),
    difficulty: row.difficulty,
    author_name: row.authorName,
    view_count: row.viewCount,
    like_count: row.likeCount,
    published_at: isoDate(row.publishedAt),
    created_at: isoDate(row.createdAt),
    updated_at: isoDate(row.updatedAt),
    version: row.version,
  };
}

export function toAdminBlog(
  row: AdminBlogColumns,
  links: { tags: string[]; categoryIds: number[]; relatedProductIds: number[]; audit: AdminBlog["audit"] },
): AdminBlog {
  return {
    ...toAdminBlogRow(row),
    excerpt: row.excerpt,
    content: row.content,
    featured_image: row.featuredImage,
    reading_time: row.readingTime,
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    meta_keywords: row.metaKeywords,
    tags: links.tags,
    category_ids: links.categoryIds,
    related_product_ids: links.relatedProductIds,
    audit: links.audit,
  };
}

export function toBlogStats(row: {
  total: unknown;
  published: unknown;
  draft: unknown;
  featured: unknown;
  views: unknown;
  likes: unknown;
}): BlogStats {
  const n = (value: unknown) => Number(value ?? 0);
  return {
    total: n(row.total),
    published: n(row.published),
    draft: n(row.draft),
    featured: n(row.featured),
    views: n(row.views),
    likes: n(row.likes),
  };
}
