import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { linkList } from "~/lib/nav";
import { rootSeo, seoMeta } from "~/lib/seo";
import { privatePageHeaders, requireAdmin } from "~/http/pages/guards.server";

export const meta: MetaFunction = ({ matches, location }) =>
  seoMeta(rootSeo(matches), { title: "Admin", path: location.pathname, noindex: true });

export const ADMIN_SECTIONS = linkList({
  "/admin": "Dashboard",
  "/admin/products": "Products",
  "/admin/categories": "Categories",
  "/admin/orders": "Orders",
  "/admin/users": "Users",
  "/admin/settings": "Settings",
});

export const headers = privatePageHeaders;

/** The admin guard for every admin screen: admins and super-admins only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireAdmin(context.app, request);
  return json({ name: viewer.user.name }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function AdminLayout() {
  const { name } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 md:grid-cols-[14rem_1fr]">
      <aside>
        <p className="text-sm text-gray-600">Signed in as {name}</p>
        <nav aria-label="Admin" className="mt-4">
          <ul className="grid gap-1 text-sm font-medium">
            {ADMIN_SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink
                  to={section.to}
                  end
                  className={({ isActive }) =>
                    `block rounded-lg px-3 py-2 ${isActive ? "bg-bloom-600 text-white" : "text-gray-800 hover:bg-bloom-50"}`
                  }
                >
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div>
        <Outlet />
      </div>
    </div>
  );
}
