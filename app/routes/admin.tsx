import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { linkList } from "~/lib/nav";
import { rootSeo, seoMeta } from "~/lib/seo";
import { privatePageHeaders, requireAdmin } from "~/http/pages/guards.server";
import { isSuperAdmin } from "~/services/auth.server";

export const meta: MetaFunction = ({ matches, location }) =>
  seoMeta(rootSeo(matches), { title: "Back office", path: location.pathname, noindex: true });

/** The back office's sections, in the order staff use them. */
export const ADMIN_SECTIONS = linkList({
  "/admin": "Dashboard",
  "/admin/orders": "Orders",
  "/admin/deliveries": "Deliveries",
  "/admin/products": "Products",
  "/admin/categories": "Categories",
  "/admin/blogs": "Tutorials",
  "/admin/coupons": "Coupons",
  "/admin/shipping": "Shipping",
  "/admin/tax": "Tax",
  "/admin/users": "Customers",
  "/admin/messages": "Messages",
  "/admin/reviews": "Reviews",
  "/admin/searches": "Searches",
  "/admin/mail": "Mail",
  "/admin/newsletter": "Newsletter",
  "/admin/jobs": "Jobs",
  "/admin/settings": "Settings",
});

export const headers = privatePageHeaders;

/** The staff guard of every back-office page: admins and super-admins only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireAdmin(context.app, request);
  return json(
    { name: viewer.user.name, role: isSuperAdmin(viewer.user) ? "Super-admin" : "Admin" },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function AdminLayout() {
  const { name, role } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 md:grid-cols-[13rem_1fr] md:gap-8 md:py-10">
      <aside className="min-w-0">
        <p className="text-sm text-gray-600">
          Signed in as <span className="font-medium text-gray-900">{name}</span> ({role})
        </p>
        <nav aria-label="Back office" className="mt-3 md:mt-4">
          {/* A phone scrolls the sections sideways; a wider screen lists them down the side. */}
          <ul className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-2 text-sm font-medium md:mx-0 md:grid md:overflow-visible md:px-0 md:pb-0">
            {ADMIN_SECTIONS.map((section) => (
              <li key={section.to} className="shrink-0">
                <NavLink
                  to={section.to}
                  end={section.to === "/admin"}
                  prefetch="intent"
                  className={({ isActive }) =>
                    `block whitespace-nowrap rounded-lg px-3 py-2 ${isActive ? "bg-bloom-600 text-white" : "text-gray-800 hover:bg-bloom-50"}`
                  }
                >
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
