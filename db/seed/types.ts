/**
 * Shapes of the seed content. Field names follow the SQL column names (snake_case) so the
 * statement builder in ./index.ts can map them one to one. Money is integer cents and
 * timestamps are unix seconds, as everywhere else in the schema.
 */

import type { ProfileInput } from "../../app/lib/schemas/account";
import type { settings } from "../schema";

export type SettingType = (typeof settings.$inferSelect)["type"];

export interface SeedSetting {
  key: string;
  value: string;
  type: SettingType;
  group: string;
  is_public: boolean;
  description: string;
}

export interface SeedHomeSection {
  key: string;
  data: Record<string, unknown>;
  is_active: boolean;
  sort_order: number;
}

export interface SeedCategory {
  name: string;
  slug: string;
  description: string;
  image: string;
  icon: string;
  sort_order: number;
}

/** The palette product colours are drawn from; also used by the image generator. */
export const PRODUCT_COLORS = [
  "red",
  "pink",
  "white",
  "yellow",
  "orange",
  "purple",
  "lavender",
  "blue",
  "green",
  "peach",
  "gold",
  "burgundy",
] as const;
export type ProductColor = (typeof PRODUCT_COLORS)[number];

export interface SeedProduct {
  name: string;
  slug: string;
  sku: string;
  short_description: string;
  /** Plain text paragraphs separated by a blank line. */
  description: string;
  price_cents: number;
  sale_price_cents: number | null;
  stock: number;
  is_featured: boolean;
  sold_count: number;
  weight_grams: number;
  dimensions: string;
  meta_keywords: string;
  colors: ProductColor[];
  /** Slug of the product's category (null for an add-on, which no category lists). */
  category: string | null;
  /** 2 to 4 paths, "/images/products/<slug>-<n>.svg" with n from 1. */
  images: string[];
  created_at: number;
  /** A vase, a card: offered beside bouquets on the cart and checkout. */
  is_addon?: boolean;
  /** Sizes and colours: the product is sold as `variants`, one per combination sold. */
  options?: Array<{ name: string; values: string[] }>;
  variants?: SeedVariant[];
}

export interface SeedVariant {
  sku: string;
  options: Record<string, string>;
  price_cents: number;
  sale_price_cents: number | null;
  stock: number;
  /** Which of the product's images shows it (1-based), when not the first. */
  image?: number;
}

/**
 * A published review of the demo shop, by a shopper who is not an account here: no user, not a
 * verified purchase. Products' review counts and averages are computed from these rows.
 */
export interface SeedReview {
  /** Slug of the product. */
  product: string;
  /** First name and initial, as the shop shows every review's author. */
  author_name: string;
  rating: 1 | 2 | 3 | 4 | 5;
  title: string;
  /** Plain text. */
  body: string;
  created_at: number;
}

export interface SeedBlogCategory {
  name: string;
  slug: string;
}

export interface SeedAuthor {
  name: string;
  slug: string;
  /** "/images/avatars/<slug>.svg" */
  avatar: string;
  /** Two colours used for the generated avatar illustration. */
  colors: [ProductColor, ProductColor];
}

export type Difficulty = "beginner" | "intermediate" | "advanced";

export interface SeedBlog {
  slug: string;
  title: string;
  excerpt: string;
  /** Article body as HTML. */
  content: string;
  featured_image: string;
  og_image: string;
  difficulty: Difficulty;
  author_name: string;
  author_avatar: string;
  status: "draft" | "published";
  is_featured: boolean;
  published_at: number | null;
  /** Minutes; null lets the app fall back to its default of 5. */
  reading_time: number | null;
  view_count: number;
  like_count: number;
  meta_title: string;
  meta_description: string;
  meta_keywords: string;
  tags: string[];
  /** Blog category slugs (1-2). */
  categories: string[];
  /** Product slugs (2-4). */
  related_products: string[];
  /** Colours used for the generated header illustration. */
  colors: ProductColor[];
}

export interface SeedShippingMethod {
  code: string;
  name: string;
  description: string;
  cost_cents: number;
  delivery_days_min: number;
  delivery_days_max: number;
  free_shipping_threshold_cents: number | null;
  /** Comma-separated ISO country codes; null serves every country. */
  countries: string | null;
  sort_order: number;
}

export interface SeedTaxRate {
  country_code: string;
  /** Empty string applies to the whole country. */
  state_code: string;
  name: string;
  /** Basis points: 1500 is 15%. */
  rate_bps: number;
}

export interface SeedCoupon {
  code: string;
  name: string;
  type: "percentage" | "fixed";
  /** Whole percent for percentage coupons, cents for fixed ones. */
  value: number;
  min_subtotal_cents: number;
  max_discount_cents: number | null;
  usage_limit: number | null;
  usage_count: number;
  starts_at: number | null;
  expires_at: number | null;
  is_active: boolean;
}

export interface SeedRole {
  name: string;
}

/** An account: the profile a user keeps in the app (as the profile form takes it), a password and roles. */
export type SeedUser = Omit<ProfileInput, "current_password"> & {
  /** Plain development password; hashed when the statements are built. */
  password: string;
  roles: string[];
};
