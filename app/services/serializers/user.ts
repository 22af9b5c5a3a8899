import { z } from "zod";

/** A user's own fields, as the user (`User`) and staff (`AdminUser`) both see them. */
export const UserProfileShape = {
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
  country: z.string().nullable(),
};

/** A user as the API shows them to themselves (`AuthUser`): never the password hash. */
export const UserSchema = z
  .object({
    ...UserProfileShape,
    email_verified: z.boolean().meta({
      description:
        "Whether the owner proved the address with the mailed link (or a mailed password reset, or a provider's verified address).",
    }),
    created_at: z.string(),
    roles: z.array(z.object({ name: z.string() })),
  })
  .meta({ id: "User" });
