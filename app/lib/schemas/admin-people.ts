import { z } from "zod";
import { adminPaging, statusListQuery } from "./admin";
import { enumParam, searchParam } from "./query";
import { booleanInput, statusChange } from "./fields";

/**
 * The back office's people: customers and staff (`/admin/users`, `/api/admin/users`) and the contact
 * inbox (`/admin/messages`, `/api/admin/messages`). One source for the pages' forms and the API's
 * query strings and bodies.
 */

/** The roles staff grant and revoke here; `customer` is never granted or taken away on these screens. */
export const STAFF_ROLES = ["admin", "super-admin"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The list's role filter: customers (no staff role), admins, super-admins. */
export const USER_ROLE_FILTERS = ["customer", "admin", "super-admin"] as const;
export type UserRoleFilter = (typeof USER_ROLE_FILTERS)[number];

export const MESSAGE_STATUSES = ["unread", "read", "archived"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const PEOPLE_MESSAGES = {
  nothingToChange: "Send roles, disabled or both.",
  rolesList: "The roles must be a list of roles (customer, admin, super-admin).",
  roleInvalid: "The selected role is invalid.",
  disabledBoolean: "The disabled field must be true or false.",
  statusRequired: "The status field is required.",
  statusInvalid: "The status must be unread, read or archived.",
} as const;

/** GET /api/admin/users and the list page: search by name or email, an optional role, pages. */
export const UserListQuerySchema = z.object({
  search: searchParam("search", 100),
  role: enumParam("role", USER_ROLE_FILTERS),
  ...adminPaging,
});
export type UserListQuery = z.output<typeof UserListQuerySchema>;

/** The roles a user shows (GET /api/admin/users/{id}): `customer` and the staff roles. */
export const USER_ROLES = ["customer", ...STAFF_ROLES] as const;

/**
 * The staff roles the user should have afterwards (the whole set: a staff role left out is
 * revoked). A list, or from a form one comma-separated string; an empty list takes every staff role
 * away. `customer` may be in it, as the user's `roles` show it, and changes nothing: what GET shows,
 * PATCH accepts.
 */
const rolesInput = z
  .unknown()
  .transform((value, ctx) => {
    const list =
      typeof value === "string"
        ? value
            .split(",")
            .map((part) => part.trim())
            .filter(Boolean)
        : value;
    if (!Array.isArray(list) || list.some((role) => typeof role !== "string")) {
      ctx.addIssue({ code: "custom", message: PEOPLE_MESSAGES.rolesList });
      return z.NEVER;
    }
    if (list.some((role) => !(USER_ROLES as readonly string[]).includes(role))) {
      ctx.addIssue({ code: "custom", message: PEOPLE_MESSAGES.roleInvalid });
      return z.NEVER;
    }
    return STAFF_ROLES.filter((role) => list.includes(role));
  })
  .meta({ type: "array", items: { type: "string", enum: [...USER_ROLES] } });

/** PATCH /api/admin/users/{id}: `{ roles?, disabled? }`, at least one of them. */
export const UserUpdateSchema = z
  .object({
    roles: rolesInput.optional(),
    disabled: booleanInput(PEOPLE_MESSAGES.disabledBoolean, { blankIsFalse: false }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.roles === undefined && value.disabled === undefined)
      ctx.addIssue({ code: "custom", path: ["roles"], message: PEOPLE_MESSAGES.nothingToChange });
  });
export type UserUpdateInput = z.output<typeof UserUpdateSchema>;

/** GET /api/admin/messages?status=: one status (every status when absent), newest first, pages. */
export const MessageListQuerySchema = statusListQuery(MESSAGE_STATUSES);
export type MessageListQuery = z.output<typeof MessageListQuerySchema>;

/** PATCH /api/admin/messages/{id}: `{ status }`. */
export const MessageUpdateSchema = statusChange(MESSAGE_STATUSES, PEOPLE_MESSAGES);
export type MessageUpdateInput = z.output<typeof MessageUpdateSchema>;
