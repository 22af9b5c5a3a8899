import { and, asc, eq, ne, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { categories, products } from "../../../db/schema";
import { changes } from "../../lib/cache-tags";
import type { z } from "zod";
import {
  CATALOGUE_MESSAGES,
  CATEGORY_DEFAULTS,
  CATEGORY_FIELDS,
  categoryNotEmpty,
  slugTaken,
  type CategoryField,
  type CategoryFields,
  type CategoryInput,
} from "../../lib/schemas/admin-catalogue";
import type { CategoryStatsSchema } from "../serializers/admin-category";
import { bumpTags } from "../cache-tags.server";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { isoDate, named, scalar } from "../sql";
import { slugify } from "../../lib/slug";
import { isUniqueViolation, newRowId } from "./rows.server";
import { auditEntry, auditRecords, changesBetween, recentAuditOf, type Actor } from "../audit.server";
import { type AdminCategory, type AdminCategoryDetail } from "../serializers/admin-category";

/**
 * The catalogue's categories as staff keep them (`/admin/categories`, `/api/admin/categories`):
 * every category, hidden ones too, with how many products use it (on sale and archived apart).
 * A write is one batch: the row, the bump of the shop's cache tags (its page, the list, every
 * product card naming it) and the audit row. A category is deleted only while no product, on sale
 * or archived, uses it: the DELETE itself is guarded, so a product added meanwhile keeps it.
 */

/** The counts of the categories page's header and of `GET /categories/stats`. */
export type CategoryStats = z.output<typeof CategoryStatsSchema>;

/** Where each editable field is kept, under the wire's name. */
const fieldColumns = {
  name: categories.name,
  slug: categories.slug,
  description: categories.description,
  image: categories.image,
  icon: categories.icon,
  sort_order: categories.sortOrder,
  is_active: categories.isActive,
} satisfies Record<CategoryField, unknown>;

/** The row's columns of a category's fields (create and update). */
const columnsOf = (fields: CategoryFields) => ({
  name: fields.name,
  slug: fields.slug,
  description: fields.description,
  image: fields.image,
  icon: fields.icon,
  sortOrder: fields.sort_order,
  isActive: fields.is_active,
});

// Every expression under a name of its own: D1 keys a batch's rows by column name.
const categoryColumns = named({
  id: categories.id,
  ...fieldColumns,
  version: categories.version,
  created_at: categories.createdAt,
  updated_at: categories.updatedAt,
  active_products: sql<number>`coalesce(sum(CASE WHEN ${products.isActive} = 1 THEN 1 ELSE 0 END), 0)`,
  archived_products: sql<number>`coalesce(sum(CASE WHEN ${products.id} IS NOT NULL AND ${products.isActive} = 0 THEN 1 ELSE 0 END), 0)`,
});

/** Categories with their product counts: one statement, the products joined and counted per category. */
const categoriesQuery = (db: Database, where?: SQL) =>
  db
    .select(categoryColumns)
    .from(categories)
    .leftJoin(products, eq(products.categoryId, categories.id))
    .where(where)
    .groupBy(categories.id)
    .orderBy(asc(categories.sortOrder), asc(categories.name), asc(categories.id));

type CategoryRow = Awaited<ReturnType<typeof categoriesQuery>>[number];

/** A category as staff see it: its fields, its version, its products on sale and archived (they still keep it). */
const toCategory = (row: CategoryRow): AdminCategory => ({
  ...row,
  is_active: Boolean(row.is_active),
  active_products: Number(row.active_products),
  archived_products: Number(row.archived_products),
  created_at: isoDate(row.created_at),
  updated_at: isoDate(row.updated_at),
});

/** Every category (hidden ones too), in the shop's order, with its product counts. */
export async function listAdminCategories(db: Database): Promise<AdminCategory[]> {
  return (await categoriesQuery(db)).map(toCategory);
}

const statsOf = (rows: AdminCategory[]): CategoryStats => {
  const withProducts = rows.filter((row) => row.active_products + row.archived_products > 0).length;
  return {
    total: rows.length,
    active: rows.filter((row) => row.is_active).length,
    inactive: rows.filter((row) => !row.is_active).length,
    with_products: withProducts,
    empty: rows.length - withProducts,
  };
};

const statsQuery = (db: Database) =>
  db
    .select(
      named({
        total: sql<number>`count(*)`,
        active: sql<number>`coalesce(sum(${categories.isActive} = 1), 0)`,
        with_products: sql<number>`coalesce(sum(${scalar(sql`EXISTS (SELECT 1 FROM ${products} WHERE ${products.categoryId} = ${categories.id})`)}), 0)`,
      }),
    )
    .from(categories);

/** The counts of the categories page's header and of `GET /categories/stats`: one statement. */
export async function categoryStats(db: Database): Promise<CategoryStats> {
  const [row] = await statsQuery(db);
  const total = Number(row?.total ?? 0);
  const active = Number(row?.active ?? 0);
  const withProducts = Number(row?.with_products ?? 0);
  return { total, active, inactive: total - active, with_products: withProducts, empty: total - withProducts };
}

/** The list and its counts for the page, in one batch. */
export async function categoriesPage(db: Database): Promise<{ categories: AdminCategory[]; stats: CategoryStats }> {
  const rows = (await categoriesQuery(db)).map(toCategory);
  return { categories: rows, stats: statsOf(rows) };
}

/** One category with its counts and its latest audit entries, in one batch; null when unknown. */
export async function getAdminCategory(db: Database, id: number): Promise<AdminCategoryDetail | null> {
  const [rows, audit] = await db.batch([categoriesQuery(db, eq(categories.id, id)), recentAuditOf(db, "category", id)]);
  const row = rows[0];
  return row ? { ...toCategory(row), audit: auditRecords(audit) } : null;
}

// ---------------------------------------------------------------- writes

/** `base` with the fields the body gives (a field left out keeps its value) and the slug to save. */
function withInput(base: CategoryFields, input: CategoryInput, slug: string): CategoryFields {
  const after: Record<string, unknown> = { ...base };
  for (const key of CATEGORY_FIELDS) if (input[key] !== undefined) after[key] = input[key];
  return { ...(after as CategoryFields), slug };
}

/** The slug to save: the one given, or one made from the name (422 when the name has nothing to make one of). */
function slugFor(given: string | undefined, name: string): string {
  if (given) return given;
  const made = slugify(name);
  if (!made) throw new ValidationError({ slug: [CATALOGUE_MESSAGES.slugFromName] }, CATALOGUE_MESSAGES.slugFromName);
  return made;
}

async function assertSlugFree(db: Database, slug: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.slug, slug), exceptId === undefined ? undefined : ne(categories.id, exceptId)))
    .limit(1);
  if (taken) throw new ConflictError(slugTaken(slug));
}

/** A new category (slug from the name when none is given; a slug in use is a 409). */
export async function createCategory(db: Database, actor: Actor, input: CategoryInput): Promise<AdminCategoryDetail> {
  const name = input.name!;
  const slug = slugFor(input.slug, name);
  await assertSlugFree(db, slug);
  const after = withInput(CATEGORY_DEFAULTS, input, slug);
  // One batch: the row, the shop's tags and the audit row, which finds the new row by its slug.
  const insert = db.insert(categories).values(columnsOf(after)).returning({ id: categories.id });
  try {
    const [created] = await db.batch([
      insert,
      bumpTags(db, changes.categoryCreated()),
      auditEntry(db, actor, {
        action: "create",
        entity: "category",
        entityId: newRowId(categories, eq(categories.slug, slug)),
        summary: `Category "${name}" created`,
        changes: changesBetween({}, after),
      }),
    ] as unknown as [typeof insert]);
    return (await getAdminCategory(db, created[0]!.id))!;
  } catch (error) {
    // Another staff member took the slug between the check and the insert.
    if (isUniqueViolation(error, "categories.slug")) throw new ConflictError(slugTaken(slug));
    throw error;
  }
}

/**
 * Changes a category's fields. With `version` (the form's, or an API client's), a category changed
 * by someone else since is a 409, never overwritten: the UPDATE is guarded by that version, and
 * the tags and audit row are written only when it applied.
 */
export async function updateCategory(
  db: Database,
  actor: Actor,
  id: number,
  input: CategoryInput,
): Promise<AdminCategoryDetail> {
  const [current] = await db
    .select({ ...fieldColumns, version: categories.version })
    .from(categories)
    .where(eq(categories.id, id));
  if (!current) throw new NotFoundError(CATALOGUE_MESSAGES.categoryNotFound);
  if (input.version !== undefined && input.version !== current.version)
    throw new ConflictError(CATALOGUE_MESSAGES.staleCategory);

  const name = input.name ?? current.name;
  // An empty slug asks for one made from the (new) name.
  const slug = input.slug === undefined ? current.slug : slugFor(input.slug, name);
  if (slug !== current.slug) await assertSlugFree(db, slug, id);
  const { version: _version, ...before } = current;
  const after = withInput(before, input, slug);
  const changed = changesBetween(before, after);
  if (Object.keys(changed).length === 0) return (await getAdminCategory(db, id))!;

  // The category exactly as read: every statement below holds only while it is.
  const asRead = sql`EXISTS (SELECT 1 FROM "categories" WHERE "categories"."id" = ${id} AND "categories"."version" = ${current.version})`;
  const update = db
    .update(categories)
    .set({
      ...columnsOf(after),
      version: sql`${categories.version} + 1`,
      updatedAt: sql`unixepoch()`,
    })
    .where(and(eq(categories.id, id), eq(categories.version, current.version)))
    .returning({ id: categories.id });
  let results: unknown[];
  try {
    results = await db.batch([
      bumpTags(db, changes.categoryChanged(id), { onlyIf: asRead }),
      auditEntry(
        db,
        actor,
        {
          action: "update",
          entity: "category",
          entityId: id,
          summary: `Category "${name}" updated: ${Object.keys(changed).join(", ")}`,
          changes: changed,
        },
        asRead,
      ),
      update,
    ]);
  } catch (error) {
    if (isUniqueViolation(error, "categories.slug")) throw new ConflictError(slugTaken(slug));
    throw error;
  }
  const applied = results[results.length - 1] as Array<{ id: number }>;
  if (applied.length === 0) throw new ConflictError(CATALOGUE_MESSAGES.staleCategory);
  return (await getAdminCategory(db, id))!;
}

/**
 * Deletes a category no product uses (on sale or archived). While products use it: a 409 naming
 * how many. The DELETE, the tags and the audit row are all guarded by "no product uses it" in the
 * batch itself, so a product put in the category meanwhile keeps it (and nothing is recorded).
 */
export async function deleteCategory(db: Database, actor: Actor, id: number): Promise<{ id: number; name: string }> {
  const [current] = await categoriesQuery(db, eq(categories.id, id));
  if (!current) throw new NotFoundError(CATALOGUE_MESSAGES.categoryNotFound);
  const inUse = Number(current.active_products) + Number(current.archived_products);
  if (inUse > 0) throw new ConflictError(categoryNotEmpty(inUse));

  const unused = sql`EXISTS (SELECT 1 FROM "categories" WHERE "categories"."id" = ${id}) AND NOT EXISTS (SELECT 1 FROM "products" WHERE "products"."category_id" = ${id})`;
  const remove = db
    .delete(categories)
    .where(
      and(eq(categories.id, id), sql`NOT EXISTS (SELECT 1 FROM "products" WHERE "products"."category_id" = ${id})`),
    )
    .returning({ id: categories.id });
  const results = await db.batch([
    bumpTags(db, changes.categoryChanged(id), { onlyIf: unused }),
    auditEntry(
      db,
      actor,
      {
        action: "delete",
        entity: "category",
        entityId: id,
        summary: `Category "${current.name}" deleted`,
        changes: { name: [current.name, null], slug: [current.slug, null] },
      },
      unused,
    ),
    remove,
  ]);
  const removed = results[results.length - 1] as Array<{ id: number }>;
  if (removed.length === 0) {
    const [{ n } = { n: 0 }] = await db
      .select({ n: sql<number>`count(*)` })
      .from(products)
      .where(eq(products.categoryId, id));
    if (Number(n) > 0) throw new ConflictError(categoryNotEmpty(Number(n)));
    throw new NotFoundError(CATALOGUE_MESSAGES.categoryNotFound);
  }
  return { id, name: current.name };
}
