import { eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { products } from "../../db/schema";
import { addToCart, cartSummary, clampQuantity, removeFromCart, setQuantity, type CartLine } from "../lib/cart";
import type { CartIntent } from "../lib/schemas/cart";
import { toCartProduct, type CartProduct } from "./serializers/product";

export type CartItemStatus = "ok" | "reduced" | "out_of_stock" | "unavailable";

export interface CartItem {
  /** The product as sold now; null when it is no longer sold (archived or gone). */
  product: CartProduct | null;
  product_id: number;
  /** The product's name, also for one no longer sold (null only when it is gone altogether). */
  name: string | null;
  /** What the shopper asked for. */
  requested_quantity: number;
  /** What can be sold: clamped to 1-99 and to the stock on hand; 0 when the product cannot be sold. */
  quantity: number;
  line_total_cents: number;
  status: CartItemStatus;
}

export interface Cart {
  items: CartItem[];
  item_count: number;
  subtotal_cents: number;
  tax_cents: number;
  shipping_cents: number;
  total_cents: number;
  can_checkout: boolean;
}

export const EMPTY_CART: Cart = { items: [], item_count: 0, ...cartSummary(0), can_checkout: false };

/**
 * Prices the cart from the database in one read, whatever the number of lines: the unit price is
 * the sale price when present and lower, else the price. A product that is gone or out of stock
 * stays in the list, marked, out of the totals, and blocks checkout until it is removed.
 */
export async function priceCart(db: Database, lines: CartLine[]): Promise<Cart> {
  if (lines.length === 0) return EMPTY_CART;
  return priceCartRows(lines, await cartProductsQuery(db, lines));
}

/** The one read that prices a cart: its products, live (price, sale price, stock, whether still sold). */
export function cartProductsQuery(db: Database, lines: CartLine[]) {
  return db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      sku: products.sku,
      image: products.image,
      priceCents: products.priceCents,
      salePriceCents: products.salePriceCents,
      stock: products.stock,
      isActive: products.isActive,
    })
    .from(products)
    .where(inArray(products.id, lines.length ? lines.map((line) => line.productId) : [0]));
}

export type CartProductRow = Awaited<ReturnType<typeof cartProductsQuery>>[number];

/** Prices the lines from their rows (see `priceCart`). */
export function priceCartRows(lines: CartLine[], rows: CartProductRow[]): Cart {
  if (lines.length === 0) return EMPTY_CART;
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items: CartItem[] = lines.map((line) => {
    const row = byId.get(line.productId);
    if (!row || !row.isActive) {
      return {
        product: null,
        product_id: line.productId,
        name: row?.name ?? null,
        requested_quantity: line.quantity,
        quantity: 0,
        line_total_cents: 0,
        status: "unavailable",
      };
    }
    const product = toCartProduct(row);
    const unit = product.unit_price_cents;
    if (row.stock <= 0) {
      return {
        product,
        product_id: row.id,
        name: row.name,
        requested_quantity: line.quantity,
        quantity: 0,
        line_total_cents: 0,
        status: "out_of_stock",
      };
    }
    const quantity = clampQuantity(line.quantity, row.stock);
    return {
      product,
      product_id: row.id,
      name: row.name,
      requested_quantity: line.quantity,
      quantity,
      line_total_cents: unit * quantity,
      status: quantity < line.quantity ? "reduced" : "ok",
    };
  });
  const subtotal = items.reduce((sum, item) => sum + item.line_total_cents, 0);
  return {
    items,
    item_count: items.reduce((sum, item) => sum + item.quantity, 0),
    ...cartSummary(subtotal),
    can_checkout: items.length > 0 && items.every((item) => item.status === "ok" || item.status === "reduced"),
  };
}

export interface CartChange {
  lines: CartLine[];
  ok: boolean;
  message: string;
  description?: string;
}

/**
 * Applies one cart intent to the lines. Adding checks the product (one read): it must exist, be on
 * sale and in stock, and the line is held to the stock on hand.
 */
export async function changeCart(db: Database, lines: CartLine[], intent: CartIntent): Promise<CartChange> {
  switch (intent.intent) {
    case "add": {
      const [product] = await db
        .select({ id: products.id, name: products.name, stock: products.stock, isActive: products.isActive })
        .from(products)
        .where(eq(products.id, intent.product_id))
        .limit(1);
      if (!product || !product.isActive) return { lines, ok: false, message: "This product is no longer available." };
      if (product.stock <= 0) return { lines, ok: false, message: `${product.name} is out of stock.` };
      const added = addToCart(lines, product.id, intent.quantity);
      if (added === lines) return { lines, ok: false, message: "Your cart is full. Remove an item to add another." };
      const line = added.find((l) => l.productId === product.id)!;
      if (line.quantity > product.stock) {
        return {
          lines: setQuantity(added, product.id, product.stock),
          ok: true,
          message: `${product.name} added to cart!`,
          description: `Only ${product.stock} in stock, so your cart holds ${product.stock}.`,
        };
      }
      return { lines: added, ok: true, message: `${product.name} added to cart!` };
    }
    case "update": {
      if (!lines.some((l) => l.productId === intent.product_id))
        return { lines, ok: false, message: "That item is not in your cart." };
      if (intent.quantity <= 0)
        return { lines: removeFromCart(lines, intent.product_id), ok: true, message: "Item removed from cart" };
      return { lines: setQuantity(lines, intent.product_id, intent.quantity), ok: true, message: "Cart updated" };
    }
    case "remove":
      return { lines: removeFromCart(lines, intent.product_id), ok: true, message: "Item removed from cart" };
    case "clear":
      return { lines: [], ok: true, message: "Cart cleared" };
  }
}
