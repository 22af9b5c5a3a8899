import { describe, expect, it } from "vitest";
import { mergePersonal, scriptJson } from "../../app/lib/personal";
import { renderPart } from "../../app/kept-fill.server";
import { DEFAULT_CURRENCY, formatMoney } from "../../app/lib/money";

// The per-visitor parts of a kept page (docs/decisions/017): the same markup and data for the
// Worker that fills them in and for the browser that hydrates them.

describe("the visitor's data in a script", () => {
  it("can never close the script or break its line, and reads back as the same value", () => {
    const value = { name: "</script><script>alert(1)</script>", line: "a\u2028b\u2029c", amp: "R & L" };
    const json = scriptJson(value);
    expect(json).not.toContain("<");
    expect(json).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe("merging it into the hydration data", () => {
  it("sets each path under its route, leaves what it does not name, and skips a part the page did not show", () => {
    const loaderData: Record<string, unknown> = {
      root: { cart: { items: [] }, viewer: null, site: { name: "Twistbloom" } },
      "routes/blog.$slug": { blog: { id: 4, liked: false } },
      "routes/product.$slug": { reviews: null },
    };
    mergePersonal(loaderData, {
      root: { viewer: { name: "Ann" }, cart: { items: [1] } },
      "routes/blog.$slug": { "blog.liked": true },
      "routes/product.$slug": { "reviews.writer": { kind: "shopper" } },
      "routes/absent": { x: 1 },
    });
    expect(loaderData.root).toEqual({ cart: { items: [1] }, viewer: { name: "Ann" }, site: { name: "Twistbloom" } });
    expect(loaderData["routes/blog.$slug"]).toEqual({ blog: { id: 4, liked: true } });
    expect(loaderData["routes/product.$slug"]).toEqual({ reviews: null });
    expect(loaderData["routes/absent"]).toBeUndefined();
  });
});

describe("the header cart's panel", () => {
  it("escapes names and slugs, prices each line and totals the cart", () => {
    const html = renderPart(
      "cartPanel",
      { currency: DEFAULT_CURRENCY },
      {
        items: [
          {
            product_id: 1,
            variant_id: 10,
            quantity: 2,
            product: {
              slug: "roses-&-lilies",
              name: `Roses & "Lilies" <b>`,
              unit_price_cents: 2450,
              options: { Size: "Grand" },
            },
          },
          {
            product_id: 2,
            variant_id: null,
            quantity: 0,
            product: { slug: "gone", name: "Sold out", unit_price_cents: 100, options: {} },
          },
        ],
        subtotal_cents: 4900,
        item_count: 2,
      },
    );
    expect(html).toContain("Roses &amp; &quot;Lilies&quot; &lt;b&gt;");
    expect(html).toContain('href="/product/roses-%26-lilies"');
    expect(html).toContain(
      `2 × <span class="inline-flex items-baseline gap-2 "><span class="font-semibold text-gray-900">${formatMoney(2450)}</span>`,
    );
    expect(html).toContain(formatMoney(4900));
    expect(html).toContain("Size: Grand");
    expect(html).not.toContain("Sold out");
    expect(renderPart("cartPanel", { currency: DEFAULT_CURRENCY }, null)).toContain("Your cart is empty");
  });

  it("formats the same amount the same way every time (the formatted text is kept)", () => {
    expect(formatMoney(123456)).toBe("$1,234.56");
    expect(formatMoney(123456)).toBe("$1,234.56");
    expect(formatMoney(-5)).toBe("-$0.05");
  });
});
