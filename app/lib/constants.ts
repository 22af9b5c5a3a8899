/** The spec's business constants (section 9). */
export const PASSWORD_MIN_LENGTH = 8;
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 99;

export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 50;
export const PRODUCTS_PAGE_SIZE = 12;
export const BLOG_PAGE_SIZE = 9;
export const DEFAULT_READING_TIME_MINUTES = 5;
export const MAX_PAGINATION_BUTTONS = 5;

export const RELATED_PRODUCTS_FETCHED = 4;
export const RELATED_PRODUCTS_SHOWN = 3;
export const FEATURED_PRODUCTS_DEFAULT_LIMIT = 8;

/** Cache lifetimes in seconds. */
export const CACHE_SECONDS = { settings: 3600, products: 1800, categories: 7200, content: 300 } as const;

export const UPLOAD_MAX_BYTES = 5_242_880;
export const UPLOAD_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
/** Where staff-uploaded images are served: `/uploads/{key}`. */
export const UPLOADS_PATH = "/uploads/";

export const ORDER_LIST_PREVIEW_ITEMS = 3;

export const CART_TAX_RATE_BPS = 1000; // flat 10% of the subtotal on the cart page
export const FREE_SHIPPING_CLAIM_CENTS = 5000;

export const COUNTRIES = [
  { code: "LK", name: "Sri Lanka" },
  { code: "AU", name: "Australia" },
  { code: "US", name: "United States" },
  { code: "CA", name: "Canada" },
  { code: "GB", name: "United Kingdom" },
  { code: "IN", name: "India" },
  { code: "MY", name: "Malaysia" },
  { code: "SG", name: "Singapore" },
  { code: "TH", name: "Thailand" },
  { code: "AE", name: "United Arab Emirates" },
] as const;
export type CountryCode = (typeof COUNTRIES)[number]["code"];
export const DEFAULT_COUNTRY: CountryCode = "LK";

export const PRODUCT_SORTS = ["created_at", "name", "price", "best-sellers"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const BLOG_SORTS = ["published_at", "view_count", "title"] as const;
export type BlogSort = (typeof BLOG_SORTS)[number];
export const BLOG_DIFFICULTIES = ["beginner", "intermediate", "advanced"] as const;

/** How long a toast stays, in milliseconds (loading toasts stay until dismissed). */
export const TOAST_DURATIONS = { success: 3000, error: 5000, info: 4000, warning: 4000 } as const;

/** The back office: a product at or under this stock (and above none) is running low. */
export const LOW_STOCK_THRESHOLD = 5;

/**
 * The shop's two policies: where each lives and its name, which is the page's title and the
 * footer link's label (every page's footer links them, so only these). Revised together on
 * `POLICIES_UPDATED`; what search engines show of each is in its route's meta.
 */
export const POLICIES = {
  privacy: { path: "/privacy", title: "Privacy Policy" },
  terms: { path: "/terms", title: "Terms of Service" },
} as const;

export type PolicyName = keyof typeof POLICIES;

/** When the privacy policy and the terms of service were last revised (together). */
export const POLICIES_UPDATED = "November 20, 2026";
