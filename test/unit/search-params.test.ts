import { describe, expect, it } from "vitest";
import { parseSearchPageParams } from "../../app/lib/schemas/search";
import { searchPageHref } from "../../app/lib/search";

// The search page's URL: `q` cut rather than refused, bad facets left out with their message, and
// the links the page writes back.

const parse = (query: string) => parseSearchPageParams(new URLSearchParams(query), 12);

describe("the search page's URL", () => {
  it("keeps q as typed, trimmed, without control characters", () => {
    const { query, state, errors } = parse("q=%20Red%00roses%20&category=wedding,birthday&on_sale=1&page=2");
    expect(query.q).toEqual({ text: "Red roses", shortened: false });
    expect(state).toEqual({ q: "Red roses", categories: ["wedding", "birthday"], on_sale: true, page: 2 });
    expect(query.per_page).toBe(12);
    expect(errors).toEqual({});
  });

  it("cuts a q over 100 characters, and says it did", () => {
    const { query } = parse(`q=${"a".repeat(150)}`);
    expect(query.q).toEqual({ text: "a".repeat(100), shortened: true });
    expect(parse(`q=${"🌹".repeat(120)}`).query.q.text).toBe("🌹".repeat(100));
  });

  it("leaves out a bad filter with its message", () => {
    const { state, errors } = parse("q=rose&min_price=abc&max_price=5&on_sale=maybe&page=0");
    expect(errors).toEqual({
      min_price: ["The min price must be a number."],
      on_sale: ["The on sale field must be true or false."],
      page: ["The page must be at least 1."],
    });
    expect(state).toEqual({ q: "rose", categories: [], max_price: 5, on_sale: false, page: 1 });
    expect(parse("min_price=50&max_price=10").errors.max_price).toEqual([
      "The max price must be greater than or equal to the min price.",
    ]);
  });

  it("writes links that keep the words and filters, back to page 1 when a filter changes", () => {
    const state = { q: "red roses", categories: ["wedding"], min_price: 25, max_price: 49.99, on_sale: true, page: 3 };
    expect(searchPageHref(state, { page: 4 })).toBe(
      "/search?q=red+roses&category=wedding&min_price=25&max_price=49.99&on_sale=1&page=4",
    );
    expect(searchPageHref(state, { on_sale: false })).toBe(
      "/search?q=red+roses&category=wedding&min_price=25&max_price=49.99",
    );
    expect(searchPageHref({ q: "", categories: [], on_sale: false, page: 1 })).toBe("/search");
  });
});
