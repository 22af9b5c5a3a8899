import { describe, expect, it } from "vitest";
import { changes, isValidTag, TAGS } from "~/lib/cache-tags";

// Which write clears which tags: the table every write, present and to come, is checked against.

describe("what each write makes stale", () => {
  it("an order: each product bought, every product list, the home page's best sellers and the days booked", () => {
    expect(changes.orderPlaced([12, 7, 12])).toEqual(["product:12", "product:7", "products", "home", "deliveries"]);
  });

  it("a like or unlike: the post and the lists that show its count", () => {
    expect(changes.blogLiked(5)).toEqual(["blog:5", "blogs"]);
  });

  it("a view: the post's own answers only (lists follow within their lifetime)", () => {
    expect(changes.blogViewed(5)).toEqual(["blog:5"]);
  });

  it("staff writes: a product, a category, a tutorial, the settings, the home sections, everything", () => {
    expect(changes.productChanged(3, [2, 9])).toEqual([
      "product:3",
      "products",
      "categories",
      "home",
      "category:2",
      "category:9",
    ]);
    expect(changes.productChanged(3)).toEqual(["product:3", "products", "categories", "home"]);
    expect(changes.categoryChanged(4)).toEqual(["category:4", "categories", "products"]);
    expect(changes.blogChanged(8)).toEqual(["blog:8", "blogs"]);
    expect(changes.settingsChanged()).toEqual(["settings", "home"]);
    expect(changes.homeChanged()).toEqual(["home"]);
    expect(changes.everything()).toEqual(["all"]);
  });

  it("names tags as the entries do", () => {
    expect(TAGS.product(1)).toBe("product:1");
    expect(TAGS.category(1)).toBe("category:1");
    expect(TAGS.blog(1)).toBe("blog:1");
    expect([TAGS.products, TAGS.categories, TAGS.blogs, TAGS.settings, TAGS.home, TAGS.all]).toEqual([
      "products",
      "categories",
      "blogs",
      "settings",
      "home",
      "all",
    ]);
  });

  it("every tag any write makes is a valid Cache-Tag value", () => {
    const made = [
      ...changes.orderPlaced([1, 99999]),
      ...changes.blogLiked(1),
      ...changes.blogViewed(1),
      ...changes.productChanged(1, [1]),
      ...changes.categoryChanged(1),
      ...changes.blogChanged(1),
      ...changes.settingsChanged(),
      ...changes.homeChanged(),
      ...changes.everything(),
    ];
    for (const tag of made) expect(isValidTag(tag), tag).toBe(true);
  });

  it("refuses tags that would break a header: spaces, commas, non-ASCII, empty, over 128 characters", () => {
    for (const tag of ["", "a b", "a,b", "café", "x".repeat(129), "line\nbreak"])
      expect(isValidTag(tag), JSON.stringify(tag)).toBe(false);
    expect(isValidTag("x".repeat(128))).toBe(true);
  });
});
