import { useLocation, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { productPageHref, type ProductPageState } from "~/lib/schemas/storefront";
import { Pagination } from "./pagination";
import type { CardProduct } from "./product-card";
import { EmptyProducts, ProductCount, ProductGrid } from "./product-grid";
import { SortBar } from "./sort-bar";

/** One page of a product list, as its loader sends it. */
export interface ProductListPage {
  data: CardProduct[];
  from: number | null;
  to: number | null;
  total: number;
  current_page: number;
  last_page: number;
}

/** This list page's path, and whether another page of it (a filter, a sort, a page number) is loading. */
export function useListPage() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  return { pathname, loading: navigation.state === "loading" && navigation.location?.pathname === pathname };
}

/**
 * A page of products as the list pages show it: the count and the sort links, any notice about the
 * request, then the grid (faded while the next page loads) with its pagination, or what to do when
 * nothing matches. Every link keeps the page's other parameters.
 */
export function ProductListing({
  state,
  page,
  barClassName,
  notice,
  columns,
  children,
}: {
  state: ProductPageState;
  page: ProductListPage;
  /** The layout of the count and sort row. */
  barClassName: string;
  /** Shown between the sort row and the products (a message about the request). */
  notice?: ReactNode;
  columns?: string;
  /** Shown after the pagination when there are products. */
  children?: ReactNode;
}) {
  const { pathname, loading } = useListPage();
  return (
    <>
      <div className={barClassName}>
        <ProductCount from={page.from} to={page.to} total={page.total} />
        <SortBar pathname={pathname} state={state} />
      </div>
      {notice}
      <div className={`mt-6 transition-opacity ${loading ? "opacity-60" : ""}`}>
        {page.data.length ? (
          <>
            <ProductGrid products={page.data} columns={columns} />
            <Pagination
              currentPage={page.current_page}
              lastPage={page.last_page}
              href={(number) => productPageHref(pathname, state, { page: number })}
            />
            {children}
          </>
        ) : (
          <EmptyProducts clearHref={pathname} />
        )}
      </div>
    </>
  );
}
