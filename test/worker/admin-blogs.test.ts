import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BLOG_MESSAGES, slugFromTitle } from "../../app/lib/schemas/admin-blogs";
import { ADMIN, CUSTOMER, OWNER } from "../fixtures/accounts";
import { apiClient, apiToken, loggedIn } from "./fixtures";
import {
  allSitemaps,
  CookieJar,
  decode,
  get,
  getJson,
  postForm,
  postMultipart as sendMultipart,
  visibleText,
  visit,
} from "./helpers";

// The back office's tutorials on the Worker with the seeded accounts: every /api/admin/blogs call
// for each role, bad input (422, 409), the shop's pages and API after each write (at once, through
// the edge cache), the spec's public calls (featured, recent, search, tags), and the pages as a
// browser without JavaScript posts them, a multipart featured image with real JPEG bytes included.
// Each test writes tutorials of its own; the seeded ones are only read.

/** A real 543-byte baseline JPEG (CPython's test image test/imghdrdata/python.jpg). */
const JPEG: Uint8Array<ArrayBuffer> = Uint8Array.from(
  atob(
    "/9j/4AAQSkZJRgABAQEAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/2wBDAQMDAwQDBAgEBAgQCwkLEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBD/wAARCAAQABADASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAABwQF/8QAJBAAAQQBBAICAwAAAAAAAAAAAQIDBAYFBwgSExEiABQJMTL/xAAVAQEBAAAAAAAAAAAAAAAAAAAABv/EACMRAAECBQMFAAAAAAAAAAAAAAECEQMEBQYhABIxFRZhgeH/2gAMAwEAAhEDEQA/ABSm0mobc8HmExLUlRzzEWPkJWW+ulrsaUVAseUgslSlH9LKuPryIKuWPZdskzXmm3fX5m2nF4GlVxx/HOpx4ks51+MiU/Iaad7UcUo4tILoS4kqcWkezS0hO/HvuRp0rO6hWnWO1UisZVuFi4GFeyEpmGepa5S5SWVPuciFKRFLgSrwetnyPIB+Vb4N9mKhQMzo5po9XLdDs9d6ZVix2VEhiL9kuNPxw2gEKcDQ/rs8AuA8VAe0vdl7VOYn+27flGAUgmITjbhSmCg3BYlyeWDkMolvw4KOp1KM6iCNvngZHwetf//Z",
  ),
  (c) => c.charCodeAt(0),
);

let counter = 0;
const newIp = () => `198.18.0.${(++counter % 250) + 1}`;
const { call } = apiClient(newIp);
const tokens = { customer: "", admin: "", owner: "" };
const unique = () => crypto.randomUUID().slice(0, 8);

let products: { id: number; slug: string; name: string }[] = [];

beforeAll(async () => {
  tokens.customer = await apiToken(newIp(), CUSTOMER);
  tokens.admin = await apiToken(newIp(), ADMIN);
  tokens.owner = await apiToken(newIp(), OWNER);
  const { results } = await env.DB.prepare(
    "SELECT id, slug, name FROM products WHERE is_active = 1 ORDER BY id LIMIT 6",
  ).all<{ id: number; slug: string; name: string }>();
  products = results;
});

/** A tutorial of this test's own, through the API (a draft unless told). */
async function newBlog(body: Record<string, unknown> = {}) {
  const response = await call("POST", "/api/admin/blogs", {
    token: tokens.admin,
    body: { title: `Tutorial ${unique()}`, content: "<p>Fold the stem.</p>", ...body },
  });
  expect(response.status).toBe(201);
  return response.body.data;
}

const put = (id: number, body: unknown, token = tokens.admin) => call("PUT", `/api/admin/blogs/${id}`, { token, body });
const toggle = (id: number, body: unknown = {}, token = tokens.admin) =>
  call("PATCH", `/api/admin/blogs/${id}/toggle-status`, { token, body });

// ---------------------------------------------------------------- who may call

describe("who may call /api/admin/blogs", () => {
  const calls = (id: number) => [
    { method: "GET", path: "/api/admin/blogs" },
    { method: "GET", path: "/api/admin/blogs/stats" },
    { method: "GET", path: `/api/admin/blogs/${id}` },
    { method: "POST", path: "/api/admin/blogs", body: { title: `Role check ${unique()}` }, created: true },
    { method: "PUT", path: `/api/admin/blogs/${id}`, body: { excerpt: "Checked by staff" } },
    { method: "PATCH", path: `/api/admin/blogs/${id}/toggle-status`, body: {} },
  ];

  it("answers a guest 401 and a customer 403 on every call, changing nothing", async () => {
    const blog = await newBlog();
    for (const { method, path, body } of [
      ...calls(blog.id),
      { method: "DELETE", path: `/api/admin/blogs/${blog.id}`, body: undefined },
    ]) {
      const guest = await call(method, path, { body });
      expect(guest.status, `${method} ${path}`).toBe(401);
      const customer = await call(method, path, { body, token: tokens.customer });
      expect(customer.status, `${method} ${path}`).toBe(403);
      expect(customer.body).toEqual({ success: false, message: "This action is for the shop's staff only." });
    }
    const after = await call("GET", `/api/admin/blogs/${blog.id}`, { token: tokens.admin });
    expect(after.body.data).toMatchObject({ status: "draft", excerpt: "", version: 1 });
  });

  it.each([
    ["an admin", "admin"],
    ["a super-admin", "owner"],
  ] as const)("answers %s on every call, never cached", async (_who, role) => {
    const blog = await newBlog();
    for (const { method, path, body, created } of calls(blog.id)) {
      const response = await call(method, path, { body, token: tokens[role] });
      expect(response.status, `${method} ${path}`).toBe(created ? 201 : 200);
      expect(response.body.success).toBe(true);
      expect(response.response.headers.get("Cache-Control")).toContain("no-store");
    }
    const removed = await call("DELETE", `/api/admin/blogs/${blog.id}`, { token: tokens[role] });
    expect(removed.status).toBe(200);
    expect((await call("GET", `/api/admin/blogs/${blog.id}`, { token: tokens[role] })).status).toBe(404);
  });
});

// ---------------------------------------------------------------- the calls

describe("the /api/admin/blogs calls", () => {
  it("create a draft with every field, the slug made from the title, and read it back", async () => {
    const title = `Peony Pompoms ${unique()}`;
    const { status, body } = await call("POST", "/api/admin/blogs", {
      token: tokens.admin,
      body: {
        title,
        excerpt: "Fluffy peonies.",
        content: "<h2>Steps</h2><p>Wind the stem.</p>",
        featured_image: "/images/blog/pompom-dahlias.svg",
        difficulty: "intermediate",
        tags: ["Peonies", "spring"],
        category_ids: [1, 2],
        related_product_ids: [products[1]!.id, products[0]!.id],
        is_featured: true,
        meta_title: "Peonies",
        meta_description: "How to",
        meta_keywords: "peony",
      },
    });
    expect(status).toBe(201);
    expect(body.message).toBe("Tutorial created.");
    expect(body.data).toMatchObject({
      title,
      slug: slugFromTitle(title),
      url: `/blog/${slugFromTitle(title)}`,
      status: "draft",
      published_at: null,
      excerpt: "Fluffy peonies.",
      content: "<h2>Steps</h2><p>Wind the stem.</p>",
      featured_image: "/images/blog/pompom-dahlias.svg",
      difficulty: "intermediate",
      tags: ["peonies", "spring"],
      category_ids: [1, 2],
      related_product_ids: [products[1]!.id, products[0]!.id],
      is_featured: true,
      meta_title: "Peonies",
      reading_time: 1,
      version: 1,
    });
    // The author is the staff member who wrote it, unless the body names another.
    const admin = await env.DB.prepare("SELECT name FROM users WHERE email = ?")
      .bind(ADMIN.email)
      .first<{ name: string }>();
    expect(body.data.author_name).toBe(admin!.name);
    const one = await call("GET", `/api/admin/blogs/${body.data.id}`, { token: tokens.admin });
    expect(one.body.data).toEqual(body.data);
  });

  it("list tutorials, drafts too, by status and search, in the page shape", async () => {
    const word = `Zinnia${unique()}`;
    const draft = await newBlog({ title: `${word} draft` });
    const live = await newBlog({ title: `${word} live`, status: "published" });
    const all = await call("GET", `/api/admin/blogs?search=${word}&per_page=5`, { token: tokens.admin });
    expect(Object.keys(all.body.data).sort()).toEqual([
      "current_page",
      "data",
      "from",
      "last_page",
      "per_page",
      "to",
      "total",
    ]);
    expect(all.body.data).toMatchObject({ total: 2, per_page: 5, from: 1, to: 2 });
    const published = await call("GET", `/api/admin/blogs?search=${word}&status=published`, { token: tokens.admin });
    expect(published.body.data.data.map((row: any) => row.id)).toEqual([live.id]);
    const drafts = await call("GET", `/api/admin/blogs?search=${word}&status=draft`, { token: tokens.admin });
    expect(drafts.body.data.data.map((row: any) => row.id)).toEqual([draft.id]);
    const bad = await call("GET", "/api/admin/blogs?status=archived", { token: tokens.admin });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ status: ["The selected status is invalid."] });
  });

  it("count the tutorials in /stats as the table holds them", async () => {
    await newBlog({ is_featured: true, status: "published" });
    const { body } = await call("GET", "/api/admin/blogs/stats", { token: tokens.admin });
    const row = (await env.DB.prepare(
      "SELECT count(*) AS total, sum(status = 'published') AS published, sum(status = 'draft') AS draft, sum(is_featured) AS featured, sum(view_count) AS views, sum(like_count) AS likes FROM blogs",
    ).first<Record<string, number>>())!;
    expect(body.data).toEqual(row);
  });

  it("toggle the status: published_at set on the first publish and kept after", async () => {
    const blog = await newBlog();
    const published = await toggle(blog.id, { version: 1 });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ message: "Tutorial published.", data: { status: "published", version: 2 } });
    const first = published.body.data.published_at;
    expect(first).not.toBeNull();
    const draft = await toggle(blog.id);
    expect(draft.body).toMatchObject({
      message: "Tutorial unpublished: it is a draft again.",
      data: { status: "draft", published_at: first },
    });
    await env.DB.prepare("UPDATE blogs SET published_at = published_at - 3600 WHERE id = ?").bind(blog.id).run();
    const earlier = (await call("GET", `/api/admin/blogs/${blog.id}`, { token: tokens.admin })).body.data.published_at;
    const again = await toggle(blog.id);
    expect(again.body.data).toMatchObject({ status: "published", published_at: earlier });
  });

  it("stores the HTML sanitized: no script, no event handler, no javascript: URL", async () => {
    const blog = await newBlog({
      content:
        '<p onclick="steal()">Hi</p><script>steal()</script><a href="javascript:steal()">x</a><img src=x onerror=steal()>',
    });
    const row = await env.DB.prepare("SELECT content FROM blogs WHERE id = ?")
      .bind(blog.id)
      .first<{ content: string }>();
    expect(row!.content).toBe(blog.content);
    expect(row!.content).not.toMatch(/steal|<script|onclick|onerror|javascript/i);
    const saved = await put(blog.id, {
      content: '<h2>Ok</h2><iframe src="https://evil.example"></iframe><a href="JaVaScRiPt:steal()">y</a>',
    });
    expect(saved.body.data.content).toBe("<h2>Ok</h2><a>y</a>");
  });
});

// ---------------------------------------------------------------- bad input

describe("bad input", () => {
  it("an empty title is a 422 naming the field", async () => {
    for (const body of [{ title: "" }, { title: "   " }, {}]) {
      const response = await call("POST", "/api/admin/blogs", { token: tokens.admin, body });
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({ success: false, errors: { title: [BLOG_MESSAGES.titleRequired] } });
    }
    const blog = await newBlog();
    expect((await put(blog.id, { title: "" })).body.errors).toEqual({ title: [BLOG_MESSAGES.titleRequired] });
  });

  it("a slug another tutorial has is a 409, on create and on update", async () => {
    const taken = await newBlog();
    const created = await call("POST", "/api/admin/blogs", {
      token: tokens.admin,
      body: { title: "Copy", slug: taken.slug },
    });
    expect(created.status).toBe(409);
    expect(created.body).toEqual({ success: false, message: BLOG_MESSAGES.slugTaken });
    const other = await newBlog();
    const updated = await put(other.id, { slug: taken.slug });
    expect(updated.status).toBe(409);
    // A seeded tutorial's slug too.
    expect((await put(other.id, { slug: "how-to-make-pipe-cleaner-roses" })).status).toBe(409);
    expect((await call("GET", `/api/admin/blogs/${other.id}`, { token: tokens.admin })).body.data.slug).toBe(
      other.slug,
    );
  });

  it("an unknown related product or category is a 422, and nothing is written", async () => {
    const slug = `unknown-links-${unique()}`;
    const created = await call("POST", "/api/admin/blogs", {
      token: tokens.admin,
      body: { title: "Links", slug, related_product_ids: [999999] },
    });
    expect(created.status).toBe(422);
    expect(created.body.errors).toEqual({ related_product_ids: [BLOG_MESSAGES.productUnknown] });
    expect(await env.DB.prepare("SELECT id FROM blogs WHERE slug = ?").bind(slug).first()).toBeNull();
    const blog = await newBlog({ related_product_ids: [products[0]!.id] });
    const updated = await put(blog.id, { related_product_ids: [products[1]!.id, 999999], category_ids: [9999] });
    expect(updated.status).toBe(422);
    expect(updated.body.errors).toEqual({
      category_ids: [BLOG_MESSAGES.categoryUnknown],
      related_product_ids: [BLOG_MESSAGES.productUnknown],
    });
    expect(
      (await call("GET", `/api/admin/blogs/${blog.id}`, { token: tokens.admin })).body.data.related_product_ids,
    ).toEqual([products[0]!.id]);
  });

  it("a stale version is a 409 with a message, on update, toggle and delete", async () => {
    const blog = await newBlog();
    expect((await put(blog.id, { excerpt: "First", version: 1 })).status).toBe(200);
    const stale = await put(blog.id, { excerpt: "Second", version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ success: false, message: BLOG_MESSAGES.stale });
    expect((await toggle(blog.id, { version: 1 })).status).toBe(409);
    expect((await call("DELETE", `/api/admin/blogs/${blog.id}?version=1`, { token: tokens.admin })).status).toBe(409);
    const now = (await call("GET", `/api/admin/blogs/${blog.id}`, { token: tokens.admin })).body.data;
    expect(now).toMatchObject({ excerpt: "First", status: "draft", version: 2 });
  });

  it("bad fields are a 422 each; unknown ids a 404; never a 5xx", async () => {
    const response = await call("POST", "/api/admin/blogs", {
      token: tokens.admin,
      body: {
        title: "Ok",
        difficulty: "expert",
        slug: "Bad Slug",
        tags: "x".repeat(50),
        is_featured: "maybe",
        featured_image: "javascript:alert(1)",
      },
    });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors).sort()).toEqual([
      "difficulty",
      "featured_image",
      "is_featured",
      "slug",
      "tags",
    ]);
    expect((await call("POST", "/api/admin/blogs", { token: tokens.admin, raw: "{not json" })).status).toBe(422);
    for (const path of ["/api/admin/blogs/999999", "/api/admin/blogs/abc"]) {
      expect((await call("GET", path, { token: tokens.admin })).status).toBe(404);
      expect((await call("PUT", path, { token: tokens.admin, body: { title: "x" } })).status).toBe(404);
      expect((await call("PATCH", `${path}/toggle-status`, { token: tokens.admin, body: {} })).status).toBe(404);
      expect((await call("DELETE", path, { token: tokens.admin })).status).toBe(404);
    }
  });
});

// ---------------------------------------------------------------- the shop after each write

const shopPage = async (path: string) => {
  const response = await get(path);
  return { status: response.status, html: await response.text() };
};
const apiBlog = (slug: string) => getJson(`/api/blogs/${slug}`);
const listSlugs = async (query = "") =>
  ((await getJson(`/api/blogs${query}`)).body.data.blogs as any[]).map((blog) => blog.slug);

describe("the shop after each write", () => {
  it("shows a published tutorial at once on /blog, /blog/{slug}, /api/blogs and the sitemap, and hides it once unpublished", async () => {
    const title = `Read After Write ${unique()}`;
    // Read first, so the edge keeps the answers the writes must replace.
    const before = await listSlugs();
    await shopPage("/blog");
    await allSitemaps();
    const blog = await newBlog({ title, related_product_ids: [products[0]!.id] });
    expect((await shopPage(`/blog/${blog.slug}`)).status).toBe(404);
    expect(visibleText((await shopPage(`/blog/${blog.slug}`)).html)).toContain("Article Not Found");
    expect((await apiBlog(blog.slug)).status).toBe(404);
    expect(await listSlugs()).toEqual(before);

    await toggle(blog.id);
    expect((await listSlugs())[0]).toBe(blog.slug);
    expect(visibleText((await shopPage("/blog")).html)).toContain(title);
    const page = await shopPage(`/blog/${blog.slug}`);
    expect(page.status).toBe(200);
    expect(visibleText(page.html)).toContain(products[0]!.name);
    expect((await apiBlog(blog.slug)).body.data.related_products.map((p: any) => p.id)).toEqual([products[0]!.id]);
    expect(await allSitemaps()).toContain(`/blog/${blog.slug}</loc>`);

    // The related products and the text change: the cached API answer and the page follow at once.
    await put(blog.id, { related_product_ids: [products[2]!.id, products[3]!.id], excerpt: "Changed excerpt" });
    const changed = await apiBlog(blog.slug);
    expect(changed.body.data.related_products.map((p: any) => p.id)).toEqual([products[2]!.id, products[3]!.id]);
    expect(changed.body.data.excerpt).toBe("Changed excerpt");
    expect(visibleText((await shopPage(`/blog/${blog.slug}`)).html)).toContain(products[2]!.name);

    // A new slug: the old address is gone, the new one answers.
    const moved = await put(blog.id, { slug: `${blog.slug}-moved` });
    expect((await apiBlog(blog.slug)).status).toBe(404);
    expect((await apiBlog(moved.body.data.slug)).status).toBe(200);

    await toggle(blog.id);
    expect((await shopPage(`/blog/${moved.body.data.slug}`)).status).toBe(404);
    expect((await apiBlog(moved.body.data.slug)).status).toBe(404);
    expect(await listSlugs()).toEqual(before);
    expect(await allSitemaps()).not.toContain(moved.body.data.slug);
  });

  it("drops a deleted tutorial from the shop at once", async () => {
    const blog = await newBlog({ status: "published" });
    expect((await apiBlog(blog.slug)).status).toBe(200);
    await call("DELETE", `/api/admin/blogs/${blog.id}`, { token: tokens.admin });
    expect((await apiBlog(blog.slug)).status).toBe(404);
    expect(await listSlugs()).not.toContain(blog.slug);
  });
});

// ---------------------------------------------------------------- the public calls

describe("the spec's public tutorial calls", () => {
  it("GET /api/blogs/featured gives the featured published posts, a new one at once", async () => {
    const before = await getJson("/api/blogs/featured?limit=50");
    expect(before.status).toBe(200);
    expect(before.body.data.every((post: any) => post.is_featured)).toBe(true);
    expect(before.response.headers.get("Cache-Control")).toBeTruthy();
    const draft = await newBlog({ is_featured: true });
    const live = await newBlog({ is_featured: true, status: "published" });
    const after = (await getJson("/api/blogs/featured?limit=50")).body.data.map((post: any) => post.id);
    expect(after).toContain(live.id);
    expect(after).not.toContain(draft.id);
    expect((await getJson("/api/blogs/featured")).body.data.length).toBeLessThanOrEqual(3);
  });

  it("GET /api/blogs/recent?limit= gives the latest published posts", async () => {
    const live = await newBlog({ status: "published" });
    const { status, body } = await getJson("/api/blogs/recent?limit=2");
    expect(status).toBe(200);
    expect(body.data).toHaveLength(2);
    expect(body.data[0].id).toBe(live.id);
    expect((await getJson("/api/blogs/recent?limit=abc")).status).toBe(422);
  });

  it("GET /api/blogs/search?q= finds published posts by title, excerpt or tag; q is required", async () => {
    const word = `Ranunculus${unique()}`;
    const byTitle = await newBlog({ title: `${word} bouquet`, status: "published" });
    const byTag = await newBlog({ tags: [word.toLowerCase()], status: "published" });
    await newBlog({ title: `${word} draft` });
    const { status, body } = await getJson(`/api/blogs/search?q=${word}`);
    expect(status).toBe(200);
    expect(body.data.blogs.map((post: any) => post.id).sort()).toEqual([byTitle.id, byTag.id].sort());
    expect(body.data.pagination).toMatchObject({ total: 2, current_page: 1 });
    const missing = await getJson("/api/blogs/search");
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ q: [BLOG_MESSAGES.queryRequired] });
  });

  it("GET /api/blogs/tags counts each tag over the published posts, at once after a write", async () => {
    const tag = `tag${unique()}`;
    await getJson("/api/blogs/tags");
    const first = await newBlog({ tags: [tag], status: "published" });
    await newBlog({ tags: [tag] });
    const { body } = await getJson("/api/blogs/tags");
    expect(body.data.find((entry: any) => entry.tag === tag)).toEqual({ tag, count: 1, url: `/blog?search=${tag}` });
    const roses = body.data.find((entry: any) => entry.tag === "roses");
    expect(roses.count).toBeGreaterThan(0);
    await toggle(first.id);
    expect((await getJson("/api/blogs/tags")).body.data.find((entry: any) => entry.tag === tag)).toBeUndefined();
  });

  it("does not take the new paths for slugs, and still answers an article by slug", async () => {
    expect((await getJson("/api/blogs/how-to-make-pipe-cleaner-roses")).status).toBe(200);
    expect((await getJson("/api/blogs/featured")).body.data).toBeInstanceOf(Array);
  });
});

// ---------------------------------------------------------------- pages

/** Posts a multipart form as a browser without JavaScript does, keeping cookies. */
async function postMultipart(
  jar: CookieJar,
  path: string,
  fields: Record<string, string | string[]>,
  file?: { name: string; field: string; bytes: Uint8Array<ArrayBuffer>; type: string },
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(key, one);
  if (file) form.append(file.field, new File([file.bytes], file.name, { type: file.type }));
  return sendMultipart(jar, path, form);
}

/** Follows the post's redirect as the browser would: where it went, the page and its text (with the toast). */
async function follow(jar: CookieJar, response: Response) {
  expect(response.status).toBe(302);
  const location = response.headers.get("Location")!;
  const page = await visit(jar, location);
  expect(page.status).toBe(200);
  const html = await page.text();
  return { location, html, text: visibleText(html) };
}

const fieldError = (html: string, id: string) =>
  visibleText(new RegExp(`<div id="${id}-error"[^>]*>([\\s\\S]*?)</div>`).exec(html)?.[1] ?? "");

const formFields = (over: Record<string, string | string[]> = {}) => ({
  intent: "save",
  title: `Page Tutorial ${unique()}`,
  slug: "",
  excerpt: "Written on the page.",
  content: "<h2>Steps</h2><p>Twist <b>gently</b>.</p><script>alert(1)</script>",
  difficulty: "beginner",
  tags: "Tulips, spring",
  category_ids: ["1", "3"],
  related_product_ids: [String(products[4]!.id)],
  author_name: "Page Writer",
  meta_title: "",
  meta_description: "",
  meta_keywords: "",
  featured_image: "",
  ...over,
});

describe("the tutorial pages", () => {
  it("keep a guest and a customer out", async () => {
    for (const path of ["/admin/blogs", "/admin/blogs/new", "/admin/blogs/1"]) {
      const guest = await visit(new CookieJar(), path);
      expect(guest.status).toBe(302);
      expect(guest.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      const customer = await visit(await loggedIn(CUSTOMER, newIp()), path);
      expect(customer.headers.get("Location")).toBe("/");
    }
    const jar = await loggedIn(CUSTOMER, newIp());
    const forged = await postMultipart(jar, "/admin/blogs/new", formFields({ title: `Forged ${unique()}` }));
    expect(forged.headers.get("Location")).toBe("/");
    expect(await env.DB.prepare("SELECT id FROM blogs WHERE title LIKE 'Forged %'").first()).toBeNull();
  });

  it("list the tutorials with the counts, a status filter and publish buttons", async () => {
    const word = `Lilac${unique()}`;
    const blog = await newBlog({ title: `${word} list` });
    const jar = await loggedIn(ADMIN, newIp());
    const page = await visit(jar, `/admin/blogs?search=${word}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toContain("no-store");
    const html = await page.text();
    expect(html).toMatch(/<h1 id="admin-title"[^>]*>Tutorials<\/h1>/);
    const text = visibleText(html);
    expect(text).toContain("Showing 1–1 of 1 tutorial");
    expect(text).toMatch(new RegExp(`${word} list /blog/${blog.slug} Draft No 0 0 Not published Publish`));
    expect(text).toMatch(/Tutorials \d+ Published \d+ Drafts \d+ Featured \d+ Views [\d,]+ Likes [\d,]+/);
    const bad = await (await visit(jar, "/admin/blogs?status=archived")).text();
    expect(fieldError(bad, "blog-status")).toBe("The selected status is invalid.");

    // Publish from the list: back to the same filtered list with a toast.
    const published = await follow(
      jar,
      await postForm(jar, `/admin/blogs?index&search=${word}`, { intent: "toggle", id: String(blog.id), version: "1" }),
    );
    expect(published.location).toBe(`/admin/blogs?search=${word}`);
    expect(published.text).toContain(`“${blog.title}” is published.`);
    expect(published.text).toMatch(new RegExp(`${word} list /blog/${blog.slug} Published No 0 0 .*Unpublish`));
    // The same button again, from the page as it was shown: refused, the reason said.
    const stale = await follow(
      jar,
      await postForm(jar, `/admin/blogs?index&search=${word}`, { intent: "toggle", id: String(blog.id), version: "1" }),
    );
    expect(stale.text).toContain(BLOG_MESSAGES.stale);
    expect((await apiBlog(blog.slug)).status).toBe(200);
  });

  it("write a tutorial with a featured image (multipart, real JPEG bytes), published and read on /blog", async () => {
    const jar = await loggedIn(ADMIN, newIp());
    const form = await (await visit(jar, "/admin/blogs/new")).text();
    expect(form).toMatch(/<form[^>]*enctype="multipart\/form-data"/i);
    expect(form).toMatch(/<form[^>]*noValidate|<form[^>]*novalidate/i);
    const fields = formFields({ intent: "publish" });
    const saved = await follow(
      jar,
      await postMultipart(jar, "/admin/blogs/new", fields, {
        field: "featured_image_file",
        name: "peony.jpg",
        bytes: JPEG,
        type: "image/jpeg",
      }),
    );
    expect(saved.location).toMatch(/^\/admin\/blogs\/\d+$/);
    expect(saved.text).toContain(`“${fields.title}” is published.`);
    const id = Number(saved.location.split("/").pop());
    const blog = (await call("GET", `/api/admin/blogs/${id}`, { token: tokens.admin })).body.data;
    expect(blog).toMatchObject({
      title: fields.title,
      slug: slugFromTitle(fields.title as string),
      status: "published",
      content: "<h2>Steps</h2><p>Twist <b>gently</b>.</p>",
      tags: ["spring", "tulips"],
      category_ids: [1, 3],
      related_product_ids: [products[4]!.id],
      author_name: "Page Writer",
    });
    expect(blog.featured_image).toMatch(/^\/uploads\/[0-9a-f]{64}\.jpg$/);
    const image = await get(blog.featured_image);
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/jpeg");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(JPEG);

    // The shop: listed on /blog, its page with the image, the text as stored and the related product.
    expect(visibleText((await shopPage("/blog")).html)).toContain(fields.title);
    const article = await shopPage(`/blog/${blog.slug}`);
    expect(article.status).toBe(200);
    expect(article.html).toContain(`src="${blog.featured_image}"`);
    expect(article.html).toContain("<h2>Steps</h2><p>Twist <b>gently</b>.</p>");
    expect(article.html).not.toContain("alert(1)");
    expect(visibleText(article.html)).toContain(products[4]!.name);
  });

  it("show bad input under the fields with a toast, keeping what was typed (empty title, taken slug, wrong file)", async () => {
    const jar = await loggedIn(ADMIN, newIp());
    const empty = await postMultipart(jar, "/admin/blogs/new", formFields({ title: "", excerpt: "Kept excerpt" }));
    expect(empty.status).toBe(422);
    const html = await empty.text();
    expect(fieldError(html, "title")).toBe(BLOG_MESSAGES.titleRequired);
    expect(decode(html)).toContain("Kept excerpt");
    expect(html).toContain('data-toast-type="error"');
    expect(visibleText(html)).toContain("Please fix the errors in the form");

    const taken = await postMultipart(jar, "/admin/blogs/new", formFields({ slug: "how-to-make-pipe-cleaner-roses" }));
    expect(taken.status).toBe(409);
    expect(fieldError(await taken.text(), "slug")).toBe(BLOG_MESSAGES.slugTaken);

    const title = `Text as image ${unique()}`;
    const wrong = await postMultipart(jar, "/admin/blogs/new", formFields({ title }), {
      field: "featured_image_file",
      name: "photo.jpg",
      bytes: new TextEncoder().encode("not an image"),
      type: "image/jpeg",
    });
    expect(wrong.status).toBe(422);
    expect(fieldError(await wrong.text(), "featured_image_file")).toContain(
      "The file must be an image of type image/jpeg, image/png or image/webp.",
    );
    expect(await env.DB.prepare("SELECT id FROM blogs WHERE title = ?").bind(title).first()).toBeNull();
  });

  it("preview the HTML without JavaScript: the form shown again with the sanitized preview, nothing saved", async () => {
    const blog = await newBlog({ content: "<p>Saved text.</p>" });
    const jar = await loggedIn(ADMIN, newIp());
    const page = await (await visit(jar, `/admin/blogs/${blog.id}`)).text();
    expect(page).toContain('data-testid="blog-preview"');
    expect(page).toContain("<p>Saved text.</p>");
    const preview = await postMultipart(
      jar,
      `/admin/blogs/${blog.id}`,
      formFields({
        intent: "preview",
        title: blog.title,
        content: '<p>Draft <em>text</em>.</p><img src=x onerror="alert(2)">',
        version: "1",
      }),
    );
    expect(preview.status).toBe(200);
    const html = await preview.text();
    const shown = /data-testid="blog-preview"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? "";
    expect(shown).toContain("<p>Draft <em>text</em>.</p>");
    expect(shown).not.toContain("onerror");
    expect(visibleText(html)).toContain("Nothing is saved yet.");
    const after = (
      await call("GET", `/admin/blogs/${blog.id}`.replace("/admin", "/api/admin"), { token: tokens.admin })
    ).body.data;
    expect(after).toMatchObject({ content: "<p>Saved text.</p>", version: 1 });
  });

  it("save the edit form; a stale form is refused with the message, keeping what was typed", async () => {
    const blog = await newBlog({ title: `Edit Page ${unique()}` });
    const jar = await loggedIn(ADMIN, newIp());
    const html = await (await visit(jar, `/admin/blogs/${blog.id}`)).text();
    expect(html).toContain('<input type="hidden" name="version" value="1"/>');
    const saved = await follow(
      jar,
      await postMultipart(
        jar,
        `/admin/blogs/${blog.id}`,
        formFields({ title: blog.title, slug: blog.slug, excerpt: "Saved once", version: "1" }),
      ),
    );
    expect(saved.text).toContain(`“${blog.title}” is saved.`);
    expect(saved.html).toContain('<input type="hidden" name="version" value="2"/>');
    const stale = await postMultipart(
      jar,
      `/admin/blogs/${blog.id}`,
      formFields({ title: blog.title, slug: blog.slug, excerpt: "Typed on an old form", version: "1" }),
    );
    expect(stale.status).toBe(409);
    const staleHtml = await stale.text();
    expect(visibleText(staleHtml)).toContain(BLOG_MESSAGES.stale);
    expect(decode(staleHtml)).toContain("Typed on an old form");
    expect((await call("GET", `/api/admin/blogs/${blog.id}`, { token: tokens.admin })).body.data).toMatchObject({
      excerpt: "Saved once",
      version: 2,
    });
  });

  it("publish and unpublish from the tutorial's page, and delete after a confirmation", async () => {
    const blog = await newBlog();
    const jar = await loggedIn(ADMIN, newIp());
    const published = await follow(
      jar,
      await postMultipart(jar, `/admin/blogs/${blog.id}`, { intent: "toggle", version: "1" }),
    );
    expect(published.text).toContain(`“${blog.title}” is published.`);
    expect(published.text).toContain("View in the shop");
    expect((await apiBlog(blog.slug)).status).toBe(200);
    const unpublished = await follow(
      jar,
      await postMultipart(jar, `/admin/blogs/${blog.id}`, { intent: "toggle", version: "2" }),
    );
    expect(unpublished.text).toContain("is unpublished: it is a draft again.");
    expect((await apiBlog(blog.slug)).status).toBe(404);

    const page = await (await visit(jar, `/admin/blogs/${blog.id}`)).text();
    expect(page).toContain(`href="/admin/blogs/${blog.id}?delete=confirm"`);
    expect(page).not.toContain("Yes, delete it");
    const confirm = await (await visit(jar, `/admin/blogs/${blog.id}?delete=confirm`)).text();
    expect(visibleText(confirm)).toContain("Delete this tutorial?");
    const deleted = await follow(
      jar,
      await postMultipart(jar, `/admin/blogs/${blog.id}?delete=confirm`, { intent: "delete", version: "3" }),
    );
    expect(deleted.location).toBe("/admin/blogs");
    expect(deleted.text).toContain(`“${blog.title}” is deleted.`);
    expect((await visit(jar, `/admin/blogs/${blog.id}`)).status).toBe(404);
  });
});
