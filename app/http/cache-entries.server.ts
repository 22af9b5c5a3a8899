import { TAGS } from "../lib/cache-tags";
import { CACHE_SECONDS } from "../lib/constants";
import type { BlogListQuery } from "../lib/schemas/catalog";
import { getBlogBySlug, listBlogs, type BlogDetail, type BlogPage } from "../services/blogs.server";
import { getCategory, listCategories, type Category } from "../services/categories.server";
import type { CacheEntry, Cached, EdgeCache } from "./edge-cache.server";
import type { Currency } from "../lib/money";
import { currencyFromSettings } from "../lib/site";
import { getHomeSections, type HomeSections } from "../services/home.server";
import { getProductBySlug, type Product, type ProductDetail } from "../services/products.server";
import { getPublicSettings, readStaffEmail, type SettingsByGroup } from "../services/settings.server";
import { sessionCard, type SessionCard } from "../services/auth.server";
import { addonsQuery, cartProductsQuery, type Addon, type CartProductRow } from "../services/cart.server";
import type { CartLine } from "../lib/cart";
import { readShippingMethods, readTaxRates, type ShippingRow, type TaxRateRow } from "../services/checkout.server";
import { savedProductIds } from "../services/wishlist.server";
import { bookedQuery } from "../services/delivery.server";
import { findOwnReview } from "../services/reviews.server";
import { hasLiked } from "../services/blog-engagement.server";
import type { ReviewStatus } from "../lib/reviews";

/** How long a session's cached card may be used at most, whatever its tags say. */
const SESSION_CARD_SECONDS = 60;
import {
  getSitemapEntries,
  getSitemapFiles,
  renderSitemapIndexXml,
  renderSitemapXml,
  sitemapFilePath,
  type SitemapFile,
} from "../services/sitemap.server";

/**
 * Everything the shop caches, in one place: for how long at most (the spec's lifetimes: settings
 * 3600 s, products 1800 s, categories 7200 s; tutorials and the home page, which the spec does not
 * name, its 300 s data freshness) and which tags the data depends on. `changes` in lib/cache-tags
 * says which write bumps which tag.
 */

const productTags = (product: Pick<Product, "id" | "category">) => [
  TAGS.product(product.id),
  ...(product.category ? [TAGS.category(product.category.id)] : []),
];

/** A product's page shows it, its category and its related products (their prices and stock). */
const productDetailTags = (product: ProductDetail) => [
  ...productTags(product),
  ...product.related_products.map((related) => TAGS.product(related.id)),
];

/**
 * A tutorial shows its own counts, its neighbours' and similar posts' titles (any tutorial change
 * bumps `blogs`) and its related products.
 */
const blogDetailTags = (blog: BlogDetail) => [
  TAGS.blog(blog.id),
  TAGS.blogs,
  ...blog.related_products.map((product) => TAGS.product(product.id)),
];

const categoryTags = (category: Category) => [TAGS.category(category.id), TAGS.categories];

const SITEMAP_FILE_TAGS: Record<SitemapFile["kind"], string[]> = {
  pages: [TAGS.productPages, TAGS.categories, TAGS.blogs],
  categories: [TAGS.categories],
  products: [TAGS.productPages],
  tutorials: [TAGS.blogs],
};

function entry<T>(
  key: string,
  seconds: number,
  tags: (value: T) => string[],
  load: CacheEntry<T>["load"],
): CacheEntry<T> {
  return { key, seconds, tags, load };
}

/** Data the pages read through the cache (`app.cache.read(...)`). */
export const cachedData = {
  publicSettings: (): CacheEntry<SettingsByGroup> =>
    entry("settings:public", CACHE_SECONDS.settings, () => [TAGS.settings], getPublicSettings),
  /** Where staff notifications go (`admin_email`, not public: only the server reads it). */
  staffEmail: (): CacheEntry<string> =>
    entry("settings:staff-email", CACHE_SECONDS.settings, () => [TAGS.settings], readStaffEmail),
  homeSections: (): CacheEntry<HomeSections> =>
    entry("home:sections", CACHE_SECONDS.content, () => [TAGS.home, TAGS.products], getHomeSections),
  product: (slug: string): CacheEntry<ProductDetail> =>
    entry(`product:${slug}`, CACHE_SECONDS.products, productDetailTags, (db) => getProductBySlug(db, slug)),
  categories: ({ withCounts }: { withCounts: boolean }): CacheEntry<Category[]> =>
    entry(
      `categories:${withCounts ? "with-counts" : "list"}`,
      CACHE_SECONDS.categories,
      () => [TAGS.categories],
      (db) => listCategories(db, { withCounts }),
    ),
  category: (slug: string): CacheEntry<Category> =>
    entry(`category:${slug}`, CACHE_SECONDS.categories, categoryTags, (db) => getCategory(db, slug)),
  /** A page of tutorials without a search (searches are not cached: too many, too rarely repeated). */
  blogs: (query: BlogListQuery): CacheEntry<BlogPage> =>
    entry(
      `blogs:${JSON.stringify(query)}`,
      CACHE_SECONDS.content,
      () => [TAGS.blogs],
      (db) => listBlogs(db, query),
    ),
  /**
   * A published tutorial, as every visitor sees it: `liked` is false here; a visitor's own like is
   * read apart (the page's loader, or the Worker filling in a kept page).
   */
  blog: (slug: string): CacheEntry<BlogDetail> =>
    entry(`blog:${slug}`, CACHE_SECONDS.content, blogDetailTags, (db) => getBlogBySlug(db, slug)),
  /**
   * The visitor's parts of a kept page (docs/decisions/017), each kept under its own key and tags,
   * never in a shared answer: who a session is (its tags bumped by a logout, a password or profile
   * change, a role change or a disabled account, and kept a minute at most in any case), the
   * products a shopper saved, and the products of a cart (their prices and stock, as on their pages).
   */
  session: (claims: { userId: number; sessionId: string }): CacheEntry<SessionCard | null> =>
    entry(
      `session:${claims.sessionId}`,
      SESSION_CARD_SECONDS,
      () => [TAGS.session(claims.sessionId), TAGS.account(claims.userId)],
      (db) => sessionCard(db, claims),
    ),
  wishlist: (userId: number): CacheEntry<number[]> =>
    entry(
      `wishlist:${userId}`,
      CACHE_SECONDS.products,
      () => [TAGS.wishlist(userId)],
      (db) => savedProductIds(db, userId),
    ),
  cartProducts: (lines: CartLine[]): CacheEntry<CartProductRow[]> => {
    const ids = [...new Set(lines.map((line) => line.productId))].sort((a, b) => a - b);
    const variantIds = [...new Set(lines.flatMap((line) => (line.variantId ? [line.variantId] : [])))].sort(
      (a, b) => a - b,
    );
    return entry(
      `cart-products:${ids.join(",")}:${variantIds.join(",")}`,
      CACHE_SECONDS.products,
      () => ids.map(TAGS.product),
      (db) => cartProductsQuery(db, lines),
    );
  },
  /** The add-ons the cart and the checkout offer: a change of any product (a list's tag) or an order may change them. */
  addons: (): CacheEntry<Addon[]> => entry("addons", CACHE_SECONDS.products, () => [TAGS.products], addonsQuery),
  /** What the checkout offers and charges (its page's quote; placing an order reads them from the database). */
  shippingMethods: (): CacheEntry<ShippingRow[]> =>
    entry("shipping-methods", CACHE_SECONDS.settings, () => [TAGS.checkout], readShippingMethods),
  taxRates: (place: { country: string; state: string }): CacheEntry<TaxRateRow[]> =>
    entry(
      `tax-rates:${place.country}:${place.state}`,
      CACHE_SECONDS.settings,
      () => [TAGS.checkout],
      (db) => readTaxRates(db, place),
    ),
  /** Whether a shopper reviewed a product, and its status: every review written or moderated bumps the product. */
  ownReview: (userId: number, productId: number): CacheEntry<{ id: number; status: ReviewStatus } | null> =>
    entry(
      `own-review:${userId}:${productId}`,
      CACHE_SECONDS.products,
      () => [TAGS.product(productId)],
      (db) => findOwnReview(db, { id: productId }, userId),
    ),
  /** Whether a visitor liked a post: every like or unlike of it bumps the post. */
  liked: (blogId: number, visitor: string): CacheEntry<boolean> =>
    entry(
      `liked:${blogId}:${visitor}`,
      CACHE_SECONDS.content,
      () => [TAGS.blog(blogId)],
      (db) => hasLiked(db, blogId, visitor),
    ),
  /**
   * The orders booked per delivery day from `from` to `to` (the checkout's list of days; placing an
   * order checks the day in the database). Every order placed or cancelled bumps `deliveries`.
   */
  deliveryBookings: (from: string, to: string): CacheEntry<Array<{ date: string; booked: number }>> =>
    entry(
      `delivery-bookings:${from}:${to}`,
      CACHE_SECONDS.products,
      () => [TAGS.deliveries],
      (db) => bookedQuery(db, from, to),
    ),
  /**
   * The sitemap index and files, kept as their XML for the address they were asked on (a file holds
   * up to 50,000 addresses: read back as one string, not as 50,000 entries). Each carries only what
   * it lists: an order or a review changes none of them.
   */
  sitemapIndex: (origin: string): CacheEntry<string> =>
    entry(
      `sitemap:${origin}:index`,
      CACHE_SECONDS.content,
      () => [TAGS.productPages, TAGS.blogs],
      async (db) => renderSitemapIndexXml(origin, await getSitemapFiles(db)),
    ),
  sitemapFile: (origin: string, file: SitemapFile): CacheEntry<string | null> =>
    entry(
      `sitemap:${origin}:${sitemapFilePath(file)}`,
      CACHE_SECONDS.content,
      () => SITEMAP_FILE_TAGS[file.kind],
      async (db) => {
        const entries = await getSitemapEntries(db, file);
        return entries && renderSitemapXml(origin, entries);
      },
    ),
} as const;

/** The shop's currency (settings, through the cache): amounts in messages are written in it. */
export async function shopCurrency(cache: Pick<EdgeCache, "read">): Promise<Currency> {
  return currencyFromSettings(await cache.read(cachedData.publicSettings()));
}

/**
 * The API paths whose GET answers may be kept: the public catalogue, content and settings. A path
 * listed here still has its answer kept only when its handler marks it (`cachePublic`).
 */
const CACHED_ANSWER_PATHS = /^\/api\/(?:settings|home|categories|products|blogs|search\/suggest)(?:\/|$)/;
export const isCachedAnswerPath = (pathname: string) => CACHED_ANSWER_PATHS.test(pathname);

/** Public API answers the edge keeps (keyed by their URL), with the same lifetimes and tags as the pages' data. */
export const cachedAnswers = {
  settings: { seconds: CACHE_SECONDS.settings, tags: () => [TAGS.settings] } satisfies Cached<unknown>,
  /** The home sections and the currency from the settings. */
  home: {
    seconds: CACHE_SECONDS.content,
    tags: () => [TAGS.home, TAGS.products, TAGS.settings],
  } satisfies Cached<unknown>,
  /** Any list of products (filters, featured): every product write bumps `products`. */
  products: { seconds: CACHE_SECONDS.products, tags: () => [TAGS.products] } satisfies Cached<unknown>,
  product: { seconds: CACHE_SECONDS.products, tags: productDetailTags } satisfies Cached<ProductDetail>,
  categories: { seconds: CACHE_SECONDS.categories, tags: () => [TAGS.categories] } satisfies Cached<unknown>,
  category: { seconds: CACHE_SECONDS.categories, tags: categoryTags } satisfies Cached<Category>,
  blogs: { seconds: CACHE_SECONDS.content, tags: () => [TAGS.blogs] } satisfies Cached<unknown>,
  blog: { seconds: CACHE_SECONDS.content, tags: blogDetailTags } satisfies Cached<BlogDetail>,
  /** The search box's suggestions: products, categories and tutorials, briefly. */
  suggestions: {
    seconds: CACHE_SECONDS.content,
    tags: () => [TAGS.products, TAGS.categories, TAGS.blogs],
  } satisfies Cached<unknown>,
} as const;
