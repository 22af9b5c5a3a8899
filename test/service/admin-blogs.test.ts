import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import {
  AdminBlogQuerySchema,
  BLOG_MESSAGES,
  BlogCreateSchema,
  BlogUpdateSchema,
  readingTimeOf,
  slugFromTitle,
} from "~/lib/schemas/admin-blogs";
import { fieldErrors } from "~/lib/schemas/query";
import type { Actor } from "../../app/services/audit.server";
import {
  blogStats,
  createBlog,
  deleteBlog,
  getAdminBlog,
  getAdminBlogPage,
  listAdminBlogs,
  toggleBlogStatus,
  updateBlog,
} from "~/services/admin/blogs.server";
import { getBlogBySlug, listBlogs, listBlogTags, listFeaturedBlogs, listRecentBlogs } from "~/services/blogs.server";
import { ConflictError, NotFoundError, ValidationError } from "~/services/errors";
import { ADMIN } from "../fixtures/accounts";
import { blogQuery, createTestDb, type TestDb } from "./db";
import { rejection } from "./fixtures";

// The back office's tutorials against a real, migrated and seeded libSQL database: slugs, the HTML
// sanitized when saved (and served as stored), links that must exist, stale saves, publishing and
// unpublishing (published_at kept), deleting, the audit rows, the counts, and the shop's public calls.

let t: TestDb;
let db: Database;
let admin: Actor;

const suffix = () => crypto.randomUUID().slice(0, 8);
const create = (body: Record<string, unknown>) => createBlog(db, admin, BlogCreateSchema.parse(body));
const update = (id: number, body: Record<string, unknown>) => updateBlog(db, admin, id, BlogUpdateSchema.parse(body));

async function rows<T>(sql: string, args: Array<string | number | null> = []): Promise<T[]> {
  return (await t.client.execute({ sql, args })).rows as unknown as T[];
}

beforeAll(async () => {
  t = await createTestDb();
  db = t.db;
  const [row] = await rows<{ id: number; name: string; email: string }>(
    "SELECT id, name, email FROM users WHERE email = ?",
    [ADMIN.email],
  );
  admin = { id: Number(row!.id), name: row!.name, email: row!.email };
});

describe("the body's rules", () => {
  it("requires a title, and names each bad field", () => {
    const result = BlogCreateSchema.safeParse({
      title: "  ",
      slug: "Not A Slug",
      difficulty: "expert",
      tags: [1],
      category_ids: ["x"],
      is_featured: "maybe",
      featured_image: "javascript:alert(1)",
    });
    expect(result.success).toBe(false);
    const errors = fieldErrors(result.error!);
    expect(errors).toEqual({
      title: [BLOG_MESSAGES.titleRequired],
      slug: [BLOG_MESSAGES.slugFormat],
      difficulty: [BLOG_MESSAGES.difficultyInvalid],
      tags: [BLOG_MESSAGES.tagsInvalid],
      category_ids: [BLOG_MESSAGES.categoriesInvalid],
      is_featured: [BLOG_MESSAGES.featuredBoolean],
      featured_image: [BLOG_MESSAGES.imageInvalid],
    });
  });

  it("reads a form's text: tags and ids comma-separated, checkboxes, blanks as none", () => {
    const input = BlogCreateSchema.parse({
      title: " Roses ",
      slug: "",
      tags: "Roses,  Spring Time ,roses,",
      category_ids: "2, 1",
      related_product_ids: ["3", 4],
      is_featured: "on",
      meta_title: "",
    });
    expect(input).toMatchObject({
      title: "Roses",
      slug: null,
      tags: ["roses", "spring time"],
      category_ids: [2, 1],
      related_product_ids: [3, 4],
      is_featured: true,
      meta_title: null,
    });
  });

  it("makes slugs from titles", () => {
    expect(slugFromTitle("Crème Brûlée Roses & Tulips!")).toBe("creme-brulee-roses-and-tulips");
    expect(slugFromTitle("  --Hello,   World--  ")).toBe("hello-world");
    expect(slugFromTitle("🌸🌸")).toBe("tutorial");
  });

  it("counts reading time at 150 words a minute, tags not counted", () => {
    expect(readingTimeOf("")).toBe(1);
    expect(readingTimeOf(`<p>${"word ".repeat(150)}</p>`)).toBe(1);
    expect(readingTimeOf(`<h2>Title</h2><p>${"word ".repeat(300)}</p>`)).toBe(3);
  });
});

describe("creating a tutorial", () => {
  it("makes the slug from the title, unique with a number after it", async () => {
    const title = `Wired Peonies ${suffix()}`;
    const first = await create({ title });
    const second = await create({ title });
    expect(first.slug).toBe(slugFromTitle(title));
    expect(second.slug).toBe(`${slugFromTitle(title)}-2`);
    expect(first).toMatchObject({
      status: "draft",
      published_at: null,
      author_name: admin.name,
      version: 1,
      tags: [],
      category_ids: [],
      related_product_ids: [],
    });
  });

  it("writes a tutorial in one read and one batch (and reads it back once)", async () => {
    const before = t.timer.roundTrips;
    await create({ title: `Trips ${suffix()}`, tags: ["a"], category_ids: [1] });
    expect(t.timer.roundTrips - before).toBe(3);
  });

  it("refuses a slug another tutorial has (409), writing nothing", async () => {
    const slug = `taken-${suffix()}`;
    await create({ title: "First", slug });
    const before = await rows("SELECT id FROM blogs");
    const error = await rejection(create({ title: "Second", slug }));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toBe(BLOG_MESSAGES.slugTaken);
    expect(await rows("SELECT id FROM blogs")).toHaveLength(before.length);
  });

  it("refuses unknown categories or related products (422), writing nothing", async () => {
    const slug = `links-${suffix()}`;
    const error = await rejection(
      create({ title: "Links", slug, category_ids: [1, 9999], related_product_ids: [999999] }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors).toEqual({
      category_ids: [BLOG_MESSAGES.categoryUnknown],
      related_product_ids: [BLOG_MESSAGES.productUnknown],
    });
    expect(await rows("SELECT id FROM blogs WHERE slug = ?", [slug])).toHaveLength(0);
  });

  it("stores the HTML sanitized: no script, no event handler, no javascript: URL", async () => {
    const blog = await create({
      title: `Hostile ${suffix()}`,
      content: [
        "<h2>Steps</h2><p>Bend the stem.</p>",
        "<script>alert('x')</script>",
        '<img src="/images/blog/pompom-dahlias.svg" onerror="alert(1)" alt="A dahlia">',
        '<a href="javascript:alert(1)">click</a>',
        '<a href="jav&#x09;ascript:alert(1)">tab</a>',
        '<p onclick="alert(1)" style="color:red">styled</p>',
      ].join(""),
    });
    const [stored] = await rows<{ content: string; reading_time: number }>(
      "SELECT content, reading_time FROM blogs WHERE id = ?",
      [blog.id],
    );
    expect(stored!.content).not.toMatch(/<script|onerror|onclick|javascript|style=/i);
    expect(stored!.content).toContain("<h2>Steps</h2><p>Bend the stem.</p>");
    expect(stored!.content).toContain('<img src="/images/blog/pompom-dahlias.svg" alt="A dahlia">');
    expect(stored!.content).toContain("<a>click</a>");
    expect(stored!.reading_time).toBe(1);
    expect(blog.content).toBe(stored!.content);
  });

  it("links tags, categories and related products in the order given, and audits the creation", async () => {
    const [p1, p2] = await rows<{ id: number }>("SELECT id FROM products WHERE is_active = 1 ORDER BY id LIMIT 2");
    const blog = await create({
      title: `Linked ${suffix()}`,
      tags: "Spring, roses",
      category_ids: [2, 1],
      related_product_ids: [p2!.id, p1!.id],
      status: "published",
    });
    expect(blog).toMatchObject({
      status: "published",
      tags: ["roses", "spring"],
      category_ids: [1, 2],
      related_product_ids: [Number(p2!.id), Number(p1!.id)],
    });
    expect(blog.published_at).not.toBeNull();
    expect(blog.audit).toHaveLength(1);
    expect(blog.audit[0]).toMatchObject({
      action: "create",
      entity: "blog",
      entity_id: String(blog.id),
      actor: { email: admin.email },
    });
    const page = await getBlogBySlug(db, blog.slug);
    expect(page.related_products.map((p) => p.id)).toEqual([Number(p2!.id), Number(p1!.id)]);
  });
});

describe("changing a tutorial", () => {
  it("changes what is given, keeps the rest, sanitizes, and bumps the version", async () => {
    const blog = await create({ title: `Edit me ${suffix()}`, excerpt: "Before", tags: ["one"] });
    const saved = await update(blog.id, {
      excerpt: "After",
      content: '<p>New <b onmouseover="x()">text</b></p><script>x()</script>',
      version: blog.version,
    });
    expect(saved).toMatchObject({
      title: blog.title,
      excerpt: "After",
      content: "<p>New <b>text</b></p>",
      tags: ["one"],
      version: blog.version + 1,
    });
    const [audit] = saved.audit;
    expect(audit).toMatchObject({ action: "update" });
    expect(Object.keys(audit!.changes ?? {}).sort()).toEqual(["content", "excerpt"]);
  });

  it("refuses a stale version (409) and changes nothing", async () => {
    const blog = await create({ title: `Stale ${suffix()}` });
    await update(blog.id, { excerpt: "First save", version: 1 });
    const error = await rejection(update(blog.id, { excerpt: "Second save", version: 1 }));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toBe(BLOG_MESSAGES.stale);
    const after = (await getAdminBlog(db, blog.id))!;
    expect(after).toMatchObject({ excerpt: "First save", version: 2 });
    expect(after.audit.filter((entry) => entry.action === "update")).toHaveLength(1);
  });

  it("lets only one of two saves made from the same version apply", async () => {
    const blog = await create({ title: `Race ${suffix()}` });
    const results = await Promise.allSettled([
      update(blog.id, { excerpt: "A", version: 1 }),
      update(blog.id, { excerpt: "B", version: 1 }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(ConflictError);
    expect((await getAdminBlog(db, blog.id))!.version).toBe(2);
  });

  it("refuses another tutorial's slug (409) and remakes an emptied slug from the title", async () => {
    const other = await create({ title: `Other ${suffix()}` });
    const blog = await create({ title: `Mine ${suffix()}` });
    expect(await rejection(update(blog.id, { slug: other.slug }))).toBeInstanceOf(ConflictError);
    const saved = await update(blog.id, { title: `Renamed ${suffix()}`, slug: "" });
    expect(saved.slug).toBe(slugFromTitle(saved.title));
  });

  it("replaces tags, categories and related products; unknown ones are a 422", async () => {
    const [p1] = await rows<{ id: number }>("SELECT id FROM products WHERE is_active = 1 ORDER BY id LIMIT 1");
    const blog = await create({ title: `Relinks ${suffix()}`, tags: ["a", "b"], category_ids: [1] });
    const saved = await update(blog.id, { tags: ["c"], category_ids: [], related_product_ids: [p1!.id] });
    expect(saved).toMatchObject({ tags: ["c"], category_ids: [], related_product_ids: [Number(p1!.id)] });
    const error = await rejection(update(blog.id, { related_product_ids: [999999] }));
    expect((error as ValidationError).errors).toEqual({ related_product_ids: [BLOG_MESSAGES.productUnknown] });
    expect((await getAdminBlog(db, blog.id))!.related_product_ids).toEqual([Number(p1!.id)]);
  });

  it("answers 404 for an unknown tutorial", async () => {
    expect(await rejection(update(999999, { title: "x" }))).toBeInstanceOf(NotFoundError);
    expect(await rejection(toggleBlogStatus(db, admin, 999999))).toBeInstanceOf(NotFoundError);
    expect(await rejection(deleteBlog(db, admin, 999999))).toBeInstanceOf(NotFoundError);
  });
});

describe("publishing", () => {
  it("sets published_at on the first publish and keeps it when unpublished and published again", async () => {
    const blog = await create({ title: `Publish ${suffix()}` });
    await expect(getBlogBySlug(db, blog.slug)).rejects.toBeInstanceOf(NotFoundError);
    const published = await toggleBlogStatus(db, admin, blog.id, blog.version);
    expect(published.status).toBe("published");
    expect(published.published_at).not.toBeNull();
    expect((await getBlogBySlug(db, blog.slug)).title).toBe(blog.title);

    const draft = await toggleBlogStatus(db, admin, blog.id);
    expect(draft).toMatchObject({ status: "draft", published_at: published.published_at });
    await expect(getBlogBySlug(db, blog.slug)).rejects.toBeInstanceOf(NotFoundError);
    expect((await listBlogs(db, blogQuery({ search: blog.title }))).blogs).toHaveLength(0);

    // Some time later, published again: the first date stays.
    await t.client.execute({
      sql: "UPDATE blogs SET published_at = published_at - 86400 WHERE id = ?",
      args: [blog.id],
    });
    const firstDate = (await getAdminBlog(db, blog.id))!.published_at;
    const again = await toggleBlogStatus(db, admin, blog.id);
    expect(again).toMatchObject({ status: "published", published_at: firstDate });
    expect(again.audit.map((entry) => entry.action)).toEqual(["publish", "unpublish", "publish", "create"]);
  });

  it("refuses a stale version (409) without an audit row", async () => {
    const blog = await create({ title: `Toggle stale ${suffix()}` });
    await update(blog.id, { excerpt: "moved on" });
    expect(await rejection(toggleBlogStatus(db, admin, blog.id, 1))).toBeInstanceOf(ConflictError);
    const after = (await getAdminBlog(db, blog.id))!;
    expect(after.status).toBe("draft");
    expect(after.audit.map((entry) => entry.action)).toEqual(["update", "create"]);
  });
});

describe("deleting", () => {
  it("removes the tutorial with its links, audited; a stale version is refused", async () => {
    const blog = await create({ title: `Delete ${suffix()}`, tags: ["x"], category_ids: [1] });
    expect(await rejection(deleteBlog(db, admin, blog.id, blog.version + 1))).toBeInstanceOf(ConflictError);
    await deleteBlog(db, admin, blog.id, blog.version);
    expect(await getAdminBlog(db, blog.id)).toBeNull();
    expect(await rows("SELECT * FROM blog_tags WHERE blog_id = ?", [blog.id])).toHaveLength(0);
    const audit = await rows<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity = 'blog' AND entity_id = ? ORDER BY id",
      [String(blog.id)],
    );
    expect(audit.map((row) => row.action)).toEqual(["create", "delete"]);
  });
});

describe("reading for staff", () => {
  it("lists drafts and published posts, by status and search, in the page shape", async () => {
    const word = `Marigold${suffix()}`;
    const draft = await create({ title: `${word} draft` });
    const live = await create({ title: `${word} live`, status: "published" });
    const all = await listAdminBlogs(db, AdminBlogQuerySchema.parse({ search: word }));
    expect(all).toMatchObject({ total: 2, current_page: 1, last_page: 1, from: 1, to: 2 });
    expect(all.data.map((row) => row.id).sort()).toEqual([draft.id, live.id].sort());
    const drafts = await listAdminBlogs(db, AdminBlogQuerySchema.parse({ search: word, status: "draft" }));
    expect(drafts.data.map((row) => row.id)).toEqual([draft.id]);
  });

  it("gives the form's page and its choices in one round trip", async () => {
    const blog = await create({ title: `Page ${suffix()}` });
    const before = t.timer.roundTrips;
    const page = await getAdminBlogPage(db, blog.id);
    expect(t.timer.roundTrips - before).toBe(1);
    expect(page!.blog.id).toBe(blog.id);
    expect(page!.options.categories.length).toBeGreaterThan(0);
    expect(page!.options.products.length).toBeGreaterThan(0);
    expect(await getAdminBlogPage(db, 999999)).toBeNull();
  });

  it("counts the tutorials as the table holds them", async () => {
    await create({ title: `Counted ${suffix()}`, is_featured: true, status: "published" });
    const stats = await blogStats(db);
    const [row] = await rows<Record<string, number>>(
      "SELECT count(*) AS total, sum(status = 'published') AS published, sum(status = 'draft') AS draft, sum(is_featured) AS featured, sum(view_count) AS views, sum(like_count) AS likes FROM blogs",
    );
    expect(stats).toEqual({
      total: Number(row!.total),
      published: Number(row!.published),
      draft: Number(row!.draft),
      featured: Number(row!.featured),
      views: Number(row!.views),
      likes: Number(row!.likes),
    });
    expect(stats.total).toBe(stats.published + stats.draft);
  });
});

describe("the shop's public calls", () => {
  it("gives featured and recent published posts only, newest first", async () => {
    const featuredDraft = await create({ title: `Featured draft ${suffix()}`, is_featured: true });
    const featuredLive = await create({ title: `Featured live ${suffix()}`, is_featured: true, status: "published" });
    const featured = await listFeaturedBlogs(db, 50);
    expect(featured.every((post) => post.is_featured)).toBe(true);
    expect(featured.map((post) => post.id)).toContain(featuredLive.id);
    expect(featured.map((post) => post.id)).not.toContain(featuredDraft.id);
    const recent = await listRecentBlogs(db, 3);
    expect(recent).toHaveLength(3);
    const dates = recent.map((post) => post.published_at!);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("counts each tag over the published posts only", async () => {
    const tag = `t${suffix()}`;
    await create({ title: `Tagged live ${suffix()}`, tags: [tag], status: "published" });
    await create({ title: `Tagged live 2 ${suffix()}`, tags: [tag], status: "published" });
    await create({ title: `Tagged draft ${suffix()}`, tags: [tag] });
    const tags = await listBlogTags(db);
    expect(tags.find((entry) => entry.tag === tag)).toEqual({ tag, count: 2, url: `/blog?search=${tag}` });
    const counts = tags.map((entry) => entry.count);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
  });
});
