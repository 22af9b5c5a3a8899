import { Hono } from "hono";
import { BlogListQuerySchema } from "../../app/lib/schemas/catalog";
import { setBlogLike } from "../../app/services/blog-engagement.server";
import { VISITOR_COOKIE, visitorFor } from "../../app/http/visitor.server";
import { getBlogBySlug, listBlogs } from "../../app/services/blogs.server";
import { cachedAnswers } from "../../app/http/cache-entries.server";
import { readCookie } from "../../app/http/cookies.server";
import { NotFoundError } from "../../app/services/errors";
import { cachePublic, ok, parseQuery, type ApiContext, type ApiEnv } from "./http";
import { optionalViewer } from "./session";

/** POST likes, DELETE unlikes: both idempotent, one like per visitor (user, or the visitor cookie). */
async function like(c: ApiContext, liked: boolean) {
  const id = /^\d{1,9}$/.test(c.req.param("id") ?? "") ? Number(c.req.param("id")) : 0;
  if (id < 1) throw new NotFoundError("Article Not Found");
  const { db, env } = c.var.app;
  const visitor = visitorFor(c.req.raw, env, c.var.maybeViewer?.user.id ?? null);
  const result = await setBlogLike(db, id, visitor.key, liked);
  if (visitor.setCookie) c.header("Set-Cookie", visitor.setCookie);
  c.header("Cache-Control", "no-store");
  return ok(c, result, { message: liked ? "Thanks for liking this tutorial!" : "Like removed" });
}

export const blogsApi = new Hono<ApiEnv>()
  .get("/", async (c) => {
    const query = parseQuery(c, BlogListQuerySchema);
    const data = await listBlogs(c.var.app.db, query);
    cachePublic(c, cachedAnswers.blogs, data);
    return ok(c, data);
  })
  .post("/:id/like", optionalViewer, (c) => like(c, true))
  .delete("/:id/like", optionalViewer, (c) => like(c, false))
  // `liked` is the asker's own: a visitor we know (a user, or the visitor cookie) gets it read live
  // and privately; anyone else gets the shared answer, which the edge never gives to the former.
  .get("/:slug", optionalViewer, async (c) => {
    const { db, env } = c.var.app;
    const userId = c.var.maybeViewer?.user.id ?? null;
    if (userId !== null || readCookie(c.req.raw, VISITOR_COOKIE)) {
      const visitor = visitorFor(c.req.raw, env, userId);
      const data = await getBlogBySlug(db, c.req.param("slug"), visitor.key);
      c.header("Cache-Control", "private, no-store");
      return ok(c, data);
    }
    const data = await getBlogBySlug(db, c.req.param("slug"));
    cachePublic(c, cachedAnswers.blog, data, { anonymousOnly: true });
    return ok(c, data);
  });
