import { Link } from "@remix-run/react";
import { useId } from "react";
import {
  PRODUCT_PAGE_SORTS,
  productSortButtons,
  productPageHref,
  type ProductPageState,
} from "~/lib/schemas/storefront";

/**
 * The sort choices as links (they work without JavaScript); each keeps the filters and goes back to
 * page 1. The active one is marked with aria-current. Best Sellers, reached from the home page,
 * shows up only while it is the active sort.
 */
export function SortBar({ pathname, state }: { pathname: string; state: ProductPageState }) {
  const labelId = useId();
  const buttons = productSortButtons(state.search);
  const sorts = buttons.includes(state.sort) ? buttons : [...buttons, state.sort];
  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-wrap items-center gap-2">
      <span id={labelId} className="text-sm font-medium text-gray-700">
        Sort by
      </span>
      <ul className="flex flex-wrap gap-2">
        {sorts.map((sort) => {
          const active = sort === state.sort;
          return (
            <li key={sort}>
              <Link
                to={productPageHref(pathname, state, { sort })}
                aria-current={active ? "true" : undefined}
                preventScrollReset
                className={`inline-block rounded-full border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-bloom-600 ${
                  active
                    ? "border-bloom-600 bg-bloom-600 text-white"
                    : "border-gray-200 bg-white text-gray-700 hover:border-bloom-500 hover:text-bloom-700"
                }`}
              >
                {PRODUCT_PAGE_SORTS[sort].label}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
