import { Hono } from "hono";
import { CACHE_SECONDS } from "../../app/lib/constants";
import { BlogListQuerySchema } from "../../app/lib/schemas/catalog";
import { getBlogBySlug, listBlogs } from "../../app/services/blogs.server";
import { cachePublic, ok, parseQuery, type ApiEnv } from "./http";

export const blogsApi = new Hono<ApiEnv>()
  .get("/", async (c) => {
    const query = parseQuery(c, BlogListQuerySchema);
    const data = await listBlogs(c.var.app.db, query);
    cachePublic(c, CACHE_SECONDS.content);
    return ok(c, data);
  })
  .get("/:slug", async (c) => {
    const data = await getBlogBySlug(c.var.app.db, c.req.param("slug"));
    cachePublic(c, CACHE_SECONDS.content);
    return ok(c, data);
  });
