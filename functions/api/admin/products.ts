import { z } from "zod";
import { MAX_OPTION_VALUES, MAX_OPTIONS } from "../../../app/lib/variants";
import {
  AdminProductQuerySchema,
  PRODUCT_LIMITS,
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
import {
  adminProductJson,
  adminProductRowJson,
  AdminProductRowSchema,
  AdminProductSchema,
  ProductStatsSchema,
  productStatsJson,
} from "../../../app/services/serializers/admin-product";
import {
  BULK_PRICE_CHANGES,
  BULK_PRICE_LIMITS,
  BULK_PRICE_TARGETS,
  BulkPriceSchema,
} from "../../../app/lib/schemas/bulk-price";
import { applyBulkPrice, bulkPriceOutcome, previewBulkPrice } from "../../../app/services/admin/bulk-price.server";
import { ok, parseBody, parseQuery, pathId } from "../http";
import { apiApp, jsonBody } from "../openapi";
import { adminPage } from "./audit";
import { idParams as params, listQuery, pageJson, staffResource, staffRoute } from "./route";
import { actor } from "./staff";

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
  is_addon: z
    .boolean()
    .optional()
    .meta({ description: "An add-on (a vase, a card): offered beside bouquets on the cart and checkout." }),
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
/** Options and variants as a body sets them (the shapes of the product's answer; money in currency units). */
const OptionsAndVariantsShape = {
  options: z
    .array(z.object({ name: z.string().max(50), values: z.array(z.string().max(50)).min(1).max(MAX_OPTION_VALUES) }))
    .max(MAX_OPTIONS)
    .optional()
    .meta({
      description:
        "The options in order (Size, Colour), each with 1 to 20 values, names and values unique. On a PUT, missing: unchanged; given while `variants` is missing: the variants whose values still fit are kept, the others are removed (switched off when ordered). [] makes the product one without options again.",
    }),
  variants: z
    .array(
      z.object({
        id: z.number().int().optional().meta({ description: "One of the product's variants; none: a new variant." }),
        sku: z.string().max(64).meta({ description: "Unique across the shop: one in use is a 409." }),
        options: z
          .record(z.string(), z.string())
          .meta({ description: 'One value of each option: { "Size": "Grand" }.' }),
        price: z.number().min(0).meta({ description: "Currency units." }),
        sale_price: z.number().min(0).nullable().optional().meta({ description: "Below the price (else 422)." }),
        stock: z.number().int().min(0).optional(),
        image: z.string().nullable().optional().meta({ description: "Our own image; null: the product's." }),
        is_active: z
          .boolean()
          .optional()
          .meta({ description: "false: switched off (not sold). Missing: as it was (new: true)." }),
      }),
    )
    .max(PRODUCT_LIMITS.variants)
    .optional()
    .meta({
      description:
        'The variants in order (for a product with options; without options the product\'s own price, sale price and stock set its one variant). One left out is removed, or switched off when past orders refer to it. Missing on a PUT: unchanged; on a POST: none. An unknown option value or two variants with the same values is a 422 (`errors["variants.2.options"]`).',
    }),
};
const ProductCreateBody = z.object({ ...ProductBodyShape, ...OptionsAndVariantsShape, version });
const ProductUpdateBody = z.object({
  ...z.object(ProductBodyShape).partial().shape,
  ...OptionsAndVariantsShape,
  version,
});
const VersionBody = z.object({ version });

/** The list's filters (the list's query; a bulk price change's body). */
const ProductFilterShape = {
  search: z.string().optional().meta({ description: "Part of the name or the SKU." }),
  category: z.string().optional().meta({ description: "A category's id or slug." }),
  status: z.enum(PRODUCT_STATUSES).optional(),
  low_stock: z.string().optional().meta({
    description:
      "1: only products with a variant sold (switched on) whose stock is at or under the low-stock threshold (out of stock included); a product without options has one.",
  }),
};

const BulkPriceBody = z
  .object({
    ...ProductFilterShape,
    target: z
      .enum(BULK_PRICE_TARGETS)
      .meta({ description: "The price or the sale price (only variants that have one)." }),
    change: z.enum(BULK_PRICE_CHANGES),
    value: z.number().meta({
      description:
        "The percent or the amount (currency units), + to raise, - to lower; not 0; a percent at least -100.",
    }),
    round_99: z.boolean().optional().meta({ description: "true: each new price ends in .99 (the nearest)." }),
    dry_run: z.boolean().optional().meta({ description: "true: only the preview; nothing is written." }),
  })
  .meta({ id: "BulkPriceChange" });

const BulkPriceRowSchema = z.object({
  id: z.number().int().meta({ description: "The variant's id." }),
  product_id: z.number().int(),
  product: z.string(),
  sku: z.string(),
  options: z.string().meta({ description: '"Size: Small"; empty for a product without options.' }),
  old_cents: z.number().int(),
  new_cents: z.number().int(),
  error: z
    .string()
    .nullable()
    .meta({ description: "Why the variant is left out (the product form's words); null when it changes." }),
});

const BulkPriceResultSchema = z
  .object({
    dry_run: z.boolean(),
    change: z.string().meta({ description: 'What the change does, as staff read it ("-10% on the price").' }),
    rows: z
      .array(BulkPriceRowSchema)
      .meta({ description: "Every variant whose price changes, and every refused one." }),
    variants: z.number().int().meta({ description: "The variants changed (to change, in a dry run)." }),
    products: z.number().int(),
    refused: z.number().int(),
    unchanged: z
      .number()
      .int()
      .meta({ description: "Variants whose price stays (and, for the sale price, those without one)." }),
    batches: z
      .object({ applied: z.number().int(), failed: z.number().int() })
      .nullable()
      .meta({ description: "Each batch (whole products) is one transaction: all or nothing. Null in a dry run." }),
    failed: z
      .array(z.object({ products: z.array(z.string()), message: z.string() }))
      .meta({ description: "The batches that failed (a product changed meanwhile): their products, and why." }),
  })
  .meta({ id: "BulkPriceResult" });

/**
 * /api/admin/products: staff find, read, create and change products, archive and restore them
 * (an archived product leaves the shop; past orders keep it), and count them.
 */
export const adminProductsApi = staffRoute(
  apiApp(),
  {
    method: "get",
    path: "/",
    summary: "Products, newest first: by name or SKU, category, status (active, archived) and low stock",
    request: {
      query: listQuery(ProductFilterShape),
    },
    data: adminPage(AdminProductRowSchema),
    answer: "One page of products.",
  },
  async (c) => {
    const page = await listAdminProducts(c.var.app.db, parseQuery(c, AdminProductQuerySchema));
    return ok(c, pageJson(page, adminProductRowJson));
  },
);

// Declared before the routes of /{id}.
staffRoute(
  adminProductsApi,
  {
    method: "post",
    path: "/bulk-price",
    summary: "Change the prices of the products the filters select",
    description: `Every variant of the products the list's filters select (at most ${BULK_PRICE_LIMITS.variants}, else a 422): the price or the sale price changed by a percent or an amount, in whole cents, optionally ending in .99. A new price below 0, above the limit, or a sale price not below the price is refused (left out, with the product form's words). With \`dry_run\`, only the preview. Otherwise the change is worked out again and written in batches of whole products (up to ${BULK_PRICE_LIMITS.batch} variants), each all or nothing; a batch whose products changed meanwhile is not applied and is named in \`failed\`. Each product's change is audited, and the whole change once.`,
    request: { body: jsonBody(BulkPriceBody) },
    data: BulkPriceResultSchema,
    answer: "The change: every variant's old and new price, and (applied) its batches.",
  },
  async (c) => {
    const input = await parseBody(c, BulkPriceSchema);
    const { db } = c.var.app;
    if (input.dry_run) {
      const preview = await previewBulkPrice(db, input);
      return ok(c, { dry_run: true, ...preview, batches: null, failed: [] }, { message: "Nothing was written." });
    }
    const result = await applyBulkPrice(db, actor(c), input);
    return ok(c, { dry_run: false, ...result }, { message: bulkPriceOutcome(result) });
  },
);

staffResource(adminProductsApi, {
  data: AdminProductSchema,
  json: adminProductJson,
  notFound: PRODUCT_MESSAGES.notFound,
  create: {
    summary: "Create a product",
    description:
      "A missing slug is made from the name (and made unique). A slug or SKU already in use is a 409 naming it; an empty name, a negative price or stock, a sale price not below the price, an unknown category or an image that is not ours is a 422. `options` and `variants` as a PUT takes them (missing: none); with options, the product's price, sale price and stock become its variants' (the lowest unit price, the sum of the stock).",
    body: jsonBody(ProductCreateBody),
    input: ProductCreateSchema,
    answer: "The new product.",
    message: "Product created successfully",
    run: createProduct,
  },
  stats: {
    summary: "Product counts: total, active, archived, low stock, out of stock, featured, on sale",
    data: ProductStatsSchema,
    answer: "The counts.",
    count: async (db) => productStatsJson(await productStats(db)),
  },
  read: {
    summary:
      "One product (archived ones too) with every field, its images in order, colours, category, options, every variant (switched-off ones too, and whether ordered) and version",
    answer: "The product.",
    get: getAdminProduct,
  },
  update: {
    summary: "Update a product",
    description:
      "Any of the fields; a field left out keeps its value, an empty slug is made from the name again. `images` replaces the images (in that order; the first is the main image). `options` and `variants` are saved with the rest in one batch (a variant without `id` is new; one left out is removed, or switched off when past orders refer to it); for a product with options the body's price, sale price and stock are not applied: its variants set them. A variant's SKU in use is a 409 (\"The SKU has already been taken.\"); an option without values, more than 3 options or 20 values, a variant whose values are not the options', two variants with the same values, a sale price not below the price are 422s per field (`errors[\"variants.2.sale_price\"]`). The same rules as a create; a `version` older than the product's is a 409.",
    body: jsonBody(ProductUpdateBody),
    input: ProductUpdateSchema,
    answer: "The updated product.",
    message: "Product updated successfully",
    run: updateProduct,
  },
});

/** Archiving and restoring: the same change (a body may carry `version`), one way or the other. */
const archiving = [
  {
    method: "delete",
    path: "/{id}",
    archived: true,
    summary: "Archive a product",
    description:
      'Products are archived, never deleted: it leaves the shop (its page and API answer are 404 "Product Not Found", it leaves every list, search, the sitemap and related products) while past orders keep showing it. A body may carry `version`.',
    answer: "The archived product.",
    message: "Product archived successfully",
  },
  {
    method: "post",
    path: "/{id}/restore",
    archived: false,
    summary: "Restore an archived product",
    description: "It is back in the shop at once. A body may carry `version`.",
    answer: "The restored product.",
    message: "Product restored successfully",
  },
] as const;

for (const { archived, message, ...route } of archiving) {
  staffRoute(
    adminProductsApi,
    {
      ...route,
      request: { params, body: jsonBody(VersionBody) },
      data: AdminProductSchema,
      refusals: [409],
    },
    async (c) => {
      const id = pathId(c, PRODUCT_MESSAGES.notFound);
      const { version } = await parseBody(c, ProductVersionSchema);
      const product = await setProductArchived(c.var.app.db, actor(c), id, archived, version);
      return ok(c, adminProductJson(product), { message });
    },
  );
}
