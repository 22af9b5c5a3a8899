import { z } from "zod";
import { BlogListQuerySchema } from "../../app/lib/schemas/catalog";
import { setBlogLike } from "../../app/services/blog-engagement.server";
import { VISITOR_COOKIE, visitorFor } from "../../app/http/visitor.server";
import {
  getBlogBySlug,
  listBlogs,
  listBlogTags,
  listFeaturedBlogs,
  listRecentBlogs,
} from "../../app/services/blogs.server";
import {
  BlogSearchQuerySchema,
  FeaturedBlogsQuerySchema,
  RecentBlogsQuerySchema,
} from "../../app/lib/schemas/admin-blogs";
import { BlogTagCountSchema } from "../../app/services/serializers/blog";
import { cachedAnswers } from "../../app/http/cache-entries.server";
import { readCookie } from "../../app/http/cookies.server";
import { cachePublic, ok, pathId, type ApiContext } from "./http";
import {
  apiApp,
  errors,
  GUEST_OR_SIGNED_IN_READ,
  GUEST_OR_SIGNED_IN_WRITE,
  json,
  mount,
  publicGet,
  success,
} from "./openapi";
import { BlogCardSchema, BlogDetailSchema, BlogLikeSchema, BlogPageSchema } from "./schemas";
import { optionalViewer } from "./session";

const tags = ["Blog"];

/** POST likes, DELETE unlikes: both idempotent, one like per visitor (user, or the visitor cookie). */
async function like(c: ApiContext, liked: boolean) {
  const id = pathId(c, "Article Not Found");
  const { db, env } = c.var.app;
  const visitor = visitorFor(c.req.raw, env, c.var.maybeViewer?.user.id ?? null);
  const result = await setBlogLike(db, id, visitor.key, liked);
  if (visitor.setCookie) c.header("Set-Cookie", visitor.setCookie);
  c.header("Cache-Control", "no-store");
  return ok(c, result, {
    message: liked ? "Thanks for liking this tutorial!" : "Like removed",
  });
}

const likeRoute = (method: "post" | "delete", summary: string) =>
  ({
    method,
    path: "/{id}/like",
    tags,
    summary,
    description: "One like per visitor: the user, or the visitor cookie this call may set. Idempotent.",
    middleware: optionalViewer,
    security: GUEST_OR_SIGNED_IN_WRITE,
    request: {
      params: z.object({
        id: z.string().meta({ description: "The article's id." }),
      }),
    },
    responses: {
      200: json(success(BlogLikeSchema, { message: z.string() }), "The article's likes now."),
      ...errors(401, 403, 404),
    },
  }) as const;

export const blogsApi = apiApp();
publicGet(blogsApi, {
  path: "/",
  tags,
  summary: "List the published articles",
  query: BlogListQuerySchema,
  data: BlogPageSchema,
  cached: cachedAnswers.blogs,
  load: (db, { query }) => listBlogs(db, query),
});
// The spec's calls the screens do not use, declared before `/{slug}` so none is taken for a slug.
publicGet(blogsApi, {
  path: "/featured",
  tags,
  summary: "The featured published articles, newest first",
  query: FeaturedBlogsQuerySchema,
  data: z.array(BlogCardSchema),
  cached: cachedAnswers.blogs,
  load: (db, { query }) => listFeaturedBlogs(db, query.limit),
});
publicGet(blogsApi, {
  path: "/recent",
  tags,
  summary: "The latest published articles",
  query: RecentBlogsQuerySchema,
  data: z.array(BlogCardSchema),
  cached: cachedAnswers.blogs,
  load: (db, { query }) => listRecentBlogs(db, query.limit),
});
publicGet(blogsApi, {
  path: "/search",
  tags,
  summary: "Published articles whose title, excerpt or a tag contains `q`, newest first",
  query: BlogSearchQuerySchema,
  data: BlogPageSchema,
  cached: cachedAnswers.blogs,
  load: (db, { query }) =>
    listBlogs(db, {
      page: query.page,
      per_page: query.per_page,
      search: query.q,
      category_id: undefined,
      tag: undefined,
      difficulty: undefined,
      sort_by: undefined,
      sort_order: undefined,
      featured: undefined,
    }),
});
publicGet(blogsApi, {
  path: "/tags",
  tags,
  summary: "The tags of the published articles with how many carry each, the most used first",
  data: z.array(BlogTagCountSchema),
  cached: cachedAnswers.blogs,
  load: (db) => listBlogTags(db),
});
mount(blogsApi, likeRoute("post", "Like an article"), (c) => like(c, true));
mount(blogsApi, likeRoute("delete", "Take a like back"), (c) => like(c, false));
// `liked` is the asker's own: a visitor we know (a user, or the visitor cookie) gets it read live
// and privately; anyone else gets the shared answer, which the edge never gives to the former.
mount(
  blogsApi,
  {
    method: "get",
    path: "/{slug}",
    tags,
    summary: "One article with its related products and neighbours",
    description:
      "Anonymous callers get a shared, edge-cached answer; a known visitor (user or visitor cookie) a private one with `liked`.",
    middleware: optionalViewer,
    security: GUEST_OR_SIGNED_IN_READ,
    request: { params: z.object({ slug: z.string() }) },
    responses: {
      200: json(success(BlogDetailSchema), "The article."),
      ...errors(404),
    },
  },
  async (c) => {
    const { db, env } = c.var.app;
    const userId = c.var.maybeViewer?.user.id ?? null;
    if (userId !== null || readCookie(c.var.app.env, c.req.raw, VISITOR_COOKIE)) {
      const visitor = visitorFor(c.req.raw, env, userId);
      const data = await getBlogBySlug(db, c.req.param("slug")!, visitor.key);
      c.header("Cache-Control", "private, no-store");
      return ok(c, data);
    }
    const data = await getBlogBySlug(db, c.req.param("slug")!);
    cachePublic(c, cachedAnswers.blog, data, { anonymousOnly: true });
    return ok(c, data);
  },
);
