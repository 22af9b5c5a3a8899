import { Hono } from "hono";
import { FeaturedQuerySchema, ProductListQuerySchema } from "../../app/lib/schemas/catalog";
import { cachedAnswers } from "../../app/http/cache-entries.server";
import { getProductBySlug, listFeaturedProducts, listProducts } from "../../app/services/products.server";
import { cachePublic, ok, parseQuery, type ApiEnv } from "./http";

export const productsApi = new Hono<ApiEnv>()
  .get("/", async (c) => {
    const query = parseQuery(c, ProductListQuerySchema);
    const data = await listProducts(c.var.app.db, query);
    cachePublic(c, cachedAnswers.products, data);
    return ok(c, data, { message: "Products retrieved successfully" });
  })
  .get("/featured", async (c) => {
    const { limit } = parseQuery(c, FeaturedQuerySchema);
    const data = await listFeaturedProducts(c.var.app.db, limit);
    cachePublic(c, cachedAnswers.products, data);
    return ok(c, data);
  })
  .get("/slug/:slug", async (c) => {
    const data = await getProductBySlug(c.var.app.db, c.req.param("slug"));
    cachePublic(c, cachedAnswers.product, data);
    return ok(c, data);
  });
