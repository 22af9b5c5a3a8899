import { taxOn, type TaxRateRule } from "./checkout";
import { CART_TAX_RATE_BPS, QUANTITY_MAX, QUANTITY_MIN } from "./constants";

/**
 * The cart as the shopper's cookie keeps it: product ids and quantities only, never prices.
 * Pure functions, shared by the server (the /cart action) and the browser (optimistic updates).
 */
export interface CartLine {
  productId: number;
  quantity: number;
}

/** Distinct products a cart may hold: keeps the signed cookie far below the 4 KB browsers keep. */
export const MAX_CART_LINES = 50;

export function clampQuantity(quantity: number, max: number = QUANTITY_MAX): number {
  const ceiling = Math.max(QUANTITY_MIN, Math.min(QUANTITY_MAX, Math.trunc(max)));
  if (!Number.isFinite(quantity)) return QUANTITY_MIN;
  return Math.min(Math.max(Math.trunc(quantity), QUANTITY_MIN), ceiling);
}

/** Adding an existing product increases its quantity (up to 99); otherwise a line is appended. */
export function addToCart(lines: CartLine[], productId: number, quantity: number): CartLine[] {
  const existing = lines.find((line) => line.productId === productId);
  if (existing) {
    return lines.map((line) =>
      line.productId === productId ? { productId, quantity: clampQuantity(line.quantity + quantity) } : line,
    );
  }
  if (lines.length >= MAX_CART_LINES) return lines;
  return [...lines, { productId, quantity: clampQuantity(quantity) }];
}

/** Updating a quantity to 0 or below removes the line. */
export function setQuantity(lines: CartLine[], productId: number, quantity: number): CartLine[] {
  if (quantity <= 0) return removeFromCart(lines, productId);
  return lines.map((line) => (line.productId === productId ? { productId, quantity: clampQuantity(quantity) } : line));
}

export function removeFromCart(lines: CartLine[], productId: number): CartLine[] {
  return lines.filter((line) => line.productId !== productId);
}

export function itemCount(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** "12:2,5:1": compact, so the cookie stays small. */
export function serializeCart(lines: CartLine[]): string {
  return lines.map((line) => `${line.productId}:${line.quantity}`).join(",");
}

/** Reads a cookie value leniently: anything malformed is dropped, duplicates merged, quantities clamped. */
export function parseCart(value: unknown): CartLine[] {
  if (typeof value !== "string" || value.length > 2048) return [];
  let lines: CartLine[] = [];
  for (const part of value.split(",")) {
    const match = /^(\d{1,9}):(\d{1,3})$/.exec(part.trim());
    if (!match) continue;
    const productId = Number(match[1]);
    const quantity = Number(match[2]);
    if (productId < 1 || quantity < 1) continue;
    lines = addToCart(lines, productId, quantity);
  }
  return lines;
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
