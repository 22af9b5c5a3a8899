import { and, asc, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { productOptions, productVariants, products } from "../../db/schema";
import {
  addToCart,
  cartSummary,
  clampQuantity,
  removeFromCart,
  sameLine,
  setQuantity,
  withAddons,
  type CartKey,
  type CartLine,
} from "../lib/cart";
import { CHECKOUT_MESSAGES } from "../lib/form-messages";
import { CART_MESSAGES, type CartIntent } from "../lib/schemas/cart";
import { chooseOptionMessage, type OptionValues } from "../lib/variants";
import { toCartProduct, type CartProduct } from "./serializers/product";

export type CartItemStatus = "ok" | "reduced" | "out_of_stock" | "unavailable";

/** The product of a line as sold now, with its variant's figures (SKU, image, prices, stock) and option values. */
export interface CartVariant extends CartProduct {
  variant_id: number;
  /** `{ Size: "Grand" }`; `{}` for a product without options. */
  options: OptionValues;
}

export interface CartItem {
  /** The product's variant as sold now; null when it is no longer sold (archived, switched off or gone). */
  product: CartVariant | null;
  product_id: number;
  /** The variant the line names (null: a line written before variants, its product's implicit variant). */
  variant_id: number | null;
  /** The product's name, also for one no longer sold (null only when it is gone altogether). */
  name: string | null;
  /** The product's slug while it is sold, so a line that needs a choice links to its page. */
  slug: string | null;
  /**
   * Why an unavailable line of a product still sold cannot be sold: no option chosen ("Please
   * choose a Size.") or an option no longer sold. Null otherwise.
   */
  reason: string | null;
  /** What the shopper asked for. */
  requested_quantity: number;
  /** What can be sold: clamped to 1-99 and to the variant's stock; 0 when it cannot be sold. */
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
 * the variant's sale price when present and lower, else its price. A line that is gone, switched
 * off or out of stock stays in the list, marked, out of the totals, and blocks checkout until it
 * is removed.
 */
export async function priceCart(db: Database, lines: CartLine[]): Promise<Cart> {
  if (lines.length === 0) return EMPTY_CART;
  return priceCartRows(lines, await cartProductsQuery(db, lines));
}

/**
 * The one read that prices a cart: each line's product with its variant, live (price, sale price,
 * stock, whether still sold). A product comes with the variants its lines name and its implicit
 * one (a line without a variant); a product none of whose rows match comes once, without a variant.
 * Joined columns carry their own aliases (D1 answers rows keyed by column name).
 */
export function cartProductsQuery(db: Database, lines: CartLine[]) {
  const variantIds = lines.flatMap((line) => (line.variantId ? [line.variantId] : []));
  return db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      isActive: products.isActive,
      variantId: sql<number | null>`${productVariants.id}`.as("variant_id_"),
      variantActive: sql<number | null>`${productVariants.isActive}`.as("variant_active_"),
      options: sql<string | null>`${productVariants.options}`.as("variant_options_"),
      sku: sql<string>`coalesce(${productVariants.sku}, ${products.sku})`.as("variant_sku_"),
      image: sql<string | null>`coalesce(${productVariants.image}, ${products.image})`.as("variant_image_"),
      priceCents: sql<number>`coalesce(${productVariants.priceCents}, ${products.priceCents})`.as("variant_price_"),
      salePriceCents: sql<number | null>`${productVariants.salePriceCents}`.as("variant_sale_price_"),
      stock: sql<number>`coalesce(${productVariants.stock}, 0)`.as("variant_stock_"),
      firstOption: sql<
        string | null
      >`(SELECT ${productOptions.name} FROM ${productOptions} WHERE ${productOptions.productId} = ${products.id} ORDER BY ${productOptions.position} LIMIT 1)`.as(
        "first_option_",
      ),
    })
    .from(products)
    .leftJoin(
      productVariants,
      and(
        eq(productVariants.productId, products.id),
        or(inArray(productVariants.id, variantIds.length ? variantIds : [0]), eq(productVariants.options, "{}")),
      ),
    )
    .where(inArray(products.id, lines.length ? lines.map((line) => line.productId) : [0]));
}

export type CartProductRow = Awaited<ReturnType<typeof cartProductsQuery>>[number];

/** The row of a line: its product's row with the variant it names (without one, the implicit variant). */
function rowOf(rows: CartProductRow[], line: CartLine): CartProductRow | undefined {
  return rows.find(
    (row) =>
      row.id === line.productId &&
      row.variantId !== null &&
      (line.variantId ? row.variantId === line.variantId : row.options === "{}"),
  );
}

/** Why a line of a product still sold names no variant it sells: no option chosen, or one no longer sold. */
function reasonOf(line: CartLine, product: CartProductRow | undefined): string | null {
  if (!product?.isActive) return null;
  if (!line.variantId && product.firstOption) return chooseOptionMessage(product.firstOption);
  return CHECKOUT_MESSAGES.variantGone;
}

/** Prices the lines from their rows (see `priceCart`). */
export function priceCartRows(lines: CartLine[], rows: CartProductRow[]): Cart {
  if (lines.length === 0) return EMPTY_CART;
  const items: CartItem[] = lines.map((line) => {
    const row = rowOf(rows, line);
    const line_ = { product_id: line.productId, variant_id: line.variantId ?? null, requested_quantity: line.quantity };
    if (!row || !row.isActive || !row.variantActive) {
      const product = rows.find((candidate) => candidate.id === line.productId);
      return {
        ...line_,
        product: null,
        name: product?.name ?? null,
        slug: product?.isActive ? product.slug : null,
        reason: reasonOf(line, product),
        quantity: 0,
        line_total_cents: 0,
        status: "unavailable",
      };
    }
    const product: CartVariant = {
      ...toCartProduct(row),
      variant_id: row.variantId!,
      options: JSON.parse(row.options ?? "{}") as OptionValues,
    };
    const sold = { ...line_, product, name: row.name, slug: row.slug, reason: null };
    if (row.stock <= 0) return { ...sold, quantity: 0, line_total_cents: 0, status: "out_of_stock" };
    const quantity = clampQuantity(line.quantity, row.stock);
    return {
      ...sold,
      quantity,
      line_total_cents: product.unit_price_cents * quantity,
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

/** An add-on the cart and the checkout offer: its product, its (implicit) variant and what one costs. */
export interface Addon {
  product_id: number;
  variant_id: number;
  name: string;
  unit_price_cents: number;
}

/**
 * The add-ons on offer (a vase, a card): products marked `is_addon`, sold and in stock, each its
 * implicit variant (an add-on with options is chosen on its own page), in the shop's order.
 */
export function addonsQuery(db: Database) {
  return db
    .select({
      product_id: products.id,
      variant_id: sql<number>`${productVariants.id}`.as("addon_variant_id"),
      name: products.name,
      unit_price_cents: sql<number>`${productVariants.unitPriceCents}`.as("addon_unit_price_cents"),
    })
    .from(products)
    .innerJoin(
      productVariants,
      and(
        eq(productVariants.productId, products.id),
        eq(productVariants.options, "{}"),
        eq(productVariants.isActive, true),
      ),
    )
    .where(and(eq(products.isAddon, true), eq(products.isActive, true), gt(productVariants.stock, 0)))
    .orderBy(asc(products.id));
}

export interface CartChange {
  lines: CartLine[];
  ok: boolean;
  message: string;
  description?: string;
}

/**
 * The line a form names: its product and variant; without a variant (a page shown before
 * variants), the product's only line.
 */
function lineNamed(lines: CartLine[], named: { product_id: number; variant_id: number | null }): CartKey | null {
  const key = { productId: named.product_id, variantId: named.variant_id };
  if (lines.some((line) => sameLine(line, key))) return key;
  const ofProduct = lines.filter((line) => line.productId === named.product_id);
  return !named.variant_id && ofProduct.length === 1 ? ofProduct[0]! : null;
}

/**
 * Applies one cart intent to the lines. Adding checks the product's variant (one read): it must
 * be the product's own, sold and in stock, and the line is held to the variant's stock. A product
 * with options needs its variant (`variant_id`); one without options may come without it.
 */
export async function changeCart(db: Database, lines: CartLine[], intent: CartIntent): Promise<CartChange> {
  switch (intent.intent) {
    case "add": {
      const wanted = { productId: intent.product_id, variantId: intent.variant_id, quantity: intent.quantity };
      const [item] = priceCartRows([wanted], await cartProductsQuery(db, [wanted])).items;
      const product = item?.product;
      if (!item || !product) {
        const reason = item?.reason && !intent.variant_id ? item.reason : CART_MESSAGES.unavailable;
        return { lines, ok: false, message: reason };
      }
      if (product.stock <= 0) return { lines, ok: false, message: `${product.name} is out of stock.` };
      const key = { productId: product.id, variantId: product.variant_id };
      // A line written without its variant is the implicit one's: it becomes that line, not a second.
      const implicit = Object.keys(product.options).length === 0;
      const named = implicit
        ? lines.map((line) => (sameLine(line, { productId: product.id }) ? { ...line, ...key } : line))
        : lines;
      const added = addToCart(named, key, intent.quantity);
      if (added === named) return { lines, ok: false, message: "Your cart is full. Remove an item to add another." };
      const line = added.find((l) => sameLine(l, key))!;
      if (line.quantity > product.stock) {
        return {
          lines: setQuantity(added, key, product.stock),
          ok: true,
          message: `${product.name} added to cart!`,
          description: `Only ${product.stock} in stock, so your cart holds ${product.stock}.`,
        };
      }
      return { lines: added, ok: true, message: `${product.name} added to cart!` };
    }
    case "update": {
      const key = lineNamed(lines, intent);
      if (!key) return { lines, ok: false, message: "That item is not in your cart." };
      if (intent.quantity <= 0)
        return { lines: removeFromCart(lines, key), ok: true, message: "Item removed from cart" };
      return { lines: setQuantity(lines, key, intent.quantity), ok: true, message: "Cart updated" };
    }
    case "remove":
      return {
        lines: removeFromCart(lines, lineNamed(lines, intent) ?? { productId: intent.product_id }),
        ok: true,
        message: "Item removed from cart",
      };
    case "addons":
      return {
        lines: withAddons(lines, await addonsQuery(db), intent.addons_shown, intent.ticked),
        ok: true,
        message: "Cart updated",
      };
    case "clear":
      return { lines: [], ok: true, message: "Cart cleared" };
  }
}
