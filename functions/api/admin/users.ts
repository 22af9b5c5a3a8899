import { z } from "zod";
import { parseId } from "../../../app/lib/ids";
import { UserListQuerySchema, UserUpdateSchema } from "../../../app/lib/schemas/admin-people";
import {
  getAdminUser,
  isStaffAccount,
  listUsers,
  updateUser,
  USER_MESSAGES,
} from "../../../app/services/admin/users.server";
import { isSuperAdmin } from "../../../app/services/auth.server";
import { ForbiddenError, NotFoundError } from "../../../app/services/errors";
import {
  AdminUserDetailSchema,
  AdminUserSchema,
  adminUserDetailJson,
} from "../../../app/services/serializers/admin-user";
import { ok, parseQuery, readBody, validateBody, type ApiContext } from "../http";
import { apiApp, Done, errors, json, jsonOrForm, mount, success } from "../openapi";
import { resetTwoFactor } from "../../../app/services/two-factor.server";
import { adminPage } from "./audit";
import { actor, requireSuperAdmin, STAFF_READ, STAFF_WRITE } from "./staff";

const tags = ["Admin"];
const params = z.object({ id: z.string() });

function userId(c: ApiContext): number {
  const id = parseId(c.req.param("id"));
  if (id === null) throw new NotFoundError(USER_MESSAGES.notFound);
  return id;
}

/** GET /api/admin/users, GET and PATCH /api/admin/users/{id}: customers and staff. */
export const usersApi = apiApp();
mount(
  usersApi,
  {
    method: "get",
    path: "/",
    tags,
    summary: "Customers and staff, newest first (search by name or email, role filter, pages)",
    security: STAFF_READ,
    request: {
      query: z.object({
        search: z.string().optional(),
        role: z.enum(["customer", "admin", "super-admin"]).optional(),
        page: z.string().optional(),
        per_page: z.string().optional(),
      }),
    },
    responses: { 200: json(success(adminPage(AdminUserSchema)), "A page of users."), ...errors(401, 403, 422) },
  },
  async (c) => {
    const page = await listUsers(c.var.app.db, parseQuery(c, UserListQuerySchema));
    return ok(c, page);
  },
);
mount(
  usersApi,
  {
    method: "get",
    path: "/{id}",
    tags,
    summary: "One user: roles, whether disabled, latest orders",
    security: STAFF_READ,
    request: { params },
    responses: { 200: json(success(AdminUserDetailSchema), "The user."), ...errors(401, 403, 404) },
  },
  async (c) => {
    const user = await getAdminUser(c.var.app.db, userId(c));
    if (!user) throw new NotFoundError(USER_MESSAGES.notFound);
    return ok(c, adminUserDetailJson(user));
  },
);
mount(
  usersApi,
  {
    method: "patch",
    path: "/{id}",
    tags,
    summary: "Change a user's staff roles (super-admin only) or disable / enable the account",
    description:
      "`roles` is the whole set of staff roles the user keeps (`admin`, `super-admin`); `customer` may be listed, as GET shows it, and is never changed here. Only a super-admin may send `roles`. " +
      "An admin may disable or enable a customer; a staff account needs a super-admin. Disabling ends every session of the user at once. " +
      "Who may ask is checked before what is asked: an actor who may not make the change gets 403, never a 422. " +
      "Nobody disables their own account; the last enabled super-admin can be neither demoted nor disabled (409).",
    security: STAFF_WRITE,
    request: { params, body: jsonOrForm(UserUpdateSchema) },
    responses: {
      200: json(success(AdminUserSchema, { message: z.string() }), "The user as saved."),
      ...errors(401, 403, 404, 409, 422),
    },
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
mount(
  usersApi,
  {
    method: "delete",
    path: "/{id}/two-factor",
    tags,
    summary: "Reset a staff member's second factor (super-admin only): it is removed and their sessions end; audited",
    description: "For a lost phone: the member sets a new factor up at their next sign-in while the shop requires one.",
    security: STAFF_WRITE,
    request: { params },
    responses: { 200: json(Done, "Reset."), ...errors(401, 403, 404) },
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
