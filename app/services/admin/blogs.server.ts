import { and, asc, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../../db/client";
import { blogCategories, blogCategoryLinks, blogRelatedProducts, blogs, blogTags, products } from "../../../db/schema";
import { changes } from "../../lib/cache-tags";
import {
  BLOG_LIMITS,
  BLOG_MESSAGES,
  readingTimeOf,
  textOfHtml,
  slugFromTitle,
  type AdminBlogQuery,
  type BlogCreateInput,
  type BlogStatus,
  type BlogUpdateInput,
} from "../../lib/schemas/admin-blogs";
import { sanitizeHtml } from "../../lib/sanitize";
import { bumpTags } from "../cache-tags.server";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import {
  toAdminBlog,
  toAdminBlogRow,
  toBlogStats,
  type AdminBlog,
  type AdminBlogRow,
  type BlogStats,
} from "../serializers/admin-blog";
import { likeContains, pageMeta, type PageMeta, onePage, newestFirst, countWhere, totalOf } from "../sql";
import { auditEntry, auditRecords, recentAuditOf, type Actor, type Changes } from "../audit.server";
import { isUniqueViolation, newRowId } from "./rows.server";

export type { AdminBlog, AdminBlogRow, BlogStats } from "../serializers/admin-blog";

// ---------------------------------------------------------------- reading

const rowColumns = {
  id: blogs.id,
  title: blogs.title,
  slug: blogs.slug,
  status: blogs.status,
  isFeatured: blogs.isFeatured,
  difficulty: blogs.difficulty,
  authorName: blogs.authorName,
  viewCount: blogs.viewCount,
  likeCount: blogs.likeCount,
  publishedAt: blogs.publishedAt,
  createdAt: blogs.createdAt,
  updatedAt: blogs.updatedAt,
  version: blogs.version,
};

const fullColumns = {
  ...rowColumns,
  excerpt: blogs.excerpt,
  content: blogs.content,
  featuredImage: blogs.featuredImage,
  readingTime: blogs.readingTime,
  metaTitle: blogs.metaTitle,
  metaDescription: blogs.metaDescription,
  metaKeywords: blogs.metaKeywords,
};

function listWhere(query: Pick<AdminBlogQuery, "search" | "status">): SQL | undefined {
  const search = query.search;
  return and(
    query.status ? eq(blogs.status, query.status) : undefined,
    search
      ? or(likeContains(blogs.title, search), likeContains(blogs.slug, search), likeContains(blogs.excerpt, search))
      : undefined,
  );
}

const listStatements = (db: Database, query: AdminBlogQuery) => {
  const where = listWhere(query);
  return [
    onePage(db.select(rowColumns).from(blogs).where(where).$dynamic(), newestFirst(blogs), query),
    countWhere(db, blogs, where),
  ] as const;
};

type ListResults = [Awaited<ReturnType<typeof listStatements>[0]>, Awaited<ReturnType<typeof listStatements>[1]>];

function pageFrom(query: AdminBlogQuery, [rows, counted]: ListResults): { data: AdminBlogRow[] } & PageMeta {
  return { data: rows.map(toAdminBlogRow), ...pageMeta(query.page, query.per_page, totalOf(counted), rows.length) };
}

/** Tutorials for staff, newest first (drafts too): by status and by title, slug or excerpt; the page and its total in one batch. */
export async function listAdminBlogs(
  db: Database,
  query: AdminBlogQuery,
): Promise<{ data: AdminBlogRow[] } & PageMeta> {
  return pageFrom(query, (await db.batch([...listStatements(db, query)])) as unknown as ListResults);
}

const statsStatement = (db: Database) =>
  db
    .select({
      total: sql<number>`count(*)`.as("stat_total"),
      published: sql<number>`coalesce(sum(${blogs.status} = 'published'), 0)`.as("stat_published"),
      draft: sql<number>`coalesce(sum(${blogs.status} = 'draft'), 0)`.as("stat_draft"),
      featured: sql<number>`coalesce(sum(${blogs.isFeatured}), 0)`.as("stat_featured"),
      views: sql<number>`coalesce(sum(${blogs.viewCount}), 0)`.as("stat_views"),
      likes: sql<number>`coalesce(sum(${blogs.likeCount}), 0)`.as("stat_likes"),
    })
    .from(blogs);

const EMPTY_STATS = { total: 0, published: 0, draft: 0, featured: 0, views: 0, likes: 0 };

/** The list page: its page of tutorials and the counts, in one batch. */
export async function adminBlogsPage(
  db: Database,
  query: AdminBlogQuery,
): Promise<{ page: { data: AdminBlogRow[] } & PageMeta; stats: BlogStats }> {
  const [rows, counted, stats] = await db.batch([...listStatements(db, query), statsStatement(db)]);
  return {
    page: pageFrom(query, [rows, counted] as unknown as ListResults),
    stats: toBlogStats(stats[0] ?? EMPTY_STATS),
  };
}

/** The statements reading one tutorial with its tags, categories and related products. */
const postStatements = (db: Database, id: number) =>
  [
    db.select(fullColumns).from(blogs).where(eq(blogs.id, id)),
    db.select({ tag: blogTags.tag }).from(blogTags).where(eq(blogTags.blogId, id)).orderBy(asc(blogTags.tag)),
    db
      .select({ categoryId: blogCategoryLinks.categoryId })
      .from(blogCategoryLinks)
      .where(eq(blogCategoryLinks.blogId, id))
      .orderBy(asc(blogCategoryLinks.categoryId)),
    db
      .select({ productId: blogRelatedProducts.productId })
      .from(blogRelatedProducts)
      .where(eq(blogRelatedProducts.blogId, id))
      .orderBy(asc(blogRelatedProducts.sortOrder), asc(blogRelatedProducts.productId)),
  ] as const;

/** The statements reading one tutorial with its tags, categories, related products and audit entries. */
const blogStatements = (db: Database, id: number) =>
  [...postStatements(db, id), recentAuditOf(db, "blog", id)] as const;

type BlogResults = [
  Awaited<ReturnType<typeof blogStatements>[0]>,
  Awaited<ReturnType<typeof blogStatements>[1]>,
  Awaited<ReturnType<typeof blogStatements>[2]>,
  Awaited<ReturnType<typeof blogStatements>[3]>,
  Awaited<ReturnType<typeof blogStatements>[4]>,
];

function blogFrom([rows, tags, categoryLinks, related, audit]: BlogResults): AdminBlog | null {
  const row = rows[0];
  if (!row) return null;
  return toAdminBlog(row, {
    tags: tags.map((t) => t.tag),
    categoryIds: categoryLinks.map((c) => c.categoryId),
    relatedProductIds: related.map((r) => r.productId),
    audit: auditRecords(audit),
  });
}

/** One tutorial with every field, its links and its latest audit entries, in one batch. Null when unknown. */
export async function getAdminBlog(db: Database, id: number): Promise<AdminBlog | null> {
  const results = await db.batch([...blogStatements(db, id)]);
  return blogFrom(results as unknown as BlogResults);
}

const optionStatements = (db: Database) =>
  [
    db
      .select({ id: blogCategories.id, name: blogCategories.name })
      .from(blogCategories)
      .orderBy(asc(blogCategories.name), asc(blogCategories.id)),
    db
      .select({ id: products.id, name: products.name, active: products.isActive })
      .from(products)
      .orderBy(asc(products.name), asc(products.id)),
  ] as const;

type OptionResults = [Awaited<ReturnType<typeof optionStatements>[0]>, Awaited<ReturnType<typeof optionStatements>[1]>];

/** What the tutorial form offers: every blog category, and the products (archived ones marked). */
const optionsFrom = ([categories, productRows]: OptionResults) => ({
  categories,
  products: productRows.map((p) => ({ id: p.id, name: p.name, active: Boolean(p.active) })),
});
export type BlogFormOptions = ReturnType<typeof optionsFrom>;

/** The form's choices for a new tutorial (one batch). */
export async function getBlogFormOptions(db: Database): Promise<BlogFormOptions> {
  return optionsFrom(await db.batch([...optionStatements(db)]));
}

/** The tutorial's page: the tutorial and the form's choices in one batch. Null when unknown. */
export async function getAdminBlogPage(
  db: Database,
  id: number,
): Promise<{ blog: AdminBlog; options: BlogFormOptions } | null> {
  const results = await db.batch([...blogStatements(db, id), ...optionStatements(db)]);
  const blog = blogFrom(results.slice(0, 5) as unknown as BlogResults);
  if (!blog) return null;
  return { blog, options: optionsFrom(results.slice(5) as unknown as OptionResults) };
}

/** Counts for the list's header and GET /api/admin/blogs/stats: one statement. */
export async function blogStats(db: Database): Promise<BlogStats> {
  const [row] = await statsStatement(db);
  return toBlogStats(row ?? EMPTY_STATS);
}

// ---------------------------------------------------------------- writing

const isDuplicateSlug = (error: unknown) => isUniqueViolation(error, "blogs.slug");

const slugTaken = () => new ConflictError(BLOG_MESSAGES.slugTaken);

/** A slug made from a title, unique: "-2", "-3"... after it while it is taken. */
function uniqueSlug(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const slug = `${base.slice(0, BLOG_LIMITS.slug - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!taken.has(slug)) return slug;
  }
}

/** The slugs already used that a slug made from `base` could meet (`base`, `base-2`...), other than this post's. */
const slugsLike = (db: Database, base: string, except: number) =>
  db
    .select({ slug: blogs.slug })
    .from(blogs)
    .where(
      and(
        or(eq(blogs.slug, base), sql`${blogs.slug} LIKE ${`${base.slice(0, BLOG_LIMITS.slug - 4)}-%`}`),
        ne(blogs.id, except),
      ),
    );

/** The ids among `ids` that exist in the table (an empty list asks nothing: `-1` matches no row). */
const existingCategories = (db: Database, ids: number[] | undefined) =>
  db
    .select({ id: blogCategories.id })
    .from(blogCategories)
    .where(inArray(blogCategories.id, ids?.length ? ids : [-1]));
const existingProducts = (db: Database, ids: number[] | undefined) =>
  db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, ids?.length ? ids : [-1]));

/** Unknown categories or products: a 422 naming the field. */
function checkLinks(
  input: { category_ids?: number[]; related_product_ids?: number[] },
  found: { categories: { id: number }[]; products: { id: number }[] },
) {
  const errors: Record<string, string[]> = {};
  const known = (rows: { id: number }[]) => new Set(rows.map((r) => r.id));
  const categories = known(found.categories);
  const productIds = known(found.products);
  if (input.category_ids?.some((id) => !categories.has(id))) errors.category_ids = [BLOG_MESSAGES.categoryUnknown];
  if (input.related_product_ids?.some((id) => !productIds.has(id)))
    errors.related_product_ids = [BLOG_MESSAGES.productUnknown];
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** The post's id in a batch that may be creating it: a number, or its row found by its (unique) slug. */
type BlogRef = number | SQL;
const refSql = (ref: BlogRef) => (typeof ref === "number" ? sql`${ref}` : ref);

/** The post's tables of links: each row names the post (`blog_id`) and one tag, category or product. */
type LinkTable = typeof blogTags | typeof blogCategoryLinks | typeof blogRelatedProducts;

/**
 * Replaces one kind of the post's links (when `values` are given): the old rows deleted when
 * `replacing`, a row inserted for each value, its columns `row` made from json_each's `value` (and
 * `key`, its place); each statement guarded by `onlyIf`.
 */
function replaceLinks(
  db: Database,
  table: LinkTable,
  id: SQL,
  values: unknown[] | undefined,
  row: Record<string, SQL.Aliased>,
  onlyIf: SQL,
  replacing: boolean,
) {
  if (values === undefined) return [];
  const statements = [];
  if (replacing) statements.push(db.delete(table).where(and(sql`${table.blogId} = ${id}`, onlyIf)));
  if (values.length) {
    const rows = db
      .select({ blogId: sql`${id}`.as("blog_id"), ...row })
      .from(sql`json_each(${JSON.stringify(values)})`)
      .where(onlyIf);
    statements.push(db.insert(table).select(rows));
  }
  return statements;
}

/** Replaces the post's tags, categories or related products (those given), each statement guarded by `onlyIf`. */
function linkStatements(
  db: Database,
  ref: BlogRef,
  input: { tags?: string[]; category_ids?: number[]; related_product_ids?: number[] },
  onlyIf: SQL,
  replacing: boolean,
) {
  const id = refSql(ref);
  const tag = { tag: sql`value`.as("tag") };
  const category = { categoryId: sql`value`.as("category_id") };
  const product = { productId: sql`value`.as("product_id"), sortOrder: sql`key`.as("sort_order") };
  return [
    ...replaceLinks(db, blogTags, id, input.tags, tag, onlyIf, replacing),
    ...replaceLinks(db, blogCategoryLinks, id, input.category_ids, category, onlyIf, replacing),
    ...replaceLinks(db, blogRelatedProducts, id, input.related_product_ids, product, onlyIf, replacing),
  ];
}

/** The post's own columns from a body: the HTML sanitized here, when saved, and its reading time from it. */
function columnsOf(input: Omit<BlogUpdateInput, "version">) {
  const content = input.content === undefined ? undefined : sanitizeHtml(input.content);
  return {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.excerpt !== undefined ? { excerpt: input.excerpt } : {}),
    ...(content !== undefined
      ? { content, contentText: textOfHtml(content), readingTime: readingTimeOf(content) }
      : {}),
    ...(input.featured_image !== undefined ? { featuredImage: input.featured_image } : {}),
    ...(input.difficulty !== undefined ? { difficulty: input.difficulty } : {}),
    ...(input.is_featured !== undefined ? { isFeatured: input.is_featured } : {}),
    ...(input.author_name ? { authorName: input.author_name } : {}),
    ...(input.meta_title !== undefined ? { metaTitle: input.meta_title } : {}),
    ...(input.meta_description !== undefined ? { metaDescription: input.meta_description } : {}),
    ...(input.meta_keywords !== undefined ? { metaKeywords: input.meta_keywords } : {}),
  };
}

/** What the audit log keeps of a change: the HTML by its length, not its text. */
const characters = (html: string | null | undefined) => `${(html ?? "").length} characters of HTML`;

/**
 * A new tutorial, a draft unless `status` is published (then `published_at` is now): the slug made
 * from the title when none is given (unique: "-2"... after it), a given slug already used a 409;
 * unknown categories or products a 422. The HTML is sanitized here, once, as it is stored. One read,
 * then one batch: the post, its links, the audit row and the lists' cache tags.
 */
export async function createBlog(db: Database, actor: Actor, input: BlogCreateInput): Promise<AdminBlog> {
  const base = input.slug ?? slugFromTitle(input.title);
  const [categoryRows, productRows, slugRows] = await db.batch([
    existingCategories(db, input.category_ids),
    existingProducts(db, input.related_product_ids),
    slugsLike(db, base, -1),
  ]);
  checkLinks(input, { categories: categoryRows, products: productRows });
  const taken = new Set(slugRows.map((r) => r.slug));
  if (input.slug && taken.has(input.slug)) throw slugTaken();
  const slug = input.slug ?? uniqueSlug(base, taken);

  const publishing = input.status === "published";
  const columns = columnsOf(input);
  const ref = newRowId(blogs, eq(blogs.slug, slug));
  const insert = db
    .insert(blogs)
    .values({
      ...columns,
      title: input.title,
      slug,
      content: columns.content ?? "",
      readingTime: columns.readingTime ?? readingTimeOf(""),
      authorName: input.author_name || actor.name,
      status: publishing ? "published" : "draft",
      publishedAt: publishing ? sql`unixepoch()` : null,
    })
    .returning({ id: blogs.id });
  const always = sql`1 = 1`;
  try {
    const [created] = await db.batch([
      insert,
      ...linkStatements(db, ref, input, always, false),
      auditEntry(db, actor, {
        action: "create",
        entity: "blog",
        entityId: ref,
        summary: `Tutorial "${input.title}" created as ${publishing ? "published" : "a draft"}`,
        changes: { slug: [null, slug], status: [null, publishing ? "published" : "draft"] },
      }),
      bumpTags(db, changes.blogCreated()),
    ] as unknown as [typeof insert]);
    return (await getAdminBlog(db, created[0]!.id))!;
  } catch (error) {
    if (isDuplicateSlug(error)) throw slugTaken();
    throw error;
  }
}

/**
 * The post as a write reads it first (what the audit log compares and the guard checks), and in the
 * same batch whether the categories and products named exist and which slugs the new one could meet.
 */
async function readForWrite(db: Database, id: number, input: BlogUpdateInput, slugBase: string | null) {
  const [rows, tags, categoryLinks, related, categoryRows, productRows, slugRows] = await db.batch([
    ...postStatements(db, id),
    existingCategories(db, input.category_ids),
    existingProducts(db, input.related_product_ids),
    slugsLike(db, slugBase ?? "", id),
  ]);
  const current = rows[0];
  if (!current) throw new NotFoundError(BLOG_MESSAGES.notFound);
  return {
    current,
    tags: tags.map((t) => t.tag),
    categoryIds: categoryLinks.map((c) => c.categoryId),
    relatedIds: related.map((r) => r.productId),
    categoryRows,
    productRows,
    slugRows: slugBase === null ? null : slugRows,
  };
}

/** The post exactly as read (its version): the condition of every statement of a write's batch. */
const asRead = (id: number, version: number) =>
  sql`EXISTS (SELECT 1 FROM ${blogs} WHERE ${blogs.id} = ${id} AND ${blogs.version} = ${version})`;

/**
 * Changes what the body names (PUT): the rest stays. A `version` other than the post's is a 409
 * (someone saved since the form was opened); so is a slug another post has. An empty slug is made
 * from the title. The HTML is sanitized as it is stored and the reading time recomputed from it.
 *
 * One read, then ONE batch whose every statement is guarded by the post being at the version read,
 * with the post's own UPDATE last (the pattern of `updateOrder`): two staff saving at once cannot
 * both apply, and the later one is told so.
 */
export async function updateBlog(db: Database, actor: Actor, id: number, input: BlogUpdateInput): Promise<AdminBlog> {
  // The slug to check: the one given, or the one made from the new title; from the current title, read first.
  const knownBase =
    input.slug === undefined ? null : (input.slug ?? (input.title !== undefined ? slugFromTitle(input.title) : null));
  const before = await readForWrite(db, id, input, knownBase);
  const { current } = before;
  if (input.version !== undefined && input.version !== current.version) throw new ConflictError(BLOG_MESSAGES.stale);
  checkLinks(input, { categories: before.categoryRows, products: before.productRows });

  const title = input.title ?? current.title;
  let slug = current.slug;
  if (input.slug !== undefined) {
    const base = knownBase ?? slugFromTitle(title);
    const slugRows = before.slugRows ?? (await slugsLike(db, base, id));
    const taken = new Set(slugRows.map((r) => r.slug));
    if (input.slug && taken.has(input.slug)) throw slugTaken();
    slug = input.slug ?? uniqueSlug(base, taken);
  }

  const columns = { ...columnsOf(input), slug };
  const changed: Changes = {};
  const compare = (field: string, from: unknown, to: unknown) => {
    if (to !== undefined && JSON.stringify(from ?? null) !== JSON.stringify(to ?? null))
      changed[field] = [from ?? null, to ?? null];
  };
  compare("title", current.title, columns.title);
  compare("slug", current.slug, columns.slug);
  compare("excerpt", current.excerpt, columns.excerpt);
  if (columns.content !== undefined && columns.content !== current.content)
    changed.content = [characters(current.content), characters(columns.content)];
  compare("featured_image", current.featuredImage, columns.featuredImage);
  compare("difficulty", current.difficulty, columns.difficulty);
  compare("is_featured", current.isFeatured, columns.isFeatured);
  compare("author_name", current.authorName, columns.authorName);
  compare("meta_title", current.metaTitle, columns.metaTitle);
  compare("meta_description", current.metaDescription, columns.metaDescription);
  compare("meta_keywords", current.metaKeywords, columns.metaKeywords);
  compare("tags", before.tags, input.tags === undefined ? undefined : [...input.tags].sort());
  compare(
    "category_ids",
    before.categoryIds,
    input.category_ids === undefined ? undefined : [...input.category_ids].sort((a, b) => a - b),
  );
  compare("related_product_ids", before.relatedIds, input.related_product_ids);
  if (Object.keys(changed).length === 0) return (await getAdminBlog(db, id))!;

  const guard = asRead(id, current.version);
  const update = db
    .update(blogs)
    .set({ ...columns, version: sql`${blogs.version} + 1`, updatedAt: sql`unixepoch()` })
    .where(and(eq(blogs.id, id), eq(blogs.version, current.version)))
    .returning({ id: blogs.id });
  try {
    const summary = `Tutorial "${title}" edited: ${Object.keys(changed).join(", ")}`;
    await guardedWrite(db, actor, id, guard, { action: "update", summary, changes: changed }, update, [
      ...linkStatements(db, id, input, guard, true),
    ]);
  } catch (error) {
    if (isDuplicateSlug(error)) throw slugTaken();
    throw error;
  }
  return (await getAdminBlog(db, id))!;
}

/**
 * Runs a write to a post, guarded by `guard` (the post as it was read): the statements `before` it,
 * its audit entry, the bump of the post's cache tags, and last the write itself, in one batch. A
 * write that changed no row lost to a change made meanwhile: a 409.
 */
async function guardedWrite(
  db: Database,
  actor: Actor,
  id: number,
  guard: SQL,
  audit: { action: string; summary: string; changes: Changes },
  write: BatchItem<"sqlite">,
  before: BatchItem<"sqlite">[] = [],
): Promise<void> {
  const entry = { action: audit.action, entity: "blog", entityId: id, summary: audit.summary, changes: audit.changes };
  const statements: BatchItem<"sqlite">[] = [
    ...before,
    auditEntry(db, actor, entry, guard),
    bumpTags(db, changes.blogChanged(id), { onlyIf: guard }),
    write,
  ];
  const results = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const applied = results[results.length - 1] as Array<{ id: number }>;
  if (applied.length === 0) throw new ConflictError(BLOG_MESSAGES.stale);
}

/**
 * Publishes a draft or unpublishes a post (PATCH .../toggle-status). `published_at` is set on the
 * first publish only and kept after, so a post taken down and put back keeps its date. A stale
 * `version` is a 409.
 */
export async function toggleBlogStatus(db: Database, actor: Actor, id: number, version?: number): Promise<AdminBlog> {
  const [rows] = await db.batch([
    db.select({ title: blogs.title, status: blogs.status, version: blogs.version }).from(blogs).where(eq(blogs.id, id)),
  ]);
  const current = rows[0];
  if (!current) throw new NotFoundError(BLOG_MESSAGES.notFound);
  if (version !== undefined && version !== current.version) throw new ConflictError(BLOG_MESSAGES.stale);
  const next: BlogStatus = current.status === "published" ? "draft" : "published";
  const guard = sql`EXISTS (SELECT 1 FROM ${blogs} WHERE ${blogs.id} = ${id} AND ${blogs.version} = ${current.version} AND ${blogs.status} = ${current.status})`;
  const update = db
    .update(blogs)
    .set({
      status: next,
      ...(next === "published" ? { publishedAt: sql`coalesce(${blogs.publishedAt}, unixepoch())` } : {}),
      version: sql`${blogs.version} + 1`,
      updatedAt: sql`unixepoch()`,
    })
    .where(and(eq(blogs.id, id), eq(blogs.version, current.version), eq(blogs.status, current.status)))
    .returning({ id: blogs.id });
  const audit = {
    action: next === "published" ? "publish" : "unpublish",
    summary: `Tutorial "${current.title}" ${next === "published" ? "published" : "unpublished (back to draft)"}`,
    changes: { status: [current.status, next] } satisfies Changes,
  };
  await guardedWrite(db, actor, id, guard, audit, update);
  return (await getAdminBlog(db, id))!;
}

/** Deletes a tutorial with its links, likes and views (the tables cascade); a stale `version` is a 409. */
export async function deleteBlog(
  db: Database,
  actor: Actor,
  id: number,
  version?: number,
): Promise<{ id: number; title: string }> {
  const [rows] = await db.batch([
    db
      .select({ title: blogs.title, slug: blogs.slug, status: blogs.status, version: blogs.version })
      .from(blogs)
      .where(eq(blogs.id, id)),
  ]);
  const current = rows[0];
  if (!current) throw new NotFoundError(BLOG_MESSAGES.notFound);
  if (version !== undefined && version !== current.version) throw new ConflictError(BLOG_MESSAGES.stale);
  const guard = asRead(id, current.version);
  const remove = db
    .delete(blogs)
    .where(and(eq(blogs.id, id), eq(blogs.version, current.version)))
    .returning({ id: blogs.id });
  const summary = `Tutorial "${current.title}" deleted`;
  const changed: Changes = { slug: [current.slug, null], status: [current.status, null] };
  await guardedWrite(db, actor, id, guard, { action: "delete", summary, changes: changed }, remove);
  return { id, title: current.title };
}
