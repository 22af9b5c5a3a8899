import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import {
  AdminHeader,
  AdminTable,
  adminInput,
  adminLabel,
  cell,
  EmptyRow,
  FilterForm,
  primaryButton,
  SearchFilter,
} from "~/components/admin/ui";
import { errorBoundary } from "~/components/error-state";
import { FieldError } from "~/components/field-error";
import { Pagination } from "~/components/pagination";
import { Price } from "~/components/price";
import { LOW_STOCK_THRESHOLD } from "~/lib/constants";
import { AdminProductQuerySchema } from "~/lib/schemas/admin-products";
import { lenientQuery } from "~/lib/schemas/query";
import { rootSeo, seoMeta } from "~/lib/seo";
import { adminProductsPage } from "~/services/admin/products.server";
import { privatePageHeaders, requireAdmin } from "~/http/pages/guards.server";

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), { title: "Products", path: "/admin/products", noindex: true });

export const headers = privatePageHeaders;

const FILTERS = ["search", "category", "status", "low_stock"] as const;

/** The products, newest first, by the GET form's filters; a filter that is not valid is shown with its message and left out. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.app, request);
  const url = new URL(request.url);
  const { query, errors } = lenientQuery(AdminProductQuerySchema, url.searchParams);
  const { page, categories } = await adminProductsPage(context.app.db, query);
  const filters = Object.fromEntries(FILTERS.map((name) => [name, url.searchParams.get(name) ?? ""])) as Record<
    (typeof FILTERS)[number],
    string
  >;
  return json(
    {
      page,
      categories,
      errors,
      filters,
      filtered: Boolean(query.search || query.category || query.status || query.low_stock),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

function StockBadge({ stock }: { stock: number }) {
  if (stock <= 0)
    return (
      <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800">Out of stock</span>
    );
  if (stock <= LOW_STOCK_THRESHOLD)
    return (
      <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">Low stock</span>
    );
  return null;
}

export default function AdminProducts() {
  const { page, categories, errors, filters, filtered } = useLoaderData<typeof loader>();
  const href = (number: number) => {
    const params = new URLSearchParams();
    for (const name of FILTERS) if (filters[name]) params.set(name, filters[name]);
    if (number > 1) params.set("page", String(number));
    const text = params.toString();
    return `/admin/products${text ? `?${text}` : ""}`;
  };
  const summary =
    page.total === 0
      ? "No products"
      : `Showing ${page.from}–${page.to} of ${page.total} product${page.total === 1 ? "" : "s"}`;
  return (
    <section aria-labelledby="admin-title">
      <AdminHeader
        title="Products"
        description="Find a product, change its price, stock and images, or archive it."
        actions={
          <Link to="/admin/products/new" className={primaryButton}>
            New product
          </Link>
        }
      />
      <FilterForm label="Filter products">
        <SearchFilter id="product-search" value={filters.search} placeholder="Name or SKU" messages={errors.search} />
        <div>
          <label htmlFor="product-category" className={adminLabel}>
            Category
          </label>
          <select
            id="product-category"
            name="category"
            defaultValue={filters.category}
            className={`${adminInput} mt-1`}
          >
            <option value="">All categories</option>
            {categories.map((category) => (
              <option key={category.id} value={String(category.id)}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="product-status" className={adminLabel}>
            Status
          </label>
          <select
            id="product-status"
            name="status"
            defaultValue={filters.status}
            className={`${adminInput} mt-1`}
            aria-invalid={errors.status ? true : undefined}
            aria-describedby={errors.status ? "product-status-error" : undefined}
          >
            <option value="">Active and archived</option>
            <option value="active">Active</option>
            <option value="archived">Archived</option>
          </select>
          <FieldError id="product-status-error" messages={errors.status} alert />
        </div>
        <div className="flex items-center gap-2 pb-2">
          <input
            id="product-low-stock"
            type="checkbox"
            name="low_stock"
            value="1"
            defaultChecked={filters.low_stock === "1"}
          />
          <label htmlFor="product-low-stock" className="text-sm text-gray-800">
            Low stock ({LOW_STOCK_THRESHOLD} or fewer)
          </label>
        </div>
      </FilterForm>
      <p className="mt-4 text-sm text-gray-700" aria-live="polite">
        {summary}
      </p>
      <AdminTable
        caption="Products, newest first"
        head={["Image", "Name", "SKU", "Price", "Stock", "Category", "Status"]}
      >
        {page.data.length === 0 ? (
          <EmptyRow columns={7}>
            {filtered ? "No products match these filters." : "No products yet. Add the first one with New product."}
          </EmptyRow>
        ) : (
          page.data.map((product) => (
            <tr key={product.id}>
              <td className={cell}>
                {product.image ? (
                  <img
                    src={product.image}
                    alt=""
                    width={48}
                    height={48}
                    className="h-12 w-12 rounded-lg object-cover"
                  />
                ) : (
                  <span className="block h-12 w-12 rounded-lg bg-gray-100" aria-hidden="true" />
                )}
              </td>
              <td className={cell}>
                <Link to={`/admin/products/${product.id}`} className="font-medium text-bloom-700 underline">
                  {product.name}
                </Link>
                {product.is_featured ? <span className="block text-xs text-gray-600">Featured</span> : null}
              </td>
              <td className={`${cell} whitespace-nowrap text-gray-700`}>{product.sku}</td>
              <td className={`${cell} whitespace-nowrap`}>
                <Price
                  cents={
                    product.sale_price_cents !== null && product.sale_price_cents < product.price_cents
                      ? product.sale_price_cents
                      : product.price_cents
                  }
                  originalCents={
                    product.sale_price_cents !== null && product.sale_price_cents < product.price_cents
                      ? product.price_cents
                      : null
                  }
                />
              </td>
              <td className={`${cell} whitespace-nowrap`}>
                {product.stock}
                <StockBadge stock={product.stock} />
              </td>
              <td className={cell}>{product.category?.name ?? "None"}</td>
              <td className={`${cell} whitespace-nowrap`}>
                {product.is_active ? (
                  <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">
                    Active
                  </span>
                ) : (
                  <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs font-medium text-gray-800">
                    Archived
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
  failed: { title: "Could not load the products", message: "Please try again in a moment.", link: "retry" },
});
