import { and, asc, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../../db/client";
import { categories, productColors, productImages, products } from "../../../db/schema";
import { changes } from "../../lib/cache-tags";
import { LOW_STOCK_THRESHOLD } from "../../lib/constants";
import { toCents } from "../../lib/money";
import {
  PRODUCT_FIELDS,
  PRODUCT_MESSAGES,
  productFieldsOf,
  type AdminProductQuery,
  type ProductCreateInput,
  type ProductFields,
  type ProductStatus,
  type ProductUpdateInput,
} from "../../lib/schemas/admin-products";
import { slugify } from "../../lib/slug";
import { bumpTags } from "../cache-tags.server";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import {
  isoDate,
  likeContains,
  insertOneIf,
  named,
  pageMeta,
  subqueries,
  type PageMeta,
  onePage,
  newestFirst,
  countWhere,
  totalOf,
} from "../sql";
import { isOwnImage } from "../uploads.server";
import type { ProductStatsSchema } from "../serializers/admin-product";
import { auditEntry, auditRecords, changesBetween, recentAuditOf, type Actor } from "../audit.server";
import { isUniqueViolation, newRowId } from "./rows.server";
import { type AdminProductRow, type AdminProduct } from "../serializers/admin-product";

export { LOW_STOCK_THRESHOLD };

/** A duplicate slug or SKU: a 409 whose message names the field (`field` says which, for a form). */
export class DuplicateFieldError extends ConflictError {
  constructor(readonly field: "slug" | "sku") {
    super(field === "slug" ? PRODUCT_MESSAGES.slugTaken : PRODUCT_MESSAGES.skuTaken);
  }
}

// ---------------------------------------------------------------- reading

/** The product's own columns and its category's, each under a name of its own (D1 keys a batch's rows by column name). */
const productColumns = {
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

function listWhere(query: AdminProductQuery): SQL | undefined {
  const category = query.category;
  return and(
    query.search ? or(likeContains(products.name, query.search), likeContains(products.sku, query.search)) : undefined,
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
    query.low_stock ? sql`${products.stock} <= ${LOW_STOCK_THRESHOLD}` : undefined,
  );
}

/**
 * Products for staff, newest first: by name or SKU, category (id or slug), active or archived, and
 * running low (stock at or under LOW_STOCK_THRESHOLD, out of stock included); the page and its
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
    onePage(selectAdminProducts(db).where(where).$dynamic(), newestFirst(products), query),
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

/** The list page's data: the page of products and the categories of its filter, in one batch. */
export async function adminProductsPage(db: Database, query: AdminProductQuery) {
  const [rows, counted, options] = await db.batch([...listStatements(db, query), categoryOptions(db)]);
  return { page: pageFrom(query, rows, counted), categories: options };
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

const oneProduct = (db: Database, id: number) =>
  [
    selectAdminProducts(db).where(eq(products.id, id)),
    imagesOf(db, id),
    colorsOf(db, id),
    recentAuditOf(db, "product", id),
  ] as const;

function productFrom([rows, images, colors, audit]: readonly [
  Row[],
  Array<{ url: string }>,
  Array<{ color: string }>,
  Parameters<typeof auditRecords>[0],
]): AdminProduct | null {
  const row = rows[0];
  if (!row) return null;
  return {
    ...toRow(row),
    images: images.map((image) => image.url),
    colors: colors.map((color) => color.color),
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
  const [rows, images, colors, audit, options] = await db.batch([...oneProduct(db, id), categoryOptions(db)]);
  return { product: productFrom([rows, images, colors, audit]), categories: options };
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
        low_stock: int(
          sql`sum(${products.isActive} AND ${products.stock} > 0 AND ${products.stock} <= ${LOW_STOCK_THRESHOLD})`,
        ),
        out_of_stock: int(sql`sum(${products.isActive} AND ${products.stock} <= 0)`),
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
    low_stock_threshold: LOW_STOCK_THRESHOLD,
  };
}

// ---------------------------------------------------------------- writing

/** A product's fields as the audit log records them (money in currency units, the wire's names). */
type Snapshot = ProductFields & { price: number; stock: number };

const snapshotOf = (product: AdminProduct) => productFieldsOf(product) as Snapshot;

const EMPTY: Snapshot = {
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
  images: [],
  colors: [],
  meta_keywords: null,
};

/** `base` with the fields the body gives (a field left out keeps its value; a stock of null is 0); not the slug, which has rules of its own. */
function withInput(base: Snapshot, input: ProductCreateInput | ProductUpdateInput): Snapshot {
  const after: Record<string, unknown> = { ...base };
  for (const key of PRODUCT_FIELDS) {
    const value = input[key];
    if (value !== undefined && key !== "slug") after[key] = key === "stock" && value === null ? 0 : value;
  }
  return after as Snapshot;
}

/** The first free slug of `base`, `base-2`, `base-3`... among `taken`. */
function freeSlug(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The slugs in use that a slug made from `base` could collide with (`base` and `base-...`), except product `except`'s. */
const slugsLike = (db: Database, base: string, except?: number) =>
  db
    .select({ slug: products.slug })
    .from(products)
    .where(
      and(
        or(eq(products.slug, base), sql`substr(${products.slug}, 1, ${base.length + 1}) = ${`${base}-`}`),
        except === undefined ? undefined : ne(products.id, except),
      ),
    );

const otherWith = (db: Database, column: typeof products.slug | typeof products.sku, value: string, except?: number) =>
  db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(column, value), except === undefined ? undefined : ne(products.id, except)))
    .limit(1);

const categoryExists = (db: Database, id: number | null | undefined) =>
  db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, id ?? 0))
    .limit(1);

/** The rules a body's shape cannot check: own images only, a known category, a sale price below the price. */
function checkRules(after: Snapshot, categoryFound: boolean): void {
  const errors: Record<string, string[]> = {};
  if (after.images.some((url) => !isOwnImage(url))) errors.images = [PRODUCT_MESSAGES.images];
  if (after.category_id !== null && !categoryFound) errors.category_id = [PRODUCT_MESSAGES.categoryInvalid];
  if (after.sale_price !== null && after.sale_price >= after.price)
    errors.sale_price = [PRODUCT_MESSAGES.salePriceBelowPrice];
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** A unique index refused the batch (a race with another save): the field it names, as a 409. */
function duplicateFrom(error: unknown): DuplicateFieldError | null {
  if (isUniqueViolation(error, "products.sku")) return new DuplicateFieldError("sku");
  if (isUniqueViolation(error, "products.slug")) return new DuplicateFieldError("slug");
  return null;
}

/** The product's columns from a snapshot. */
function columnsOf(after: Snapshot) {
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

const describeChanges = (fields: string[]) => fields.map((field) => field.replace(/_/g, " ")).join(", ");

/**
 * Creates a product (201 for the API): a slug made from the name when none is given (made unique
 * with -2, -3...), a given slug or a SKU already in use is a 409 naming it; images must be our own,
 * the category must exist, a sale price must be below the price (422). One read, then one batch
 * with its images, colours, the cache tags and the audit row; a save that took the slug made from
 * the name meanwhile makes this one try the next.
 */
export async function createProduct(db: Database, actor: Actor, input: ProductCreateInput): Promise<AdminProduct> {
  const after = withInput(EMPTY, input);
  const base = input.slug ? input.slug : slugify(after.name, 80) || "product";
  for (let attempt = 0; ; attempt++) {
    const [sku, slugs, category] = await db.batch([
      otherWith(db, products.sku, after.sku),
      slugsLike(db, base),
      categoryExists(db, after.category_id),
    ]);
    checkRules(after, category.length > 0);
    if (sku.length) throw new DuplicateFieldError("sku");
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
        bumpTags(db, changes.productCreated(after.category_id === null ? [] : [after.category_id])),
        auditEntry(db, actor, {
          action: "create",
          entity: "product",
          entityId: id,
          summary: `Created product ${after.name} (${after.sku})`,
          changes: changesBetween(EMPTY, after),
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
const asRead = (id: number, version: number) =>
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
  const after = withInput(before, input);
  const base = input.slug === undefined ? null : input.slug === "" ? slugify(after.name, 80) || "product" : input.slug;
  const [sku, slugs, category] = await db.batch([
    otherWith(db, products.sku, after.sku, id),
    slugsLike(db, base ?? after.slug, id),
    categoryExists(db, after.category_id),
  ]);
  checkRules(after, category.length > 0);
  if (sku.length) throw new DuplicateFieldError("sku");
  const taken = new Set(slugs.map((row) => row.slug));
  if (input.slug) {
    if (taken.has(input.slug)) throw new DuplicateFieldError("slug");
    after.slug = input.slug;
  } else if (base !== null) {
    after.slug = base === before.slug || !taken.has(base) ? base : freeSlug(base, taken);
  }
  const changed = changesBetween(before, after);
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
      bumpTags(db, changes.productChanged(id, categoryIds), { onlyIf: guard }),
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
    columnsOf(after),
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
      bumpTags(db, changes.productChanged(id, product.category_id === null ? [] : [product.category_id]), {
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
