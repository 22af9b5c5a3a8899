import { z } from "zod";
import { toUnits } from "../../lib/money";
import type { AdminUser, AdminUserDetail } from "../admin/users.server";

/** A user as the back office's API gives them: roles by name, whether disabled, how many orders. */
export const AdminUserSchema = z
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

export const adminUserJson = (user: AdminUser): AdminUserJson => ({
  id: user.id,
  name: user.name,
  email: user.email,
  phone: user.phone,
  address: user.address,
  city: user.city,
  state: user.state,
  zip_code: user.zip_code,
  country: user.country,
  roles: user.roles,
  disabled: user.disabled,
  disabled_at: user.disabled_at,
  deleted: user.deleted,
  deleted_at: user.deleted_at,
  orders_count: user.orders_count,
  created_at: user.created_at,
});

export const adminUserDetailJson = (user: AdminUserDetail): AdminUserDetailJson => ({
  ...adminUserJson(user),
  orders: user.orders.map((order) => ({
    id: order.id,
    order_number: order.order_number,
    status: order.status,
    payment_status: order.payment_status,
    total: toUnits(order.total_cents),
    created_at: order.created_at,
  })),
});
