import { z } from "zod";
import { toUnits } from "../../lib/money";
import { UserProfileShape } from "./user";

/** A user as the back office's API gives them (the service's `AdminUser`): roles by name, whether disabled, how many orders. */
export const AdminUserSchema = z
  .object({
    ...UserProfileShape,
    roles: z.array(z.string()).meta({ description: "Every role by name: customer, admin, super-admin." }),
    disabled: z.boolean(),
    disabled_at: z.string().nullable(),
    deleted: z
      .boolean()
      .meta({ description: "Deleted by its owner: no personal data is left, and staff cannot change it (409)." }),
    deleted_at: z.string().nullable(),
    orders_count: z.number().int(),
    created_at: z.string().nullable(),
  })
  .meta({ id: "AdminUser" });
export type AdminUserJson = z.output<typeof AdminUserSchema>;

export const AdminUserOrderSchema = z
  .object({
    id: z.number().int(),
    order_number: z.string(),
    status: z.string(),
    payment_status: z.string(),
    total: z.number().meta({ description: "In currency units." }),
    created_at: z.string().nullable(),
  })
  .meta({ id: "AdminUserOrder" });

/** One user with their latest orders (newest first). */
export const AdminUserDetailSchema = AdminUserSchema.extend({ orders: z.array(AdminUserOrderSchema) }).meta({
  id: "AdminUserDetail",
});
export type AdminUserDetailJson = z.output<typeof AdminUserDetailSchema>;
/** One of the user's orders as staff see it on the user's page (money in cents). */
export type AdminUserOrder = Omit<z.output<typeof AdminUserOrderSchema>, "total"> & { total_cents: number };
/** One user with their latest orders (newest first); `orders_count` says how many there are in all. */
export type AdminUserDetail = AdminUserJson & { orders: AdminUserOrder[] };

export const adminUserDetailJson = (user: AdminUserDetail): AdminUserDetailJson => ({
  ...user,
  orders: user.orders.map(({ total_cents, created_at, ...order }) => ({
    ...order,
    total: toUnits(total_cents),
    created_at,
  })),
});
