import { z } from "zod";
import { parseId } from "../../../app/lib/ids";
import {
  AdminBlogQuerySchema,
  BLOG_MESSAGES,
  BLOG_STATUSES,
  BlogCreateSchema,
  BlogUpdateSchema,
  BlogVersionSchema,
} from "../../../app/lib/schemas/admin-blogs";
import {
  blogStats,
  createBlog,
  deleteBlog,
  getAdminBlog,
  listAdminBlogs,
  toggleBlogStatus,
  updateBlog,
} from "../../../app/services/admin/blogs.server";
import { NotFoundError } from "../../../app/services/errors";
import { AdminBlogRowSchema, AdminBlogSchema, BlogStatsSchema } from "../../../app/services/serializers/admin-blog";
import { ok, parseBody, parseQuery, type ApiContext } from "../http";
import { apiApp, errors, json, jsonOrForm, mount, success } from "../openapi";
import { adminPage } from "./audit";
import { actor, STAFF_READ, STAFF_WRITE } from "./staff";

const tags = ["Admin"];
const params = z.object({ id: z.string() });

/** The tutorial of the path: an id that is not one is simply not found. */
function blogId(c: ApiContext): number {
  const id = parseId(c.req.param("id"));
  if (id === null) throw new NotFoundError(BLOG_MESSAGES.notFound);
  return id;
}

/**
 * /api/admin/blogs: staff write, edit, publish and unpublish the tutorials (back-office contract).
 * The HTML is sanitized when saved; every write is audited and refreshes the shop's pages at once.
 */
export const adminBlogsApi = mount(
  apiApp(),
  {
    method: "get",
    path: "/",
    tags,
    summary: "Tutorials, drafts too, newest first: by status, and by title, slug or excerpt",
    security: STAFF_READ,
    request: {
      query: z.object({
        search: z.string().optional(),
        status: z.enum(BLOG_STATUSES).optional(),
        page: z.string().optional(),
        per_page: z.string().optional(),
      }),
    },
    responses: {
      200: json(success(adminPage(AdminBlogRowSchema)), "One page of tutorials."),
      ...errors(401, 403, 422),
    },
  },
  async (c) => ok(c, await listAdminBlogs(c.var.app.db, parseQuery(c, AdminBlogQuerySchema))),
);

mount(
  adminBlogsApi,
  {
    method: "post",
    path: "/",
    tags,
    summary: "Write a tutorial (a draft unless `status` is published)",
    description:
      "A missing slug is made from the title (unique). A slug already used is a 409; unknown categories or related products a 422. The HTML is sanitized when saved.",
    security: STAFF_WRITE,
    request: { body: jsonOrForm(BlogCreateSchema) },
    responses: {
      201: json(success(AdminBlogSchema, { message: z.string() }), "The tutorial as saved."),
      ...errors(401, 403, 409, 422),
    },
  },
  async (c) => {
    const input = await parseBody(c, BlogCreateSchema);
    const blog = await createBlog(c.var.app.db, actor(c), input);
    return c.json({ success: true, data: blog, message: "Tutorial created." }, 201);
  },
);

mount(
  adminBlogsApi,
  {
    method: "get",
    path: "/stats",
    tags,
    summary: "Counts of the tutorials: total, published, drafts, featured, views and likes",
    security: STAFF_READ,
    responses: { 200: json(success(BlogStatsSchema), "The counts."), ...errors(401, 403) },
  },
  async (c) => ok(c, await blogStats(c.var.app.db)),
);

mount(
  adminBlogsApi,
  {
    method: "get",
    path: "/{id}",
    tags,
    summary: "One tutorial with every field, its tags, categories, related products and version",
    security: STAFF_READ,
    request: { params },
    responses: { 200: json(success(AdminBlogSchema), "The tutorial."), ...errors(401, 403, 404) },
  },
  async (c) => {
    const blog = await getAdminBlog(c.var.app.db, blogId(c));
    if (!blog) throw new NotFoundError(BLOG_MESSAGES.notFound);
    return ok(c, blog);
  },
);

mount(
  adminBlogsApi,
  {
    method: "put",
    path: "/{id}",
    tags,
    summary: "Change a tutorial: the fields given change, the rest stays",
    description:
      "An empty slug is made from the title. A `version` older than the tutorial's, or a slug another tutorial has, is a 409; unknown categories or related products a 422. The HTML is sanitized when saved and the reading time recomputed.",
    security: STAFF_WRITE,
    request: { params, body: jsonOrForm(BlogUpdateSchema) },
    responses: {
      200: json(success(AdminBlogSchema, { message: z.string() }), "The tutorial as saved."),
      ...errors(401, 403, 404, 409, 422),
    },
  },
  async (c) => {
    const id = blogId(c);
    const input = await parseBody(c, BlogUpdateSchema);
    return ok(c, await updateBlog(c.var.app.db, actor(c), id, input), { message: "Tutorial saved." });
  },
);

mount(
  adminBlogsApi,
  {
    method: "delete",
    path: "/{id}",
    tags,
    summary: "Delete a tutorial with its links, likes and views",
    description: "A `version` (body or query) older than the tutorial's is a 409.",
    security: STAFF_WRITE,
    request: { params, query: z.object({ version: z.string().optional() }) },
    responses: {
      200: json(success(z.object({ id: z.number().int() }), { message: z.string() }), "Deleted."),
      ...errors(401, 403, 404, 409, 422),
    },
  },
  async (c) => {
    const id = blogId(c);
    const version = parseQuery(c, BlogVersionSchema).version ?? (await parseBody(c, BlogVersionSchema)).version;
    const removed = await deleteBlog(c.var.app.db, actor(c), id, version);
    return ok(c, { id: removed.id }, { message: `Tutorial "${removed.title}" deleted.` });
  },
);

mount(
  adminBlogsApi,
  {
    method: "patch",
    path: "/{id}/toggle-status",
    tags,
    summary: "Publish a draft or unpublish a published tutorial",
    description:
      "`published_at` is set on the first publish only and kept after. A `version` older than the tutorial's is a 409.",
    security: STAFF_WRITE,
    request: { params, body: jsonOrForm(BlogVersionSchema) },
    responses: {
      200: json(success(AdminBlogSchema, { message: z.string() }), "The tutorial, published or back to draft."),
      ...errors(401, 403, 404, 409, 422),
    },
  },
  async (c) => {
    const id = blogId(c);
    const { version } = await parseBody(c, BlogVersionSchema);
    const blog = await toggleBlogStatus(c.var.app.db, actor(c), id, version);
    return ok(c, blog, {
      message: blog.status === "published" ? "Tutorial published." : "Tutorial unpublished: it is a draft again.",
    });
  },
);
