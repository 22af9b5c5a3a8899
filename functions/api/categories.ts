import { Hono } from "hono";
import { CategoryListQuerySchema } from "../../app/lib/schemas/catalog";
import { cachedAnswers } from "../../app/http/cache-entries.server";
import { getCategory, listCategories } from "../../app/services/categories.server";
import { cachePublic, ok, parseQuery, type ApiEnv } from "./http";

export const categoriesApi = new Hono<ApiEnv>()
  .get("/", async (c) => {
    const query = parseQuery(c, CategoryListQuerySchema);
    const data = await listCategories(c.var.app.db, { withCounts: query.with_counts === true });
    cachePublic(c, cachedAnswers.categories, data);
    return ok(c, data);
  })
  .get("/:idOrSlug", async (c) => {
    const data = await getCategory(c.var.app.db, c.req.param("idOrSlug"));
    cachePublic(c, cachedAnswers.categories, data);
    return ok(c, data);
  });
