import { taxOn, type TaxRateRule } from "./checkout";
import { CART_TAX_RATE_BPS, QUANTITY_MAX, QUANTITY_MIN } from "./constants";

/**
 * The cart as the shopper's cookie keeps it: product ids, variant ids and quantities only, never
 * prices. Pure functions, shared by the server (the /cart action) and the browser (optimistic updates).
 */
export interface CartLine extends CartKey {
  quantity: number;
}

/**
 * What names a line: the product and the variant of it (the same product in two sizes is two
 * lines). Without a variant (a cookie written before products had options, an API client that
 * sends none) the line is the product's implicit variant, the one of a product without options.
 */
export interface CartKey {
  productId: number;
  variantId?: number | null;
}

/** Distinct lines a cart may hold: keeps the signed cookie far below the 4 KB browsers keep. */
export const MAX_CART_LINES = 50;

export function clampQuantity(quantity: number, max: number = QUANTITY_MAX): number {
  const ceiling = Math.max(QUANTITY_MIN, Math.min(QUANTITY_MAX, Math.trunc(max)));
  if (!Number.isFinite(quantity)) return QUANTITY_MIN;
  return Math.min(Math.max(Math.trunc(quantity), QUANTITY_MIN), ceiling);
}

/** Whether two lines name the same product and variant. */
export function sameLine(a: CartKey, b: CartKey): boolean {
  return a.productId === b.productId && (a.variantId ?? null) === (b.variantId ?? null);
}

/** A line of the key's product and variant (a line without a variant keeps no variantId). */
function lineOf(key: CartKey, quantity: number): CartLine {
  return key.variantId
    ? { productId: key.productId, variantId: key.variantId, quantity }
    : { productId: key.productId, quantity };
}

/** Adding an existing line increases its quantity (up to 99); otherwise a line is appended. */
export function addToCart(lines: CartLine[], key: CartKey, quantity: number): CartLine[] {
  if (lines.some((line) => sameLine(line, key))) {
    return lines.map((line) => (sameLine(line, key) ? lineOf(key, clampQuantity(line.quantity + quantity)) : line));
  }
  if (lines.length >= MAX_CART_LINES) return lines;
  return [...lines, lineOf(key, clampQuantity(quantity))];
}

/** Updating a quantity to 0 or below removes the line. */
export function setQuantity(lines: CartLine[], key: CartKey, quantity: number): CartLine[] {
  if (quantity <= 0) return removeFromCart(lines, key);
  return lines.map((line) => (sameLine(line, key) ? lineOf(key, clampQuantity(quantity)) : line));
}

/**
 * A saved cart brought back into the one the cookie holds (a restore link): a line in both keeps
 * the larger quantity (restoring twice changes nothing), a line only saved is appended while the
 * cart has room, a line only in the cookie stays.
 */
export function mergeCarts(current: CartLine[], saved: CartLine[]): CartLine[] {
  let lines = current;
  for (const line of saved) {
    const held = lines.find((candidate) => sameLine(candidate, line));
    lines = held
      ? setQuantity(lines, line, Math.max(held.quantity, line.quantity))
      : addToCart(lines, line, line.quantity);
  }
  return lines;
}

export function removeFromCart(lines: CartLine[], key: CartKey): CartLine[] {
  return lines.filter((line) => !sameLine(line, key));
}

export function itemCount(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** "12.40:2,5:1" (product.variant:quantity): compact, so the cookie stays small. */
export function serializeCart(lines: CartLine[]): string {
  return lines
    .map((line) => `${line.productId}${line.variantId ? `.${line.variantId}` : ""}:${line.quantity}`)
    .join(",");
}

/**
 * Reads a cookie value leniently: anything malformed is dropped, duplicates merged, quantities
 * clamped. "12:2", written before variants, is a line of product 12's implicit variant.
 */
export function parseCart(value: unknown): CartLine[] {
  if (typeof value !== "string" || value.length > 2048) return [];
  let lines: CartLine[] = [];
  for (const part of value.split(",")) {
    const match = /^(\d{1,9})(?:\.(\d{1,9}))?:(\d{1,3})$/.exec(part.trim());
    if (!match) continue;
    const productId = Number(match[1]);
    const variantId = match[2] === undefined ? null : Number(match[2]);
    const quantity = Number(match[3]);
    if (productId < 1 || variantId === 0 || quantity < 1) continue;
    lines = addToCart(lines, { productId, variantId }, quantity);
  }
  return lines;
}

/** The checkbox of an add-on in the add-ons checklist (the cart's and the checkout's form). */
export const addonField = (productId: number) => `addon_${productId}`;

/** The add-ons a checklist form ticked: its `addon_{productId}` boxes that were posted. */
export function tickedAddons(values: Record<string, unknown>): number[] {
  return Object.keys(values).flatMap((name) => {
    const match = /^addon_(\d{1,9})$/.exec(name);
    return match ? [Number(match[1])] : [];
  });
}

/**
 * The lines after the add-ons checklist: each add-on the form showed is in the cart (one) when
 * ticked and out of it when not; a ticked one is added only while it is on offer (`offered`).
 */
export function withAddons(
  lines: CartLine[],
  offered: ReadonlyArray<{ product_id: number; variant_id: number }>,
  shown: readonly number[],
  ticked: readonly number[],
): CartLine[] {
  let result = lines.filter((line) => !shown.includes(line.productId) || ticked.includes(line.productId));
  for (const addon of offered) {
    const wanted = shown.includes(addon.product_id) && ticked.includes(addon.product_id);
    if (wanted && !result.some((line) => line.productId === addon.product_id))
      result = addToCart(result, { productId: addon.product_id, variantId: addon.variant_id }, 1);
  }
  return result;
}

/** The cart page's tax: the spec's flat 10% of the subtotal (no address is known yet). */
export const CART_TAX: TaxRateRule = { name: "Tax", rate_bps: CART_TAX_RATE_BPS };

/** The cart page's summary: its tax by the checkout's rule at the cart's rate, shipping shown as Free. */
export function cartSummary(subtotalCents: number) {
  const taxCents = taxOn([CART_TAX], subtotalCents).total_tax_cents;
  return {
    subtotal_cents: subtotalCents,
    tax_cents: taxCents,
    shipping_cents: 0,
    total_cents: subtotalCents + taxCents,
  };
}
