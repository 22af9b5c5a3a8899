import { and, asc, eq, gt, gte, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { categories, orderItems, orders, products, productVariants, users } from "../../../db/schema";
import { csvStream, type CsvValue } from "../../lib/csv";
import { toUnits } from "../../lib/money";
import type { OrderExportQuery } from "../../lib/schemas/exports";
import { PRODUCT_CSV_HEADER, type ProductCsvColumn } from "../../lib/schemas/product-csv";
import { optionsLabel, type OptionValues } from "../../lib/variants";
import { auditEntry, type Actor } from "../audit.server";
import { userFields } from "../auth.server";
import { giftRecipient } from "../serializers/order";
import { isoDate } from "../sql";

/**
 * The back office's CSV exports (docs/decisions/034): orders (one row per order line), customers
 * and products (one row per variant sold). Each is a stream that reads its table a page at a time
 * by id (keyset: `id > last`, EXPORT_PAGE rows a statement), so 200,000 orders never sit in memory
 * at once; each export is recorded in the audit log when it starts.
 */

/** Rows a statement reads. */
export const EXPORT_PAGE = 1_000;

/** Money as the files write it: currency units with two decimals ("12.50"). */
const money = (cents: number | null) => (cents === null ? null : toUnits(cents).toFixed(2));
const yesNo = (value: boolean) => (value ? "yes" : "no");

/** The pages of a keyset walk: `read` the rows after `key` (null: the first page) until a page is short. */
async function* keysetPages<Row, Key>(
  read: (after: Key | null) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  cells: (row: Row) => CsvValue[],
): AsyncGenerator<CsvValue[][]> {
  let after: Key | null = null;
  for (;;) {
    const rows = await read(after);
    if (rows.length) yield rows.map(cells);
    if (rows.length < EXPORT_PAGE) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}

/** Records the export in the audit log: who took which data, when. */
const audited = (db: Database, actor: Actor, entity: string, summary: string) =>
  auditEntry(db, actor, { action: "export", entity, entityId: "csv", summary });

// ---------------------------------------------------------------- orders

export const ORDERS_CSV_HEADER = [
  "order_number",
  "placed_at",
  "status",
  "payment_status",
  "payment_method",
  "email",
  "customer_name",
  "delivery_date",
  "is_gift",
  "recipient_name",
  "recipient_phone",
  "recipient_address",
  "recipient_city",
  "recipient_state",
  "recipient_zip_code",
  "recipient_country",
  "gift_message",
  "shipping_method",
  "coupon_code",
  "subtotal",
  "shipping",
  "tax",
  "discount",
  "total",
  "line_sku",
  "line_product",
  "line_options",
  "line_quantity",
  "line_unit_price",
  "line_total",
];

const orderLineColumns = {
  order_id: orders.id,
  line_id: orderItems.id,
  order_number: orders.orderNumber,
  created_at: orders.createdAt,
  status: orders.status,
  payment_status: orders.paymentStatus,
  payment_method: orders.paymentMethod,
  email: orders.email,
  billing_address: orders.billingAddress,
  shipping_address: orders.shippingAddress,
  delivery_date: orders.deliveryDate,
  is_gift: orders.isGift,
  gift_message: orders.giftMessage,
  shipping_method: orders.shippingMethodName,
  coupon_code: orders.couponCode,
  subtotal_cents: orders.subtotalCents,
  shipping_cents: orders.shippingCents,
  tax_cents: orders.taxCents,
  discount_cents: orders.discountCents,
  total_cents: orders.totalCents,
  line_sku: orderItems.productSku,
  line_product: orderItems.productName,
  line_options: orderItems.variantOptions,
  line_quantity: orderItems.quantity,
  line_price_cents: orderItems.priceCents,
  line_total_cents: orderItems.totalCents,
};

/** The first second of a UTC day `YYYY-MM-DD`, `days` later. */
const dayStart = (day: string, days = 0) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000);

function orderWhere(query: OrderExportQuery): SQL | undefined {
  return and(
    query.status ? eq(orders.status, query.status) : undefined,
    query.from ? gte(orders.createdAt, dayStart(query.from)) : undefined,
    query.to ? lt(orders.createdAt, dayStart(query.to, 1)) : undefined,
  );
}

type OrderLine = Awaited<ReturnType<ReturnType<typeof orderLines>>>[number];
/** Where a page of order lines starts: after this line of this order, placed then. */
type LineKey = { placed: Date; order: number; line: number };

/**
 * A page of order lines, in the order they were placed: by (created_at, id), the order of the
 * created_at and status indexes (each ends with the row id), so every page is a range of an index
 * and never a sort of every order the filters select.
 */
const orderLines = (db: Database, query: OrderExportQuery) => (after: LineKey | null) =>
  db
    .select(orderLineColumns)
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        orderWhere(query),
        after
          ? and(
              gte(orders.createdAt, after.placed),
              or(
                gt(orders.createdAt, after.placed),
                gt(orders.id, after.order),
                and(eq(orders.id, after.order), gt(orderItems.id, after.line)),
              ),
            )
          : undefined,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id), asc(orderItems.id))
    .limit(EXPORT_PAGE);

const fullName = (address: { firstName: string; lastName: string }) =>
  [address.firstName, address.lastName].filter(Boolean).join(" ");

function orderLineCells(row: OrderLine): CsvValue[] {
  const recipient = row.is_gift ? giftRecipient(row.shipping_address) : null;
  let options: OptionValues = {};
  try {
    options = JSON.parse(row.line_options) as OptionValues;
  } catch {
    // A line written before options: none.
  }
  return [
    row.order_number,
    isoDate(row.created_at),
    row.status,
    row.payment_status,
    row.payment_method,
    row.email,
    fullName(giftRecipient(row.billing_address)),
    row.delivery_date,
    yesNo(row.is_gift),
    recipient ? fullName(recipient) : null,
    recipient?.phone,
    recipient?.address,
    recipient?.city,
    recipient?.state,
    recipient?.zipCode,
    recipient?.country,
    row.gift_message,
    row.shipping_method,
    row.coupon_code,
    money(row.subtotal_cents),
    money(row.shipping_cents),
    money(row.tax_cents),
    money(row.discount_cents),
    money(row.total_cents),
    row.line_sku,
    row.line_product,
    optionsLabel(options),
    row.line_quantity,
    money(row.line_price_cents),
    money(row.line_total_cents),
  ];
}

/** What the audit log says of an orders export: its filters. */
function ordersSummary(query: OrderExportQuery): string {
  const parts = [
    query.status ? `status ${query.status}` : null,
    query.from ? `from ${query.from}` : null,
    query.to ? `to ${query.to}` : null,
  ].filter(Boolean);
  return `Exported orders as CSV${parts.length ? ` (${parts.join(", ")})` : ""}`;
}

/** The orders `query` selects, one row per line, oldest first: audited, then streamed. */
export async function ordersCsv(db: Database, actor: Actor, query: OrderExportQuery) {
  await audited(db, actor, "orders", ordersSummary(query));
  return csvStream(
    ORDERS_CSV_HEADER,
    keysetPages(
      orderLines(db, query),
      (row): LineKey => ({ placed: row.created_at, order: row.order_id, line: row.line_id }),
      orderLineCells,
    ),
  );
}

// ---------------------------------------------------------------- customers

/** The accounts' own fields (those `userFields` reads: never a password hash, a token or a secret). */
export const CUSTOMERS_CSV_HEADER = [
  "id",
  "name",
  "email",
  "phone",
  "address",
  "city",
  "state",
  "zip_code",
  "country",
  "roles",
  "email_verified",
  "disabled",
  "created_at",
];

const customerColumns = { ...userFields, disabled_at: users.disabledAt };
type CustomerRow = Awaited<ReturnType<ReturnType<typeof customerRows>>>[number];

/** The accounts, oldest first; accounts their owners deleted hold no personal data and are left out. */
const customerRows = (db: Database) => (after: number | null) =>
  db
    .select(customerColumns)
    .from(users)
    .where(and(isNull(users.deletedAt), after === null ? undefined : sql`${users.id} > ${after}`))
    .orderBy(asc(users.id))
    .limit(EXPORT_PAGE);

const customerCells = (row: CustomerRow): CsvValue[] => [
  row.id,
  row.name,
  row.email,
  row.phone,
  row.address,
  row.city,
  row.state,
  row.zip_code,
  row.country,
  (row.role_names ?? "").split(",").filter(Boolean).sort().join(" "),
  yesNo(row.email_verified_at !== null),
  yesNo(row.disabled_at !== null),
  isoDate(row.created_at),
];

export async function customersCsv(db: Database, actor: Actor) {
  await audited(db, actor, "users", "Exported customers as CSV");
  return csvStream(
    CUSTOMERS_CSV_HEADER,
    keysetPages(customerRows(db), (row) => row.id, customerCells),
  );
}

// ---------------------------------------------------------------- products

const productVariantColumns = {
  product_id: products.id,
  variant_id: productVariants.id,
  sku: products.sku,
  name: products.name,
  slug: products.slug,
  category: categories.slug,
  price_cents: products.priceCents,
  sale_price_cents: products.salePriceCents,
  stock: products.stock,
  weight: products.weightGrams,
  short_description: products.shortDescription,
  description: products.description,
  dimensions: products.dimensions,
  is_featured: products.isFeatured,
  is_addon: products.isAddon,
  meta_keywords: products.metaKeywords,
  is_active: products.isActive,
  images: sql<
    string | null
  >`(SELECT group_concat(url, ' ') FROM (SELECT url FROM product_images WHERE product_id = ${products.id} ORDER BY sort_order, id))`,
  colors: sql<
    string | null
  >`(SELECT group_concat(color, ', ') FROM (SELECT color FROM product_colors WHERE product_id = ${products.id} ORDER BY color))`,
  variant_sku: productVariants.sku,
  variant_options: productVariants.options,
  variant_price_cents: productVariants.priceCents,
  variant_sale_price_cents: productVariants.salePriceCents,
  variant_stock: productVariants.stock,
};
type ProductVariantRow = Awaited<ReturnType<ReturnType<typeof productVariantRows>>>[number];

/** Every product (archived ones too) with each variant it sells, oldest first. */
const productVariantRows = (db: Database) => (after: { product: number; variant: number } | null) =>
  db
    .select(productVariantColumns)
    .from(products)
    .innerJoin(productVariants, and(eq(productVariants.productId, products.id), eq(productVariants.isActive, true)))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(
      after
        ? sql`${products.id} >= ${after.product} AND (${products.id} > ${after.product} OR ${productVariants.id} > ${after.variant})`
        : undefined,
    )
    .orderBy(asc(products.id), asc(productVariants.id))
    .limit(EXPORT_PAGE);

function productCells(row: ProductVariantRow): CsvValue[] {
  const options = JSON.parse(row.variant_options) as OptionValues;
  // A product without options sells its one implicit variant: its row is the product's own.
  const variant = Object.keys(options).length > 0;
  const cells: Record<ProductCsvColumn, CsvValue> = {
    sku: row.sku,
    name: row.name,
    slug: row.slug,
    category: row.category,
    price: money(row.price_cents),
    sale_price: money(row.sale_price_cents),
    stock: row.stock,
    weight: row.weight,
    short_description: row.short_description,
    description: row.description,
    dimensions: row.dimensions,
    is_featured: yesNo(row.is_featured),
    is_addon: yesNo(row.is_addon),
    meta_keywords: row.meta_keywords,
    status: row.is_active ? "active" : "archived",
    images: row.images,
    colors: row.colors,
    variant_sku: variant ? row.variant_sku : null,
    variant_options: variant ? optionsLabel(options) : null,
    variant_price: variant ? money(row.variant_price_cents) : null,
    variant_sale_price: variant ? money(row.variant_sale_price_cents) : null,
    variant_stock: variant ? row.variant_stock : null,
  };
  return PRODUCT_CSV_HEADER.map((column) => cells[column]);
}

export async function productsCsv(db: Database, actor: Actor) {
  await audited(db, actor, "products", "Exported products as CSV");
  return csvStream(
    PRODUCT_CSV_HEADER,
    keysetPages(productVariantRows(db), (row) => ({ product: row.product_id, variant: row.variant_id }), productCells),
  );
}
