import { and, count, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { TAGS } from "../../lib/cache-tags";
import { bumpTags } from "../cache-tags.server";
import type { Database } from "../../../db/client";
import { orders, sessions, userRoles, users } from "../../../db/schema";
import { STAFF_ROLES, type StaffRole, type UserListQuery, type UserUpdateInput } from "../../lib/schemas/admin-people";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors";
import {
  isoDate,
  foundIn,
  pageMeta,
  subqueries,
  type PageMeta,
  type RowOf,
  onePageById,
  newestFirst,
  countWhere,
  totalOf,
} from "../sql";
import { toUser, userFields } from "../auth.server";
import type { AdminUserJson } from "../serializers/admin-user";
import { auditEntry, auditRecords, recentAuditOf, type Actor, type AuditRecord } from "../audit.server";
import { type AdminUserOrder, type AdminUserDetail } from "../serializers/admin-user";

/**
 * Customers and staff, as the back office sees and changes them (`/admin/users`, `/api/admin/users`).
 *
 * Who may change what:
 * - roles (`admin`, `super-admin`; `customer` is never touched here): a super-admin only, for anyone;
 * - disabling and enabling: an admin for a customer (a user without a staff role); for a staff
 *   account a super-admin only, since taking a colleague's access away is a change to the staff
 *   as much as a role change is;
 * - nobody disables their own account (they would lock themselves out mid-change);
 * - the last enabled super-admin can be neither demoted nor disabled (409): guarded in SQL inside
 *   the write's batch, so two super-admins demoting each other at once cannot leave none.
 */

export const USER_MESSAGES = {
  notFound: "User not found",
  rolesNeedSuperAdmin: "Only a super-admin can change staff roles.",
  staffNeedsSuperAdmin: "Only a super-admin can disable or enable a staff account.",
  notYourself: "You cannot disable your own account.",
  lastSuperAdmin: "The last super-admin cannot be demoted or disabled.",
  changedMeanwhile: "This account was changed by someone else meanwhile. Please reload it and try again.",
  deleted: "This account has been deleted by its owner: it cannot be changed.",
} as const;

/** The staff member making the change, and whether they are a super-admin. */
export interface StaffActor extends Actor {
  superAdmin: boolean;
}

/** A user as staff see them: the user's own fields (`toUser`'s), their roles by name, their state and how many orders they placed. */
export type AdminUser = AdminUserJson;

/** How many of a user's orders the user page lists. */
export const USER_ORDERS_SHOWN = 50;

// ---------------------------------------------------------------- SQL fragments

const roleId = (name: string) => sql`(SELECT "id" FROM "roles" WHERE "name" = ${name})`;

/** Whether the user (an id, or the outer query's `"users"."id"`) has the role. */
const hasRole = (userId: number | SQL, name: string) =>
  sql`EXISTS (SELECT 1 FROM "user_roles" "ur" WHERE "ur"."user_id" = ${userId} AND "ur"."role_id" = ${roleId(name)})`;

const hasStaffRole = (userId: number | SQL) => sql`(${hasRole(userId, "admin")} OR ${hasRole(userId, "super-admin")})`;

/** The user is, at this point of the batch, a super-admin whose account is enabled. */
const isEnabledSuperAdmin = (userId: number) =>
  sql`EXISTS (SELECT 1 FROM "user_roles" "ur" INNER JOIN "users" "u" ON "u"."id" = "ur"."user_id" WHERE "ur"."user_id" = ${userId} AND "ur"."role_id" = ${roleId("super-admin")} AND "u"."disabled_at" IS NULL)`;

/** Another enabled super-admin than this user exists. */
const anotherEnabledSuperAdmin = (userId: number) =>
  sql`EXISTS (SELECT 1 FROM "user_roles" "ur" INNER JOIN "users" "u" ON "u"."id" = "ur"."user_id" WHERE "ur"."user_id" <> ${userId} AND "ur"."role_id" = ${roleId("super-admin")} AND "u"."disabled_at" IS NULL)`;

const outerUserId = sql.raw(`"users"."id"`);

/** The account's fields and roles as the login reads them, with its state and its number of orders. */
const adminUserColumns = {
  ...userFields,
  disabled_at: users.disabledAt,
  deleted_at: users.deletedAt,
  orders_count: sql<number>`${subqueries.select({ n: count() }).from(orders).where(eq(orders.userId, users.id))}`
    .mapWith(Number)
    .as("orders_count"),
};

type AdminUserRow = RowOf<typeof adminUserColumns>;

const ROLE_ORDER = ["customer", ...STAFF_ROLES];
const sortRoles = (names: string[]) =>
  [...names].sort((a, b) => ROLE_ORDER.indexOf(a) - ROLE_ORDER.indexOf(b) || a.localeCompare(b));

/** The user as `toUser` reads them (without what only the owner sees), with their roles by name and their state. */
function toAdminUser(row: AdminUserRow): AdminUser {
  const { email_verified: _verified, roles, created_at, ...profile } = toUser(row);
  return {
    ...profile,
    roles: sortRoles(roles.map((role) => role.name)),
    disabled: row.disabled_at !== null,
    disabled_at: isoDate(row.disabled_at),
    deleted: row.deleted_at !== null,
    deleted_at: isoDate(row.deleted_at),
    orders_count: Number(row.orders_count ?? 0),
    created_at,
  };
}

const selectAdminUser = (db: Database, id: number) => db.select(adminUserColumns).from(users).where(eq(users.id, id));

// ---------------------------------------------------------------- reading

function listWhere(query: Pick<UserListQuery, "search" | "role">): SQL | undefined {
  const search = query.search ? foundIn(users.id, "user_search", query.search) : undefined;
  const role =
    query.role === "customer"
      ? sql`NOT ${hasStaffRole(outerUserId)}`
      : query.role
        ? hasRole(outerUserId, query.role)
        : undefined;
  return and(search, role);
}

/** Users, newest first, searched by name or email, optionally of one role: the page and its total in one batch. */
export async function listUsers(db: Database, query: UserListQuery): Promise<{ data: AdminUser[] } & PageMeta> {
  const where = listWhere(query);
  const [rows, counted] = await db.batch([
    onePageById(db.select(adminUserColumns).from(users).$dynamic(), users, where, newestFirst(users), query),
    countWhere(db, users, where),
  ]);
  return { data: rows.map(toAdminUser), ...pageMeta(query.page, query.per_page, totalOf(counted), rows.length) };
}

const userOrders = (db: Database, id: number) =>
  db
    .select({
      id: orders.id,
      order_number: orders.orderNumber,
      status: orders.status,
      payment_status: orders.paymentStatus,
      total_cents: orders.totalCents,
      created_at: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.userId, id))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(USER_ORDERS_SHOWN);

const toOrder = (row: Awaited<ReturnType<typeof userOrders>>[number]): AdminUserOrder => ({
  ...row,
  created_at: isoDate(row.created_at),
});

/** One user with their roles, state and latest orders, in one batch; null when there is no such user. */
export async function getAdminUser(db: Database, id: number): Promise<AdminUserDetail | null> {
  const [rows, orderRows] = await db.batch([selectAdminUser(db, id), userOrders(db, id)]);
  const row = rows[0];
  return row ? { ...toAdminUser(row), orders: orderRows.map(toOrder) } : null;
}

/**
 * Whether the user has a staff role (an admin may change nothing on such an account): asked
 * before a change is validated, so an actor who may not change it hears 403 whatever they sent.
 */
export async function isStaffAccount(db: Database, id: number): Promise<boolean> {
  const [row] = await db.select({ staff: sql<number>`${hasStaffRole(id)}` }).from(sql`(SELECT 1)`);
  return Boolean(row?.staff);
}

/** The user's page: the user, their orders and the audit entries about them, in one batch. */
export async function getAdminUserPage(
  db: Database,
  id: number,
): Promise<{ user: AdminUserDetail; audit: AuditRecord[] } | null> {
  const [rows, orderRows, auditRows] = await db.batch([
    selectAdminUser(db, id),
    userOrders(db, id),
    recentAuditOf(db, "user", id),
  ]);
  const row = rows[0];
  return row ? { user: { ...toAdminUser(row), orders: orderRows.map(toOrder) }, audit: auditRecords(auditRows) } : null;
}

// ---------------------------------------------------------------- changing

const staffRolesOf = (user: Pick<AdminUser, "roles">) => STAFF_ROLES.filter((role) => user.roles.includes(role));
const listOr = (names: readonly string[]) => (names.length ? names.join(", ") : "none");

function summaryOf(user: AdminUser, grant: StaffRole[], revoke: StaffRole[], disabled: boolean | undefined): string {
  const parts: string[] = [];
  if (grant.length) parts.push(`granted ${grant.join(" and ")}`);
  if (revoke.length) parts.push(`revoked ${revoke.join(" and ")}`);
  if (disabled === true) parts.push("disabled the account (its sessions ended)");
  if (disabled === false) parts.push("enabled the account");
  const text = parts.join("; ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}: ${user.name} (${user.email})`;
}

/**
 * Changes a user's staff roles (the whole set given: a role left out is revoked) and whether the
 * account is disabled, with its audit entry, in one batch. Disabling revokes every session of the
 * user in that batch, so they are logged out at once everywhere.
 *
 * Every write of the batch carries the same guard: when the change could take away an enabled
 * super-admin, another enabled super-admin must exist; when the caller is not a super-admin, the
 * user must have no staff role. Both read only rows this batch does not write (other users; the
 * user's roles, which an admin's change never touches), so the guard is the same for each statement:
 * the batch applies whole or not at all. Reading the user back at the end tells which.
 */
export async function updateUser(
  db: Database,
  actor: StaffActor,
  id: number,
  input: UserUpdateInput,
): Promise<AdminUser> {
  const [rows, others] = await db.batch([
    selectAdminUser(db, id),
    db.select({ present: sql<number>`${anotherEnabledSuperAdmin(id)}` }).from(sql`(SELECT 1)`),
  ]);
  const row = rows[0];
  if (!row) throw new NotFoundError(USER_MESSAGES.notFound);
  const user = toAdminUser(row);
  if (user.deleted) throw new ConflictError(USER_MESSAGES.deleted);

  if (input.roles !== undefined && !actor.superAdmin) throw new ForbiddenError(USER_MESSAGES.rolesNeedSuperAdmin);
  const current = staffRolesOf(user);
  const wanted = input.roles ?? current;
  const grant = STAFF_ROLES.filter((role) => wanted.includes(role) && !current.includes(role));
  const revoke = STAFF_ROLES.filter((role) => current.includes(role) && !wanted.includes(role));
  const disabled = input.disabled === undefined || input.disabled === user.disabled ? undefined : input.disabled;

  if (disabled !== undefined && current.length > 0 && !actor.superAdmin)
    throw new ForbiddenError(USER_MESSAGES.staffNeedsSuperAdmin);
  if (disabled === true && id === actor.id) throw new ConflictError(USER_MESSAGES.notYourself);
  if (grant.length === 0 && revoke.length === 0 && disabled === undefined) return user;

  // Could this change leave the shop without an enabled super-admin?
  const mayTakeSuperAdmin = revoke.includes("super-admin") || disabled === true;
  if (mayTakeSuperAdmin && current.includes("super-admin") && !user.disabled && !others[0]?.present) {
    throw new ConflictError(USER_MESSAGES.lastSuperAdmin);
  }

  const guard = and(
    // The owner may delete the account between this read and the batch: then nothing applies.
    sql`NOT EXISTS (SELECT 1 FROM "users" "gone" WHERE "gone"."id" = ${id} AND "gone"."deleted_at" IS NOT NULL)`,
    mayTakeSuperAdmin ? sql`(${anotherEnabledSuperAdmin(id)} OR NOT ${isEnabledSuperAdmin(id)})` : undefined,
    actor.superAdmin ? undefined : sql`NOT ${hasStaffRole(id)}`,
  );
  const after = {
    roles: sortRoles([...user.roles.filter((role) => !revoke.includes(role as StaffRole)), ...grant]),
    disabled: disabled ?? user.disabled,
  };
  const changes = {
    ...(grant.length || revoke.length
      ? { roles: [listOr(current), listOr(staffRolesOf(after))] as [unknown, unknown] }
      : {}),
    ...(disabled !== undefined ? { disabled: [user.disabled, disabled] as [unknown, unknown] } : {}),
  };
  const when = (condition: SQL) => (guard ? and(condition, guard)! : condition);
  const now = new Date();

  const results = await db.batch([
    // Recorded first, while the guard reads the state as it was, and only if it holds.
    auditEntry(
      db,
      actor,
      { action: "update", entity: "user", entityId: id, summary: summaryOf(user, grant, revoke, disabled), changes },
      guard,
    ),
    // Who they are on the pages (roles, enabled) is read through the cache when a kept page is filled in.
    bumpTags(db, [TAGS.account(id)]),
    ...(disabled === true
      ? [
          db
            .update(sessions)
            .set({ revokedAt: now })
            .where(when(and(eq(sessions.userId, id), isNull(sessions.revokedAt))!)),
        ]
      : []),
    ...revoke.map((role) =>
      db.delete(userRoles).where(when(sql`${userRoles.userId} = ${id} AND ${userRoles.roleId} = ${roleId(role)}`)),
    ),
    ...(disabled !== undefined
      ? [
          db
            .update(users)
            .set({ disabledAt: disabled ? now : null, updatedAt: now })
            .where(when(eq(users.id, id))),
        ]
      : []),
    // Grants last, `super-admin` after `admin`: a grant never takes a super-admin away, so the
    // guard still reads as it did for the statements before.
    ...grant.map((role) =>
      db
        .insert(userRoles)
        .select(
          db
            .select({ userId: sql<number>`${id}`.as("user_id"), roleId: sql<number>`${roleId(role)}`.as("role_id") })
            .from(sql`(SELECT 1)`)
            .where(guard ?? sql`1`),
        )
        .onConflictDoNothing(),
    ),
    selectAdminUser(db, id),
    db.select({ present: sql<number>`${anotherEnabledSuperAdmin(id)}` }).from(sql`(SELECT 1)`),
  ]);
  const finalRows = results[results.length - 2] as AdminUserRow[];
  const finalOthers = results[results.length - 1] as Array<{ present: number }>;
  const final = finalRows[0];
  if (!final) throw new NotFoundError(USER_MESSAGES.notFound);
  const saved = toAdminUser(final);
  const applied =
    saved.disabled === after.disabled &&
    STAFF_ROLES.every((role) => saved.roles.includes(role) === after.roles.includes(role));
  if (!applied) {
    if (saved.deleted) throw new ConflictError(USER_MESSAGES.deleted);
    if (mayTakeSuperAdmin && saved.roles.includes("super-admin") && !saved.disabled && !finalOthers[0]?.present) {
      throw new ConflictError(USER_MESSAGES.lastSuperAdmin);
    }
    if (!actor.superAdmin && staffRolesOf(saved).length > 0)
      throw new ForbiddenError(USER_MESSAGES.staffNeedsSuperAdmin);
    throw new ConflictError(USER_MESSAGES.changedMeanwhile);
  }
  return saved;
}
