import { blogs } from "../../../db/schema";
import { DEFAULT_READING_TIME_MINUTES } from "../../lib/constants";
import { sanitizeHtml } from "../../lib/sanitize";
import { imageOrPlaceholder } from "../images.server";
import { isoDate, parseJsonArray } from "../sql";
import { productsFromJson, type Product } from "./product";

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

export interface BlogCard {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  url: string;
  featured_image: string;
  og_image: string;
  difficulty: string;
  difficulty_badge: string;
  author_name: string;
  author_avatar: string | null;
  is_featured: boolean;
  published_at: string | null;
  formatted_published_date: string;
  reading_time: number;
  reading_time_text: string;
  view_count: number;
  like_count: number;
  tags: string[];
  category_names: string[];
}

export interface BlogLink {
  title: string;
  url: string;
  slug: string;
}

export interface BlogDetail extends BlogCard {
  content: string;
  meta_title: string;
  meta_description: string;
  meta_keywords: string;
  related_products: Product[];
  previous_blog: BlogLink | null;
  next_blog: BlogLink | null;
  similar_blogs: BlogCard[];
  /** Whether the visitor asking has liked it. */
  liked: boolean;
}

export function formatPublishedDate(date: string | null): string {
  if (!date) return "Not published";
  return new Date(date).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
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

/** A post's page; the content is sanitized here, before anything renders it. */
export function toBlogDetail(row: BlogDetailRow, similar: BlogCardRow[]): BlogDetail {
  const card = toBlogCard(row);
  return {
    ...card,
    content: sanitizeHtml(row.content),
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
