import { and, asc, count, desc, eq, exists, inArray, isNotNull, ne, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client";
import {
  blogCategories,
  blogCategoryLinks,
  blogLikes,
  blogRelatedProducts,
  blogs,
  blogTags,
  categories,
  products,
} from "../../db/schema";
import type { BlogListQuery } from "../lib/schemas/catalog";
import { NotFoundError } from "./errors";
import { matchQuery, searchWords } from "../lib/search";
import { tutorialSearch } from "../../db/search-schema";
import { rankedPage, tutorialIdsMatching } from "./search-match.server";
import { productJson } from "./serializers/product";
import { toBlogCard, toBlogDetail, type BlogCard, type BlogDetail, type BlogTagCount } from "./serializers/blog";
import {
  countWhere,
  childRowsJson,
  jsonArrayOf,
  jsonObject,
  onePage,
  pageMeta,
  prerendered,
  rendered,
  scalar,
  subqueries,
  totalOf,
  type PageMeta,
} from "./sql";

export { formatPublishedDate } from "./serializers/blog";
export type { BlogCard, BlogDetail, BlogLink, BlogTagCount } from "./serializers/blog";

const published = and(eq(blogs.status, "published"), isNotNull(blogs.publishedAt));

/** The post's tags (alphabetical) and its categories' names (alphabetical), each as a JSON array. */
const tagsJson = childRowsJson({ tag: blogTags.tag }, blogTags, {
  link: blogTags.blogId,
  parent: blogs.id,
  order: blogTags.tag,
});
const categoryNamesJson = rendered(() =>
  jsonArrayOf(
    subqueries
      .select({ name: blogCategories.name })
      .from(blogCategoryLinks)
      .innerJoin(blogCategories, eq(blogCategories.id, blogCategoryLinks.categoryId))
      .where(eq(blogCategoryLinks.blogId, blogs.id))
      .orderBy(asc(blogCategories.name)),
  ),
);

/** The columns of a tutorial's card (the list, the search page). */
export const blogCardColumns = () => ({
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
  tags: tagsJson().as("tags_json"),
  categoryNames: categoryNamesJson().as("category_names_json"),
});

/** Whether the post has a row in a link table matching the condition. */
const blogHas = (table: typeof blogTags | typeof blogCategoryLinks, condition: SQL) =>
  exists(
    subqueries
      .select({ one: sql`1` })
      .from(table)
      .where(and(eq(table.blogId, blogs.id), condition)),
  );

function blogFilters(query: BlogListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [published];
  if (query.search) {
    const match = searchMatch(query);
    conditions.push(match ? inArray(blogs.id, tutorialIdsMatching(match)) : sql`0`);
  }
  if (query.category_id !== undefined) {
    conditions.push(blogHas(blogCategoryLinks, eq(blogCategoryLinks.categoryId, query.category_id)));
  }
  if (query.tag) {
    conditions.push(blogHas(blogTags, eq(blogTags.tag, query.tag.toLowerCase())));
  }
  if (query.difficulty) conditions.push(eq(blogs.difficulty, query.difficulty));
  if (query.featured !== undefined) conditions.push(eq(blogs.isFeatured, query.featured));
  return and(...conditions);
}

/** The full-text query of the list's `search`: its words (docs/decisions/031), null without any. */
const searchMatch = (query: Pick<BlogListQuery, "search">) =>
  query.search ? matchQuery(searchWords(query.search)) : null;

/** The search to rank the list by: a search without a chosen sort (the list is then joined to the index). */
const rankedSearch = (query: BlogListQuery) => (query.sort_by ? null : searchMatch(query));

function blogOrder(query: BlogListQuery): SQL[] {
  // A search without a chosen sort lists the best matches first.
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
  const select = db.select(blogCardColumns()).from(blogs).$dynamic();
  const ranked = rankedSearch(query);
  const [rows, counted] = await db.batch([
    ranked
      ? rankedPage(select, tutorialSearch, blogs, blogs.id, ranked, where, desc(blogs.id), query)
      : onePage(select.where(where), blogOrder(query), query),
    countWhere(db, blogs, where),
  ]);
  const total = totalOf(counted);
  return { blogs: rows.map(toBlogCard), pagination: pageMeta(query.page, query.per_page, total, rows.length) };
}

/** The featured published posts, newest first (`GET /api/blogs/featured`). */
export async function listFeaturedBlogs(db: Database, limit: number): Promise<BlogCard[]> {
  const rows = await db
    .select(blogCardColumns())
    .from(blogs)
    .where(and(published, eq(blogs.isFeatured, true)))
    .orderBy(desc(blogs.publishedAt), desc(blogs.id))
    .limit(limit);
  return rows.map(toBlogCard);
}

/** The latest published posts (`GET /api/blogs/recent`). */
export async function listRecentBlogs(db: Database, limit: number): Promise<BlogCard[]> {
  const rows = await db
    .select(blogCardColumns())
    .from(blogs)
    .where(published)
    .orderBy(desc(blogs.publishedAt), desc(blogs.id))
    .limit(limit);
  return rows.map(toBlogCard);
}

/** Every tag of the published posts with how many carry it, the most used first (`GET /api/blogs/tags`). */
export async function listBlogTags(db: Database): Promise<BlogTagCount[]> {
  const postCount = sql<number>`count(*)`.as("post_count");
  const rows = await db
    .select({ tag: blogTags.tag, count: postCount })
    .from(blogTags)
    .innerJoin(blogs, eq(blogs.id, blogTags.blogId))
    .where(published)
    .groupBy(blogTags.tag)
    .orderBy(desc(sql`post_count`), asc(blogTags.tag));
  return rows.map((row) => ({
    tag: row.tag,
    count: Number(row.count),
    url: `/blog?search=${encodeURIComponent(row.tag)}`,
  }));
}

const SIMILAR_BLOGS = 3;

/**
 * The post's related products (active ones, in the editor's order) as one JSON array, so they come
 * with the post's own row: the fields `productSummaryColumns` reads, as `productsFromJson` reads them.
 */
const relatedProductsJson = rendered(() => {
  const relatedRows = subqueries
    .select({ productId: blogRelatedProducts.productId, sortOrder: blogRelatedProducts.sortOrder })
    .from(blogRelatedProducts)
    .where(eq(blogRelatedProducts.blogId, blogs.id))
    .orderBy(asc(blogRelatedProducts.sortOrder), asc(blogRelatedProducts.productId))
    .as("related_");
  return sql<string>`${subqueries
    .select({ json: sql<string>`json_group_array(${productJson()})` })
    .from(relatedRows)
    .innerJoin(products, and(eq(products.id, relatedRows.productId), eq(products.isActive, true)))
    .leftJoin(categories, eq(categories.id, products.categoryId))}`;
});

/** The post before (older) or after (newer) this one, as a JSON object {title, slug}. */
function neighbour(older: boolean) {
  return rendered(() => {
    const other = alias(blogs, "n");
    const order = older ? desc : asc;
    const beyond = sql`(${other.publishedAt}, ${other.id}) ${sql.raw(older ? "<" : ">")} (${blogs.publishedAt}, ${blogs.id})`;
    return sql<string | null>`${subqueries
      .select({ json: jsonObject({ title: other.title, slug: other.slug }) })
      .from(other)
      .where(and(eq(other.status, "published"), isNotNull(other.publishedAt), beyond))
      .orderBy(order(other.publishedAt), order(other.id))
      .limit(1)}`;
  });
}
const previousJson = neighbour(true);
const nextJson = neighbour(false);

/** Whether the visitor liked the post: 1 or 0. */
const likedBy = prerendered(
  ["visitor"],
  ({ visitor }) =>
    sql<number>`${exists(
      subqueries
        .select({ one: sql`1` })
        .from(blogLikes)
        .where(and(eq(blogLikes.blogId, blogs.id), eq(blogLikes.visitorId, visitor))),
    )}`,
);

/** How many tags and categories a post shares with the post of this slug. */
const sharedWith = prerendered(["slug"], ({ slug }) => {
  const self = alias(blogs, "self_");
  const selfId = subqueries.select({ id: self.id }).from(self).where(eq(self.slug, slug));
  const [t1, t2] = [alias(blogTags, "t1"), alias(blogTags, "t2")];
  const [c1, c2] = [alias(blogCategoryLinks, "c1"), alias(blogCategoryLinks, "c2")];
  const sharedTags = subqueries
    .select({ n: count() })
    .from(t1)
    .innerJoin(t2, eq(t2.tag, t1.tag))
    .where(and(eq(t1.blogId, blogs.id), eq(t2.blogId, selfId)));
  const sharedCategories = subqueries
    .select({ n: count() })
    .from(c1)
    .innerJoin(c2, eq(c2.categoryId, c1.categoryId))
    .where(and(eq(c1.blogId, blogs.id), eq(c2.blogId, selfId)));
  return scalar<number>(sql`${sharedTags} + ${sharedCategories}`);
});

/**
 * A published post by slug in two statements of one batch, whatever the number of tags, categories
 * and related products: the post (with its related products, its previous and next posts and
 * whether this visitor liked it, as subqueries), and up to three similar posts (sharing a tag or a
 * category). The content is served as stored: staff's saves sanitize it (services/admin/blogs).
 */
export async function getBlogBySlug(db: Database, slug: string, visitor: string | null = null): Promise<BlogDetail> {
  const shared = sharedWith({ slug });
  const [found, similar] = await db.batch([
    db
      .select({
        ...blogCardColumns(),
        content: blogs.content,
        metaTitle: blogs.metaTitle,
        metaDescription: blogs.metaDescription,
        metaKeywords: blogs.metaKeywords,
        previous: previousJson().as("previous_json"),
        next: nextJson().as("next_json"),
        liked: likedBy({ visitor: visitor ?? "" }).as("liked"),
        related: relatedProductsJson().as("related_json"),
      })
      .from(blogs)
      .where(and(eq(blogs.slug, slug), published))
      .limit(1),
    db
      .select({ ...blogCardColumns(), shared: shared.as("shared_count") })
      .from(blogs)
      .where(and(published, ne(blogs.slug, slug), sql`${shared} > 0`))
      .orderBy(desc(shared), desc(blogs.publishedAt), desc(blogs.id))
      .limit(SIMILAR_BLOGS),
  ]);
  const row = found[0];
  if (!row) throw new NotFoundError("Article Not Found");
  return toBlogDetail(row, similar);
}
