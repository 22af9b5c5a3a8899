import { describe, expect, it } from "vitest";
import { BlogListQuerySchema, ProductListQuerySchema } from "~/lib/schemas/catalog";
import { fieldErrors, queryRecord } from "~/lib/schemas/query";

const parse = (query: string) => ProductListQuerySchema.safeParse(queryRecord(new URLSearchParams(query)));

describe("ProductListQuerySchema", () => {
  it("gives the spec's defaults: page 1 and 12 per page", () => {
    const result = parse("");
    expect(result.success && result.data).toMatchObject({ page: 1, per_page: 12, categories: [], colors: [] });
  });

  it("reads comma-separated categories and colours, trimmed and without duplicates", () => {
    const result = parse("categories=wedding, anniversary,wedding&colors=red,pink");
    expect(result.success && result.data.categories).toEqual(["wedding", "anniversary"]);
    expect(result.success && result.data.colors).toEqual(["red", "pink"]);
  });

  it("clamps per_page to the maximum of 50", () => {
    const result = parse("per_page=100000");
    expect(result.success && result.data.per_page).toBe(50);
  });

  it.each([
    ["min_price=abc", "min_price", "The min price must be a number."],
    ["max_price=1e3", "max_price", "The max price must be a number."],
    ["page=-1", "page", "The page must be at least 1."],
    ["page=1.5", "page", "The page must be an integer."],
    ["sort_by=popularity", "sort_by", "The selected sort by is invalid."],
    ["on_sale=maybe", "on_sale", "The on sale field must be true or false."],
    ["min_price=50&max_price=20", "max_price", "The max price must be greater than or equal to the min price."],
  ])("rejects %s naming the field", (query, field, message) => {
    const result = parse(query);
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)[field]).toEqual([message]);
  });

  it("ignores blank values, as an unfilled GET form sends them", () => {
    const result = parse("min_price=&max_price=&search=&sort_by=");
    expect(result.success).toBe(true);
  });
});

describe("BlogListQuerySchema", () => {
  it("defaults to 9 per page and validates the difficulty", () => {
    const ok = BlogListQuerySchema.safeParse({});
    expect(ok.success && ok.data.per_page).toBe(9);
    const bad = BlogListQuerySchema.safeParse({ difficulty: "expert" });
    expect(bad.success).toBe(false);
  });
});
