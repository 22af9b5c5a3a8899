import { Link, useSubmit } from "@remix-run/react";
import { useEffect, useRef, type FormEvent, type ReactNode } from "react";
import { productPageHref, type ProductPageState } from "~/lib/schemas/storefront";
import { FieldError } from "./field-error";
import { useHydrated } from "./use-hydrated";

/** How long the price inputs wait after the last keystroke before the list follows them. */
const PRICE_DEBOUNCE_MS = 500;

export interface FilterCategory {
  name: string;
  slug: string;
}

const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-bloom-600";
const checkboxClass = "h-4 w-4 rounded border-gray-300 accent-bloom-600";

/** A filter's checkbox with its label (and, on the search page, the count it would give). */
export function FilterCheckbox({
  name,
  value,
  checked,
  onChange,
  describedBy,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange?: () => void;
  describedBy?: string;
  children: ReactNode;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-gray-800">
      <input
        type="checkbox"
        name={name}
        value={value}
        defaultChecked={checked}
        aria-describedby={describedBy}
        onChange={onChange}
        className={`${checkboxClass} ${focusRing}`}
      />
      {children}
    </label>
  );
}

/** "Apply Filters": with JavaScript the list already follows every change, so it stays for keyboard users only. */
export function ApplyFilters({ hydrated }: { hydrated: boolean }) {
  return (
    <div className={hydrated ? "sr-only focus-within:not-sr-only" : undefined}>
      <button
        type="submit"
        className={`mt-5 w-full rounded-full bg-bloom-600 px-4 py-2 text-sm font-medium text-white hover:bg-bloom-700 ${focusRing}`}
      >
        Apply Filters
      </button>
    </div>
  );
}

/**
 * The filter sidebar: a GET form, so that without JavaScript "Apply Filters" loads the filtered
 * list. With JavaScript the list follows each change (the price inputs after a pause), replacing the
 * history entry, and the Apply button is only shown to keyboard users who reach it. The sort is
 * kept; the page goes back to 1.
 */
export function ProductFilters({
  pathname,
  categories,
  state,
  errors,
}: {
  pathname: string;
  categories: FilterCategory[];
  state: ProductPageState;
  errors: Record<string, string[]>;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const submitNow = () => {
    clearTimeout(timer.current);
    const form = formRef.current;
    if (!form) return;
    // Only the fields that say something, so the URL reads like the links the page builds.
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form)) {
      if (typeof value === "string" && value.trim() !== "") params.append(key, value.trim());
    }
    submit(params, { method: "get", action: pathname, replace: true, preventScrollReset: true });
  };
  const submitSoon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(submitNow, PRICE_DEBOUNCE_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  // The inputs are uncontrolled: when the URL changes some other way (Clear All, the back button),
  // bring them in line with it, except the one being typed in.
  const stateKey = productPageHref(pathname, state);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const element of Array.from(form.elements)) {
      if (!(element instanceof HTMLInputElement) || element === document.activeElement) continue;
      if (element.name === "category") element.checked = state.categories.includes(element.value);
      else if (element.name === "on_sale") element.checked = state.on_sale;
      else if (element.name === "featured") element.checked = state.featured;
      else if (element.name === "min_price") element.value = state.min_price;
      else if (element.name === "max_price") element.value = state.max_price;
      else if (element.name === "search") element.value = state.search;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stateKey]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    submitNow();
  };

  const priceInput = (name: "min_price" | "max_price", label: string, placeholder: string) => {
    const inputId = `filter-${name}`;
    const errorId = `${inputId}-error`;
    const invalid = Boolean(errors[name]?.length);
    return (
      <div>
        <label htmlFor={inputId} className="block text-sm font-medium text-gray-800">
          {label}
        </label>
        <input
          id={inputId}
          name={name}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          placeholder={placeholder}
          defaultValue={state[name]}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={hydrated ? submitSoon : undefined}
          className={`mt-1 block w-full rounded-lg border px-3 py-2 text-sm ${invalid ? "border-red-600" : "border-gray-300"} ${focusRing}`}
        />
        <FieldError alert id={errorId} messages={errors[name]} />
      </div>
    );
  };

  const flagCheckbox = (name: "on_sale" | "featured", label: string) => {
    const errorId = `filter-${name}-error`;
    return (
      <div>
        <FilterCheckbox
          name={name}
          value="1"
          checked={state[name]}
          describedBy={errors[name] ? errorId : undefined}
          onChange={hydrated ? submitNow : undefined}
        >
          {label}
        </FilterCheckbox>
        <FieldError alert id={errorId} messages={errors[name]} />
      </div>
    );
  };

  return (
    <form
      ref={formRef}
      method="get"
      action={pathname}
      noValidate
      onSubmit={onSubmit}
      className="relative rounded-2xl border border-bloom-100 bg-white p-4 shadow-sm"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-display text-xl font-bold text-gray-900">Filters</h2>
        <Link
          to={pathname}
          className={`rounded text-sm font-medium text-bloom-700 underline hover:text-bloom-600 ${focusRing}`}
        >
          Clear All
        </Link>
      </div>

      <div className="mt-4">
        <label htmlFor="filter-search" className="block text-sm font-semibold text-gray-900">
          Search
        </label>
        <input
          id="filter-search"
          name="search"
          type="search"
          placeholder="Roses, sunflowers…"
          defaultValue={state.search}
          maxLength={100}
          aria-invalid={errors.search ? true : undefined}
          aria-describedby={errors.search ? "filter-search-error" : undefined}
          onChange={hydrated ? submitSoon : undefined}
          className={`mt-1 block w-full rounded-lg border px-3 py-2 text-sm ${errors.search ? "border-red-600" : "border-gray-300"} ${focusRing}`}
        />
        <FieldError alert id="filter-search-error" messages={errors.search} />
      </div>

      <fieldset className="mt-4" aria-describedby={errors.categories ? "filter-categories-error" : undefined}>
        <legend className="text-sm font-semibold text-gray-900">Categories</legend>
        <ul className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 lg:grid-cols-1">
          {categories.map((category) => (
            <li key={category.slug}>
              <FilterCheckbox
                name="category"
                value={category.slug}
                checked={state.categories.includes(category.slug)}
                onChange={hydrated ? submitNow : undefined}
              >
                {category.name}
              </FilterCheckbox>
            </li>
          ))}
        </ul>
        <FieldError alert id="filter-categories-error" messages={errors.categories} />
      </fieldset>

      <fieldset className="mt-5">
        <legend className="text-sm font-semibold text-gray-900">Price</legend>
        <div className="mt-2 grid grid-cols-2 gap-3">
          {priceInput("min_price", "Min price", "0")}
          {priceInput("max_price", "Max price", "Any")}
        </div>
      </fieldset>

      <div className="mt-5 grid gap-2">
        {flagCheckbox("on_sale", "On sale only")}
        {flagCheckbox("featured", "Featured only")}
      </div>

      {state.sort !== "newest" && state.sort !== "relevance" ? (
        <input type="hidden" name="sort" value={state.sort} />
      ) : null}

      <ApplyFilters hydrated={hydrated} />
    </form>
  );
}
