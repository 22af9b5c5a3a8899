import { z } from "zod";
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
import { AdminBlogRowSchema, AdminBlogSchema, BlogStatsSchema } from "../../../app/services/serializers/admin-blog";
import { ok, parseBody, parseQuery, pathId, type ApiContext } from "../http";
import { apiApp, jsonOrForm } from "../openapi";
import { adminPage } from "./audit";
import { deletedId, idParams as params, listQuery, rowChange, staffResource, staffRoute } from "./route";
import { actor } from "./staff";

/** The tutorial of the path: an id that is not one is simply not found. */
const blogId = (c: ApiContext) => pathId(c, BLOG_MESSAGES.notFound);

/**
 * /api/admin/blogs: staff write, edit, publish and unpublish the tutorials (back-office contract).
 * The HTML is sanitized when saved; every write is audited and refreshes the shop's pages at once.
 */
export const adminBlogsApi = staffRoute(
  apiApp(),
  {
    method: "get",
    path: "/",
    summary: "Tutorials, drafts too, newest first: by status, and by title, slug or excerpt",
    request: { query: listQuery({ search: z.string().optional(), status: z.enum(BLOG_STATUSES).optional() }) },
    data: adminPage(AdminBlogRowSchema),
    answer: "One page of tutorials.",
  },
  async (c) => ok(c, await listAdminBlogs(c.var.app.db, parseQuery(c, AdminBlogQuerySchema))),
);

staffResource(adminBlogsApi, {
  data: AdminBlogSchema,
  json: (blog) => blog,
  notFound: BLOG_MESSAGES.notFound,
  create: {
    summary: "Write a tutorial (a draft unless `status` is published)",
    description:
      "A missing slug is made from the title (unique). A slug already used is a 409; unknown categories or related products a 422. The HTML is sanitized when saved.",
    body: jsonOrForm(BlogCreateSchema),
    input: BlogCreateSchema,
    answer: "The tutorial as saved.",
    message: "Tutorial created.",
    run: createBlog,
  },
  stats: {
    summary: "Counts of the tutorials: total, published, drafts, featured, views and likes",
    data: BlogStatsSchema,
    answer: "The counts.",
    count: blogStats,
  },
  read: {
    summary: "One tutorial with every field, its tags, categories, related products and version",
    answer: "The tutorial.",
    get: getAdminBlog,
  },
  update: {
    summary: "Change a tutorial: the fields given change, the rest stays",
    description:
      "An empty slug is made from the title. A `version` older than the tutorial's, or a slug another tutorial has, is a 409; unknown categories or related products a 422. The HTML is sanitized when saved and the reading time recomputed.",
    body: jsonOrForm(BlogUpdateSchema),
    input: BlogUpdateSchema,
    answer: "The tutorial as saved.",
    message: "Tutorial saved.",
    run: updateBlog,
  },
});

staffRoute(
  adminBlogsApi,
  {
    method: "delete",
    path: "/{id}",
    summary: "Delete a tutorial with its links, likes and views",
    description: "A `version` (body or query) older than the tutorial's is a 409.",
    request: { params, query: z.object({ version: z.string().optional() }) },
    data: deletedId,
    answer: "Deleted.",
    refusals: [409],
  },
  async (c) => {
    const id = blogId(c);
    const version = parseQuery(c, BlogVersionSchema).version ?? (await parseBody(c, BlogVersionSchema)).version;
    const removed = await deleteBlog(c.var.app.db, actor(c), id, version);
    return ok(c, { id: removed.id }, { message: `Tutorial "${removed.title}" deleted.` });
  },
);

staffRoute(
  adminBlogsApi,
  {
    method: "patch",
    path: "/{id}/toggle-status",
    summary: "Publish a draft or unpublish a published tutorial",
    description:
      "`published_at` is set on the first publish only and kept after. A `version` older than the tutorial's is a 409.",
    request: rowChange(BlogVersionSchema),
    data: AdminBlogSchema,
    answer: "The tutorial, published or back to draft.",
    refusals: [409],
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
