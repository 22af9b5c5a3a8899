import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { adminPageMeta, adminPageError } from "~/components/admin/admin-page";
import { FilteredListPage } from "~/components/admin/list-page";
import { DownloadCsvLink, primaryButton, RowLink, secondaryButton } from "~/components/admin/ui";
import { Price } from "~/components/price";
import { AdminProductQuerySchema, PRODUCT_FILTERS } from "~/lib/schemas/admin-products";
import { adminProductsPage } from "~/services/admin/products.server";
import { privateJson, readAdminList } from "~/http/pages/admin-pages.server";

export const meta = adminPageMeta("Products", "/admin/products");

/** The products, newest first, by the GET form's filters; a filter that is not valid is shown with its message and left out. */
export async function loader(args: LoaderFunctionArgs) {
  const { app, query, list } = await readAdminList(args, AdminProductQuerySchema, PRODUCT_FILTERS);
  const { page, categories, lowStockThreshold } = await adminProductsPage(app.db, query);
  return privateJson({ page, categories, lowStockThreshold, ...list });
}

const PRODUCT_STATUS_OPTIONS = [
  { value: "active", label: "Active" },
  { value: "archived", label: "Archived" },
];

function StockBadge({ stock, threshold }: { stock: number; threshold: number }) {
  if (stock <= 0)
    return (
      <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800">Out of stock</span>
    );
  if (stock <= threshold)
    return (
      <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">Low stock</span>
    );
  return null;
}

/** The price a shopper pays, and the price struck through when the product is on sale. */
function ShopPrice({ product }: { product: { price_cents: number; sale_price_cents: number | null } }) {
  const sale = product.sale_price_cents;
  const onSale = sale !== null && sale < product.price_cents;
  return <Price cents={onSale ? sale : product.price_cents} originalCents={onSale ? product.price_cents : null} />;
}

export default function AdminProducts() {
  const list = useLoaderData<typeof loader>();
  // A bulk price change selects by the list's filters: the ones shown, not the page.
  const filtered = new URLSearchParams(useLocation().search);
  filtered.delete("page");
  filtered.delete("per_page");
  const bulkPrice = `/admin/products/bulk-price${filtered.size ? `?${filtered}` : ""}`;
  return (
    <FilteredListPage
      title="Products"
      description="Find a product, change its price, stock and images, or archive it."
      actions={
        <>
          <DownloadCsvLink href="/admin/products.csv" />
          <Link to={bulkPrice} className={secondaryButton}>
            Change prices
          </Link>
          <Link to="/admin/products/import" className={secondaryButton}>
            Import CSV
          </Link>
          <Link to="/admin/products/new" className={primaryButton}>
            New product
          </Link>
        </>
      }
      noun="product"
      list={list}
      filters={[
        { type: "search", placeholder: "Name or SKU" },
        {
          type: "select",
          name: "category",
          label: "Category",
          all: "All categories",
          options: list.categories.map((category) => ({ value: String(category.id), label: category.name })),
          quiet: true,
        },
        {
          type: "select",
          name: "status",
          label: "Status",
          all: "Active and archived",
          options: PRODUCT_STATUS_OPTIONS,
        },
        {
          type: "checkbox",
          name: "low_stock",
          label: <>Low stock ({list.lowStockThreshold} or fewer of a product or one of its variants)</>,
        },
      ]}
      empty="No products yet. Add the first one with New product."
      columns={[
        {
          head: "Image",
          render: (product) =>
            product.image ? (
              <img src={product.image} alt="" width={48} height={48} className="h-12 w-12 rounded-lg object-cover" />
            ) : (
              <span className="block h-12 w-12 rounded-lg bg-gray-100" aria-hidden="true" />
            ),
        },
        {
          head: "Name",
          render: (product) => (
            <>
              <RowLink to={`/admin/products/${product.id}`}>{product.name}</RowLink>
              {product.is_featured ? <span className="block text-xs text-gray-600">Featured</span> : null}
            </>
          ),
        },
        { head: "SKU", className: "whitespace-nowrap text-gray-700", render: (product) => product.sku },
        { head: "Price", className: "whitespace-nowrap", render: (product) => <ShopPrice product={product} /> },
        {
          head: "Stock",
          className: "whitespace-nowrap",
          render: (product) => (
            <>
              {product.stock}
              <StockBadge stock={product.stock} threshold={list.lowStockThreshold} />
            </>
          ),
        },
        { head: "Category", render: (product) => product.category?.name ?? "None" },
        {
          head: "Status",
          className: "whitespace-nowrap",
          render: (product) =>
            product.is_active ? (
              <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">Active</span>
            ) : (
              <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs font-medium text-gray-800">Archived</span>
            ),
        },
      ]}
    />
  );
}

export const ErrorBoundary = adminPageError("Could not load the products");
