import { asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { products, productVariants } from "../../../db/schema";
import { changes as tagChanges } from "../../lib/cache-tags";
import { toCents, toUnits } from "../../lib/money";
import { PRODUCT_LIMITS, PRODUCT_MESSAGES } from "../../lib/schemas/admin-products";
import {
  BULK_PRICE_LIMITS,
  BULK_PRICE_MESSAGES,
  BULK_PRICE_TARGET_LABELS,
  type BulkPriceInput,
} from "../../lib/schemas/bulk-price";
import { optionsLabel, type OptionValues } from "../../lib/variants";
import { auditEntry, type Actor, type Changes } from "../audit.server";
import { bumpTags } from "../cache-tags.server";
import { ValidationError } from "../errors";
import { guardBroken, guardStatement, named } from "../sql";
import { listWhere } from "./products.server";

/** One variant of a bulk price change: its price (or sale price) before and after, or why it is refused. */
export interface BulkPriceRow {
  id: number;
  product_id: number;
  product: string;
  sku: string;
  /** "Size: Small · Colour: Red"; "" for a product without options. */
  options: string;
  old_cents: number;
  new_cents: number;
  /** Why this variant is left out (the product form's words); null when it changes. */
  error: string | null;
}

export interface BulkPricePlan {
  /** What the change does, as staff read it ("-10% on the price, ending in .99"). */
  change: string;
  /** Every variant whose price changes, and every refused one, in the list's order. */
  rows: BulkPriceRow[];
  /** The variants and products that change. */
  variants: number;
  products: number;
  refused: number;
  /** Variants whose price would stay the same, and (a sale price change) those without a sale price. */
  unchanged: number;
}

export interface BulkPriceResult extends BulkPricePlan {
  /** Each batch is one transaction: all of its products' changes or none. */
  batches: { applied: number; failed: number };
  /** The products of the batches that failed, with why. */
  failed: Array<{ products: string[]; message: string }>;
}

/** "-10% on the price", "+2.50 on the sale price, ending in .99". */
export function describeBulkChange(input: BulkPriceInput): string {
  const sign = input.value > 0 ? "+" : "-";
  const size = Math.abs(input.value);
  const amount = input.change === "percent" ? `${size}%` : size.toFixed(2);
  return `${sign}${amount} on the ${BULK_PRICE_TARGET_LABELS[input.target]}${input.round_99 ? ", ending in .99" : ""}`;
}

/** The new price in whole cents: a percent rounded to the cent, or an amount; then, when asked, the nearest .99. */
function newPrice(input: BulkPriceInput, cents: number): number {
  const changed =
    input.change === "percent" ? Math.round((cents * (100 + input.value)) / 100) : cents + toCents(input.value);
  return input.round_99 ? Math.round(changed / 100) * 100 - 1 : changed;
}

/** Why a new price is refused: the product form's rules (at least 0, at most the limit, a sale price below the price). */
function refusal(input: BulkPriceInput, cents: number, price: number, sale: number | null): string | null {
  const label = BULK_PRICE_TARGET_LABELS[input.target];
  if (cents < 0) return `The ${label} must be at least 0.`;
  if (cents > PRODUCT_LIMITS.price * 100) return `The ${label} may not be greater than ${PRODUCT_LIMITS.price}.`;
  const [newPriceCents, newSale] = input.target === "price" ? [cents, sale] : [price, cents];
  if (newSale !== null && newSale >= newPriceCents) return PRODUCT_MESSAGES.salePriceBelowPrice;
  return null;
}

/** Every variant of the products the filters select, newest product first (at most one more than the limit). */
const selectedVariants = (db: Database, input: BulkPriceInput) =>
  db
    .select({
      id: productVariants.id,
      product_id: productVariants.productId,
      sku: productVariants.sku,
      options: productVariants.options,
      price_cents: productVariants.priceCents,
      sale_price_cents: productVariants.salePriceCents,
      ...named({
        product_name: sql<string>`${products.name}`,
        category_id: sql<number | null>`${products.categoryId}`,
      }),
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(listWhere(input))
    .orderBy(desc(products.id), asc(productVariants.position), asc(productVariants.id))
    .limit(BULK_PRICE_LIMITS.variants + 1);
type Selected = Awaited<ReturnType<typeof selectedVariants>>[number];

function planOf(input: BulkPriceInput, selected: Selected[]): BulkPricePlan {
  if (selected.length > BULK_PRICE_LIMITS.variants)
    throw new ValidationError({ filters: [BULK_PRICE_MESSAGES.tooMany] }, BULK_PRICE_MESSAGES.tooMany);
  const rows: BulkPriceRow[] = [];
  let unchanged = 0;
  for (const variant of selected) {
    const old = input.target === "price" ? variant.price_cents : variant.sale_price_cents;
    const next = old === null ? null : newPrice(input, old);
    if (old === null || next === null || next === old) {
      unchanged++;
      continue;
    }
    rows.push({
      id: variant.id,
      product_id: variant.product_id,
      product: variant.product_name,
      sku: variant.sku,
      options: optionsLabel(JSON.parse(variant.options) as OptionValues),
      old_cents: old,
      new_cents: next,
      error: refusal(input, next, variant.price_cents, variant.sale_price_cents),
    });
  }
  const changing = rows.filter((row) => row.error === null);
  return {
    change: describeBulkChange(input),
    rows,
    variants: changing.length,
    products: new Set(changing.map((row) => row.product_id)).size,
    refused: rows.length - changing.length,
    unchanged,
  };
}

/** The preview: what the change would do, nothing written. More variants than the limit is a 422. */
export async function previewBulkPrice(db: Database, input: BulkPriceInput): Promise<BulkPricePlan> {
  return planOf(input, await selectedVariants(db, input));
}

/** The batches: whole products, at most BULK_PRICE_LIMITS.batch variants each. */
function batchesOf(rows: BulkPriceRow[]): BulkPriceRow[][] {
  const batches: BulkPriceRow[][] = [];
  let current: BulkPriceRow[] = [];
  for (const row of rows) {
    const last = current[current.length - 1];
    if (current.length >= BULK_PRICE_LIMITS.batch && last?.product_id !== row.product_id) {
      batches.push(current);
      current = [];
    }
    current.push(row);
  }
  if (current.length) batches.push(current);
  return batches;
}

/**
 * Applies the change: the variants are read and the change worked out again now, from the same
 * filters (never the preview's numbers). The refused ones are left out. Then each batch of whole
 * products is one transaction, all or nothing: first a guard that fails it when a variant's prices
 * are no longer as just read (a save meanwhile), then the variants' new prices (the triggers make
 * the products' their summary), each product's version moved on (an edit form opened before is
 * stale), an audit row per product with each variant's change, and the products' cache tags. The
 * whole change is audited once more with its outcome.
 */
export async function applyBulkPrice(db: Database, actor: Actor, input: BulkPriceInput): Promise<BulkPriceResult> {
  const selected = await selectedVariants(db, input);
  const plan = planOf(input, selected);
  const set = (cents: number) => (input.target === "price" ? { priceCents: cents } : { salePriceCents: cents });
  const label = BULK_PRICE_TARGET_LABELS[input.target];
  const read = new Map(selected.map((variant) => [variant.id, variant]));
  const categoryOf = new Map(selected.map((variant) => [variant.product_id, variant.category_id]));
  const result: BulkPriceResult = { ...plan, batches: { applied: 0, failed: 0 }, failed: [] };
  for (const batch of batchesOf(plan.rows.filter((row) => row.error === null))) {
    const asRead = JSON.stringify(
      batch.map((row) => [row.id, read.get(row.id)!.price_cents, read.get(row.id)!.sale_price_cents]),
    );
    const productIds = [...new Set(batch.map((row) => row.product_id))];
    const statements: unknown[] = [
      guardStatement(
        db,
        "bulk-price",
        sql`EXISTS (SELECT 1 FROM json_each(${asRead}) AS j LEFT JOIN ${productVariants} AS v ON v.id = json_extract(j.value, '$[0]')
                    WHERE v.id IS NULL OR v.price_cents IS NOT json_extract(j.value, '$[1]') OR v.sale_price_cents IS NOT json_extract(j.value, '$[2]'))`,
      ),
      ...batch.map((row) => db.update(productVariants).set(set(row.new_cents)).where(eq(productVariants.id, row.id))),
      db
        .update(products)
        .set({ version: sql`${products.version} + 1`, updatedAt: sql`unixepoch()` })
        .where(sql`${products.id} IN (SELECT value FROM json_each(${JSON.stringify(productIds)}))`),
      ...productIds.map((id) => {
        const own = batch.filter((row) => row.product_id === id);
        const changed: Changes = Object.fromEntries(
          own.map((row) => [`${row.sku} ${label}`, [toUnits(row.old_cents), toUnits(row.new_cents)]]),
        );
        return auditEntry(db, actor, {
          action: "update",
          entity: "product",
          entityId: id,
          summary: `Changed the ${label} of ${own[0]!.product} by bulk price change: ${plan.change}`,
          changes: changed,
        });
      }),
      bumpTags(
        db,
        productIds.flatMap((id) => {
          const category = categoryOf.get(id);
          return tagChanges.productEdited(id, category == null ? [] : [category]);
        }),
      ),
    ];
    try {
      await db.batch(statements as unknown as Parameters<Database["batch"]>[0]);
      result.batches.applied++;
    } catch (error) {
      if (!guardBroken(error)) throw error;
      result.batches.failed++;
      result.failed.push({
        products: [...new Set(batch.map((row) => row.product))],
        message: BULK_PRICE_MESSAGES.batchFailed,
      });
      result.variants -= batch.length;
      result.products -= productIds.length;
    }
  }
  await auditEntry(db, actor, {
    action: "bulk-price",
    entity: "products",
    entityId: "bulk-price",
    summary: `Bulk price change (${plan.change}): ${result.variants} variants of ${result.products} products changed, ${result.refused} refused, ${result.batches.failed} batches failed`,
  });
  return result;
}

/** How an applied change ended, as staff read it (the page's toast, the API's message). */
export function bulkPriceOutcome(result: BulkPriceResult): string {
  const failed = result.failed.length
    ? ` ${result.batches.failed} of ${result.batches.applied + result.batches.failed} batches failed (${result.failed.flatMap((batch) => batch.products).join(", ")}): ${BULK_PRICE_MESSAGES.batchFailed}`
    : "";
  return `Prices changed (${result.change}): ${result.variants} variants of ${result.products} products, ${result.refused} refused.${failed}`;
}
