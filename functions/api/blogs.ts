import { Hono } from "hono";
import { CACHE_SECONDS } from "../../app/lib/constants";
import { BlogListQuerySchema } from "../../app/lib/schemas/catalog";
import { setBlogLike, visitorFor } from "../../app/services/blog-engagement.server";
import { getBlogBySlug, listBlogs } from "../../app/services/blogs.server";
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
    cachePublic(c, CACHE_SECONDS.content);
    return ok(c, data);
  })
  .post("/:id/like", optionalViewer, (c) => like(c, true))
  .delete("/:id/like", optionalViewer, (c) => like(c, false))
  .get("/:slug", async (c) => {
    const data = await getBlogBySlug(c.var.app.db, c.req.param("slug"));
    cachePublic(c, CACHE_SECONDS.content);
    return ok(c, data);
  });
