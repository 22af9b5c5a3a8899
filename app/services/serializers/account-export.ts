import { z } from "zod";
import { OCCASION_REPEATS } from "../../lib/occasions";
import { GiftRecipientSchema, OrderSchema } from "./order";
import { UserSchema } from "./user";

/** GET /api/v1/auth/export and /profile/my-data: everything an account holds (docs/decisions/025). */
const ProductRef = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

export const AccountExportSchema = z
  .object({
    exported_at: z.string(),
    profile: UserSchema,
    orders: z.array(OrderSchema),
    reviews: z.array(
      z.object({
        id: z.number().int(),
        product: ProductRef,
        rating: z.number().int(),
        title: z.string(),
        body: z.string(),
        author_name: z.string(),
        status: z.string(),
        verified_purchase: z.boolean(),
        created_at: z.string().nullable(),
      }),
    ),
    wishlist: z.array(z.object({ product: ProductRef, added_at: z.string().nullable() })),
    newsletter: z
      .object({
        email: z.string(),
        status: z.string(),
        confirmed_at: z.string().nullable(),
        unsubscribed_at: z.string().nullable(),
        created_at: z.string().nullable(),
      })
      .nullable(),
    sign_in_methods: z
      .array(z.object({ provider: z.string(), linked_at: z.string().nullable(), last_used_at: z.string().nullable() }))
      .meta({ description: "Linked social sign-ins, by provider name only." }),
    saved_recipients: z
      .array(
        z.object({
          recipient: GiftRecipientSchema,
          last_used_at: z.string().nullable(),
          saved_at: z.string().nullable(),
        }),
      )
      .meta({ description: "The recipients kept from gifts, to pick at the checkout; the latest used first." }),
    occasions: z
      .array(
        z.object({
          name: z.string(),
          month: z.number().int(),
          day: z.number().int(),
          year: z.number().int().nullable(),
          repeats: z.enum(OCCASION_REPEATS),
          date_label: z.string(),
          saved_at: z.string().nullable(),
        }),
      )
      .meta({ description: "The occasions saved for reminders, in the year's order." }),
  })
  .meta({ id: "AccountExport" });
