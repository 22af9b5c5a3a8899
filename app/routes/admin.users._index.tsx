import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import {
  AdminHeader,
  AdminTable,
  adminInput,
  adminLabel,
  cell,
  dateTime,
  EmptyRow,
  FilterForm,
  SearchFilter,
} from "~/components/admin/ui";
import { errorBoundary } from "~/components/error-state";
import { FieldError } from "~/components/field-error";
import { Pagination } from "~/components/pagination";
import { UserListQuerySchema, USER_ROLE_FILTERS } from "~/lib/schemas/admin-people";
import { lenientQuery } from "~/lib/schemas/query";
import { rootSeo, seoMeta } from "~/lib/seo";
import { listUsers } from "~/services/admin/users.server";
import { privatePageHeaders, requireAdmin } from "~/http/pages/guards.server";

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), { title: "Customers", path: "/admin/users", noindex: true });

export const headers = privatePageHeaders;

/** Users, newest first, by the GET form's search and role; a filter that is not valid is shown with its message and left out. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.app, request);
  const url = new URL(request.url);
  const { query, errors } = lenientQuery(UserListQuerySchema, url.searchParams);
  const page = await listUsers(context.app.db, query);
  return json(
    {
      page,
      errors,
      search: url.searchParams.get("search") ?? "",
      role: url.searchParams.get("role") ?? "",
      filtered: Boolean(query.search || query.role),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const ROLE_LABELS: Record<string, string> = { customer: "Customers", admin: "Admins", "super-admin": "Super-admins" };
const ROLE_NAMES: Record<string, string> = { customer: "Customer", admin: "Admin", "super-admin": "Super-admin" };

function RoleList({ roles }: { roles: string[] }) {
  if (roles.length === 0) return <span className="text-gray-600">None</span>;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Roles">
      {roles.map((role) => (
        <li
          key={role}
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${role === "customer" ? "bg-gray-100 text-gray-800" : "bg-bloom-100 text-bloom-800"}`}
        >
          {ROLE_NAMES[role] ?? role}
        </li>
      ))}
    </ul>
  );
}

export default function AdminUsers() {
  const { page, errors, search, role, filtered } = useLoaderData<typeof loader>();
  const href = (number: number) => {
    const params = new URLSearchParams();
    if (search) params.set("search", search);
    if (role) params.set("role", role);
    if (number > 1) params.set("page", String(number));
    const text = params.toString();
    return `/admin/users${text ? `?${text}` : ""}`;
  };
  const summary =
    page.total === 0
      ? "No users"
      : `Showing ${page.from}–${page.to} of ${page.total} user${page.total === 1 ? "" : "s"}`;
  return (
    <section aria-labelledby="admin-title">
      <AdminHeader
        title="Customers"
        description="Customers and staff: find an account, see its orders, disable it; super-admins also grant and revoke staff roles."
      />
      <FilterForm label="Filter users">
        <SearchFilter id="user-search" value={search} placeholder="Name or email" messages={errors.search} />
        <div>
          <label htmlFor="user-role" className={adminLabel}>
            Role
          </label>
          <select
            id="user-role"
            name="role"
            defaultValue={role}
            className={`${adminInput} mt-1`}
            aria-invalid={errors.role ? true : undefined}
            aria-describedby={errors.role ? "user-role-error" : undefined}
          >
            <option value="">Everyone</option>
            {USER_ROLE_FILTERS.map((value) => (
              <option key={value} value={value}>
                {ROLE_LABELS[value]}
              </option>
            ))}
          </select>
          <FieldError id="user-role-error" messages={errors.role} alert />
        </div>
      </FilterForm>
      <p className="mt-4 text-sm text-gray-700" aria-live="polite">
        {summary}
      </p>
      <AdminTable caption="Users, newest first" head={["Name", "Email", "Roles", "Orders", "Joined", "Account"]}>
        {page.data.length === 0 ? (
          <EmptyRow columns={6}>{filtered ? "No users match these filters." : "No users yet."}</EmptyRow>
        ) : (
          page.data.map((user) => (
            <tr key={user.id}>
              <td className={cell}>
                <Link to={`/admin/users/${user.id}`} className="font-medium text-bloom-700 underline">
                  {user.name}
                </Link>
              </td>
              <td className={`${cell} break-all`}>
                {user.deleted ? <span className="text-gray-600">Removed</span> : user.email}
              </td>
              <td className={cell}>
                <RoleList roles={user.roles} />
              </td>
              <td className={cell}>{user.orders_count}</td>
              <td className={`${cell} whitespace-nowrap text-gray-700`}>{dateTime(user.created_at)}</td>
              <td className={cell}>
                {user.deleted ? (
                  <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs font-medium text-gray-800">
                    Deleted
                  </span>
                ) : user.disabled ? (
                  <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800">Disabled</span>
                ) : (
                  <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">
                    Active
                  </span>
                )}
              </td>
            </tr>
          ))
        )}
      </AdminTable>
      <Pagination currentPage={page.current_page} lastPage={page.last_page} href={href} />
    </section>
  );
}

export const ErrorBoundary = errorBoundary({
  failed: { title: "Could not load the users", message: "Please try again in a moment.", link: "retry" },
});
