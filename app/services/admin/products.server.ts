import { and, asc, eq, gte, inArray, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import type { Database } from "../../../db/client";
import {
  categories,
  orderItems,
  productColors,
  productImages,
  productOptions,
  productOptionValues,
  products,
  productVariants,
} from "../../../db/schema";
import { changes } from "../../lib/cache-tags";
import { LOW_STOCK_THRESHOLD } from "../../lib/constants";
import { toCents, toUnits } from "../../lib/money";
import {
  PRODUCT_FIELDS,
  PRODUCT_LIMITS,
  PRODUCT_MESSAGES,
  productFieldsOf,
  type AdminProductQuery,
  type ProductCreateInput,
  type ProductFields,
  type ProductStatus,
  type ProductUpdateInput,
  type VariantInput,
} from "../../lib/schemas/admin-products";
import {
  fitsOptions,
  generateVariants,
  optionsKey,
  optionsLabel,
  type OptionValues,
  type ProductOption,
} from "../../lib/variants";
import { slugify } from "../../lib/slug";
import { bumpTags } from "../cache-tags.server";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import {
  isoDate,
  foundIn,
  insertOneIf,
  named,
  pageMeta,
  subqueries,
  type PageMeta,
  onePageById,
  newestFirst,
  countWhere,
  totalOf,
} from "../sql";
import { isOwnImage } from "../uploads.server";
import type { ProductStatsSchema } from "../serializers/admin-product";
import { auditEntry, auditRecords, changesBetween, recentAuditOf, type Actor } from "../audit.server";
import { isUniqueViolation, newRowId } from "./rows.server";
import { lowStockThreshold } from "./low-stock.server";
import { type AdminProductRow, type AdminProduct, type AdminVariant } from "../serializers/admin-product";

export { LOW_STOCK_THRESHOLD };

/** A variant sold (switched on) running low: none left, or at most the low-stock threshold (`v` is product_variants). */
const SOLD_VARIANT = sql.raw(`v.is_active = 1`);
const lowVariant = () => sql`${SOLD_VARIANT} AND v.stock <= ${lowStockThreshold()}`;

/**
 * The stock figures of the dashboard, `GET /api/admin/stats` and `.../products/stats`, per variant
 * sold of an active product: out of stock with none left, low with some, at most the threshold.
 */
export function variantStockFigures() {
  const count = (condition: SQL) =>
    sql<number>`(SELECT count(*) FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.is_active = 1 AND ${SOLD_VARIANT} AND ${condition})`.mapWith(
      Number,
    );
  return {
    low_stock: count(sql`v.stock > 0 AND v.stock <= ${lowStockThreshold()}`),
    out_of_stock: count(sql`v.stock = 0`),
  };
}

/** A duplicate slug or SKU (the product's, or a variant's: `variants.2.sku`): a 409 whose message names it (`field` says which, for a form). */
export class DuplicateFieldError extends ConflictError {
  constructor(readonly field: "slug" | "sku" | `variants.${number}.sku`) {
    super(field === "slug" ? PRODUCT_MESSAGES.slugTaken : PRODUCT_MESSAGES.skuTaken);
  }
}

// ---------------------------------------------------------------- reading

/** The product's own columns and its category's, each under a name of its own (D1 keys a batch's rows by column name). */
export const productColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  sku: products.sku,
  description: products.description,
  short_description: products.shortDescription,
  price_cents: products.priceCents,
  sale_price_cents: products.salePriceCents,
  stock: products.stock,
  image: products.image,
  category_id: products.categoryId,
  weight: products.weightGrams,
  dimensions: products.dimensions,
  is_featured: products.isFeatured,
  is_addon: products.isAddon,
  is_active: products.isActive,
  archived_at: products.archivedAt,
  version: products.version,
  sold: products.soldCount,
  meta_keywords: products.metaKeywords,
  created_at: products.createdAt,
  updated_at: products.updatedAt,
  ...named({
    category_ref_id: sql<number | null>`${categories.id}`,
    category_ref_name: sql<string | null>`${categories.name}`,
    category_ref_slug: sql<string | null>`${categories.slug}`,
  }),
};

const selectAdminProducts = (db: Database) =>
  db.select(productColumns).from(products).leftJoin(categories, eq(categories.id, products.categoryId));
type Row = Awaited<ReturnType<typeof selectAdminProducts>>[number];

/** A row of the staff's product list: money in cents; the main image (the first of the images) or null. */
function toRow({ category_ref_id, category_ref_name, category_ref_slug, ...row }: Row): AdminProductRow {
  return {
    ...row,
    category:
      category_ref_id !== null && category_ref_name !== null && category_ref_slug !== null
        ? { id: category_ref_id, name: category_ref_name, slug: category_ref_slug }
        : null,
    status: (row.is_active ? "active" : "archived") as ProductStatus,
    archived_at: isoDate(row.archived_at),
    created_at: isoDate(row.created_at),
    updated_at: isoDate(row.updated_at),
  };
}

/** The list's filters: what a bulk change selects too. */
export type ProductFilters = Pick<AdminProductQuery, "search" | "category" | "status" | "low_stock">;

/** The products the list's filters select (the list, and a bulk price change). */
export function listWhere(query: ProductFilters): SQL | undefined {
  const category = query.category;
  return and(
    query.search ? foundIn(products.id, "product_staff_search", query.search) : undefined,
    category
      ? /^\d+$/.test(category)
        ? eq(products.categoryId, Number(category))
        : inArray(
            products.categoryId,
            subqueries.select({ id: categories.id }).from(categories).where(eq(categories.slug, category)),
          )
      : undefined,
    query.status === "active"
      ? eq(products.isActive, true)
      : query.status === "archived"
        ? eq(products.isActive, false)
        : undefined,
    query.low_stock
      ? sql`EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = "products"."id" AND ${lowVariant()})`
      : undefined,
  );
}

/**
 * Products for staff, newest first: by name or SKU, category (id or slug), active or archived, and
 * running low (stock at or under the low-stock threshold, out of stock included); the page and its
 * total in one batch.
 */
export async function listAdminProducts(
  db: Database,
  query: AdminProductQuery,
): Promise<{ data: AdminProductRow[] } & PageMeta> {
  const [rows, counted] = await db.batch(listStatements(db, query));
  return pageFrom(query, rows, counted);
}

function listStatements(db: Database, query: AdminProductQuery) {
  const where = listWhere(query);
  return [
    onePageById(selectAdminProducts(db).$dynamic(), products, where, newestFirst(products), query),
    countWhere(db, products, where),
  ] as const;
}

function pageFrom(
  query: AdminProductQuery,
  rows: Row[],
  counted: Array<{ total: number }>,
): { data: AdminProductRow[] } & PageMeta {
  return { data: rows.map(toRow), ...pageMeta(query.page, query.per_page, totalOf(counted), rows.length) };
}

/** The low-stock threshold as a statement of its own (one row), for a batch that shows it. */
const thresholdRow = (db: Database) => db.select({ threshold: lowStockThreshold() }).from(sql`(SELECT 1)`);

/** The list page's data: the page of products, the categories of its filter and the low-stock threshold, in one batch. */
export async function adminProductsPage(db: Database, query: AdminProductQuery) {
  const [rows, counted, options, [low]] = await db.batch([
    ...listStatements(db, query),
    categoryOptions(db),
    thresholdRow(db),
  ]);
  return {
    page: pageFrom(query, rows, counted),
    categories: options,
    lowStockThreshold: low?.threshold ?? LOW_STOCK_THRESHOLD,
  };
}

const imagesOf = (db: Database, id: number) =>
  db
    .select({ url: productImages.url })
    .from(productImages)
    .where(eq(productImages.productId, id))
    .orderBy(asc(productImages.sortOrder), asc(productImages.id));
const colorsOf = (db: Database, id: number) =>
  db
    .select({ color: productColors.color })
    .from(productColors)
    .where(eq(productColors.productId, id))
    .orderBy(asc(productColors.color));

const categoryOptions = (db: Database) =>
  db
    .select({ id: categories.id, name: categories.name, is_active: categories.isActive })
    .from(categories)
    .orderBy(asc(categories.name), asc(categories.id));
export type CategoryOption = Awaited<ReturnType<typeof categoryOptions>>[number];

/**
 * Whether past orders refer to the variant of the statement's row (such a variant is switched off,
 * never removed). Named in full: drizzle leaves a one-table statement's columns unqualified.
 */
const orderedVariant = () =>
  sql`EXISTS (SELECT 1 FROM ${orderItems} WHERE ${orderItems.variantId} = "product_variants"."id")`;

/** A product's options' values, one row each, in order (grouped by `optionsFrom`). */
const optionsOf = (db: Database, id: number) =>
  db
    .select({ name: productOptions.name, value: productOptionValues.value })
    .from(productOptions)
    .innerJoin(productOptionValues, eq(productOptionValues.optionId, productOptions.id))
    .where(eq(productOptions.productId, id))
    .orderBy(asc(productOptions.position), asc(productOptionValues.position));

function optionsFrom(rows: Array<{ name: string; value: string }>): ProductOption[] {
  const options: ProductOption[] = [];
  for (const row of rows) {
    const last = options[options.length - 1];
    if (last?.name === row.name) last.values.push(row.value);
    else options.push({ name: row.name, values: [row.value] });
  }
  return options;
}
/** Every variant of a product in order, switched-off ones too, and whether past orders refer to each. */
const variantsOf = (db: Database, id: number) =>
  db
    .select({
      id: productVariants.id,
      sku: productVariants.sku,
      options: productVariants.options,
      price_cents: productVariants.priceCents,
      sale_price_cents: productVariants.salePriceCents,
      stock: productVariants.stock,
      image: productVariants.image,
      is_active: productVariants.isActive,
      ...named({ ordered: orderedVariant().mapWith(Boolean) }),
    })
    .from(productVariants)
    .where(eq(productVariants.productId, id))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
type VariantRow = Awaited<ReturnType<typeof variantsOf>>[number];

const oneProduct = (db: Database, id: number) =>
  [
    selectAdminProducts(db).where(eq(products.id, id)),
    imagesOf(db, id),
    colorsOf(db, id),
    recentAuditOf(db, "product", id),
    optionsOf(db, id),
    variantsOf(db, id),
  ] as const;

function productFrom([rows, images, colors, audit, options, variants]: readonly [
  Row[],
  Array<{ url: string }>,
  Array<{ color: string }>,
  Parameters<typeof auditRecords>[0],
  Array<{ name: string; value: string }>,
  VariantRow[],
]): AdminProduct | null {
  const row = rows[0];
  if (!row) return null;
  return {
    ...toRow(row),
    images: images.map((image) => image.url),
    colors: colors.map((color) => color.color),
    options: optionsFrom(options),
    variants: variants.map((variant): AdminVariant => ({
      ...variant,
      options: JSON.parse(variant.options) as AdminVariant["options"],
      ordered: Boolean(variant.ordered),
    })),
    audit: auditRecords(audit),
  };
}

/** One product for staff (archived ones too), its images, colours and recent audit entries in one batch; null when unknown. */
export async function getAdminProduct(db: Database, id: number): Promise<AdminProduct | null> {
  return productFrom(await db.batch(oneProduct(db, id)));
}

/** The product form's data: the product (when editing) and every category for its select, in one batch. */
export async function productFormData(
  db: Database,
  id?: number,
): Promise<{ product: AdminProduct | null; categories: CategoryOption[] }> {
  if (id === undefined) return { product: null, categories: await categoryOptions(db) };
  const [rows, images, colors, audit, options, variants, categoryList] = await db.batch([
    ...oneProduct(db, id),
    categoryOptions(db),
  ]);
  return { product: productFrom([rows, images, colors, audit, options, variants]), categories: categoryList };
}

/** The counts of `GET /api/admin/products/stats`. */
export type ProductStats = z.output<typeof ProductStatsSchema>;

/** The counts of `GET /api/admin/products/stats`, in one statement. */
export async function productStats(db: Database): Promise<ProductStats> {
  const int = (expression: SQL) => sql<number>`coalesce(${expression}, 0)`;
  const [row] = await db
    .select(
      named({
        total: int(sql`count(*)`),
        active: int(sql`sum(${products.isActive})`),
        archived: int(sql`sum(NOT ${products.isActive})`),
        ...variantStockFigures(),
        threshold: lowStockThreshold(),
        featured: int(sql`sum(${products.isActive} AND ${products.isFeatured})`),
        on_sale: int(sql`sum(${products.isActive} AND ${products.isOnSale})`),
      }),
    )
    .from(products);
  const n = (value: unknown) => Number(value ?? 0);
  return {
    total: n(row?.total),
    active: n(row?.active),
    archived: n(row?.archived),
    low_stock: n(row?.low_stock),
    out_of_stock: n(row?.out_of_stock),
    featured: n(row?.featured),
    on_sale: n(row?.on_sale),
    low_stock_threshold: n(row?.threshold ?? LOW_STOCK_THRESHOLD),
  };
}

// ---------------------------------------------------------------- writing

/** A product's fields as the audit log records them (money in currency units, the wire's names). */
export type Snapshot = ProductFields & { price: number; stock: number };

const snapshotOf = (product: AdminProduct) => productFieldsOf(product) as Snapshot;

export const EMPTY: Snapshot = {
  name: "",
  slug: "",
  sku: "",
  description: "",
  short_description: "",
  price: 0,
  sale_price: null,
  stock: 0,
  category_id: null,
  weight: null,
  dimensions: null,
  is_featured: false,
  is_addon: false,
  images: [],
  colors: [],
  meta_keywords: null,
};

/** `base` with the fields the body gives (a field left out keeps its value; a stock of null is 0); not the slug, which has rules of its own. */
export function withInput(base: Snapshot, input: ProductCreateInput | ProductUpdateInput): Snapshot {
  const after: Record<string, unknown> = { ...base };
  for (const key of PRODUCT_FIELDS) {
    const value = input[key];
    if (value !== undefined && key !== "slug") after[key] = key === "stock" && value === null ? 0 : value;
  }
  return after as Snapshot;
}

/** The first free slug of `base`, `base-2`, `base-3`... among `taken`. */
export function freeSlug(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The slugs in use that a slug made from `base` could collide with (`base` and `base-...`), except product `except`'s. */
export const slugsLike = (db: Database, base: string, except?: number) =>
  db
    .select({ slug: products.slug })
    .from(products)
    .where(
      and(
        or(eq(products.slug, base), sql`substr(${products.slug}, 1, ${base.length + 1}) = ${`${base}-`}`),
        except === undefined ? undefined : ne(products.id, except),
      ),
    );

/** Which of `skus` another product than `except` has: as its own SKU or a variant's (one parameter, whatever their number). */
export const skusInUse = (db: Database, skus: string[], except?: number) => {
  const wanted = sql`(SELECT value FROM json_each(${JSON.stringify(skus)}))`;
  return db
    .select({ sku: products.sku })
    .from(products)
    .where(and(sql`${products.sku} IN ${wanted}`, except === undefined ? undefined : ne(products.id, except)))
    .union(
      db
        .select({ sku: productVariants.sku })
        .from(productVariants)
        .where(
          and(
            sql`${productVariants.sku} IN ${wanted}`,
            except === undefined ? undefined : ne(productVariants.productId, except),
          ),
        ),
    );
};

const categoryExists = (db: Database, id: number | null | undefined) =>
  db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, id ?? 0))
    .limit(1);

/**
 * The rules a body's shape cannot check: own images only, a known category, a sale price below the
 * price, and the variants' (see `variantErrors`); then the SKUs: the product's or a variant's in
 * use elsewhere, or twice among them, is a 409.
 */
function checkRules(
  after: Snapshot,
  categoryFound: boolean,
  plan: VariantsPlan,
  taken: Array<{ sku: string }>,
  known?: ReadonlySet<number>,
): void {
  const errors: Record<string, string[]> = variantErrors(plan, known);
  if (after.images.some((url) => !isOwnImage(url))) errors.images = [PRODUCT_MESSAGES.images];
  if (after.category_id !== null && !categoryFound) errors.category_id = [PRODUCT_MESSAGES.categoryInvalid];
  if (after.sale_price !== null && after.sale_price >= after.price)
    errors.sale_price = [PRODUCT_MESSAGES.salePriceBelowPrice];
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const inUse = new Set(taken.map((row) => row.sku));
  if (inUse.has(after.sku)) throw new DuplicateFieldError("sku");
  for (const variant of plan.staying) inUse.add(variant.sku);
  givenVariants(plan).forEach((variant, index) => {
    if (inUse.has(variant.sku)) throw new DuplicateFieldError(`variants.${index}.sku`);
    inUse.add(variant.sku);
  });
}

// ---------------------------------------------------------------- options and variants

/** What a save does to a product's options and variants, worked out before its batch. */
interface VariantsPlan {
  /** The options after the save, and whether they differ from before (then they are rewritten). */
  options: ProductOption[];
  optionsChanged: boolean;
  /** The variants after the save, in order (an id: an update, none: a new one); null: left as they are. */
  given: VariantInput[] | null;
  /** The product's variants the save leaves out: removed, or switched off when past orders refer to them. */
  leftOut: AdminVariant[];
  /** Of those, the ones that stay (switched off): their SKUs and option values stay taken. */
  staying: AdminVariant[];
  /** A product going back to no options: its implicit variant (options `{}`) is sold again, from the product's figures. */
  implicit: boolean;
}

/** A variant as read, in the body's shape (to keep it through an options change). */
const variantInputOf = (variant: AdminVariant): VariantInput => ({
  id: variant.id,
  sku: variant.sku,
  options: variant.options,
  price: toUnits(variant.price_cents),
  sale_price: variant.sale_price_cents === null ? null : toUnits(variant.sale_price_cents),
  stock: variant.stock,
  image: variant.image,
  is_active: variant.is_active,
});

const isImplicit = (variant: { options: OptionValues }) => Object.keys(variant.options).length === 0;

/**
 * The options are the body's, else the product's. Without options, the product's fields set its
 * implicit variant (variants given must be that one: `{}`). With options, the variants are the
 * body's; left out while the options change, the ones whose values still fit are kept (so a new
 * option, or the first one, leaves out the rest: "Generate variants" makes them again).
 */
function planVariants(before: AdminProduct | null, input: ProductCreateInput | ProductUpdateInput): VariantsPlan {
  const beforeOptions = before?.options ?? [];
  const beforeVariants = before?.variants ?? [];
  const options = input.options ?? beforeOptions;
  const optionsChanged = JSON.stringify(options) !== JSON.stringify(beforeOptions);
  const given =
    input.variants ??
    (optionsChanged && options.length
      ? beforeVariants.filter((variant) => fitsOptions(options, variant.options)).map(variantInputOf)
      : null);
  if (options.length === 0) {
    const leftOut = optionsChanged ? beforeVariants.filter((variant) => !isImplicit(variant)) : [];
    return {
      options,
      optionsChanged,
      given: input.variants ?? null,
      leftOut,
      staying: leftOut.filter((variant) => variant.ordered),
      implicit: optionsChanged,
    };
  }
  const ids = new Set(given?.map((variant) => variant.id));
  const leftOut = given ? beforeVariants.filter((variant) => !ids.has(variant.id)) : [];
  return {
    options,
    optionsChanged,
    given,
    leftOut,
    staying: leftOut.filter((variant) => variant.ordered),
    implicit: false,
  };
}

/** Variants given to a product without options describe its implicit one: the product's fields set it. */
const writesVariants = (plan: VariantsPlan) => plan.options.length > 0 && plan.given !== null;
/** The variants a save writes ([] when none). */
const givenVariants = (plan: VariantsPlan) => (writesVariants(plan) ? plan.given! : []);

/** The SKUs a save must find free: the product's and its variants'. */
const skusOf = (after: Snapshot, plan: VariantsPlan) => [
  after.sku,
  ...givenVariants(plan).map((variant) => variant.sku),
];

/**
 * The body's fields to apply: with options, the price, sale price and stock are the variants'
 * (the triggers keep them), so the body's are not applied.
 */
function ownFields<T extends ProductCreateInput | ProductUpdateInput>(input: T, plan: VariantsPlan): T {
  if (plan.options.length === 0) return input;
  const { price: _price, sale_price: _sale, stock: _stock, ...rest } = input;
  return rest as T;
}

/** The product's columns to write: with options, never its price, sale price or stock. */
function columnsFor(after: Snapshot, plan: VariantsPlan) {
  const { priceCents: _price, salePriceCents: _sale, stock: _stock, ...rest } = columnsOf(after);
  return plan.options.length ? rest : columnsOf(after);
}

/**
 * The variants' rules (422, per field `variants.2.options`): a variant is one of the product's
 * (by id, once), its values are one of each option's, no two share them (nor one that stays
 * switched off), its image is our own.
 */
function variantErrors(plan: VariantsPlan, known: ReadonlySet<number> = new Set()): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (index: number, field: string, message: string) => {
    errors[`variants.${index}.${field}`] = [message];
  };
  const ids = new Set<number>();
  const taken = new Set(plan.staying.map((variant) => JSON.stringify(variant.options)));
  plan.given?.forEach((variant, index) => {
    if (variant.id !== undefined && (!known.has(variant.id) || ids.has(variant.id)))
      add(index, "id", PRODUCT_MESSAGES.variantUnknown);
    if (variant.id !== undefined) ids.add(variant.id);
    if (!fitsOptions(plan.options, variant.options)) add(index, "options", PRODUCT_MESSAGES.variantOptions);
    else {
      const key = optionsKey(plan.options, variant.options);
      if (taken.has(key)) add(index, "options", PRODUCT_MESSAGES.variantOptionsTaken);
      taken.add(key);
    }
    if (variant.image && !isOwnImage(variant.image)) add(index, "image", PRODUCT_MESSAGES.images);
  });
  return errors;
}

/** A "Colour" (or "Color") option's values join the product's colours, so the shop's `colors=` filter finds them. */
function withOptionColours(colors: string[], options: readonly ProductOption[]): string[] {
  const values = options
    .filter((option) => /^colou?r$/i.test(option.name))
    .flatMap((option) => option.values.map((value) => value.toLowerCase()))
    .filter((value) => value.length <= PRODUCT_LIMITS.color);
  return [...new Set([...colors, ...values])].slice(0, PRODUCT_LIMITS.colors);
}

/** One variant as the audit log records it: "TB-1-S (Size: Small): 44, sale 40, stock 3, switched off". */
function variantText(variant: {
  sku: string;
  options: OptionValues;
  price: number;
  sale_price?: number | null;
  stock: number;
  is_active?: boolean;
}): string {
  const label = optionsLabel(variant.options);
  return `${variant.sku}${label ? ` (${label})` : ""}: ${variant.price}${
    variant.sale_price == null ? "" : `, sale ${variant.sale_price}`
  }, stock ${variant.stock}${variant.is_active === false ? ", switched off" : ""}`;
}

const optionsText = (options: readonly ProductOption[]) =>
  options.map((option) => `${option.name}: ${option.values.join(", ")}`).join("; ");

/** The audit's changes of the options and variants: each as text, before and after. */
function variantChanges(before: AdminProduct | null, plan: VariantsPlan) {
  const was = {
    options: optionsText(before?.options ?? []),
    variants: (before?.variants ?? [])
      .filter((variant) => !isImplicit(variant))
      .map((variant) => variantText(variantInputOf(variant))),
  };
  return changesBetween(was, {
    options: plan.optionsChanged ? optionsText(plan.options) : undefined,
    variants: writesVariants(plan)
      ? [
          ...plan.given!.map((variant) =>
            variantText({
              ...variant,
              is_active: variant.is_active ?? before?.variants.find((v) => v.id === variant.id)?.is_active,
            }),
          ),
          ...plan.staying.map((variant) => variantText({ ...variantInputOf(variant), is_active: false })),
        ]
      : plan.implicit
        ? []
        : undefined,
  });
}

/** A variant's columns from the body. */
function variantColumns(plan: VariantsPlan, variant: VariantInput, position: number) {
  return {
    sku: variant.sku,
    options: optionsKey(plan.options, variant.options),
    priceCents: toCents(variant.price),
    salePriceCents: variant.sale_price == null ? null : toCents(variant.sale_price),
    stock: variant.stock,
    image: variant.image ?? null,
    position,
  };
}

const idsIn = (column: SQLiteColumn, ids: number[]) =>
  sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;

/**
 * The statements writing a plan, each applied only when `onlyIf` holds: the options rewritten when
 * they changed, the variants left out removed (switched off when ordered), the others updated or
 * inserted in order; the triggers then make the product's price, sale price and stock theirs.
 */
function variantStatements(
  db: Database,
  productId: number | SQL,
  after: Snapshot,
  before: AdminProduct | null,
  plan: VariantsPlan,
  onlyIf: SQL,
) {
  const statements: unknown[] = [];
  if (plan.optionsChanged) {
    const optionIds = db
      .select({ id: productOptions.id })
      .from(productOptions)
      .where(eq(productOptions.productId, productId));
    statements.push(
      db.delete(productOptionValues).where(and(inArray(productOptionValues.optionId, optionIds), onlyIf)),
      db.delete(productOptions).where(and(eq(productOptions.productId, productId), onlyIf)),
    );
    plan.options.forEach((option, position) => {
      statements.push(insertOneIf(db, productOptions, { productId, name: option.name, position }, onlyIf));
      const optionId = sql`(SELECT ${productOptions.id} FROM ${productOptions} WHERE ${productOptions.productId} = ${productId} AND ${productOptions.name} = ${option.name})`;
      option.values.forEach((value, index) =>
        statements.push(insertOneIf(db, productOptionValues, { optionId, value, position: index }, onlyIf)),
      );
    });
  }
  if (plan.leftOut.length) {
    const ids = plan.leftOut.map((variant) => variant.id);
    statements.push(
      db
        .update(productVariants)
        .set({ isActive: false })
        .where(and(idsIn(productVariants.id, ids), orderedVariant(), onlyIf)),
      db.delete(productVariants).where(and(idsIn(productVariants.id, ids), sql`NOT ${orderedVariant()}`, onlyIf)),
    );
  }
  if (plan.implicit) {
    const implicit = and(eq(productVariants.productId, productId), eq(productVariants.options, "{}"));
    statements.push(
      db.update(productVariants).set({ isActive: true }).where(and(implicit, onlyIf)),
      insertOneIf(
        db,
        productVariants,
        {
          productId,
          sku: after.sku,
          options: "{}",
          priceCents: toCents(after.price),
          salePriceCents: after.sale_price === null ? null : toCents(after.sale_price),
          stock: after.stock,
          weightGrams: after.weight,
          isActive: 1,
          position: 0,
        },
        sql`${onlyIf} AND NOT EXISTS (SELECT 1 FROM ${productVariants} WHERE ${implicit})`,
      ),
    );
  }
  if (writesVariants(plan)) {
    plan.given!.forEach((variant, position) => {
      const columns = variantColumns(plan, variant, position);
      if (variant.id === undefined) {
        statements.push(
          insertOneIf(
            db,
            productVariants,
            { ...columns, productId, weightGrams: after.weight, isActive: variant.is_active === false ? 0 : 1 },
            onlyIf,
          ),
        );
        return;
      }
      const isActive = variant.is_active ?? before?.variants.find((v) => v.id === variant.id)?.is_active ?? true;
      statements.push(
        db
          .update(productVariants)
          .set({ ...columns, isActive })
          .where(and(eq(productVariants.id, variant.id), eq(productVariants.productId, productId), onlyIf)),
      );
    });
  }
  return statements;
}

/** A unique index refused the batch (a race with another save): the field it names, as a 409. */
function duplicateFrom(error: unknown): DuplicateFieldError | null {
  if (isUniqueViolation(error, "products.sku") || isUniqueViolation(error, "product_variants.sku"))
    return new DuplicateFieldError("sku");
  if (isUniqueViolation(error, "products.slug")) return new DuplicateFieldError("slug");
  return null;
}

/** The product's columns from a snapshot. */
export function columnsOf(after: Snapshot) {
  return {
    name: after.name,
    slug: after.slug,
    sku: after.sku,
    description: after.description,
    shortDescription: after.short_description,
    priceCents: toCents(after.price),
    salePriceCents: after.sale_price === null ? null : toCents(after.sale_price),
    stock: after.stock,
    categoryId: after.category_id,
    weightGrams: after.weight,
    dimensions: after.dimensions,
    isFeatured: after.is_featured,
    isAddon: after.is_addon,
    metaKeywords: after.meta_keywords,
    image: after.images[0] ?? null,
  };
}

/** An insert of literal values, applied only when `onlyIf` holds at that point of the batch. */
function insertImage(db: Database, productId: number | SQL, url: string, sortOrder: number, onlyIf: SQL) {
  return insertOneIf(db, productImages, { productId, url, alt: "", sortOrder }, onlyIf);
}

function insertColor(db: Database, productId: number | SQL, color: string, onlyIf: SQL) {
  return insertOneIf(db, productColors, { productId, color }, onlyIf);
}

/** The images' and colours' rows of a product, replaced (when given), each guarded by `onlyIf`. */
function childRows(db: Database, id: number | SQL, after: Snapshot, before: Snapshot | null, onlyIf: SQL) {
  const statements = [];
  if (!before || JSON.stringify(before.images) !== JSON.stringify(after.images)) {
    if (before) statements.push(db.delete(productImages).where(and(eq(productImages.productId, id), onlyIf)));
    after.images.forEach((url, i) => statements.push(insertImage(db, id, url, i, onlyIf)));
  }
  if (!before || JSON.stringify(before.colors) !== JSON.stringify(after.colors)) {
    if (before) statements.push(db.delete(productColors).where(and(eq(productColors.productId, id), onlyIf)));
    for (const color of after.colors) statements.push(insertColor(db, id, color, onlyIf));
  }
  return statements;
}

export const describeChanges = (fields: string[]) => fields.map((field) => field.replace(/_/g, " ")).join(", ");

/**
 * Creates a product (201 for the API): a slug made from the name when none is given (made unique
 * with -2, -3...), a given slug or a SKU already in use is a 409 naming it; images must be our own,
 * the category must exist, a sale price must be below the price (422). One read, then one batch
 * with its images, colours, the cache tags and the audit row; a save that took the slug made from
 * the name meanwhile makes this one try the next.
 */
export async function createProduct(db: Database, actor: Actor, input: ProductCreateInput): Promise<AdminProduct> {
  const plan = planVariants(null, input);
  const after = withInput(EMPTY, input);
  after.colors = withOptionColours(after.colors, plan.options);
  const base = input.slug ? input.slug : slugify(after.name, 80) || "product";
  for (let attempt = 0; ; attempt++) {
    const [skus, slugs, category] = await db.batch([
      skusInUse(db, skusOf(after, plan)),
      slugsLike(db, base),
      categoryExists(db, after.category_id),
    ]);
    checkRules(after, category.length > 0, plan, skus);
    const taken = new Set(slugs.map((row) => row.slug));
    if (input.slug && taken.has(input.slug)) throw new DuplicateFieldError("slug");
    after.slug = input.slug ? input.slug : freeSlug(base, taken);
    // The images, colours and audit row find the new product by its SKU (unique): one batch, and
    // AUTOINCREMENT gives the id.
    const id = newRowId(products, eq(products.sku, after.sku));
    const insert = db.insert(products).values(columnsOf(after)).returning({ id: products.id });
    try {
      const [created] = await db.batch([
        insert,
        ...childRows(db, id, after, null, sql`1 = 1`),
        // With options, the implicit variant the insert made is not sold: the variants are.
        ...(plan.options.length
          ? [
              db
                .delete(productVariants)
                .where(and(eq(productVariants.productId, id), eq(productVariants.options, "{}"))),
            ]
          : []),
        ...variantStatements(db, id, after, null, plan, sql`1 = 1`),
        bumpTags(db, changes.productCreated(after.category_id === null ? [] : [after.category_id])),
        auditEntry(db, actor, {
          action: "create",
          entity: "product",
          entityId: id,
          summary: `Created product ${after.name} (${after.sku})`,
          changes: { ...changesBetween(EMPTY, after), ...variantChanges(null, plan) },
        }),
      ] as unknown as [typeof insert]);
      return (await getAdminProduct(db, created[0]!.id))!;
    } catch (error) {
      const duplicate = duplicateFrom(error);
      if (!duplicate) throw error;
      // Another save took the slug made from the name meanwhile: make the next one.
      if (duplicate.field === "slug" && !input.slug && attempt < 3) continue;
      throw duplicate;
    }
  }
}

/** The product as it is now, for a write: its fields and children (one read), or 404. A `version` that is not its own is a 409. */
async function current(db: Database, id: number, version: number | undefined): Promise<AdminProduct> {
  const product = await getAdminProduct(db, id);
  if (!product) throw new NotFoundError(PRODUCT_MESSAGES.notFound);
  if (version !== undefined && version !== product.version) throw new ConflictError(PRODUCT_MESSAGES.stale);
  return product;
}

/** The product exactly as read (its version): the condition of every statement of a write. */
export const asRead = (id: number, version: number) =>
  sql`EXISTS (SELECT 1 FROM "products" WHERE "products"."id" = ${id} AND "products"."version" = ${version})`;

/**
 * Applies a write's statements and then the product's own UPDATE, guarded by the version that was
 * read: the children, tags and audit row apply if and only if it does (see `updateOrder`). A
 * version moved on meanwhile is a 409; a unique index refusing is a 409 naming the field.
 */
async function guardedWrite(
  db: Database,
  id: number,
  version: number,
  statements: unknown[],
  set: Partial<typeof products.$inferInsert>,
) {
  const update = db
    .update(products)
    .set({ ...set, version: sql`${products.version} + 1`, updatedAt: sql`unixepoch()` })
    .where(and(eq(products.id, id), eq(products.version, version)))
    .returning({ id: products.id });
  let results: unknown[];
  try {
    results = await db.batch([...statements, update] as unknown as [typeof update]);
  } catch (error) {
    throw duplicateFrom(error) ?? error;
  }
  const applied = results[results.length - 1] as Array<{ id: number }>;
  if (applied.length === 0) throw new ConflictError(PRODUCT_MESSAGES.stale);
}

/**
 * Updates a product: the fields given (a field left out keeps its value; an empty slug is made from
 * the name again). The same rules as a create; a `version` that is not the product's is a 409, and
 * so is a save that lost the race to another one (nothing of it is applied).
 */
export async function updateProduct(
  db: Database,
  actor: Actor,
  id: number,
  input: ProductUpdateInput,
): Promise<AdminProduct> {
  const product = await current(db, id, input.version);
  const before = snapshotOf(product);
  const plan = planVariants(product, input);
  const after = withInput(before, ownFields(input, plan));
  after.colors = withOptionColours(after.colors, plan.options);
  const base = input.slug === undefined ? null : input.slug === "" ? slugify(after.name, 80) || "product" : input.slug;
  const [skus, slugs, category] = await db.batch([
    skusInUse(db, skusOf(after, plan), id),
    slugsLike(db, base ?? after.slug, id),
    categoryExists(db, after.category_id),
  ]);
  checkRules(after, category.length > 0, plan, skus, new Set(product.variants.map((variant) => variant.id)));
  const taken = new Set(slugs.map((row) => row.slug));
  if (input.slug) {
    if (taken.has(input.slug)) throw new DuplicateFieldError("slug");
    after.slug = input.slug;
  } else if (base !== null) {
    after.slug = base === before.slug || !taken.has(base) ? base : freeSlug(base, taken);
  }
  const changed = { ...changesBetween(before, after), ...variantChanges(product, plan) };
  if (Object.keys(changed).length === 0) return product;

  const guard = asRead(id, product.version);
  const categoryIds = [
    ...new Set([before.category_id, after.category_id].filter((value): value is number => value !== null)),
  ];
  await guardedWrite(
    db,
    id,
    product.version,
    [
      ...childRows(db, id, after, before, guard),
      ...variantStatements(db, id, after, product, plan, guard),
      bumpTags(db, changes.productEdited(id, categoryIds), { onlyIf: guard }),
      auditEntry(
        db,
        actor,
        {
          action: "update",
          entity: "product",
          entityId: id,
          summary: `Updated product ${after.name}: ${describeChanges(Object.keys(changed))}`,
          changes: changed,
        },
        guard,
      ),
    ],
    columnsFor(after, plan),
  );
  return (await getAdminProduct(db, id))!;
}

/**
 * Archives (`archive: true`) or restores a product: an archived one leaves the shop (its page is
 * "Product Not Found", it leaves every list, search, the sitemap and related products) and past
 * orders keep it. Archiving an archived product (or restoring an active one) changes nothing.
 */
export async function setProductArchived(
  db: Database,
  actor: Actor,
  id: number,
  archive: boolean,
  version?: number,
): Promise<AdminProduct> {
  const product = await current(db, id, version);
  if (product.is_active === !archive) return product;
  const guard = asRead(id, product.version);
  await guardedWrite(
    db,
    id,
    product.version,
    [
      bumpTags(db, changes.productEdited(id, product.category_id === null ? [] : [product.category_id]), {
        onlyIf: guard,
      }),
      auditEntry(
        db,
        actor,
        {
          action: archive ? "archive" : "restore",
          entity: "product",
          entityId: id,
          summary: `${archive ? "Archived" : "Restored"} product ${product.name}`,
          changes: { status: archive ? ["active", "archived"] : ["archived", "active"] },
        },
        guard,
      ),
    ],
    archive
      ? { isActive: false, archivedAt: sql`unixepoch()` as unknown as Date }
      : { isActive: true, archivedAt: null },
  );
  return (await getAdminProduct(db, id))!;
}

/**
 * "Generate variants": the product's variants as staff left them (`variants`, saved as given) and
 * one more per combination of its options that none of them has, with the SKU
 * `{product SKU}-{value initials}` (made unique across the shop), the product's price and no stock;
 * saved as one update (the same rules, the same version check). `added`: how many were made.
 */
export async function generateProductVariants(
  db: Database,
  actor: Actor,
  id: number,
  input: { version?: number; variants: VariantInput[] },
): Promise<{ product: AdminProduct; added: number }> {
  const product = await current(db, id, input.version);
  // The SKUs starting with the product's, as a range of the unique SKU index (never a scan of every variant).
  const prefix = and(gte(productVariants.sku, product.sku), lt(productVariants.sku, `${product.sku}\u{10FFFF}`));
  const taken = await db.select({ sku: productVariants.sku }).from(productVariants).where(prefix);
  const added = generateVariants(
    product.options,
    input.variants,
    { sku: product.sku, price: toUnits(product.price_cents) },
    new Set(taken.map((row) => row.sku.toUpperCase())),
  );
  if (!added.length) return { product, added: 0 };
  const variants = [...input.variants, ...added];
  return { product: await updateProduct(db, actor, id, { version: input.version, variants }), added: added.length };
}
