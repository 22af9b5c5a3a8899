import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

// Timestamps are unix seconds; money is integer cents. Column names are snake_case in SQL.
const createdAt = () =>
  integer("created_at", { mode: "timestamp" })
    .notNull()
    .default(sql`(unixepoch())`);
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp" })
    .notNull()
    .default(sql`(unixepoch())`);

// ---------------------------------------------------------------- accounts

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    phone: text("phone"),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    zipCode: text("zip_code"),
    country: text("country"),
    /** Set by staff: a disabled account cannot log in and its sessions end at once. */
    disabledAt: integer("disabled_at", { mode: "timestamp" }),
    /** When the owner proved the address (its mailed link, a password reset, a provider's verified address); null: not yet. */
    emailVerifiedAt: integer("email_verified_at", { mode: "timestamp" }),
    /** False for an account social login created: its hash is of a password nobody knows, until a reset sets one. */
    passwordSet: integer("password_set", { mode: "boolean" }).notNull().default(true),
    /**
     * Set when the owner deleted the account (docs/decisions/025): its personal data is gone (name,
     * a placeholder address nobody receives, no password), its orders stay under that placeholder.
     */
    deletedAt: integer("deleted_at", { mode: "timestamp" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email)],
);

export const roles = sqliteTable(
  "roles",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("roles_name_unique").on(t.name)],
);

export const userRoles = sqliteTable(
  "user_roles",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index("user_roles_role_idx").on(t.roleId)],
);

/** One row per login, so logging out and changing the password can revoke tokens. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    remember: integer("remember", { mode: "boolean" }).notNull().default(false),
    expiresAt: integer("expires_at", { mode: "timestamp" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp" }),
    /**
     * When the user signed in (password, social login, registration): a refresh or a password change
     * opens a new session that keeps it, and no session outlives it by more than its absolute limit
     * (docs/decisions/024). Null only on rows older than the column: they count from `created_at`.
     */
    signedInAt: integer("signed_in_at", { mode: "timestamp" }),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * The columns of a single-use link mailed to a user: the SHA-256 of its token (the token itself is
 * only in the email), whose it is, until when it works and when it was used.
 */
const mailedToken = () => ({
  tokenHash: text("token_hash").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: integer("expires_at", { mode: "timestamp" }).notNull(),
  usedAt: integer("used_at", { mode: "timestamp" }),
  createdAt: createdAt(),
});

/**
 * Password reset links: the SHA-256 of a random token (the token itself is only in the email),
 * for one hour, used once.
 */
export const passwordResets = sqliteTable("password_resets", mailedToken(), (t) => [
  index("password_resets_user_idx").on(t.userId),
]);

/**
 * Single-use links mailed to an account's owner (issue 26): verifying the address, confirming a new
 * one, deleting the account. Like password resets, only the SHA-256 of the token is kept; a newer
 * token of the same purpose ends the older ones.
 */
export const accountTokens = sqliteTable(
  "account_tokens",
  {
    ...mailedToken(),
    purpose: text("purpose", { enum: ["verify_email", "change_email", "delete_account"] }).notNull(),
    /** The address the link confirms (the new one for a change; the account's for a verification). */
    email: text("email"),
  },
  (t) => [index("account_tokens_user_idx").on(t.userId, t.purpose)],
);

/**
 * A staff member's second factor (issue 26, docs/decisions/023): the TOTP secret sealed with AES-GCM
 * under a key derived from SESSION_SECRET (a dump or a staff member cannot read it), and the last
 * step whose code was used (a code works once). A row exists only once the owner confirmed a code.
 * `last_claim` is the session a code opened: the session is written in the same batch only when
 * its own claim won.
 */
export const userTwoFactor = sqliteTable("user_two_factor", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretSealed: text("secret_sealed").notNull(),
  lastUsedStep: integer("last_used_step"),
  lastClaim: text("last_claim"),
  enabledAt: integer("enabled_at", { mode: "timestamp" }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Ten single-use recovery codes per second factor, kept as their SHA-256. */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at", { mode: "timestamp" }),
    /** The session the code opened (see `user_two_factor.last_claim`). */
    usedClaim: text("used_claim"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("recovery_codes_user_code_unique").on(t.userId, t.codeHash)],
);

/** Fixed-window counters for login attempts and contact messages. */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  resetAt: integer("reset_at", { mode: "timestamp" }).notNull(),
});

// ---------------------------------------------------------------- catalogue

export const categories = sqliteTable(
  "categories",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    image: text("image"),
    icon: text("icon"),
    sortOrder: integer("sort_order").notNull().default(0),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    /** Goes up with every staff change: a form showing an older version is refused, not applied. */
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("categories_slug_unique").on(t.slug), index("categories_sort_idx").on(t.sortOrder, t.name)],
);

export const products = sqliteTable(
  "products",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    sku: text("sku").notNull(),
    shortDescription: text("short_description").notNull().default(""),
    description: text("description").notNull().default(""),
    priceCents: integer("price_cents").notNull(),
    salePriceCents: integer("sale_price_cents"),
    /** What a shopper pays: the sale price only when it is lower than the price. */
    unitPriceCents: integer("unit_price_cents").generatedAlwaysAs(
      sql`CASE WHEN sale_price_cents IS NOT NULL AND sale_price_cents < price_cents THEN sale_price_cents ELSE price_cents END`,
      { mode: "virtual" },
    ),
    isOnSale: integer("is_on_sale", { mode: "boolean" }).generatedAlwaysAs(
      sql`(sale_price_cents IS NOT NULL AND sale_price_cents < price_cents)`,
      { mode: "virtual" },
    ),
    /**
     * The product's price, sale price and stock are its variants' summary, kept by the triggers of
     * migration 0014 (never written for a product with options): the figures of the variant with
     * the lowest unit price, and the sum of the sold variants' stock.
     */
    stock: integer("stock").notNull().default(0),
    /** The highest unit price of its sold variants (equal to the unit price without options). */
    priceMaxCents: integer("price_max_cents").notNull().default(0),
    /** A vase, a card, a ribbon: offered beside bouquets on the cart and checkout, never listed among them. */
    isAddon: integer("is_addon", { mode: "boolean" }).notNull().default(false),
    image: text("image"),
    isFeatured: integer("is_featured", { mode: "boolean" }).notNull().default(false),
    /** False once staff archive it: it leaves the shop, past orders keep it. */
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    /** When staff archived it (null while it is on sale). */
    archivedAt: integer("archived_at", { mode: "timestamp" }),
    /** Goes up with every staff change: a form showing an older version is refused, not applied. */
    version: integer("version").notNull().default(1),
    soldCount: integer("sold_count").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    reviewAverage: real("review_average").notNull().default(0),
    weightGrams: integer("weight_grams"),
    dimensions: text("dimensions"),
    metaKeywords: text("meta_keywords"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("products_slug_unique").on(t.slug),
    uniqueIndex("products_sku_unique").on(t.sku),
    // The shop's lists (active, add-ons or not) in each of their sorts, and by category in the
    // default sort and by price: a page walks one index in order (docs/decisions/031-size.md).
    index("products_list_created_idx").on(t.isActive, t.isAddon, t.createdAt),
    index("products_list_name_idx").on(t.isActive, t.isAddon, t.name),
    index("products_list_price_idx").on(t.isActive, t.isAddon, t.unitPriceCents),
    index("products_list_sold_idx").on(t.isActive, t.isAddon, t.soldCount),
    index("products_category_list_idx").on(t.categoryId, t.isActive, t.isAddon, t.createdAt),
    index("products_category_price_idx").on(t.categoryId, t.isActive, t.isAddon, t.unitPriceCents),
    // The sitemap's "/products" lastmod: the newest change of an active product, one step of an index.
    index("products_updated_idx").on(t.isActive, t.updatedAt),
    index("products_created_idx").on(t.isActive, t.createdAt),
    index("products_name_idx").on(t.isActive, t.name),
    index("products_unit_price_idx").on(t.isActive, t.unitPriceCents),
    index("products_sold_idx").on(t.isActive, t.soldCount),
    index("products_featured_idx").on(t.isFeatured, t.isActive),
    index("products_on_sale_idx").on(t.isOnSale, t.isActive),
    index("products_addon_idx").on(t.isAddon, t.isActive),
    check("products_price_check", sql`${t.priceCents} >= 0`),
    check("products_sale_price_check", sql`${t.salePriceCents} IS NULL OR ${t.salePriceCents} >= 0`),
    check("products_stock_check", sql`${t.stock} >= 0`),
    check("products_sold_check", sql`${t.soldCount} >= 0`),
    check("products_review_check", sql`${t.reviewAverage} >= 0 AND ${t.reviewAverage} <= 5`),
  ],
);

export const productImages = sqliteTable(
  "product_images",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    alt: text("alt").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [uniqueIndex("product_images_product_sort_unique").on(t.productId, t.sortOrder)],
);

/** A product's option (Size, Colour): up to 3 per product, each with 1 to 20 values in order. */
export const productOptions = sqliteTable(
  "product_options",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    uniqueIndex("product_options_product_position_unique").on(t.productId, t.position),
    uniqueIndex("product_options_product_name_unique").on(t.productId, t.name),
  ],
);

/** One value of an option (Posy, Bouquet, Grand), in the order the shop shows them. */
export const productOptionValues = sqliteTable(
  "product_option_values",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    optionId: integer("option_id")
      .notNull()
      .references(() => productOptions.id, { onDelete: "cascade" }),
    value: text("value").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    uniqueIndex("product_option_values_option_position_unique").on(t.optionId, t.position),
    uniqueIndex("product_option_values_option_value_unique").on(t.optionId, t.value),
  ],
);

/**
 * What is sold: one combination of a product's option values with its own SKU, prices, stock and
 * image. A product without options has one, with `options` = `{}` (its implicit variant, made by a
 * trigger when the product is inserted). `options` is a JSON object `{ "Size": "Grand" }` written
 * in the options' order, so one combination is one text.
 */
export const productVariants = sqliteTable(
  "product_variants",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sku: text("sku").notNull(),
    options: text("options").notNull().default("{}"),
    priceCents: integer("price_cents").notNull(),
    salePriceCents: integer("sale_price_cents"),
    unitPriceCents: integer("unit_price_cents").generatedAlwaysAs(
      sql`CASE WHEN sale_price_cents IS NOT NULL AND sale_price_cents < price_cents THEN sale_price_cents ELSE price_cents END`,
      { mode: "virtual" },
    ),
    stock: integer("stock").notNull().default(0),
    image: text("image"),
    weightGrams: integer("weight_grams"),
    /** Switched off: not sold (a variant past orders refer to is switched off instead of removed). */
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    uniqueIndex("product_variants_sku_unique").on(t.sku),
    uniqueIndex("product_variants_product_options_unique").on(t.productId, t.options),
    index("product_variants_product_idx").on(t.productId, t.isActive, t.position),
    index("product_variants_stock_idx").on(t.isActive, t.stock),
    check("product_variants_price_check", sql`${t.priceCents} >= 0`),
    check("product_variants_sale_price_check", sql`${t.salePriceCents} IS NULL OR ${t.salePriceCents} >= 0`),
    check("product_variants_stock_check", sql`${t.stock} >= 0`),
  ],
);

export const productColors = sqliteTable(
  "product_colors",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    color: text("color").notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.color] }), index("product_colors_color_idx").on(t.color, t.productId)],
);

// ---------------------------------------------------------------- site content

export const settings = sqliteTable(
  "settings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    key: text("key").notNull(),
    value: text("value").notNull().default(""),
    type: text("type", { enum: ["string", "number", "boolean", "json"] })
      .notNull()
      .default("string"),
    group: text("group").notNull().default("general"),
    isPublic: integer("is_public", { mode: "boolean" }).notNull().default(false),
    description: text("description").notNull().default(""),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("settings_key_unique").on(t.key), index("settings_public_idx").on(t.isPublic, t.group)],
);

/** The home page's sections in the spec's shape; product lists inside them are filled live. */
export const homeSections = sqliteTable("home_sections", {
  key: text("key").primaryKey(),
  data: text("data", { mode: "json" }).notNull(),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
});

// ---------------------------------------------------------------- blog

export const blogs = sqliteTable(
  "blogs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    content: text("content").notNull().default(""),
    /** The content's words without markup, for the search index (docs/decisions/031): written with `content`. */
    contentText: text("content_text").notNull().default(""),
    featuredImage: text("featured_image"),
    ogImage: text("og_image"),
    difficulty: text("difficulty").notNull().default("beginner"),
    authorName: text("author_name").notNull(),
    authorAvatar: text("author_avatar"),
    status: text("status", { enum: ["draft", "published"] })
      .notNull()
      .default("draft"),
    isFeatured: integer("is_featured", { mode: "boolean" }).notNull().default(false),
    publishedAt: integer("published_at", { mode: "timestamp" }),
    readingTime: integer("reading_time"),
    viewCount: integer("view_count").notNull().default(0),
    likeCount: integer("like_count").notNull().default(0),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    metaKeywords: text("meta_keywords"),
    /** Goes up with every staff change: a form showing an older version is refused, not applied. */
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("blogs_slug_unique").on(t.slug),
    index("blogs_published_idx").on(t.status, t.publishedAt),
    index("blogs_views_idx").on(t.status, t.viewCount),
    index("blogs_title_idx").on(t.status, t.title),
    index("blogs_difficulty_idx").on(t.difficulty, t.status),
    index("blogs_featured_idx").on(t.isFeatured, t.status),
    check("blogs_counts_check", sql`${t.viewCount} >= 0 AND ${t.likeCount} >= 0`),
  ],
);

export const blogCategories = sqliteTable(
  "blog_categories",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
  },
  (t) => [uniqueIndex("blog_categories_slug_unique").on(t.slug)],
);

export const blogCategoryLinks = sqliteTable(
  "blog_category_links",
  {
    blogId: integer("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => blogCategories.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.blogId, t.categoryId] }),
    index("blog_category_links_category_idx").on(t.categoryId, t.blogId),
  ],
);

export const blogTags = sqliteTable(
  "blog_tags",
  {
    blogId: integer("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
  },
  (t) => [primaryKey({ columns: [t.blogId, t.tag] }), index("blog_tags_tag_idx").on(t.tag, t.blogId)],
);

export const blogRelatedProducts = sqliteTable(
  "blog_related_products",
  {
    blogId: integer("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.blogId, t.productId] })],
);

/** One like per visitor: "u:<user id>" or "v:<anonymous visitor id>". */
export const blogLikes = sqliteTable(
  "blog_likes",
  {
    blogId: integer("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    visitorId: text("visitor_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blogId, t.visitorId] })],
);

/** One view per visitor per day (day = YYYY-MM-DD, UTC). */
export const blogViews = sqliteTable(
  "blog_views",
  {
    blogId: integer("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    visitorId: text("visitor_id").notNull(),
    day: text("day").notNull(),
  },
  (t) => [primaryKey({ columns: [t.blogId, t.visitorId, t.day] })],
);

// ---------------------------------------------------------------- checkout

export const shippingMethods = sqliteTable(
  "shipping_methods",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    code: text("code").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    costCents: integer("cost_cents").notNull(),
    deliveryDaysMin: integer("delivery_days_min").notNull(),
    deliveryDaysMax: integer("delivery_days_max").notNull(),
    freeShippingThresholdCents: integer("free_shipping_threshold_cents"),
    /** Comma-separated ISO country codes it serves; null serves every country. */
    countries: text("countries"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    uniqueIndex("shipping_methods_code_unique").on(t.code),
    check("shipping_methods_cost_check", sql`${t.costCents} >= 0`),
    check(
      "shipping_methods_days_check",
      sql`${t.deliveryDaysMin} >= 0 AND ${t.deliveryDaysMax} >= ${t.deliveryDaysMin}`,
    ),
  ],
);

export const taxRates = sqliteTable(
  "tax_rates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    countryCode: text("country_code").notNull(),
    /** Empty string applies to the whole country. */
    stateCode: text("state_code").notNull().default(""),
    name: text("name").notNull(),
    /** Basis points: 1500 is 15%. */
    rateBps: integer("rate_bps").notNull(),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  },
  (t) => [
    uniqueIndex("tax_rates_place_name_unique").on(t.countryCode, t.stateCode, t.name),
    check("tax_rates_rate_check", sql`${t.rateBps} >= 0 AND ${t.rateBps} <= 10000`),
  ],
);

export const coupons = sqliteTable(
  "coupons",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    code: text("code").notNull(),
    name: text("name").notNull(),
    type: text("type", { enum: ["percentage", "fixed"] }).notNull(),
    /** Whole percent for percentage coupons, cents for fixed ones. */
    value: integer("value").notNull(),
    minSubtotalCents: integer("min_subtotal_cents").notNull().default(0),
    maxDiscountCents: integer("max_discount_cents"),
    usageLimit: integer("usage_limit"),
    usageCount: integer("usage_count").notNull().default(0),
    startsAt: integer("starts_at", { mode: "timestamp" }),
    expiresAt: integer("expires_at", { mode: "timestamp" }),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("coupons_code_unique").on(t.code),
    check("coupons_type_check", sql`${t.type} IN ('percentage', 'fixed')`),
    check("coupons_value_check", sql`${t.value} > 0 AND (${t.type} <> 'percentage' OR ${t.value} <= 100)`),
    check(
      "coupons_usage_check",
      sql`${t.usageCount} >= 0 AND (${t.usageLimit} IS NULL OR ${t.usageCount} <= ${t.usageLimit})`,
    ),
  ],
);

export const orders = sqliteTable(
  "orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderNumber: text("order_number").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status").notNull().default("pending"),
    paymentMethod: text("payment_method").notNull().default("cash_on_delivery"),
    paymentStatus: text("payment_status").notNull().default("pending"),
    email: text("email").notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull().default(0),
    taxCents: integer("tax_cents").notNull().default(0),
    discountCents: integer("discount_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    couponId: integer("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    couponCode: text("coupon_code"),
    shippingMethodId: integer("shipping_method_id").references(() => shippingMethods.id, { onDelete: "set null" }),
    shippingMethodName: text("shipping_method_name"),
    shippingAddress: text("shipping_address").notNull(),
    billingAddress: text("billing_address").notNull(),
    notes: text("notes"),
    /** Staff only: never shown to the customer. */
    staffNote: text("staff_note"),
    /** When the cash was collected (payment_status became paid). */
    paidAt: integer("paid_at", { mode: "timestamp" }),
    /** Goes up with every staff change: a form showing an older version is refused, not applied. */
    version: integer("version").notNull().default(1),
    idempotencyKey: text("idempotency_key"),
    /**
     * Whose key it is (docs/decisions/022): a digest of the user, the guest's visitor id, or the
     * order's details. A key is unique per scope: the same key from someone else is another key.
     */
    idempotencyScope: text("idempotency_scope"),
    /**
     * A gift (gifting.md section 3): the buyer is `billing_address`, the recipient
     * `shipping_address`; the card's message as typed (shown as text, never as HTML) and whether
     * the packing slip leaves the prices out.
     */
    isGift: integer("is_gift", { mode: "boolean" }).notNull().default(false),
    giftMessage: text("gift_message"),
    giftHidePrices: integer("gift_hide_prices", { mode: "boolean" }).notNull().default(false),
    /** The day it is delivered, `YYYY-MM-DD` in the shop's time zone (null for orders placed before delivery dates). */
    deliveryDate: text("delivery_date"),
    /** `INV-2026-000042`: given when the order is placed, sequential per year, never reused (docs/decisions/030). */
    invoiceNumber: text("invoice_number"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("orders_number_unique").on(t.orderNumber),
    uniqueIndex("orders_invoice_number_unique").on(t.invoiceNumber),
    index("orders_delivery_idx").on(t.deliveryDate, t.status),
    uniqueIndex("orders_idempotency_scope_unique").on(t.idempotencyScope, t.idempotencyKey),
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_status_idx").on(t.status, t.createdAt),
    index("orders_created_idx").on(t.createdAt),
    check(
      "orders_money_check",
      sql`${t.subtotalCents} >= 0 AND ${t.shippingCents} >= 0 AND ${t.taxCents} >= 0 AND ${t.discountCents} >= 0 AND ${t.totalCents} >= 0`,
    ),
  ],
);

export const orderItems = sqliteTable(
  "order_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    productSku: text("product_sku").notNull(),
    productImage: text("product_image"),
    /** The variant sold (null once it is removed); its option values and SKU are kept on the line. */
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    /** The variant's option values when sold, as JSON `{ "Size": "Grand" }` (`{}` without options). */
    variantOptions: text("variant_options").notNull().default("{}"),
    quantity: integer("quantity").notNull(),
    priceCents: integer("price_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    index("order_items_variant_idx").on(t.variantId),
    check("order_items_quantity_check", sql`${t.quantity} >= 1 AND ${t.quantity} <= 99`),
    check("order_items_money_check", sql`${t.priceCents} >= 0 AND ${t.totalCents} >= 0`),
  ],
);

/**
 * The dashboard's figures of the orders, by UTC day of placing, status and payment status: how many
 * and their totals. Kept by the triggers on `orders` of the migration that made it (so every write
 * path is covered, in the same statement); `npm run db:stats-rebuild` fills it anew from the orders.
 */
export const dailyOrderFigures = sqliteTable(
  "daily_order_figures",
  {
    /** `YYYY-MM-DD`, UTC. */
    day: text("day").notNull(),
    status: text("status").notNull(),
    paymentStatus: text("payment_status").notNull(),
    orders: integer("orders").notNull(),
    totalCents: integer("total_cents").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.status, t.paymentStatus] })],
);

/**
 * The dashboard's customers: accounts with the customer role by UTC day of registering. Kept by the
 * triggers on `user_roles` of the migration that made it; rebuilt with `daily_order_figures`.
 */
export const dailyCustomerFigures = sqliteTable("daily_customer_figures", {
  /** `YYYY-MM-DD`, UTC. */
  day: text("day").primaryKey(),
  customers: integer("customers").notNull(),
});

/** The last invoice number given in a year (`invoice_counters.last`): bumped in the order's batch, so none is given twice. */
export const invoiceCounters = sqliteTable("invoice_counters", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull().default(0),
});

/**
 * The people a shopper sent a gift to, kept to pick next time (name and address, no email): saved
 * with each gift order, removable from the profile, gone with the account.
 */
export const savedRecipients = sqliteTable(
  "saved_recipients",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The address as an order keeps it: the checkout's JSON shape without the email. */
    address: text("address").notNull(),
    /** Lower-cased name and address: the same person sent to twice is one row. */
    fingerprint: text("fingerprint").notNull(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp" })
      .notNull()
      .default(sql`(unixepoch())`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("saved_recipients_user_fingerprint_unique").on(t.userId, t.fingerprint),
    index("saved_recipients_user_idx").on(t.userId, t.lastUsedAt),
  ],
);

/**
 * An order's history: one row per change staff (or the shop) made to its status, payment or note,
 * with who made it. The row for the order being placed is written with the order.
 */
export const orderHistory = sqliteTable(
  "order_history",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** `status`, `payment` or `note`. */
    kind: text("kind", { enum: ["status", "payment", "note"] }).notNull(),
    fromValue: text("from_value"),
    toValue: text("to_value"),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The actor's name when the change was made (kept if the account goes). */
    actorName: text("actor_name"),
    createdAt: createdAt(),
  },
  (t) => [index("order_history_order_idx").on(t.orderId, t.id)],
);

export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    ipAddress: text("ip_address"),
    status: text("status", { enum: ["unread", "read", "archived"] })
      .notNull()
      .default("unread"),
    readAt: integer("read_at", { mode: "timestamp" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_messages_created_idx").on(t.createdAt),
    index("contact_messages_status_idx").on(t.status, t.createdAt),
  ],
);

// ---------------------------------------------------------------- staff

/** Every staff write: who, when, which entity, and what changed. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    actorEmail: text("actor_email").notNull(),
    /** `create`, `update`, `delete`, `transition`... */
    action: text("action").notNull(),
    /** `order`, `user`, `message`, `setting`, `home_section`... */
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    summary: text("summary").notNull(),
    /** What changed, as `{ field: [before, after] }`. */
    changes: text("changes", { mode: "json" }).$type<Record<string, [unknown, unknown]>>(),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_entity_idx").on(t.entity, t.entityId, t.id), index("audit_log_created_idx").on(t.createdAt)],
);

/**
 * Every image staff uploaded to R2 (the `UPLOADS` bucket), keyed by its content's hash: the same
 * bytes uploaded twice are one object. Objects no page refers to any more are removed by the
 * scheduled clean-up (docs/decisions/010).
 */
export const uploads = sqliteTable(
  "uploads",
  {
    key: text("key").primaryKey(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("uploads_created_idx").on(t.createdAt)],
);

// ---------------------------------------------------------------- mail

/**
 * The outbox: every email the shop sends, written in the same batch as the change that causes it
 * (an order and its confirmation commit together or not at all), then delivered by the queue's
 * consumer. `status` is the guard against sending twice: only a `queued` row whose claim is free
 * (or stale) is sent, and a sent row is never sent again. docs/decisions/011.
 */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    /** Random, chosen before the batch, so the queue message can name it once the batch commits. */
    id: text("id").primaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    /** `order_placed`, `new_order`, `order_shipped`, `password_reset`... */
    template: text("template").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** Extra headers (`List-Unsubscribe`...), as `{ name: value }`. */
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    status: text("status", { enum: ["queued", "sent", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** How it left: `resend`, `send_email`, or `none` (no transport configured: kept here only). */
    transport: text("transport"),
    /** A consumer took it at this time (unix seconds); another delivery of the same message waits it out. */
    claimedAt: integer("claimed_at"),
    createdAt: createdAt(),
    sentAt: integer("sent_at", { mode: "timestamp" }),
    /** The mail's secrets (its links' tokens), sealed with a key staff never see: docs/decisions/020. */
    secrets: text("secrets"),
    /**
     * When the retention sweep emptied a sent mail's body (text, HTML, headers, secrets) after
     * `mail_body_retention_days`; null while the body is kept. The text then says so.
     */
    bodyRemovedAt: integer("body_removed_at", { mode: "timestamp" }),
  },
  (t) => [
    // The sent mails whose body is still kept, oldest sent first: the retention sweep's next chunk.
    index("mail_outbox_body_kept_idx")
      .on(t.status, t.sentAt)
      .where(sql`${t.status} = 'sent' AND ${t.bodyRemovedAt} IS NULL`),
    index("mail_outbox_status_idx").on(t.status, t.createdAt),
    index("mail_outbox_to_idx").on(t.toAddress, t.createdAt),
    index("mail_outbox_template_idx").on(t.template, t.createdAt),
    index("mail_outbox_created_idx").on(t.createdAt),
  ],
);

/**
 * The development mailbox: on a development server (`ENVIRONMENT=development`, `npm start`, the
 * browser tests' server) with no transport, delivery keeps here each mail as its recipient would
 * get it, secrets revealed, for `/dev/mail` and `GET /api/dev/mail`. Written by delivery only, and
 * only in development; empty everywhere else (docs/decisions/020).
 */
export const devMailbox = sqliteTable(
  "dev_mailbox",
  {
    /** The outbox row's id: one copy per delivered mail. */
    id: text("id").primaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    template: text("template").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    sentAt: integer("sent_at", { mode: "timestamp" })
      .notNull()
      .default(sql`(unixepoch())`),
  },
  (t) => [index("dev_mailbox_to_idx").on(t.toAddress, t.sentAt), index("dev_mailbox_sent_idx").on(t.sentAt)],
);

// ---------------------------------------------------------------- freshness

/**
 * One row per cache tag (`product:12`, `products`, `settings`...): its version goes up in the same
 * batch as every write that changes what the tag covers, so a cached entry that recorded an older
 * version is known to be stale. `changed_at` (unix seconds) lets readers fetch only the tags that
 * changed within the longest cache lifetime; older ones cannot concern any live entry.
 */
export const cacheTags = sqliteTable(
  "cache_tags",
  {
    tag: text("tag").primaryKey(),
    version: integer("version").notNull().default(1),
    changedAt: integer("changed_at").notNull(),
  },
  (t) => [index("cache_tags_changed_idx").on(t.changedAt)],
);

/**
 * Searches that found nothing, counted per day (the words only, never who searched), so staff see
 * what shoppers looked for and did not find: docs/decisions/031.
 */
export const searchMisses = sqliteTable(
  "search_misses",
  {
    /** `YYYY-MM-DD` (UTC). */
    day: text("day").notNull(),
    /** The words as searched, lower-cased, spaces collapsed. */
    terms: text("terms").notNull(),
    searches: integer("searches").notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.day, t.terms] })],
);

/**
 * The last run of each scheduled job (app/http/jobs.server.ts), one row per job, overwritten by the
 * next run: when it started and ended, whether it went well, what it did or why it failed. Staff
 * read it at /admin/jobs (docs/decisions/036).
 */
export const jobRuns = sqliteTable("job_runs", {
  /** The job's name in the registry (`mail-sweep`). */
  name: text("name").primaryKey(),
  startedAt: integer("started_at", { mode: "timestamp" }).notNull(),
  /** Null while it runs (or when the Worker stopped before it ended). */
  finishedAt: integer("finished_at", { mode: "timestamp" }),
  outcome: text("outcome", { enum: ["running", "ok", "failed"] }).notNull(),
  /** What it did, as staff read it ("3 orders cancelled"); null unless it ended well. */
  result: text("result"),
  /** Why it failed; null unless it failed. */
  error: text("error"),
  /** Who ran it: "Schedule", or the staff member who pressed Run now (or "Development" for the dev API). */
  ranBy: text("ran_by").notNull(),
});

// ---------------------------------------------------------------- the shoppers' extras

/**
 * Product reviews: one per shopper and product. A review by a shopper with a delivered order of
 * the product is published at once and marked verified; the others wait for staff (`pending`).
 * `products.review_count` and `review_average` are recomputed from the approved rows in the same
 * batch as every write here, so no figure the shop shows is ever invented.
 */
export const reviews = sqliteTable(
  "reviews",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** Null once the account is gone: the review stays, under the name it was written with. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    rating: integer("rating").notNull(),
    title: text("title").notNull(),
    /** Plain text, escaped when shown. */
    body: text("body").notNull(),
    /** The name shown with the review, taken when it was written. */
    authorName: text("author_name").notNull(),
    verifiedPurchase: integer("verified_purchase", { mode: "boolean" }).notNull().default(false),
    status: text("status", { enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("pending"),
    moderatedBy: integer("moderated_by").references(() => users.id, { onDelete: "set null" }),
    moderatedAt: integer("moderated_at", { mode: "timestamp" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("reviews_product_user_unique").on(t.productId, t.userId),
    index("reviews_product_status_idx").on(t.productId, t.status, t.createdAt),
    index("reviews_status_idx").on(t.status, t.createdAt),
    index("reviews_user_idx").on(t.userId),
    check("reviews_rating_check", sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

/** A shopper's saved products: adding one twice keeps one row. */
export const wishlistItems = sqliteTable(
  "wishlist_items",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index("wishlist_items_user_created_idx").on(t.userId, t.createdAt),
    index("wishlist_items_product_idx").on(t.productId),
  ],
);

/**
 * Newsletter sign-ups, double opt-in: `pending` until the emailed link (its SHA-256 is kept, the
 * token itself is only in the mail) confirms it; `unsubscribed` after the one-click link.
 */
export const newsletterSubscribers = sqliteTable(
  "newsletter_subscribers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    status: text("status", { enum: ["pending", "subscribed", "unsubscribed"] })
      .notNull()
      .default("pending"),
    confirmTokenHash: text("confirm_token_hash"),
    confirmExpiresAt: integer("confirm_expires_at", { mode: "timestamp" }),
    confirmedAt: integer("confirmed_at", { mode: "timestamp" }),
    unsubscribedAt: integer("unsubscribed_at", { mode: "timestamp" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_unique").on(t.email),
    uniqueIndex("newsletter_subscribers_token_unique").on(t.confirmTokenHash),
    index("newsletter_subscribers_status_idx").on(t.status, t.createdAt),
  ],
);

/** Accounts linked to a social login: the provider's stable user id, never the email, finds the account. */
export const userIdentities = sqliteTable(
  "user_identities",
  {
    provider: text("provider", { enum: ["google", "twitter"] }).notNull(),
    providerUserId: text("provider_user_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email"),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp" }),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerUserId] }), index("user_identities_user_idx").on(t.userId)],
);

// ---------------------------------------------------------------- bringing shoppers back (docs/decisions/037)

/**
 * Addresses a kind of the shop's return mails must not go to: one that left it in one click
 * (`unsubscribed`, for its topic), or every return mail (topic `*`) for an address that bounced or
 * complained. Checked in SQL in the batch that writes each such mail (app/services/mail/retention.server.ts).
 */
export const mailSuppressions = sqliteTable(
  "mail_suppressions",
  {
    email: text("email").notNull(),
    /** `back_in_stock`, `cart_reminder`, `occasion_reminder`, or `*` for all of them. */
    topic: text("topic").notNull(),
    reason: text("reason", { enum: ["unsubscribed", "bounced", "complained"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.email, t.topic] })],
);

/**
 * "Tell me when it's back": an address asking for one mail when a sold-out variant (a product
 * without options: its implicit variant) is in stock again. `pending` until the mailed link is
 * followed (double opt-in, only the token's SHA-256 kept), `active` until the mail is written
 * (`notified`) or the request is withdrawn (`cancelled`).
 */
export const stockAlerts = sqliteTable(
  "stock_alerts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "active", "notified", "cancelled"] })
      .notNull()
      .default("pending"),
    confirmTokenHash: text("confirm_token_hash"),
    confirmExpiresAt: integer("confirm_expires_at", { mode: "timestamp" }),
    confirmedAt: integer("confirmed_at", { mode: "timestamp" }),
    notifiedAt: integer("notified_at", { mode: "timestamp" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One live request per address and variant.
    uniqueIndex("stock_alerts_live_unique")
      .on(t.email, t.variantId)
      .where(sql`${t.status} IN ('pending', 'active')`),
    uniqueIndex("stock_alerts_token_unique").on(t.confirmTokenHash),
    // The restock job: the active requests of variants now in stock.
    index("stock_alerts_active_idx")
      .on(t.variantId)
      .where(sql`${t.status} = 'active'`),
    index("stock_alerts_product_idx").on(t.productId, t.status),
  ],
);

/**
 * A signed-in shopper's cart as the server last saw it (the cart itself lives in a cookie): what the
 * left-cart reminder mails about and its link restores. `remindedAt` is cleared by every change, so
 * one reminder follows each time the cart is left.
 */
export const savedCarts = sqliteTable(
  "saved_carts",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The cart cookie's lines (app/lib/cart.ts `serializeCart`). */
    lines: text("lines").notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp" }).notNull(),
    remindedAt: integer("reminded_at", { mode: "timestamp" }),
  },
  (t) => [
    // The reminder job: carts not reminded of since they last changed, by when that was.
    index("saved_carts_due_idx")
      .on(t.updatedAt)
      .where(sql`${t.remindedAt} IS NULL`),
  ],
);

/**
 * A date a signed-in shopper wants to be reminded of (a birthday, an anniversary): every year on
 * its month and day, or once (with its year). `remindedFor` is the occurrence (`YYYY-MM-DD`) last
 * mailed about, so each occurrence gets one reminder.
 */
export const occasions = sqliteTable(
  "occasions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    month: integer("month").notNull(),
    day: integer("day").notNull(),
    /** Set for a one-time occasion; null for a yearly one. */
    year: integer("year"),
    repeats: text("repeats", { enum: ["yearly", "once"] }).notNull(),
    remindedFor: text("reminded_for"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("occasions_user_idx").on(t.userId, t.month, t.day),
    // The reminder job reads the occasions of the coming days by month and day.
    index("occasions_date_idx").on(t.month, t.day),
    check("occasions_month_check", sql`${t.month} BETWEEN 1 AND 12`),
    check("occasions_day_check", sql`${t.day} BETWEEN 1 AND 31`),
    check(
      "occasions_year_check",
      sql`(${t.repeats} = 'once' AND ${t.year} IS NOT NULL) OR (${t.repeats} = 'yearly' AND ${t.year} IS NULL)`,
    ),
  ],
);
