import { cellText } from "../csv";

/**
 * The products' CSV (`/admin/products.csv` and the import at `/admin/products/import`): one list of
 * columns, which the export writes in this order and the import reads back. An exported file can be
 * edited and imported again.
 *
 * - A row without `variant_sku` is a product: matched by `sku`, it is updated (only the columns the
 *   file has; a blank cell clears an optional field); otherwise it is created.
 * - A row with `variant_sku` is one variant of a product with options (Size, Colour): its price,
 *   sale price and stock are updated; the product's own columns on that row are not read.
 * - The columns marked `exportOnly` are written for people to read and ignored by the import
 *   (archiving, images, colours and options have their own forms).
 */
export const PRODUCT_CSV_COLUMNS = [
  { name: "sku" },
  { name: "name" },
  { name: "slug" },
  { name: "category" },
  { name: "price" },
  { name: "sale_price" },
  { name: "stock" },
  { name: "weight" },
  { name: "short_description" },
  { name: "description" },
  { name: "dimensions" },
  { name: "is_featured" },
  { name: "is_addon" },
  { name: "meta_keywords" },
  { name: "status", exportOnly: true },
  { name: "images", exportOnly: true },
  { name: "colors", exportOnly: true },
  { name: "variant_sku" },
  { name: "variant_options", exportOnly: true },
  { name: "variant_price" },
  { name: "variant_sale_price" },
  { name: "variant_stock" },
] as const satisfies ReadonlyArray<{ name: string; exportOnly?: boolean }>;

export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number]["name"];
export const PRODUCT_CSV_HEADER: ProductCsvColumn[] = PRODUCT_CSV_COLUMNS.map((column) => column.name);

/** The product fields a row sets, by the column that carries each (the category is its slug). */
export const PRODUCT_ROW_FIELDS = [
  "name",
  "slug",
  "price",
  "sale_price",
  "stock",
  "weight",
  "short_description",
  "description",
  "dimensions",
  "is_featured",
  "is_addon",
  "meta_keywords",
] as const satisfies readonly ProductCsvColumn[];

/** The variant fields a variant row sets: `variant_price` is the variant's `price`. */
export const VARIANT_ROW_FIELDS = ["price", "sale_price", "stock"] as const;

/** A file of at most this many bytes and rows is read; a larger one is refused before anything else. */
export const IMPORT_LIMITS = { bytes: 1_048_576, rows: 1_000, chunk: 100 } as const;

export const IMPORT_MESSAGES = {
  missing: "Choose a CSV file to import.",
  noStorage: "Imports need the shop's R2 bucket (the UPLOADS binding), which this deployment does not have.",
  tooLarge: `The file is larger than 1 MB (${IMPORT_LIMITS.bytes.toLocaleString("en-US")} bytes). Split it into smaller files and import each.`,
  tooManyRows: `The file has more than ${IMPORT_LIMITS.rows.toLocaleString("en-US")} rows. Split it into smaller files and import each.`,
  noRows: "The file has a header but no rows.",
  headerUnknown: (names: string[]) =>
    `The header has ${names.length === 1 ? "a column" : "columns"} this import does not know: ${names.join(", ")}. The columns are those of the products' CSV export: ${PRODUCT_CSV_HEADER.join(", ")}.`,
  headerTwice: (name: string) => `The header names the column ${name} twice.`,
  headerSku: "The header has no sku column: every row is matched by its SKU.",
  rowLength: (cells: number, columns: number) => `The row has ${cells} cells where the header has ${columns} columns.`,
  skuTwice: (line: number) => `The SKU is already on row ${line} of this file.`,
  variantUnknown: "No variant has this variant_sku (or it is a variant of another product than the row's sku).",
  variantOnly:
    "This product has options: its price, sale price and stock are its variants'. Set them on the rows of its variants (variant_sku).",
  expired: "This import has expired or was already done. Upload the file again.",
  chunkFailed: "Not imported: another row of the same group of rows could not be saved, so none of the group was.",
} as const;

/** A row's problem: the column it is about (none: the whole row) and its message, in the spec's words. */
export interface RowError {
  column: string | null;
  message: string;
}

/** The header's problems: unknown or repeated columns, or no sku. */
export function headerErrors(header: readonly string[]): string[] {
  const known = new Set<string>(PRODUCT_CSV_HEADER);
  const errors: string[] = [];
  const unknown = header.filter((name) => !known.has(name));
  if (unknown.length) errors.push(IMPORT_MESSAGES.headerUnknown(unknown));
  const seen = new Set<string>();
  for (const name of header) {
    if (seen.has(name)) errors.push(IMPORT_MESSAGES.headerTwice(name));
    seen.add(name);
  }
  if (!seen.has("sku")) errors.push(IMPORT_MESSAGES.headerSku);
  return errors;
}

/**
 * A row's cells by column name, as text (the writer's formula escape taken off), the columns the
 * import ignores left out; a cell that would run as a formula is an error under its column.
 */
export function rowCells(
  header: readonly string[],
  cells: readonly string[],
): { values: Partial<Record<ProductCsvColumn, string>>; errors: RowError[] } {
  const values: Partial<Record<ProductCsvColumn, string>> = {};
  const errors: RowError[] = [];
  if (cells.length !== header.length)
    errors.push({ column: null, message: IMPORT_MESSAGES.rowLength(cells.length, header.length) });
  const exportOnly = new Set<string>(PRODUCT_CSV_COLUMNS.filter((c) => "exportOnly" in c).map((c) => c.name));
  header.forEach((name, index) => {
    if (exportOnly.has(name)) return;
    const read = cellText(cells[index] ?? "");
    if ("error" in read) errors.push({ column: name, message: read.error });
    else values[name as ProductCsvColumn] = read.value.trim();
  });
  return { values, errors };
}
