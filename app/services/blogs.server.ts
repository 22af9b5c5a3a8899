import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { blogs } from "../../db/schema";
import { DEFAULT_READING_TIME_MINUTES } from "../lib/constants";
import type { BlogListQuery } from "../lib/schemas/catalog";
import { sanitizeHtml } from "../lib/sanitize";
import { NotFoundError } from "./errors";
import { imageOrPlaceholder } from "./images.server";
import { toProduct, type Product, type ProductRow } from "./products.server";
import { isoDate, likeContains, pageMeta, parseJsonArray, type PageMeta } from "./sql";

/**
 * The outer row's id, spelled out for correlated subqueries: drizzle writes a lone column without
 * its table when a query has no join, and inside a subquery a bare "id" means the inner table's.
 */
const outerBlogId = sql.raw(`"blogs"."id"`);
const outerPublishedAt = sql.raw(`"blogs"."published_at"`);

const published = and(eq(blogs.status, "published"), sql`${blogs.publishedAt} IS NOT NULL`);

const tagsOf = sql<string>`(SELECT json_group_array(tag) FROM (SELECT tag FROM blog_tags WHERE blog_id = ${outerBlogId} ORDER BY tag))`.as("tags_json");
const categoryNamesOf = sql<string>`(SELECT json_group_array(name) FROM (SELECT bc.name FROM blog_category_links l JOIN blog_categories bc ON bc.id = l.category_id WHERE l.blog_id = ${outerBlogId} ORDER BY bc.name))`.as("category_names_json");

const cardColumns = {
  id: blogs.id,
  slug: blogs.slug,
  title: blogs.title,
  excerpt: blogs.excerpt,
  featuredImage: blogs.featuredImage,
  ogImage: blogs.ogImage,
  difficulty: blogs.difficulty,
  authorName: blogs.authorName,
  authorAvatar: blogs.authorAvatar,
  isFeatured: blogs.isFeatured,
  publishedAt: blogs.publishedAt,
  readingTime: blogs.readingTime,
  viewCount: blogs.viewCount,
  likeCount: blogs.likeCount,
  tags: tagsOf,
  categoryNames: categoryNamesOf,
};

type CardRow = {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  featuredImage: string | null;
  ogImage: string | null;
  difficulty: string;
  authorName: string;
  authorAvatar: string | null;
  isFeatured: boolean;
  publishedAt: Date | null;
  readingTime: number | null;
  viewCount: number;
  likeCount: number;
  tags: string;
  categoryNames: string;
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

function toCard(row: CardRow): BlogCard {
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

function blogFilters(query: BlogListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [published];
  if (query.search) {
    const term = query.search;
    conditions.push(
      sql`(${likeContains(blogs.title, term)} OR ${likeContains(blogs.excerpt, term)} OR EXISTS (SELECT 1 FROM blog_tags t WHERE t.blog_id = ${outerBlogId} AND ${likeContains(sql`t.tag`, term)}))`,
    );
  }
  if (query.category_id !== undefined) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM blog_category_links l WHERE l.blog_id = ${outerBlogId} AND l.category_id = ${query.category_id})`,
    );
  }
  if (query.tag) {
    conditions.push(sql`EXISTS (SELECT 1 FROM blog_tags t WHERE t.blog_id = ${outerBlogId} AND t.tag = ${query.tag.toLowerCase()})`);
  }
  if (query.difficulty) conditions.push(eq(blogs.difficulty, query.difficulty));
  if (query.featured !== undefined) conditions.push(eq(blogs.isFeatured, query.featured));
  return and(...conditions);
}

function blogOrder(query: BlogListQuery): SQL[] {
  const sortBy = query.sort_by ?? "published_at";
  const direction = (query.sort_order ?? (sortBy === "title" ? "asc" : "desc")) === "asc" ? asc : desc;
  const column = { published_at: blogs.publishedAt, view_count: blogs.viewCount, title: blogs.title }[sortBy];
  return [direction(column), direction(blogs.id)];
}

export interface BlogPage {
  blogs: BlogCard[];
  pagination: PageMeta;
}

/** Published posts only; the page's rows and the total in one round trip. */
export async function listBlogs(db: Database, query: BlogListQuery): Promise<BlogPage> {
  const where = blogFilters(query);
  const [rows, counted] = await db.batch([
    db
      .select(cardColumns)
      .from(blogs)
      .where(where)
      .orderBy(...blogOrder(query))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ total: sql<number>`count(*)` }).from(blogs).where(where),
  ]);
  const total = Number(counted[0]?.total ?? 0);
  return { blogs: rows.map(toCard), pagination: pageMeta(query.page, query.per_page, total, rows.length) };
}

const SIMILAR_BLOGS = 3;

/**
 * The post's related products (active ones, in the editor's order) as one JSON array, so they come
 * with the post's own row: the same fields `toProduct` reads from a product row.
 */
const relatedProductsJson = sql<string>`(SELECT json_group_array(json_object(
    'id', p.id, 'name', p.name, 'slug', p.slug, 'sku', p.sku, 'shortDescription', p.short_description,
    'description', p.description, 'priceCents', p.price_cents, 'salePriceCents', p.sale_price_cents,
    'stock', p.stock, 'image', p.image, 'isFeatured', p.is_featured, 'soldCount', p.sold_count,
    'reviewCount', p.review_count, 'reviewAverage', p.review_average, 'weightGrams', p.weight_grams,
    'dimensions', p.dimensions, 'metaKeywords', p.meta_keywords, 'createdAt', p.created_at,
    'categoryId', c.id, 'categoryName', c.name, 'categorySlug', c.slug))
  FROM (SELECT * FROM blog_related_products r WHERE r.blog_id = ${outerBlogId} ORDER BY r.sort_order, r.product_id) r
  JOIN products p ON p.id = r.product_id AND p.is_active = 1
  LEFT JOIN categories c ON c.id = p.category_id)`;

type RelatedJson = Omit<ProductRow, "isFeatured" | "createdAt"> & { isFeatured: number; createdAt: number };

/**
 * A published post by slug in two statements of one batch, whatever the number of tags, categories
 * and related products: the post (with its related products, its previous and next posts and
 * whether this visitor liked it, as subqueries), and up to three similar posts (sharing a tag or a
 * category). The content is sanitized here, before anything renders it.
 */
export async function getBlogBySlug(db: Database, slug: string, visitor: string | null = null): Promise<BlogDetail> {
  const neighbour = (older: boolean) => sql<string | null>`(SELECT json_object('title', n.title, 'slug', n.slug) FROM blogs n
    WHERE n.status = 'published' AND n.published_at IS NOT NULL
      AND (n.published_at, n.id) ${sql.raw(older ? "<" : ">")} (${outerPublishedAt}, ${outerBlogId})
    ORDER BY n.published_at ${sql.raw(older ? "DESC" : "ASC")}, n.id ${sql.raw(older ? "DESC" : "ASC")} LIMIT 1)`;
  const shared = sql<number>`(
    (SELECT count(*) FROM blog_tags t1 JOIN blog_tags t2 ON t2.tag = t1.tag
      WHERE t1.blog_id = ${outerBlogId} AND t2.blog_id = (SELECT id FROM blogs WHERE slug = ${slug}))
    + (SELECT count(*) FROM blog_category_links c1 JOIN blog_category_links c2 ON c2.category_id = c1.category_id
      WHERE c1.blog_id = ${outerBlogId} AND c2.blog_id = (SELECT id FROM blogs WHERE slug = ${slug})))`;

  const [found, similar] = await db.batch([
    db
      .select({
        ...cardColumns,
        content: blogs.content,
        metaTitle: blogs.metaTitle,
        metaDescription: blogs.metaDescription,
        metaKeywords: blogs.metaKeywords,
        previous: neighbour(true).as("previous_json"),
        next: neighbour(false).as("next_json"),
        liked: sql<number>`EXISTS (SELECT 1 FROM blog_likes l WHERE l.blog_id = ${outerBlogId} AND l.visitor_id = ${visitor ?? ""})`.as("liked"),
        related: relatedProductsJson.as("related_json"),
      })
      .from(blogs)
      .where(and(eq(blogs.slug, slug), published))
      .limit(1),
    db
      .select({ ...cardColumns, shared: sql<number>`${shared}`.as("shared_count") })
      .from(blogs)
      .where(and(published, sql`${blogs.slug} <> ${slug}`, sql`${shared} > 0`))
      .orderBy(desc(shared), desc(blogs.publishedAt), desc(blogs.id))
      .limit(SIMILAR_BLOGS),
  ]);
  const row = found[0];
  if (!row) throw new NotFoundError("Article Not Found");
  const card = toCard(row);
  const link = (json: string | null): BlogLink | null => {
    if (!json) return null;
    const blog = JSON.parse(json) as { title: string; slug: string };
    return { title: blog.title, slug: blog.slug, url: `/blog/${blog.slug}` };
  };
  return {
    ...card,
    content: sanitizeHtml(row.content),
    meta_title: row.metaTitle || row.title,
    meta_description: row.metaDescription || row.excerpt,
    meta_keywords: row.metaKeywords || card.tags.join(", "),
    related_products: parseJsonArray<RelatedJson>(row.related).map((product) =>
      toProduct({ ...product, isFeatured: Boolean(product.isFeatured), createdAt: product.createdAt as unknown as Date }),
    ),
    previous_blog: link(row.previous),
    next_blog: link(row.next),
    similar_blogs: similar.map(toCard),
    liked: Boolean(row.liked),
  };
}
