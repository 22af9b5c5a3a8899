import { z } from "zod";
import { blogs } from "../../../db/schema";
import { DEFAULT_READING_TIME_MINUTES } from "../../lib/constants";
import { longDate } from "../../lib/dates";
import { imageOrPlaceholder } from "../images.server";
import { isoDate, parseJsonArray } from "../sql";
import { ProductSchema, productsFromJson } from "./product";

type Blog = typeof blogs.$inferSelect;

/** What a blog card is made from: the post's own columns, its tags and category names as JSON arrays. */
export type BlogCardRow = Pick<
  Blog,
  | "id"
  | "slug"
  | "title"
  | "excerpt"
  | "featuredImage"
  | "ogImage"
  | "difficulty"
  | "authorName"
  | "authorAvatar"
  | "isFeatured"
  | "publishedAt"
  | "readingTime"
  | "viewCount"
  | "likeCount"
> & { tags: string; categoryNames: string };

/** A post's page adds its body, meta fields, neighbours (JSON objects), the visitor's like and its related products (a JSON array). */
export type BlogDetailRow = BlogCardRow &
  Pick<Blog, "content" | "metaTitle" | "metaDescription" | "metaKeywords"> & {
    previous: string | null;
    next: string | null;
    liked: number | boolean;
    related: string;
  };

export const BlogCardSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    excerpt: z.string(),
    url: z.string(),
    featured_image: z.string(),
    og_image: z.string(),
    difficulty: z.string(),
    difficulty_badge: z.string(),
    author_name: z.string(),
    author_avatar: z.string().nullable(),
    is_featured: z.boolean(),
    published_at: z.string().nullable(),
    formatted_published_date: z.string(),
    reading_time: z.number().int(),
    reading_time_text: z.string(),
    view_count: z.number().int(),
    like_count: z.number().int(),
    tags: z.array(z.string()),
    category_names: z.array(z.string()),
  })
  .meta({ id: "BlogCard" });

const BlogLinkSchema = z.object({
  title: z.string(),
  url: z.string(),
  slug: z.string(),
});

export const BlogDetailSchema = BlogCardSchema.extend({
  content: z.string().meta({ description: "HTML, sanitized when staff saved it." }),
  meta_title: z.string(),
  meta_description: z.string(),
  meta_keywords: z.string(),
  related_products: z.array(ProductSchema),
  previous_blog: BlogLinkSchema.nullable(),
  next_blog: BlogLinkSchema.nullable(),
  similar_blogs: z.array(BlogCardSchema),
  liked: z.boolean().meta({
    description: "Whether the visitor asking has liked it (false for an anonymous shared answer).",
  }),
}).meta({ id: "BlogDetail" });

/** A tag of the published posts with how many of them carry it (`GET /api/blogs/tags`). */
export const BlogTagCountSchema = z
  .object({
    tag: z.string(),
    count: z.number().int().meta({ description: "Published posts with this tag." }),
    url: z.string().meta({ description: "The blog list searching for it." }),
  })
  .meta({ id: "BlogTagCount" });

export type BlogCard = z.output<typeof BlogCardSchema>;
export type BlogTagCount = z.output<typeof BlogTagCountSchema>;
export type BlogLink = z.output<typeof BlogLinkSchema>;
export type BlogDetail = z.output<typeof BlogDetailSchema>;

export function formatPublishedDate(date: string | null): string {
  return date ? longDate(date) : "Not published";
}

export function toBlogCard(row: BlogCardRow): BlogCard {
  const publishedAt = isoDate(row.publishedAt);
  const readingTime = row.readingTime && row.readingTime > 0 ? row.readingTime : DEFAULT_READING_TIME_MINUTES;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    url: `/blog/${row.slug}`,
    featured_image: imageOrPlaceholder(row.featuredImage),
    og_image: imageOrPlaceholder(row.ogImage ?? row.featuredImage),
    difficulty: row.difficulty,
    difficulty_badge: row.difficulty.charAt(0).toUpperCase() + row.difficulty.slice(1),
    author_name: row.authorName,
    author_avatar: row.authorAvatar ? imageOrPlaceholder(row.authorAvatar) : null,
    is_featured: row.isFeatured,
    published_at: publishedAt,
    formatted_published_date: formatPublishedDate(publishedAt),
    reading_time: readingTime,
    reading_time_text: `${readingTime} min read`,
    view_count: row.viewCount,
    like_count: row.likeCount,
    tags: parseJsonArray<string>(row.tags),
    category_names: parseJsonArray<string>(row.categoryNames),
  };
}

/** A neighbour post from its JSON object (`{"title", "slug"}`). */
function toBlogLink(json: string | null): BlogLink | null {
  if (!json) return null;
  const blog = JSON.parse(json) as Pick<Blog, "title" | "slug">;
  return { title: blog.title, slug: blog.slug, url: `/blog/${blog.slug}` };
}

/**
 * A post's page. The content is the HTML as stored: it was sanitized when it was saved (the back
 * office, the seed), so nothing is parsed again on each read.
 */
export function toBlogDetail(row: BlogDetailRow, similar: BlogCardRow[]): BlogDetail {
  const card = toBlogCard(row);
  return {
    ...card,
    content: row.content,
    meta_title: row.metaTitle || row.title,
    meta_description: row.metaDescription || row.excerpt,
    meta_keywords: row.metaKeywords || card.tags.join(", "),
    related_products: productsFromJson(row.related),
    previous_blog: toBlogLink(row.previous),
    next_blog: toBlogLink(row.next),
    similar_blogs: similar.map(toBlogCard),
    liked: Boolean(row.liked),
  };
}
