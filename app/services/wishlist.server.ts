import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { changes } from "../lib/cache-tags";
import { bumpTags } from "./cache-tags.server";
import type { Database } from "../../db/client";
import { categories, products, wishlistItems } from "../../db/schema";
import type { CartLine } from "../lib/cart";
import { WISHLIST_MESSAGES } from "../lib/schemas/wishlist";
import { changeCart } from "./cart.server";
import { NotFoundError } from "./errors";
import { imageOrPlaceholder } from "./images.server";
import { productSummaryColumns, toProductListItem, type ProductListItem } from "./serializers/product";
import { optionsJson } from "./variants.server";
import { isoDate } from "./sql";

/**
 * A shopper's wishlist: the products they saved, one row per user and product (the primary key),
 * so saving twice keeps one. Per-user data: never read through the edge cache.
 *
 * A product archived after it was saved stays on the list, marked no longer available (as the cart
 * marks it), so the shopper sees what became of it and can remove it; it cannot be saved anew, nor
 * moved to the cart. A product deleted altogether leaves every list with it (ON DELETE CASCADE).
 */
export interface WishlistItem {
  /** With its options: a bouquet sold in sizes or colours is chosen on its page, not moved as it is. */
  product: ProductListItem;
  /** Still sold (not archived): it can be moved to the cart when in stock. */
  available: boolean;
  /** When it was saved (ISO 8601). */
  saved_at: string;
}

/**
 * The wishlist's rows with their products. `saved_at_` and `is_active_` carry their own names: D1
 * keys a batch's rows by column name, and the product's own `created_at` is already selected.
 */
function selectItems(db: Database) {
  return db
    .select({
      ...productSummaryColumns,
      savedAt: sql<number>`${wishlistItems.createdAt}`.as("saved_at_"),
      isActive: sql<number>`${products.isActive}`.as("is_active_"),
      options: optionsJson(products.id).as("options_json"),
    })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .leftJoin(categories, eq(categories.id, products.categoryId));
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>["where"]>>[number];

function toItem(row: ItemRow): WishlistItem {
  const { savedAt, isActive, ...product } = row;
  return {
    product: toProductListItem(product),
    available: Boolean(isActive),
    saved_at: isoDate(Number(savedAt)) ?? new Date(0).toISOString(),
  };
}

/** Newest first; the row id breaks ties within a second (the table keeps its rowid). */
const newestFirst = [desc(wishlistItems.createdAt), desc(sql`${wishlistItems}.rowid`)];

/** The user's saved products, newest first, as cards show them (one statement). */
export async function listWishlist(db: Database, userId: number): Promise<WishlistItem[]> {
  const rows = await selectItems(db)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(...newestFirst);
  return rows.map(toItem);
}

export interface SavedResult {
  item: WishlistItem;
  /** False when it was already saved: the list is unchanged. */
  created: boolean;
}

/**
 * Saves a product (one round trip): the insert happens only for a product on sale (guarded in SQL,
 * so a product archived meanwhile is not saved), and a second save keeps the first row. An unknown
 * or archived product is a 404.
 */
export async function addToWishlist(db: Database, userId: number, productId: number): Promise<SavedResult> {
  const [inserted, rows] = await db.batch([
    db
      .insert(wishlistItems)
      .select(
        db
          .select({
            userId: sql<number>`${userId}`.as("user_id"),
            productId: products.id,
            createdAt: sql<Date>`unixepoch()`.as("created_at"),
          })
          .from(products)
          .where(and(eq(products.id, productId), eq(products.isActive, true))),
      )
      .onConflictDoNothing()
      .returning({ productId: wishlistItems.productId }),
    selectItems(db)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId), eq(products.isActive, true)))
      .limit(1),
    // The hearts of kept pages are filled in from a cached copy of the list (docs/decisions/017).
    bumpTags(db, changes.wishlistChanged(userId)),
  ]);
  const row = rows[0];
  if (!row) throw new NotFoundError(WISHLIST_MESSAGES.notFound);
  return { item: toItem(row), created: inserted.length > 0 };
}

/** Takes a product off the list; nothing to take off is not an error (it is gone either way). */
export async function removeFromWishlist(
  db: Database,
  userId: number,
  productId: number,
): Promise<{ removed: boolean }> {
  const [deleted] = await db.batch([
    db
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
      .returning({ productId: wishlistItems.productId }),
    bumpTags(db, changes.wishlistChanged(userId)),
  ]);
  return { removed: deleted.length > 0 };
}

/**
 * The ids of the products the user saved (one statement): all of them, or only those among
 * `productIds` (a page's products), for the hearts.
 */
export async function savedProductIds(db: Database, userId: number, productIds?: number[]): Promise<number[]> {
  if (productIds && productIds.length === 0) return [];
  const rows = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), productIds ? inArray(wishlistItems.productId, productIds) : undefined))
    .orderBy(...newestFirst);
  return rows.map((row) => row.productId);
}

export interface SavableProduct {
  id: number;
  name: string;
  slug: string;
  image: string;
  /** Already on this user's wishlist. */
  saved: boolean;
}

/** A product on sale that the user may save, and whether they already did (one statement); null if none. */
export async function savableProduct(db: Database, userId: number, productId: number): Promise<SavableProduct | null> {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      image: products.image,
      savedBy: sql<number | null>`${wishlistItems.userId}`.as("saved_by_"),
    })
    .from(products)
    .leftJoin(wishlistItems, and(eq(wishlistItems.productId, products.id), eq(wishlistItems.userId, userId)))
    .where(and(eq(products.id, productId), eq(products.isActive, true)))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    image: imageOrPlaceholder(row.image),
    saved: row.savedBy !== null,
  };
}

export interface MoveResult {
  ok: boolean;
  /** The cart as it is now: changed only when the move succeeded. */
  lines: CartLine[];
  message: string;
  description?: string;
}

/**
 * Moves one of a saved product to the cart (the cart's own rules: on sale, in stock, held to the
 * stock on hand) and, once it is there, off the wishlist. A product that cannot be sold stays saved.
 */
export async function moveToCart(
  db: Database,
  userId: number,
  lines: CartLine[],
  productId: number,
): Promise<MoveResult> {
  const [saved] = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .limit(1);
  if (!saved) return { ok: false, lines, message: WISHLIST_MESSAGES.notSaved };
  const change = await changeCart(db, lines, { intent: "add", product_id: productId, variant_id: null, quantity: 1 });
  if (!change.ok) return { ok: false, lines, message: change.message };
  await removeFromWishlist(db, userId, productId);
  return { ok: true, lines: change.lines, message: change.message, description: change.description };
}
