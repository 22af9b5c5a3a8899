/**
 * Cache tags: the names of what a cached answer shows, and of what a write changes. Every cached
 * entry (an API answer, a page's data) carries the tags of the data in it; every write bumps the
 * tags of the data it changes (`changes` below), in the same batch as the write, so that an entry
 * holding any of them is stale from that moment. The mechanism is in `services/edge-cache.server`;
 * the decision is docs/decisions/007.
 */
export const TAGS = {
  /** Every entry carries it: bumping it says "anything may have changed" (a re-seed, an operator's hand edit). */
  all: "all",
  /** One product's own fields: price, stock, sold count, name, images, whether it is sold at all. */
  product: (id: number) => `product:${id}`,
  /** Which products a list shows and in which order (filters by stock, sorts by sales). */
  products: "products",
  /**
   * Which products have a page, at which address, with which images, and when staff last changed
   * them (the sitemaps): staff's writes to products bump it, an order or a review never does.
   */
  productPages: "product-pages",
  /** One category's fields and its members. */
  category: (id: number) => `category:${id}`,
  /** The list of categories and their product counts. */
  categories: "categories",
  /** One tutorial's fields and counts. */
  blog: (id: number) => `blog:${id}`,
  /** Which tutorials a list shows, in which order, with their counts. */
  blogs: "blogs",
  settings: "settings",
  /** The home page's sections. */
  home: "home",
  /** Who a user is on the pages (name, email, roles, whether enabled) and all their sessions. */
  account: (userId: number) => `account:${userId}`,
  /** One session: whether it is still live. */
  session: (sessionId: string) => `session:${sessionId}`,
  /** The products one shopper saved. */
  wishlist: (userId: number) => `wishlist:${userId}`,
  /** What the checkout offers and charges: the shipping methods and the tax rates. */
  checkout: "checkout",
  /** The orders booked per delivery day (the checkout's list of days): every order placed or cancelled. */
  deliveries: "deliveries",
} as const;

function unique(tags: string[]): string[] {
  return [...new Set(tags)];
}

function productChanged(productId: number, categoryIds: number[] = []) {
  return unique([
    TAGS.product(productId),
    TAGS.products,
    TAGS.categories,
    TAGS.home,
    ...categoryIds.map(TAGS.category),
  ]);
}

/**
 * What each write changes. A write that exists calls its line in the same batch; the back office's
 * writes (next issues) add theirs here, so that this one table says which write clears which tags.
 */
export const changes = {
  /**
   * An order took stock and added sales: the products' pages and answers, every list (in-stock
   * filters, best-seller order) and the home page's best sellers, and it booked its delivery day.
   * Cancelling one gives the stock and the day back, the same tags.
   */
  orderPlaced: (productIds: number[]) =>
    unique([...productIds.map(TAGS.product), TAGS.products, TAGS.home, TAGS.deliveries]),
  /** A like or unlike moves the post's like count, shown on its page and on every list's card. */
  blogLiked: (blogId: number) => [TAGS.blog(blogId), TAGS.blogs],
  /**
   * A view (once per visitor per day) moves the post's own view count, seen within the versions'
   * copies' 10 s (no purge per view). Lists show the counts too, but making every list stale on each
   * new reader would leave them uncached: their view counts and "Most Popular" order follow within
   * the content lifetime (docs/caching.md).
   */
  blogViewed: (blogId: number) => [TAGS.blog(blogId)],
  /** Staff added a product: the lists, its category's page, the home page and the sitemaps (nothing showed it before). */
  productCreated: (categoryIds: number[] = []) =>
    unique([TAGS.products, TAGS.productPages, TAGS.categories, TAGS.home, ...categoryIds.map(TAGS.category)]),
  /** A product's figures changed (a review): its page, its lists, its categories' counts, the home page. */
  productChanged,
  /** Staff changed a product (any field, archive or restore): as `productChanged`, and the sitemaps. */
  productEdited: (productId: number, categoryIds: number[] = []) => [
    ...productChanged(productId, categoryIds),
    TAGS.productPages,
  ],
  /** Staff added, changed or removed a shipping method or a tax rate: the checkout's quote. */
  checkoutTablesChanged: () => [TAGS.checkout],
  /** Staff added a category: the lists (nothing showed it before). */
  categoryCreated: () => [TAGS.categories],
  /** Staff changed a category: its page, the list, and every product card that names it. */
  categoryChanged: (categoryId: number) => [TAGS.category(categoryId), TAGS.categories, TAGS.products],
  /** Staff wrote a new tutorial: the lists and the sitemap (nothing showed it before). */
  blogCreated: () => [TAGS.blogs],
  /** Staff changed a tutorial (text, publication, related products). */
  blogChanged: (blogId: number) => [TAGS.blog(blogId), TAGS.blogs],
  /** Staff changed the settings: every page's layout and the home page (it shows the currency). */
  settingsChanged: () => [TAGS.settings, TAGS.home],
  /** Staff changed the home page's sections. */
  homeChanged: () => [TAGS.home],
  /**
   * A user's name, email, roles, password or enabled state changed, or all their sessions were
   * revoked: the cached view of who they are (filling in kept pages, docs/decisions/017).
   */
  accountChanged: (userId: number) => [TAGS.account(userId)],
  /** One session ended (logout, a token refreshed). */
  sessionEnded: (sessionId: string) => [TAGS.session(sessionId)],
  /** A shopper saved or removed a product. */
  wishlistChanged: (userId: number) => [TAGS.wishlist(userId)],
  /** Anything may have changed: the seed, an import, an edit made with SQL. */
  everything: () => [TAGS.all],
} satisfies Record<string, (...args: never[]) => string[]>;

/**
 * A tag as stored and compared: printable ASCII without spaces or commas, at most 128 characters
 * (the limits of a `Cache-Tag` header), so a tag list survives being a header.
 */
export function isValidTag(tag: string): boolean {
  return /^[\x21-\x2b\x2d-\x7e]{1,128}$/.test(tag);
}
