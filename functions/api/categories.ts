import { z } from "zod";
import { CategoryListQuerySchema } from "../../app/lib/schemas/catalog";
import { cachedAnswers } from "../../app/http/cache-entries.server";
import { getCategory, listCategories } from "../../app/services/categories.server";
import { apiApp, publicGet } from "./openapi";
import { CategorySchema } from "./schemas";

const tags = ["Catalogue"];

export const categoriesApi = apiApp();
publicGet(categoriesApi, {
  path: "/",
  tags,
  summary: "List the categories",
  query: CategoryListQuerySchema,
  data: z.array(CategorySchema),
  cached: cachedAnswers.categories,
  load: (db, { query }) => listCategories(db, { withCounts: query.with_counts === true }),
});
publicGet(categoriesApi, {
  path: "/{idOrSlug}",
  tags,
  summary: "One category, by id or slug",
  params: z.object({ idOrSlug: z.string() }),
  data: CategorySchema,
  cached: cachedAnswers.categories,
  notFound: true,
  load: (db, { params }) => getCategory(db, params.idOrSlug!),
});
