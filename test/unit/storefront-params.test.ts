import { describe, expect, it } from "vitest";
import { parseProductPageParams, productPageHref } from "~/lib/schemas/storefront";

const parse = (search: string, fixed?: string) => parseProductPageParams(new URLSearchParams(search), fixed);

describe("products page URL", () => {
  it("reads the home page's links: a category and the best-sellers sort", () => {
    expect(parse("category=wedding").query.categories).toEqual(["wedding"]);
    const best = parse("sort=best-sellers").query;
    expect([best.sort_by, best.sort_order]).toEqual(["best-sellers", "desc"]);
  });

  it("reads repeated category checkboxes, prices, flags and the page", () => {
    const { query, state, errors } = parse(
      "category=wedding&category=anniversary&min_price=10&max_price=50&on_sale=1&featured=1&sort=price&page=2",
    );
    expect(errors).toEqual({});
    expect(query).toMatchObject({
      categories: ["wedding", "anniversary"],
      min_price: 10,
      max_price: 50,
      on_sale: true,
      featured: true,
      sort_by: "price",
      sort_order: "asc",
      page: 2,
      per_page: 12,
    });
    expect(state).toMatchObject({ sort: "price", page: 2, on_sale: true });
  });

  it("drops a bad value, keeps the rest, and reports the field", () => {
    const { query, state, errors } = parse("category=wedding&min_price=abc&page=-3&sort=weird");
    expect(errors.min_price).toEqual(["The min price must be a number."]);
    expect(errors.page).toEqual(["The page must be at least 1."]);
    expect(errors.sort).toEqual(["The selected sort is invalid."]);
    expect(query).toMatchObject({ categories: ["wedding"], page: 1, sort_by: "created_at" });
    expect(query.min_price).toBeUndefined();
    expect(state.min_price).toBe("");
  });

  it("builds links that reset the page when a filter or the sort changes", () => {
    const { state } = parse("category=wedding&page=3");
    expect(productPageHref("/products", state, { sort: "name" })).toBe("/products?category=wedding&sort=name");
    expect(productPageHref("/products", state, { page: 4 })).toBe("/products?category=wedding&page=4");
    expect(productPageHref("/products", state, { categories: [] })).toBe("/products");
  });
});
