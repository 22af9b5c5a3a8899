import { z } from "zod";
import { FeaturedQuerySchema, ProductListQuerySchema } from "../../app/lib/schemas/catalog";
import { cachedAnswers } from "../../app/http/cache-entries.server";
import {
  getProductById,
  getProductBySlug,
  listFeaturedProducts,
  listProducts,
} from "../../app/services/products.server";
import { NotFoundError } from "../../app/services/errors";
import { parseId } from "../../app/lib/ids";
import { apiApp, publicGet } from "./openapi";
import { ProductDetailSchema, ProductPageSchema, ProductSchema } from "./schemas";

const tags = ["Catalogue"];

export const productsApi = apiApp();
publicGet(productsApi, {
  path: "/",
  tags,
  summary: "List products: filters, search, sort and pages",
  query: ProductListQuerySchema,
  data: ProductPageSchema,
  cached: cachedAnswers.products,
  message: "Products retrieved successfully",
  load: (db, { query }) => listProducts(db, query),
});
publicGet(productsApi, {
  path: "/featured",
  tags,
  summary: "The featured products",
  query: FeaturedQuerySchema,
  data: z.array(ProductSchema),
  cached: cachedAnswers.products,
  load: (db, { query }) => listFeaturedProducts(db, query.limit),
});
publicGet(productsApi, {
  path: "/slug/{slug}",
  tags,
  summary: "One product with its images, colours, options, variants and related products",
  params: z.object({ slug: z.string() }),
  data: ProductDetailSchema,
  cached: cachedAnswers.product,
  notFound: true,
  load: (db, { params }) => getProductBySlug(db, params.slug!),
});
publicGet(productsApi, {
  path: "/{id}",
  tags,
  summary: "One product by id: the same answer as by slug",
  params: z.object({ id: z.string().meta({ description: "The product's id." }) }),
  data: ProductDetailSchema,
  cached: cachedAnswers.product,
  notFound: true,
  load: (db, { params }) => {
    // What is no id is no path here: the same 404 as any unknown path (`/api/products/slug`).
    const id = parseId(params.id);
    if (id === null) throw new NotFoundError();
    return getProductById(db, id);
  },
});
