import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { adminPageMeta, adminPageError } from "~/components/admin/admin-page";
import { RoleList } from "~/components/admin/roles";
import { FilteredListPage } from "~/components/admin/list-page";
import { UserListQuerySchema, USER_ROLE_FILTERS } from "~/lib/schemas/admin-people";
import { listUsers } from "~/services/admin/users.server";
import { privateJson, readAdminList } from "~/http/pages/admin-pages.server";
import { DownloadCsvLink, RowLink } from "~/components/admin/ui";

export const meta = adminPageMeta("Customers", "/admin/users");

/** Users, newest first, by the GET form's search and role; a filter that is not valid is shown with its message and left out. */
export async function loader(args: LoaderFunctionArgs) {
  const { app, query, list } = await readAdminList(args, UserListQuerySchema, ["search", "role"]);
  return privateJson({ page: await listUsers(app.db, query), ...list });
}

const ROLE_LABELS: Record<string, string> = { customer: "Customers", admin: "Admins", "super-admin": "Super-admins" };
const ROLE_OPTIONS = USER_ROLE_FILTERS.map((value) => ({ value, label: ROLE_LABELS[value] ?? value }));

export default function AdminUsers() {
  const list = useLoaderData<typeof loader>();
  return (
    <FilteredListPage
      title="Customers"
      description="Customers and staff: find an account, see its orders, disable it; super-admins also grant and revoke staff roles."
      actions={<DownloadCsvLink href="/admin/users.csv" />}
      noun="user"
      list={list}
      filters={[
        { type: "search", placeholder: "Name or email" },
        { type: "select", name: "role", label: "Role", all: "Everyone", options: ROLE_OPTIONS },
      ]}
      empty="No users yet."
      columns={[
        {
          head: "Name",
          render: (user) => <RowLink to={`/admin/users/${user.id}`}>{user.name}</RowLink>,
        },
        {
          head: "Email",
          className: "break-all",
          render: (user) => (user.deleted ? <span className="text-gray-600">Removed</span> : user.email),
        },
        { head: "Roles", render: (user) => <RoleList roles={user.roles} /> },
        { head: "Orders", render: (user) => user.orders_count },
        { head: "Joined", date: (user) => user.created_at },
        {
          head: "Account",
          render: (user) =>
            user.deleted ? (
              <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs font-medium text-gray-800">Deleted</span>
            ) : user.disabled ? (
              <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800">Disabled</span>
            ) : (
              <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">Active</span>
            ),
        },
      ]}
    />
  );
}

export const ErrorBoundary = adminPageError("Could not load the users");
