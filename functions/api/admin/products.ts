import { z } from "zod";
import { parseId } from "../../../app/lib/ids";
import {
  AdminProductQuerySchema,
  PRODUCT_MESSAGES,
  PRODUCT_STATUSES,
  ProductCreateSchema,
  ProductUpdateSchema,
  ProductVersionSchema,
  type ProductField,
} from "../../../app/lib/schemas/admin-products";
import {
  createProduct,
  getAdminProduct,
  listAdminProducts,
  productStats,
  setProductArchived,
  updateProduct,
} from "../../../app/services/admin/products.server";
import { NotFoundError } from "../../../app/services/errors";
import {
  adminProductJson,
  adminProductRowJson,
  AdminProductRowSchema,
  AdminProductSchema,
  ProductStatsSchema,
  productStatsJson,
} from "../../../app/services/serializers/admin-product";
import { ok, parseBody, parseQuery, type ApiContext } from "../http";
import { apiApp, errors, json, mount, success } from "../openapi";
import { adminPage } from "./audit";
import { actor, STAFF_READ, STAFF_WRITE } from "./staff";

const tags = ["Admin"];
const params = z.object({ id: z.string() });

/** The product of the path: an id that is not one is simply not found. */
function productId(c: ApiContext): number {
  const id = parseId(c.req.param("id"));
  if (id === null) throw new NotFoundError(PRODUCT_MESSAGES.notFound);
  return id;
}

/** A product body as the contract declares it (the schemas of app/lib enforce it): every field of PRODUCT_FIELDS. */
const ProductBodyShape = {
  name: z.string().max(255),
  slug: z.string().max(255).optional().meta({
    description: "Lowercase letters, numbers and dashes; empty or missing: made from the name (made unique).",
  }),
  sku: z.string().max(64).meta({ description: "Unique: one in use is a 409." }),
  description: z.string().optional(),
  short_description: z.string().max(500).optional(),
  price: z.number().min(0).meta({ description: "Currency units." }),
  sale_price: z
    .number()
    .min(0)
    .nullable()
    .optional()
    .meta({ description: "Currency units; must be below the price (else 422)." }),
  stock: z.number().int().min(0).optional(),
  category_id: z
    .number()
    .int()
    .nullable()
    .optional()
    .meta({ description: "An existing category (else 422), or null." }),
  weight: z.number().int().min(0).nullable().optional().meta({ description: "Grams." }),
  dimensions: z.string().max(100).nullable().optional(),
  is_featured: z.boolean().optional(),
  images: z.array(z.string()).max(20).optional().meta({
    description:
      "Image URLs in order, the first is the main image: uploads (`/uploads/...`, from POST /api/admin/uploads) or the shop's own `/images/...`.",
  }),
  colors: z.array(z.string().max(30)).max(20).optional(),
  meta_keywords: z.string().max(500).nullable().optional(),
} satisfies Record<ProductField, z.ZodType>;
const version = z
  .number()
  .int()
  .min(1)
  .optional()
  .meta({ description: "The version the client last saw: a change made since is a 409, not overwritten." });
const ProductCreateBody = z.object({ ...ProductBodyShape, version });
const ProductUpdateBody = z.object({ ...z.object(ProductBodyShape).partial().shape, version });
const VersionBody = z.object({ version });

const body = (schema: z.ZodType) => ({ content: { "application/json": { schema } } });

/**
 * /api/admin/products: staff find, read, create and change products, archive and restore them
 * (an archived product leaves the shop; past orders keep it), and count them.
 */
export const adminProductsApi = mount(
  apiApp(),
  {
    method: "get",
    path: "/",
    tags,
    summary: "Products, newest first: by name or SKU, category, status (active, archived) and low stock",
    security: STAFF_READ,
    request: {
      query: z.object({
        search: z.string().optional().meta({ description: "Part of the name or the SKU." }),
        category: z.string().optional().meta({ description: "A category's id or slug." }),
        status: z.enum(PRODUCT_STATUSES).optional(),
        low_stock: z.string().optional().meta({
          description: "1: only products with stock at or under the low-stock threshold (out of stock included).",
        }),
        page: z.string().optional(),
        per_page: z.string().optional(),
      }),
    },
    responses: {
      200: json(success(adminPage(AdminProductRowSchema)), "One page of products."),
      ...errors(401, 403, 422),
    },
  },
  async (c) => {
    const page = await listAdminProducts(c.var.app.db, parseQuery(c, AdminProductQuerySchema));
    return ok(c, { ...page, data: page.data.map(adminProductRowJson) });
  },
);

mount(
  adminProductsApi,
  {
    method: "post",
    path: "/",
    tags,
    summary: "Create a product",
    description:
      "A missing slug is made from the name (and made unique). A slug or SKU already in use is a 409 naming it; an empty name, a negative price or stock, a sale price not below the price, an unknown category or an image that is not ours is a 422.",
    security: STAFF_WRITE,
    request: { body: body(ProductCreateBody) },
    responses: {
      201: json(success(AdminProductSchema, { message: z.string() }), "The new product."),
      ...errors(401, 403, 409, 422),
    },
  },
  async (c) => {
    const input = await parseBody(c, ProductCreateSchema);
    const product = await createProduct(c.var.app.db, actor(c), input);
    return c.json({ success: true, data: adminProductJson(product), message: "Product created successfully" }, 201);
  },
);

// Declared before /{id}, so that "stats" is never read as an id.
mount(
  adminProductsApi,
  {
    method: "get",
    path: "/stats",
    tags,
    summary: "Product counts: total, active, archived, low stock, out of stock, featured, on sale",
    security: STAFF_READ,
    responses: { 200: json(success(ProductStatsSchema), "The counts."), ...errors(401, 403) },
  },
  async (c) => ok(c, productStatsJson(await productStats(c.var.app.db))),
);

mount(
  adminProductsApi,
  {
    method: "get",
    path: "/{id}",
    tags,
    summary: "One product (archived ones too) with every field, its images in order, colours, category and version",
    security: STAFF_READ,
    request: { params },
    responses: { 200: json(success(AdminProductSchema), "The product."), ...errors(401, 403, 404) },
  },
  async (c) => {
    const product = await getAdminProduct(c.var.app.db, productId(c));
    if (!product) throw new NotFoundError(PRODUCT_MESSAGES.notFound);
    return ok(c, adminProductJson(product));
  },
);

mount(
  adminProductsApi,
  {
    method: "put",
    path: "/{id}",
    tags,
    summary: "Update a product",
    description:
      "Any of the fields; a field left out keeps its value, an empty slug is made from the name again. `images` replaces the images (in that order; the first is the main image). The same rules as a create; a `version` older than the product's is a 409.",
    security: STAFF_WRITE,
    request: { params, body: body(ProductUpdateBody) },
    responses: {
      200: json(success(AdminProductSchema, { message: z.string() }), "The updated product."),
      ...errors(401, 403, 404, 409, 422),
    },
  },
  async (c) => {
    const id = productId(c);
    const input = await parseBody(c, ProductUpdateSchema);
    const product = await updateProduct(c.var.app.db, actor(c), id, input);
    return ok(c, adminProductJson(product), { message: "Product updated successfully" });
  },
);

mount(
  adminProductsApi,
  {
    method: "delete",
    path: "/{id}",
    tags,
    summary: "Archive a product",
    description:
      'Products are archived, never deleted: it leaves the shop (its page and API answer are 404 "Product Not Found", it leaves every list, search, the sitemap and related products) while past orders keep showing it. A body may carry `version`.',
    security: STAFF_WRITE,
    request: { params, body: body(VersionBody) },
    responses: {
      200: json(success(AdminProductSchema, { message: z.string() }), "The archived product."),
      ...errors(401, 403, 404, 409, 422),
    },
  },
  async (c) => {
    const id = productId(c);
    const input = await parseBody(c, ProductVersionSchema);
    const product = await setProductArchived(c.var.app.db, actor(c), id, true, input.version);
    return ok(c, adminProductJson(product), { message: "Product archived successfully" });
  },
);

mount(
  adminProductsApi,
  {
    method: "post",
    path: "/{id}/restore",
    tags,
    summary: "Restore an archived product",
    description: "It is back in the shop at once. A body may carry `version`.",
    security: STAFF_WRITE,
    request: { params, body: body(VersionBody) },
    responses: {
      200: json(success(AdminProductSchema, { message: z.string() }), "The restored product."),
      ...errors(401, 403, 404, 409, 422),
    },
  },
  async (c) => {
    const id = productId(c);
    const input = await parseBody(c, ProductVersionSchema);
    const product = await setProductArchived(c.var.app.db, actor(c), id, false, input.version);
    return ok(c, adminProductJson(product), { message: "Product restored successfully" });
  },
);
