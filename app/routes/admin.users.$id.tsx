import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { RoleList, ROLE_NAMES } from "~/components/admin/roles";
import { AdminPage, backTo, subjectError, subjectMeta } from "~/components/admin/admin-page";
import {
  AdminCard,
  AdminTable,
  cell,
  dangerButton,
  dateTime,
  EmptyRow,
  primaryButton,
  secondaryButton,
  RowLink,
} from "~/components/admin/ui";
import { DetailList } from "~/components/detail-list";
import { FieldError } from "~/components/field-error";
import { PaymentBadge, StatusBadge } from "~/components/order-badges";
import { Price } from "~/components/price";
import { COUNTRIES } from "~/lib/constants";
import type { AdminSubject } from "~/lib/admin-list";
import { parseId } from "~/lib/ids";
import { STAFF_ROLES, UserUpdateSchema } from "~/lib/schemas/admin-people";
import { fieldErrors } from "~/lib/schemas/query";
import { getAdminUserPage, updateUser, USER_MESSAGES, USER_ORDERS_SHOWN } from "~/services/admin/users.server";
import { isSuperAdmin } from "~/services/auth.server";
import { formFailure, readForm, type FormFailure, buttonError } from "~/http/pages/forms.server";
import { loadSubject, privateJson, subjectAction } from "~/http/pages/admin-pages.server";
import { StaffChanges } from "~/components/admin/staff-changes";
import { hasTwoFactor, resetTwoFactor } from "~/services/two-factor.server";

const users: AdminSubject = { path: "/admin/users", back: "Back to users", missing: "User not found" };

export const meta = subjectMeta<typeof loader>(users, (data) => data.user.name);

/** One user: profile, roles (a form for super-admins), the account's state, their orders and the audit entries about them. */
export async function loader(args: LoaderFunctionArgs) {
  const { viewer, found } = await loadSubject(args, users, parseId(args.params.id), getAdminUserPage);
  const twoFactor = await hasTwoFactor(args.context.app.db, found.user.id);
  return privateJson({
    ...found,
    twoFactor,
    viewer: { id: viewer.user.id, superAdmin: isSuperAdmin(viewer.user) },
    ordersShown: USER_ORDERS_SHOWN,
  });
}

const roleWords = (roles: string[]) =>
  roles.length ? roles.map((role) => ROLE_NAMES[role] ?? role).join(", ") : "no role";

/** What each form asks for: `intent=roles` (a checkbox per staff role), `intent=disable`, `intent=enable`. */
function requested(values: Record<string, string>): Record<string, unknown> | null {
  if (values.intent === "roles") return { roles: STAFF_ROLES.filter((role) => values[`role_${role}`] === "on") };
  if (values.intent === "disable") return { disabled: true };
  if (values.intent === "enable") return { disabled: false };
  return null;
}

export async function action(args: ActionFunctionArgs) {
  const { app, viewer, actor, id, here, toast, notFound } = await subjectAction(args, users, parseId(args.params.id));
  const values = await readForm(args.request);
  if (values.intent === "reset_2fa") {
    // A lost phone: a super-admin removes the member's second factor and ends their sessions (audited).
    try {
      const reset = await resetTwoFactor(app.db, { ...actor, superAdmin: isSuperAdmin(viewer.user) }, id);
      return toast.redirectWithSuccess(
        here,
        `${reset.name}'s two-factor sign-in was reset and their sessions have ended.`,
      );
    } catch (error) {
      return buttonError(error, { toast, here, notFound });
    }
  }
  const input = requested(values);
  if (!input) return toast.redirectWithError(here, "That action is not available for this user.");
  // Who may ask before what is asked: roles are a super-admin's (the service checks the rest before it writes).
  if (input.roles !== undefined && !isSuperAdmin(viewer.user))
    return toast.redirectWithError(here, USER_MESSAGES.rolesNeedSuperAdmin);
  const parsed = UserUpdateSchema.safeParse(input);
  if (!parsed.success) return formFailure(fieldErrors(parsed.error), "Please fix the errors in the form", values);
  try {
    const user = await updateUser(app.db, { ...actor, superAdmin: isSuperAdmin(viewer.user) }, id, parsed.data);
    const done =
      values.intent === "roles"
        ? `Roles saved: ${user.name} now has ${roleWords(user.roles)}.`
        : user.disabled
          ? `${user.name}'s account is disabled and their sessions have ended.`
          : `${user.name}'s account is enabled again.`;
    return toast.redirectWithSuccess(here, done);
  } catch (error) {
    // Not allowed (an admin on a staff account or a role) or refused (the last super-admin, oneself): back, saying why.
    return buttonError(error, { toast, here, notFound, values });
  }
}

function AccountState({
  disabled,
  since,
  deletedAt,
}: {
  disabled: boolean;
  since: string | null;
  deletedAt: string | null;
}) {
  if (deletedAt)
    return (
      <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs font-medium text-gray-800">
        Deleted on {dateTime(deletedAt)}
      </span>
    );
  return disabled ? (
    <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800">
      Disabled{since ? ` since ${dateTime(since)}` : ""}
    </span>
  ) : (
    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">Active</span>
  );
}

const countryName = (code: string | null) => COUNTRIES.find((country) => country.code === code)?.name ?? code ?? "";

export default function AdminUserPage() {
  const { user, audit, viewer, ordersShown, twoFactor } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const busy = useNavigation().state !== "idle";
  const staffRoles = user.roles.filter((role) => (STAFF_ROLES as readonly string[]).includes(role));
  const isStaff = staffRoles.length > 0;
  const isSelf = user.id === viewer.id;
  const canToggle = !isStaff || viewer.superAdmin;
  const checked = (role: string) =>
    failure?.values.intent === "roles" ? failure.values[`role_${role}`] === "on" : user.roles.includes(role);
  const address = [user.address, user.city, user.state, user.zip_code, countryName(user.country)]
    .filter(Boolean)
    .join(", ");
  return (
    <AdminPage
      toast={failure?.toast ?? null}
      back={backTo(users)}
      title={user.name}
      description={
        user.deleted ? "Deleted by its owner: personal data removed, orders kept without name or contact." : user.email
      }
      actions={<AccountState disabled={user.disabled} since={user.disabled_at} deletedAt={user.deleted_at} />}
    >
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <AdminCard id="profile-heading" title="Profile">
          <DetailList
            className="mt-4 grid gap-3 text-sm"
            rows={[
              {
                label: "Email",
                value: user.deleted ? (
                  "Removed"
                ) : (
                  <a href={`mailto:${user.email}`} className="text-bloom-700 underline">
                    {user.email}
                  </a>
                ),
              },
              { label: "Phone", value: user.phone || "Not provided" },
              { label: "Address", value: address || "Not provided" },
              { label: "Joined", value: dateTime(user.created_at) },
              { label: "Orders", value: String(user.orders_count) },
            ]}
          />
        </AdminCard>

        <div className="grid h-fit gap-6">
          <AdminCard id="roles-heading" title="Roles">
            {user.deleted ? (
              <div className="mt-4 grid gap-2 text-sm">
                <RoleList roles={user.roles} />
                <p className="text-gray-600">A deleted account&rsquo;s roles cannot be changed.</p>
              </div>
            ) : viewer.superAdmin ? (
              <Form method="post" noValidate preventScrollReset className="mt-4 grid gap-3">
                <input type="hidden" name="intent" value="roles" />
                <fieldset aria-describedby={failure?.errors.roles ? "roles-error" : "roles-hint"}>
                  <legend className="text-sm font-medium text-gray-800">Staff roles</legend>
                  <p id="roles-hint" className="mt-1 text-sm text-gray-600">
                    {user.roles.includes("customer") ? "The customer role stays as it is. " : ""}
                    An admin runs the shop; a super-admin also grants and revokes these roles.
                  </p>
                  <div className="mt-2 flex flex-wrap gap-4">
                    {STAFF_ROLES.map((role) => (
                      <label key={role} className="flex items-center gap-2 text-sm text-gray-900">
                        <input
                          type="checkbox"
                          name={`role_${role}`}
                          defaultChecked={checked(role)}
                          className="h-4 w-4 rounded border-gray-300 accent-bloom-600"
                        />
                        {ROLE_NAMES[role]}
                      </label>
                    ))}
                  </div>
                  <FieldError id="roles-error" messages={failure?.errors.roles} />
                </fieldset>
                <div>
                  <button type="submit" className={primaryButton} disabled={busy}>
                    Save roles
                  </button>
                </div>
              </Form>
            ) : (
              <div className="mt-4 grid gap-2 text-sm">
                <RoleList roles={user.roles} />
                <p className="text-gray-600">Only a super-admin can change staff roles.</p>
              </div>
            )}
          </AdminCard>

          <AdminCard id="account-heading" title="Account">
            <div className="mt-4 grid gap-3 text-sm">
              {user.deleted ? (
                <p className="text-gray-700">
                  This account was deleted by its owner{user.deleted_at ? ` on ${dateTime(user.deleted_at)}` : ""}: it
                  cannot log in, and there is nothing left to disable or enable.
                </p>
              ) : user.disabled ? (
                <p className="text-gray-700">
                  This account is disabled: it cannot log in. Enabling it lets the user log in again.
                </p>
              ) : (
                <p className="text-gray-700">
                  Disabling the account logs the user out everywhere at once, and they cannot log in until it is enabled
                  again.
                </p>
              )}
              {user.deleted ? null : isSelf && !user.disabled ? (
                <p className="text-gray-600">You cannot disable your own account.</p>
              ) : !canToggle ? (
                <p className="text-gray-600">Only a super-admin can disable or enable a staff account.</p>
              ) : (
                <Form method="post" noValidate preventScrollReset>
                  <input type="hidden" name="intent" value={user.disabled ? "enable" : "disable"} />
                  <button type="submit" className={user.disabled ? secondaryButton : dangerButton} disabled={busy}>
                    {user.disabled ? "Enable account" : "Disable account"}
                  </button>
                </Form>
              )}
            </div>
          </AdminCard>

          {isStaff || twoFactor ? (
            <AdminCard id="two-factor-heading" title="Two-factor sign-in">
              <div className="mt-4 grid gap-3 text-sm">
                <p className="text-gray-700">
                  {twoFactor ? "On: this staff member signs in with a code from an authenticator app." : "Not set up."}
                </p>
                {!twoFactor ? null : viewer.superAdmin ? (
                  <Form method="post" noValidate preventScrollReset className="grid gap-2">
                    <input type="hidden" name="intent" value="reset_2fa" />
                    <p className="text-gray-600">
                      For a lost phone: the second factor is removed and every session of this account ends; they set a
                      new one up at their next sign-in.
                    </p>
                    <div>
                      <button type="submit" className={dangerButton} disabled={busy}>
                        Reset two-factor sign-in
                      </button>
                    </div>
                  </Form>
                ) : (
                  <p className="text-gray-600">
                    Only a super-admin can reset another staff member's two-factor sign-in.
                  </p>
                )}
              </div>
            </AdminCard>
          ) : null}
        </div>
      </div>

      <section aria-labelledby="orders-heading" className="mt-8">
        <h2 id="orders-heading" className="text-lg font-semibold text-gray-900">
          Orders
        </h2>
        {user.orders_count > user.orders.length ? (
          <p className="mt-1 text-sm text-gray-600">
            The latest {ordersShown} of {user.orders_count}.
          </p>
        ) : null}
        <AdminTable
          caption={`${user.name}'s orders, newest first`}
          head={["Order", "Placed", "Total", "Status", "Payment"]}
        >
          {user.orders.length === 0 ? (
            <EmptyRow columns={5}>No orders yet.</EmptyRow>
          ) : (
            user.orders.map((order) => (
              <tr key={order.id}>
                <td className={cell}>
                  <RowLink to={`/admin/orders/${order.id}`}>{order.order_number}</RowLink>
                </td>
                <td className={`${cell} whitespace-nowrap text-gray-700`}>{dateTime(order.created_at)}</td>
                <td className={`${cell} whitespace-nowrap`}>
                  <Price cents={order.total_cents} />
                </td>
                <td className={cell}>
                  <StatusBadge status={order.status} />
                </td>
                <td className={cell}>
                  <PaymentBadge status={order.payment_status} />
                </td>
              </tr>
            ))
          )}
        </AdminTable>
      </section>

      <StaffChanges entries={audit} empty="No staff changes to this account yet." className="mt-8" />
    </AdminPage>
  );
}

export const ErrorBoundary = subjectError(users, {
  gone: "This account may have been removed.",
  failed: "Could not load this user",
});
