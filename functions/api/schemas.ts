import { z } from "zod";

/**
 * The wire shapes of the catalogue, blog, settings and accounts, as the services' view types give
 * them (app/services/products.server.ts `Product`, blogs.server.ts `BlogCard`, ...). Orders, shipping,
 * coupons and tax have theirs next to their serializers in app/services/serializers.
 */

const PageMetaShape = {
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  total: z.number().int(),
};

export const ProductSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    sku: z.string(),
    description: z.string(),
    short_description: z.string(),
    price: z.number(),
    sale_price: z.number().nullable(),
    unit_price: z.number().meta({
      description: "What one costs now: the sale price when on sale.",
    }),
    price_cents: z.number().int(),
    sale_price_cents: z.number().int().nullable(),
    unit_price_cents: z.number().int(),
    is_on_sale: z.boolean(),
    discount_percent: z.number(),
    image: z.string(),
    category: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).nullable(),
    stock: z.number().int(),
    in_stock: z.boolean(),
    is_featured: z.boolean(),
    weight: z.number().nullable(),
    dimensions: z.string().nullable(),
    reviews: z.number().int(),
    rating: z.number(),
    sold: z.number().int(),
    meta_keywords: z.string().nullable(),
    created_at: z.string().nullable(),
  })
  .meta({ id: "Product" });

export const ProductDetailSchema = ProductSchema.extend({
  images: z.array(z.object({ url: z.string(), alt: z.string() })),
  colors: z.array(z.string()),
  related_products: z.array(ProductSchema),
}).meta({ id: "ProductDetail" });

export const ProductPageSchema = z.object({
  data: z.array(ProductSchema),
  ...PageMetaShape,
});

export const CategorySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    image: z.string(),
    icon: z.string().nullable(),
    product_count: z.number().int().optional().meta({ description: "With `with_counts=1`: its active products." }),
  })
  .meta({ id: "Category" });

export const BlogCardSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    excerpt: z.string(),
    url: z.string(),
    featured_image: z.string(),
    og_image: z.string(),
    difficulty: z.string(),
    difficulty_badge: z.string(),
    author_name: z.string(),
    author_avatar: z.string().nullable(),
    is_featured: z.boolean(),
    published_at: z.string().nullable(),
    formatted_published_date: z.string(),
    reading_time: z.number().int(),
    reading_time_text: z.string(),
    view_count: z.number().int(),
    like_count: z.number().int(),
    tags: z.array(z.string()),
    category_names: z.array(z.string()),
  })
  .meta({ id: "BlogCard" });

const BlogLinkSchema = z.object({
  title: z.string(),
  url: z.string(),
  slug: z.string(),
});

export const BlogDetailSchema = BlogCardSchema.extend({
  content: z.string().meta({ description: "Sanitized HTML." }),
  meta_title: z.string(),
  meta_description: z.string(),
  meta_keywords: z.string(),
  related_products: z.array(ProductSchema),
  previous_blog: BlogLinkSchema.nullable(),
  next_blog: BlogLinkSchema.nullable(),
  similar_blogs: z.array(BlogCardSchema),
  liked: z.boolean().meta({
    description: "Whether the visitor asking has liked it (false for an anonymous shared answer).",
  }),
}).meta({ id: "BlogDetail" });

export const BlogPageSchema = z.object({
  blogs: z.array(BlogCardSchema),
  pagination: z.object(PageMetaShape),
});

export const BlogLikeSchema = z.object({
  like_count: z.number().int(),
  liked: z.boolean(),
});

const SettingValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.unknown()), z.record(z.string(), z.unknown())]);

export const PublicSettingsSchema = z
  .record(z.string(), z.record(z.string(), SettingValueSchema))
  .meta({ description: "The public settings by group, then key." });

export const PublicSettingSchema = z.object({
  key: z.string(),
  value: SettingValueSchema,
  type: z.string(),
  group: z.string(),
});

export const CurrencySchema = z.object({
  code: z.string(),
  symbol: z.string(),
  position: z.enum(["left", "right"]),
  decimal_places: z.number().int(),
});

export const HomeSchema = z.object({
  success: z.literal(true),
  data: z.record(z.string(), z.record(z.string(), z.unknown())).meta({ description: "The home page's sections by key." }),
  currency: CurrencySchema,
  message: z.string(),
});

export const UserSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip_code: z.string().nullable(),
    country: z.string().nullable(),
    created_at: z.string(),
    roles: z.array(z.object({ name: z.string() })),
  })
  .meta({ id: "User" });

export const AuthSchema = z.object({
  user: UserSchema,
  token: z.string().meta({ description: "A bearer token (JWT)." }),
});

export const HealthSchema = z.object({ status: z.literal("ok") });
