import { z } from "zod";
import { UserListQuerySchema, UserUpdateSchema } from "../../../app/lib/schemas/admin-people";
import {
  getAdminUser,
  isStaffAccount,
  listUsers,
  updateUser,
  USER_MESSAGES,
} from "../../../app/services/admin/users.server";
import { isSuperAdmin } from "../../../app/services/auth.server";
import { ForbiddenError } from "../../../app/services/errors";
import {
  AdminUserDetailSchema,
  AdminUserSchema,
  adminUserDetailJson,
} from "../../../app/services/serializers/admin-user";
import { found, ok, parseQuery, pathId, readBody, validateBody, type ApiContext } from "../http";
import { apiApp } from "../openapi";
import { resetTwoFactor } from "../../../app/services/two-factor.server";
import { adminPage } from "./audit";
import { idParams as params, listQuery, rowChange, staffRoute } from "./route";
import { actor, requireSuperAdmin } from "./staff";

const userId = (c: ApiContext) => pathId(c, USER_MESSAGES.notFound);

/** GET /api/admin/users, GET and PATCH /api/admin/users/{id}: customers and staff. */
export const usersApi = apiApp();
staffRoute(
  usersApi,
  {
    method: "get",
    path: "/",
    summary: "Customers and staff, newest first (search by name or email, role filter, pages)",
    request: {
      query: listQuery({
        search: z.string().optional(),
        role: z.enum(["customer", "admin", "super-admin"]).optional(),
      }),
    },
    data: adminPage(AdminUserSchema),
    answer: "A page of users.",
  },
  async (c) => ok(c, await listUsers(c.var.app.db, parseQuery(c, UserListQuerySchema))),
);
staffRoute(
  usersApi,
  {
    method: "get",
    path: "/{id}",
    summary: "One user: roles, whether disabled, latest orders",
    request: { params },
    data: AdminUserDetailSchema,
    answer: "The user.",
  },
  async (c) => {
    const user = await getAdminUser(c.var.app.db, userId(c));
    return ok(c, adminUserDetailJson(found(user, USER_MESSAGES.notFound)));
  },
);
staffRoute(
  usersApi,
  {
    method: "patch",
    path: "/{id}",
    summary: "Change a user's staff roles (super-admin only) or disable / enable the account",
    description:
      "`roles` is the whole set of staff roles the user keeps (`admin`, `super-admin`); `customer` may be listed, as GET shows it, and is never changed here. Only a super-admin may send `roles`. " +
      "An admin may disable or enable a customer; a staff account needs a super-admin. Disabling ends every session of the user at once. " +
      "Who may ask is checked before what is asked: an actor who may not make the change gets 403, never a 422. " +
      "Nobody disables their own account; the last enabled super-admin can be neither demoted nor disabled (409).",
    request: rowChange(UserUpdateSchema),
    data: AdminUserSchema,
    answer: "The user as saved.",
    refusals: [409],
  },
  async (c) => {
    const id = userId(c);
    const { db } = c.var.app;
    const superAdmin = isSuperAdmin(c.var.viewer.user);
    // Authorization before validation: roles are a super-admin's, and so is any change to a staff account.
    const body = await readBody(c);
    if (!superAdmin) {
      if (body.roles !== undefined) requireSuperAdmin(c);
      if (await isStaffAccount(db, id)) throw new ForbiddenError(USER_MESSAGES.staffNeedsSuperAdmin);
    }
    const input = validateBody(UserUpdateSchema, body);
    const user = await updateUser(db, { ...actor(c), superAdmin }, id, input);
    return ok(c, user, { message: "User updated successfully" });
  },
);
staffRoute(
  usersApi,
  {
    method: "delete",
    path: "/{id}/two-factor",
    summary: "Reset a staff member's second factor (super-admin only): it is removed and their sessions end; audited",
    description: "For a lost phone: the member sets a new factor up at their next sign-in while the shop requires one.",
    request: { params },
    answer: "Reset.",
  },
  async (c) => {
    const id = userId(c);
    const reset = await resetTwoFactor(c.var.app.db, { ...actor(c), superAdmin: isSuperAdmin(c.var.viewer.user) }, id);
    return c.json({
      success: true as const,
      message: `${reset.name}'s two-factor sign-in was reset and their sessions have ended.`,
    });
  },
);
