import { z } from "zod";
import { PageMetaShape } from "../../app/services/serializers/page";
import { BlogCardSchema } from "../../app/services/serializers/blog";
import { ProductListItemSchema } from "../../app/services/serializers/product";
import { UserSchema } from "../../app/services/serializers/user";

export { ProductDetailSchema, ProductSchema } from "../../app/services/serializers/product";
export { CategorySchema } from "../../app/services/serializers/category";
export { UserSchema } from "../../app/services/serializers/user";
export { BlogCardSchema, BlogDetailSchema } from "../../app/services/serializers/blog";

/**
 * The wire shapes the API declares beside the entities' own: pages of products and tutorials,
 * likes, settings, home, accounts and health. Each entity's schema lives next to its serializer in
 * app/services/serializers (the serializer's type is derived from it), and is re-exported here.
 */

export const ProductPageSchema = z.object({
  data: z.array(ProductListItemSchema),
  ...PageMetaShape,
});

export const BlogPageSchema = z.object({
  blogs: z.array(BlogCardSchema),
  pagination: z.object(PageMetaShape),
});

export const BlogLikeSchema = z.object({
  like_count: z.number().int(),
  liked: z.boolean(),
});

const SettingValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.unknown()),
  z.record(z.string(), z.unknown()),
]);

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
  data: z
    .record(z.string(), z.record(z.string(), z.unknown()))
    .meta({ description: "The home page's sections by key." }),
  currency: CurrencySchema,
  message: z.string(),
});

export const AuthSchema = z.object({
  user: UserSchema,
  token: z.string().meta({ description: "A bearer token (JWT)." }),
});

/** `/api/health`: the service's state, the database's answer, the Worker's bindings (present or not), and with `deep=1` the staff's checks. */
export const HealthSchema = z.object({
  status: z.enum(["ok", "error"]),
  database: z.enum(["ok", "error"]),
  bindings: z.object({
    DB: z.boolean(),
    UPLOADS: z.boolean().meta({ description: "R2, the uploaded images." }),
    MAIL_QUEUE: z.boolean(),
    ASSETS: z.boolean(),
    SEND_EMAIL: z.boolean(),
    cache: z.boolean().meta({ description: "The edge cache (Cache API)." }),
  }),
  checks: z
    .object({
      uploads: z.enum(["ok", "error"]),
      mail_queue: z.enum(["ok", "error"]),
      overdue_mail: z.number().int().meta({ description: "Mail still queued five minutes after it was written." }),
    })
    .optional()
    .meta({ description: "With `deep=1` (staff) only." }),
});

/** `/api/health` when something does not answer: 503, with the same data. */
export const HealthFailureSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  data: HealthSchema,
});
