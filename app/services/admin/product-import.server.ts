import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { categories, productOptions, products, productVariants } from "../../../db/schema";
import { changes } from "../../lib/cache-tags";
import { parseCsv } from "../../lib/csv";
import { toCents, toUnits } from "../../lib/money";
import {
  PRODUCT_MESSAGES,
  productFieldsOf,
  ProductCreateSchema,
  ProductUpdateSchema,
  VariantsInputSchema,
  type ProductCreateInput,
} from "../../lib/schemas/admin-products";
import { fieldErrors } from "../../lib/schemas/field-errors";
import {
  headerErrors,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  PRODUCT_ROW_FIELDS,
  rowCells,
  VARIANT_ROW_FIELDS,
  type ProductCsvColumn,
  type RowError,
} from "../../lib/schemas/product-csv";
import { slugify } from "../../lib/slug";
import { auditEntry, changesBetween, type Actor, type Changes } from "../audit.server";
import { bumpTags } from "../cache-tags.server";
import {
  asRead,
  columnsOf,
  productColumns,
  describeChanges,
  EMPTY,
  freeSlug,
  skusInUse,
  slugsLike,
  withInput,
  type Snapshot,
} from "./products.server";
import { newRowId } from "./rows.server";
import { guardBroken, guardStatement, named } from "../sql";

/**
 * The products' CSV import (docs/decisions/034): a file is checked row by row against the product
 * rules (the same schemas and messages as the product form and the API) before anything is
 * written; then each group of IMPORT_LIMITS.chunk rows is one batch, all or nothing, each row's
 * change in the audit log. Rows are matched by SKU: a product's, or (`variant_sku`) a variant's.
 */

export type ImportAction = "create" | "update" | "variant";

/** A row as the preview and the report show it: the file's line, what it does, and its errors. */
export interface ImportRow {
  line: number;
  sku: string;
  label: string;
  action: ImportAction;
  errors: RowError[];
}

/** What one good row writes: worked out by the check, applied by the commit. */
type Write =
  | { action: "create"; after: Snapshot }
  | { action: "update"; id: number; version: number; before: Snapshot; after: Snapshot; changed: Changes }
  | { action: "variant"; id: number; productId: number; sku: string; changed: Changes; set: VariantSet };
type VariantSet = { priceCents: number; salePriceCents: number | null; stock: number };

interface CheckedRow extends ImportRow {
  write: Write | null;
}

/** The file as checked: its problems as a whole (the header, its size), else each row. */
export interface ImportCheck {
  fileErrors: string[];
  rows: ImportRow[];
}

export interface ImportReport {
  created: number;
  updated: number;
  unchanged: number;
  failed: ImportRow[];
}

/** A product as the product service reads it, and whether it has options (then its figures are its variants'). */
const productFields = {
  ...productColumns,
  // Named in full: drizzle leaves a one-table statement's columns unqualified.
  ...named({
    has_options: sql<number>`EXISTS (SELECT 1 FROM ${productOptions} WHERE ${productOptions.productId} = "products"."id")`,
  }),
};

/** What a group of rows needs to know, in one batch: their products, their variants, the SKUs and slugs taken. */
function chunkReads(db: Database, skus: string[], variantSkus: string[], slugBases: string[]) {
  return [
    db
      .select(productFields)
      .from(products)
      .where(inArray(products.sku, skus.length ? skus : [""])),
    db
      .select({
        id: productVariants.id,
        sku: productVariants.sku,
        product_id: productVariants.productId,
        // Named: D1 keys a batch's rows by column name, and the variant's is `sku` too.
        ...named({ product_sku: sql<string>`${products.sku}` }),
        price_cents: productVariants.priceCents,
        sale_price_cents: productVariants.salePriceCents,
        stock: productVariants.stock,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(inArray(productVariants.sku, variantSkus.length ? variantSkus : [""])),
    skusInUse(db, skus.length ? skus : [""]),
    ...slugBases.map((base) => slugsLike(db, base)),
  ] as const;
}

const columnOf = (field: string): string => (field === "category_id" ? "category" : (field.split(".")[0] ?? field));

/** A schema's messages as row errors under their columns (`variant_` ones for a variant's fields). */
const errorsOf = (errors: Record<string, string[]>, prefix = ""): RowError[] =>
  Object.entries(errors).flatMap(([field, messages]) =>
    messages.map((message) => ({ column: `${prefix}${columnOf(field)}`, message })),
  );

/** A product row's body: the columns the file has, and the category by its slug. */
function productBody(values: Partial<Record<ProductCsvColumn, string>>, categoryIds: Map<string, number>) {
  const body: Record<string, unknown> = { sku: values.sku };
  for (const field of PRODUCT_ROW_FIELDS) if (values[field] !== undefined) body[field] = values[field];
  const errors: RowError[] = [];
  if (values.category !== undefined) {
    const id = values.category === "" ? null : categoryIds.get(values.category.toLowerCase());
    if (id === undefined) errors.push({ column: "category", message: PRODUCT_MESSAGES.categoryInvalid });
    else body.category_id = id;
  }
  return { body, errors };
}

/** A product row as the product service's snapshot; its images and colours are not the import's. */
const snapshotOfRow = (row: Omit<Parameters<typeof productFieldsOf>[0], "images" | "colors">) =>
  productFieldsOf({ ...row, images: [], colors: [] }) as Snapshot;

/** Checks every row of `text` (nothing is written): the preview's rows and, for the commit, their writes. */
async function checkRows(db: Database, text: string): Promise<{ fileErrors: string[]; rows: CheckedRow[] }> {
  const parsed = parseCsv(text);
  if ("error" in parsed) return { fileErrors: [parsed.error], rows: [] };
  const [rawHeader, ...lines] = parsed.rows;
  if (!rawHeader) return { fileErrors: [IMPORT_MESSAGES.noRows], rows: [] };
  const header = rawHeader.map((name) => name.trim().toLowerCase());
  const wrong = headerErrors(header);
  if (wrong.length) return { fileErrors: wrong, rows: [] };
  if (lines.length === 0) return { fileErrors: [IMPORT_MESSAGES.noRows], rows: [] };
  if (lines.length > IMPORT_LIMITS.rows) return { fileErrors: [IMPORT_MESSAGES.tooManyRows], rows: [] };

  const categoryIds = new Map(
    (await db.select({ id: categories.id, slug: categories.slug }).from(categories)).map((c) => [c.slug, c.id]),
  );
  const cells = lines.map((line) => rowCells(header, line));
  const firstLine = new Map<string, number>();
  const slugsInFile = new Set<string>();
  const checked: CheckedRow[] = [];
  for (let start = 0; start < cells.length; start += IMPORT_LIMITS.chunk) {
    const chunk = cells.slice(start, start + IMPORT_LIMITS.chunk);
    const skus = chunk.map((row) => row.values.sku ?? "").filter(Boolean);
    const variantSkus = chunk.map((row) => row.values.variant_sku ?? "").filter(Boolean);
    const slugBases = chunk.map((row) => row.values.slug || slugify(row.values.name ?? "", 80) || "product");
    const [found, variants, taken, ...slugs] = await db.batch(chunkReads(db, skus, variantSkus, slugBases));
    const productBySku = new Map(found.map((row) => [row.sku, row]));
    const variantBySku = new Map(variants.map((row) => [row.sku, row]));
    const skusTaken = new Set(taken.map((row) => row.sku));
    chunk.forEach(({ values, errors }, index) => {
      const line = start + index + 2;
      const sku = values.sku ?? "";
      const variantSku = values.variant_sku ?? "";
      const key = variantSku ? `variant:${variantSku}` : `product:${sku}`;
      const row: CheckedRow = {
        line,
        sku: variantSku || sku,
        label: values.name ?? "",
        action: variantSku ? "variant" : productBySku.has(sku) ? "update" : "create",
        errors: [...errors],
        write: null,
      };
      checked.push(row);
      if (firstLine.has(key)) {
        row.errors.push({
          column: variantSku ? "variant_sku" : "sku",
          message: IMPORT_MESSAGES.skuTwice(firstLine.get(key)!),
        });
        return;
      }
      firstLine.set(key, line);
      // A cell refused as it was read (a formula) is left out of the body; the schema's message
      // about that column (then missing) would say less.
      const addErrors = (more: RowError[]) =>
        row.errors.push(...more.filter((error) => !errors.some((cellError) => cellError.column === error.column)));

      if (row.action === "variant") {
        const variant = variantBySku.get(variantSku);
        if (!variant || (sku && variant.product_sku !== sku)) {
          row.errors.push({ column: "variant_sku", message: IMPORT_MESSAGES.variantUnknown });
          return;
        }
        const given = Object.fromEntries(
          VARIANT_ROW_FIELDS.map((field) => [field, values[`variant_${field}`]]),
        ) as Record<(typeof VARIANT_ROW_FIELDS)[number], string | undefined>;
        const before = {
          price: toUnits(variant.price_cents),
          sale_price: variant.sale_price_cents === null ? null : toUnits(variant.sale_price_cents),
          stock: variant.stock,
        };
        const parsedVariant = VariantsInputSchema.safeParse([
          {
            sku: variantSku,
            options: {},
            price: given.price ?? before.price,
            sale_price: given.sale_price ?? before.sale_price,
            stock: given.stock ?? before.stock,
          },
        ]);
        if (!parsedVariant.success) {
          const byField = Object.fromEntries(
            Object.entries(fieldErrors(parsedVariant.error)).map(([path, messages]) => [
              path.replace(/^0\./, ""),
              messages,
            ]),
          );
          addErrors(errorsOf(byField, "variant_"));
          return;
        }
        if (row.errors.length) return;
        const after = parsedVariant.data[0]!;
        const changed = changesBetween(before, {
          price: after.price,
          sale_price: after.sale_price ?? null,
          stock: after.stock,
        });
        row.label = `${variant.product_sku} · ${variantSku}`;
        row.write = {
          action: "variant",
          id: variant.id,
          productId: variant.product_id,
          sku: variantSku,
          changed,
          set: {
            priceCents: toCents(after.price),
            salePriceCents: after.sale_price == null ? null : toCents(after.sale_price),
            stock: after.stock,
          },
        };
        return;
      }

      const { body, errors: bodyErrors } = productBody(values, categoryIds);
      addErrors(bodyErrors);
      const existing = productBySku.get(sku);
      const schema = existing ? ProductUpdateSchema : ProductCreateSchema;
      const parsedBody = schema.safeParse(body);
      if (!parsedBody.success) addErrors(errorsOf(fieldErrors(parsedBody.error)));
      if (row.errors.length || !parsedBody.success) return;
      const input = parsedBody.data as ProductCreateInput;
      if (existing) {
        row.label = existing.name;
        const touchesFigures = ["price", "sale_price", "stock"].some((field) => field in body);
        if (existing.has_options && touchesFigures) {
          row.errors.push({ column: null, message: IMPORT_MESSAGES.variantOnly });
          return;
        }
        const before = snapshotOfRow(existing);
        const after = withInput(before, input);
        if (input.slug !== undefined) after.slug = input.slug || slugify(after.name, 80) || "product";
        if (after.sale_price !== null && after.sale_price >= after.price) {
          row.errors.push({ column: "sale_price", message: PRODUCT_MESSAGES.salePriceBelowPrice });
          return;
        }
        const slugTaken = slugs[index]!.some((other) => other.slug === after.slug) && after.slug !== before.slug;
        if (slugTaken || (after.slug !== before.slug && slugsInFile.has(after.slug))) {
          row.errors.push({ column: "slug", message: PRODUCT_MESSAGES.slugTaken });
          return;
        }
        slugsInFile.add(after.slug);
        row.write = {
          action: "update",
          id: existing.id,
          version: existing.version,
          before,
          after,
          changed: changesBetween(before, after),
        };
        return;
      }
      row.label = input.name ?? "";
      if (skusTaken.has(sku)) {
        row.errors.push({ column: "sku", message: PRODUCT_MESSAGES.skuTaken });
        return;
      }
      const after = withInput(EMPTY, input);
      const taken = new Set([...slugs[index]!.map((other) => other.slug), ...slugsInFile]);
      if (input.slug && taken.has(input.slug)) {
        row.errors.push({ column: "slug", message: PRODUCT_MESSAGES.slugTaken });
        return;
      }
      after.slug = input.slug || freeSlug(slugBases[index]!, taken);
      slugsInFile.add(after.slug);
      row.write = { action: "create", after };
    });
  }
  return { fileErrors: [], rows: checked };
}

/** The preview: every row with its errors, nothing written. */
export async function checkImport(db: Database, text: string): Promise<ImportCheck> {
  const { fileErrors, rows } = await checkRows(db, text);
  return { fileErrors, rows: rows.map(({ write: _write, ...row }) => row) };
}

/**
 * The statements of one good row: its write and its audit entry. An update first fails the whole
 * batch if the product is no longer as the check read it (someone saved it meanwhile).
 */
function rowStatements(db: Database, actor: Actor, write: Write): unknown[] {
  if (write.action === "create") {
    const { after } = write;
    return [
      db.insert(products).values(columnsOf(after)),
      auditEntry(db, actor, {
        action: "create",
        entity: "product",
        entityId: newRowId(products, eq(products.sku, after.sku)),
        summary: `Created product ${after.name} (${after.sku}) by CSV import`,
        changes: changesBetween(EMPTY, after),
      }),
    ];
  }
  if (write.action === "update") {
    const { id, version, after, changed } = write;
    // The images are not the import's: the product's main image stays.
    const { image: _image, ...columns } = columnsOf(after);
    return [
      guardStatement(db, "product-import", sql`NOT ${asRead(id, version)}`),
      db
        .update(products)
        .set({ ...columns, version: sql`${products.version} + 1`, updatedAt: sql`unixepoch()` })
        .where(eq(products.id, id)),
      auditEntry(db, actor, {
        action: "update",
        entity: "product",
        entityId: id,
        summary: `Updated product ${after.name} by CSV import: ${describeChanges(Object.keys(changed))}`,
        changes: changed,
      }),
    ];
  }
  return [
    db.update(productVariants).set(write.set).where(eq(productVariants.id, write.id)),
    auditEntry(db, actor, {
      action: "update",
      entity: "product",
      entityId: write.productId,
      summary: `Updated variant ${write.sku} by CSV import: ${describeChanges(Object.keys(write.changed))}`,
      changes: write.changed,
    }),
  ];
}

const isUnchanged = (write: Write) => write.action !== "create" && Object.keys(write.changed).length === 0;

/** The cache tags a group of writes bumps: each product's, and the lists' for the new ones. */
function tagsOf(writes: Write[]): string[] {
  return writes.flatMap((write) => {
    if (write.action === "create")
      return changes.productCreated(write.after.category_id === null ? [] : [write.after.category_id]);
    if (write.action === "variant") return changes.productEdited(write.productId);
    const categoryIds = [write.before.category_id, write.after.category_id].filter((id): id is number => id !== null);
    return changes.productEdited(write.id, categoryIds);
  });
}

/**
 * Imports the file: checked again (the shop may have changed since the preview), then each group
 * of IMPORT_LIMITS.chunk rows is one batch, all or nothing: a group a write refuses (a SKU or slug
 * taken meanwhile, a product changed meanwhile) writes nothing and its rows are reported failed.
 * Rows with errors are left out and reported with their messages. The import itself is audited.
 */
export async function commitImport(db: Database, actor: Actor, text: string, file: string): Promise<ImportReport> {
  const { fileErrors, rows } = await checkRows(db, text);
  const report: ImportReport = { created: 0, updated: 0, unchanged: 0, failed: [] };
  const failed = (row: CheckedRow, errors: RowError[]) =>
    report.failed.push({ line: row.line, sku: row.sku, label: row.label, action: row.action, errors });
  if (fileErrors.length) {
    report.failed.push({
      line: 1,
      sku: "",
      label: file,
      action: "create",
      errors: fileErrors.map((message) => ({ column: null, message })),
    });
    return report;
  }
  for (let start = 0; start < rows.length; start += IMPORT_LIMITS.chunk) {
    const chunk = rows.slice(start, start + IMPORT_LIMITS.chunk);
    for (const row of chunk) if (row.errors.length) failed(row, row.errors);
    const good = chunk.filter((row) => row.write && !isUnchanged(row.write));
    report.unchanged += chunk.filter((row) => row.write && isUnchanged(row.write)).length;
    if (!good.length) continue;
    const writes = good.map((row) => row.write!);
    const statements = writes.flatMap((write) => rowStatements(db, actor, write));
    try {
      await db.batch([...statements, bumpTags(db, tagsOf(writes))] as unknown as Parameters<Database["batch"]>[0]);
      for (const write of writes) {
        if (write.action === "create") report.created++;
        else report.updated++;
      }
    } catch (error) {
      const message = guardBroken(error) ? PRODUCT_MESSAGES.stale : IMPORT_MESSAGES.chunkFailed;
      for (const row of good) failed(row, [{ column: null, message }]);
    }
  }
  report.failed.sort((a, b) => a.line - b.line);
  await auditEntry(db, actor, {
    action: "import",
    entity: "products",
    entityId: "csv",
    summary: `Imported products from ${file}: ${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged, ${report.failed.length} failed`,
  });
  return report;
}
