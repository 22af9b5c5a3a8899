import { describe, expect, it } from "vitest";
import { categories as seedCategories } from "../../db/seed/data/categories";
import { products as allSeedProducts } from "../../db/seed/data/products";
import { get, queryCount, decode, visibleText } from "./helpers";

// Add-ons (a vase, a card) are not listed among bouquets.
const seedProducts = allSeedProducts.filter((product) => !product.is_addon);
const TOTAL = seedProducts.length;
const bySlug = new Map(seedProducts.map((product) => [product.slug, product]));
const unitPrice = (slug: string) => {
  const product = bySlug.get(slug)!;
  return product.sale_price_cents !== null && product.sale_price_cents < product.price_cents
    ? product.sale_price_cents
    : product.price_cents;
};
const weddingSlugs = seedProducts.filter((product) => product.category === "wedding").map((product) => product.slug);

/** The attributes of every <input> of a page, as a browser would read them. */
function inputs(html: string): Record<string, string>[] {
  return [...html.matchAll(/<input\b[^>]*>/g)].map(([tag]) =>
    Object.fromEntries([...tag.matchAll(/\s([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name!, decode(value!)])),
  );
}

const input = (html: string, name: string, value?: string) =>
  inputs(html).find((attributes) => attributes.name === name && (value === undefined || attributes.value === value));

interface Card {
  slug: string;
  name: string;
  text: string;
  html: string;
}

/** The product cards of a page, in the order a shopper sees them. */
function cards(html: string): Card[] {
  return [...html.matchAll(/<article[\s\S]*?<\/article>/g)].map(([block]) => {
    const heading = /<h3[^>]*><a[^>]*href="\/product\/([^"]+)"[^>]*>([^<]*)<\/a><\/h3>/.exec(block);
    if (!heading) throw new Error(`a card without its name: ${block.slice(0, 200)}`);
    return { slug: heading[1]!, name: decode(heading[2]!), text: visibleText(block), html: block };
  });
}

async function page(path: string) {
  const response = await get(path);
  const html = await response.text();
  return { response, status: response.status, html, text: visibleText(html), cards: cards(html) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("/products", () => {
  it("shows the first 12 bouquets with the count, the filters and the sort buttons, on the server", async () => {
    const { status, html, text, cards: shown } = await page("/products");
    expect(status).toBe(200);
    expect(shown).toHaveLength(12);
    expect(text).toContain(`1-12 of ${TOTAL} products`);
    expect(html).toMatch(/<h1[^>]*>Shop All Bouquets<\/h1>/);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain("<title>Shop All Bouquets | ");
    for (const category of seedCategories) {
      expect(input(html, "category", category.slug)).toMatchObject({ type: "checkbox" });
      expect(text).toContain(category.name);
    }
    for (const label of [
      "Min price",
      "Max price",
      "On sale only",
      "Featured only",
      "Clear All",
      "Apply Filters",
      "Newest",
      "Name A-Z",
      "Price",
    ]) {
      expect(text).toContain(label);
    }
    expect(html).toMatch(/<form[^>]*method="get"[^>]*action="\/products"/);
    // The active sort is marked.
    expect(html).toMatch(/<a[^>]*aria-current="true"[^>]*>Newest<\/a>/);
    // Each card: category, price, Add to Cart (a real form post) and, without JavaScript, a Quick View link.
    const first = shown.find((card) => !bySlug.get(card.slug)!.options)!;
    expect(first.text).toMatch(/\$\d+\.\d{2}/);
    const category = seedCategories.find((item) => item.slug === bySlug.get(first.slug)!.category)!;
    expect(first.text).toContain(category.name);
    expect(first.html).toMatch(/<form[^>]*method="post"[^>]*action="\/cart"/);
    expect(input(first.html, "intent")).toMatchObject({ type: "hidden", value: "add" });
    expect(input(first.html, "product_id")?.value).toMatch(/^\d+$/);
    expect(input(first.html, "quantity")).toMatchObject({ type: "hidden", value: "1" });
    expect(first.html).toMatch(new RegExp(`<a[^>]*href="/product/${first.slug}"[^>]*>Quick View`));
    // A bouquet sold in sizes or colours is chosen on its page: its card links there instead.
    const sized = shown.find((card) => bySlug.get(card.slug)!.options)!;
    expect(sized.html).not.toMatch(/action="\/cart"/);
    expect(sized.html).toMatch(new RegExp(`<a[^>]*href="/product/${sized.slug}"[^>]*>Choose Options`));
    expect(html).toContain('"@type":"ItemList"');
  });

  it("shows the sale price with the old one struck through, and the badges", async () => {
    const { cards: shown } = await page("/products?on_sale=1");
    expect(shown.length).toBeGreaterThan(0);
    for (const card of shown) {
      const product = bySlug.get(card.slug)!;
      expect(product.sale_price_cents).not.toBeNull();
      expect(card.html).toMatch(/<s[\s>]/);
      expect(card.text).toContain("Sale");
      expect(card.text).toMatch(/-\d+%/);
    }
    const onSale = seedProducts.filter(
      (product) => product.sale_price_cents !== null && product.sale_price_cents < product.price_cents,
    );
    const { text } = await page("/products?on_sale=1");
    expect(text).toContain(`of ${onSale.length} products`);
  });

  it("filters by category, one or several", async () => {
    const wedding = await page("/products?category=wedding");
    expect(wedding.status).toBe(200);
    expect(wedding.cards.map((card) => card.slug).sort()).toEqual([...weddingSlugs].sort());
    expect(wedding.text).toContain(`1-${weddingSlugs.length} of ${weddingSlugs.length} products`);
    expect(input(wedding.html, "category", "wedding")).toHaveProperty("checked");
    expect(input(wedding.html, "category", "anniversary")).not.toHaveProperty("checked");
    for (const card of wedding.cards) expect(card.text).toContain("Wedding");

    const two = await page("/products?category=wedding&category=anniversary");
    const expected = seedProducts.filter((product) => ["wedding", "anniversary"].includes(product.category ?? ""));
    expect(two.cards.map((card) => card.slug).sort()).toEqual(expected.map((product) => product.slug).sort());
  });

  it("filters by price range", async () => {
    const { status, cards: shown, html } = await page("/products?min_price=40&max_price=60");
    expect(status).toBe(200);
    const expected = seedProducts.filter(
      (product) => unitPrice(product.slug) >= 4000 && unitPrice(product.slug) <= 6000,
    );
    expect(shown.length).toBe(Math.min(12, expected.length));
    for (const card of shown) {
      expect(unitPrice(card.slug)).toBeGreaterThanOrEqual(4000);
      expect(unitPrice(card.slug)).toBeLessThanOrEqual(6000);
    }
    expect(input(html, "min_price")?.value).toBe("40");
    expect(input(html, "max_price")?.value).toBe("60");
  });

  it("filters the featured bouquets", async () => {
    const { cards: shown, text } = await page("/products?featured=1");
    const featured = seedProducts.filter((product) => product.is_featured);
    expect(shown).toHaveLength(Math.min(12, featured.length));
    for (const card of shown) {
      expect(bySlug.get(card.slug)!.is_featured).toBe(true);
      expect(card.text).toContain("Featured");
    }
    expect(text).toContain(`of ${featured.length} products`);
  });

  it("sorts by newest, name, price and best sellers", async () => {
    const newest = (await page("/products")).cards.map((card) => bySlug.get(card.slug)!.created_at);
    expect(newest).toEqual([...newest].sort((a, b) => b - a));

    const byName = await page("/products?sort=name");
    const names = byName.cards.map((card) => card.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(names[0]).toBe(
      [...seedProducts.map((product) => product.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))[0],
    );
    expect(byName.html).toMatch(/<a[^>]*aria-current="true"[^>]*>Name A-Z<\/a>/);

    const byPrice = await page("/products?sort=price");
    const prices = byPrice.cards.map((card) => unitPrice(card.slug));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices[0]).toBe(Math.min(...seedProducts.map((product) => unitPrice(product.slug))));

    const best = await page("/products?sort=best-sellers");
    expect(best.status).toBe(200);
    const sold = best.cards.map((card) => bySlug.get(card.slug)!.sold_count);
    expect(sold).toEqual([...sold].sort((a, b) => b - a));
    expect(sold[0]).toBe(Math.max(...seedProducts.map((product) => product.sold_count)));
    expect(best.html).toMatch(/<a[^>]*aria-current="true"[^>]*>Best Sellers<\/a>/);
  });

  it("keeps the filters in the sort links and the pagination, and resets the page when the sort changes", async () => {
    const { html } = await page("/products?category=wedding&category=anniversary&sort=price&page=1");
    expect(html).toContain('href="/products?category=wedding&amp;category=anniversary&amp;sort=name"');
    expect(input(html, "sort")).toMatchObject({ type: "hidden", value: "price" });
    const second = await page("/products?sort=name&page=2");
    expect(second.html).toContain('href="/products?sort=price"');
    expect(second.html).toContain('href="/products?sort=name&amp;page=3"');
  });

  it("shows page 2, and the empty state past the last page", async () => {
    const first = await page("/products");
    const second = await page("/products?page=2");
    expect(second.status).toBe(200);
    expect(second.text).toContain(`13-24 of ${TOTAL} products`);
    expect(second.cards).toHaveLength(12);
    const firstSlugs = new Set(first.cards.map((card) => card.slug));
    expect(second.cards.some((card) => firstSlugs.has(card.slug))).toBe(false);
    expect(second.html).toMatch(/<span[^>]*aria-current="page"[^>]*>2<\/span>/);

    const past = await page("/products?page=99");
    expect(past.status).toBe(200);
    expect(past.cards).toHaveLength(0);
    expect(past.text).toContain("No products found");
    expect(past.html).toMatch(/<a[^>]*href="\/products"[^>]*>Clear All Filters<\/a>/);
  });

  it("shows the empty state when nothing matches", async () => {
    const { status, cards: shown, text } = await page("/products?min_price=999999");
    expect(status).toBe(200);
    expect(shown).toHaveLength(0);
    expect(text).toContain("No products found");
    expect(text).toContain("Clear All Filters");
  });

  it("reports a bad filter value under its field, ignores it and shows the rest", async () => {
    const { status, html, cards: shown, text } = await page("/products?min_price=abc&category=wedding");
    expect(status).toBe(200);
    expect(html).toMatch(/<p[^>]*role="alert"[^>]*>The min price must be a number\.<\/p>/);
    expect(input(html, "min_price")).toMatchObject({ value: "", "aria-invalid": "true" });
    expect(shown.map((card) => card.slug).sort()).toEqual([...weddingSlugs].sort());
    expect(text).toContain(`of ${weddingSlugs.length} products`);

    const inverted = await page("/products?min_price=50&max_price=10");
    expect(inverted.status).toBe(200);
    expect(inverted.text).toContain("The max price must be greater than or equal to the min price.");
    expect(inverted.cards.length).toBeGreaterThan(0);

    const badPage = await page("/products?page=abc");
    expect(badPage.status).toBe(200);
    expect(badPage.text).toContain("The page must be an integer.");
    expect(badPage.text).toContain(`1-12 of ${TOTAL} products`);
  });

  it("searches from the URL, as the home page's SearchAction sends it", async () => {
    const { status, cards: found, html } = await page("/products?search=sunflower");
    expect(status).toBe(200);
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThan(12);
    // Ranked: the bouquets named after sunflowers first, then those whose descriptions mention them.
    const named = seedProducts.filter((product) => /sunflower/i.test(product.name) && !product.is_addon);
    expect(named.length).toBeGreaterThan(0);
    expect(
      found
        .slice(0, named.length)
        .map((card) => card.slug)
        .sort(),
    ).toEqual(named.map((p) => p.slug).sort());
    expect(html).toMatch(
      /<input[^>]*name="search"[^>]*value="sunflower"|<input[^>]*value="sunflower"[^>]*name="search"/,
    );
  });

  it("marks a bouquet that is out of stock and disables its Add to Cart", async () => {
    const soldOut = seedProducts.find((product) => product.stock === 0 && product.category === "wedding")!;
    const { cards: shown } = await page("/products?category=wedding");
    const card = shown.find((item) => item.slug === soldOut.slug)!;
    expect(card.text).toContain("Out of stock");
    expect(card.html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""[^>]*>Out of stock<span class="sr-only">/);
  });

  it("sends at most 3 statements to the database once the caches are warm", async () => {
    await get("/products?sort=price");
    await settle();
    const response = await get("/products?sort=price&category=wedding");
    expect(response.status).toBe(200);
    expect(queryCount(response)).toBeLessThanOrEqual(3);
  });
});

describe("/categories/{slug}", () => {
  it("shows the category with only its bouquets", async () => {
    const { status, html, text, cards: shown } = await page("/categories/wedding");
    expect(status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>Wedding<\/h1>/);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain("<title>Wedding | ");
    expect(text).toContain(seedCategories.find((category) => category.slug === "wedding")!.description);
    expect(html).toMatch(/<img[^>]*src="\/images\/categories\/wedding\.svg"[^>]*width="600"[^>]*height="400"/);
    // Breadcrumb: Home / Categories / Wedding
    expect(html).toMatch(
      /<nav aria-label="Breadcrumb"[\s\S]*?>Home<[\s\S]*?>Categories<[\s\S]*?aria-current="page"[^>]*>Wedding</,
    );
    expect(shown.map((card) => card.slug).sort()).toEqual([...weddingSlugs].sort());
    expect(text).toContain(`1-${weddingSlugs.length} of ${weddingSlugs.length} products`);
  });

  it("sorts on its own path", async () => {
    const { html, cards: shown } = await page("/categories/wedding?sort=price");
    const prices = shown.map((card) => unitPrice(card.slug));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(html).toContain('href="/categories/wedding?sort=name"');
    expect(html).toContain('href="/categories/wedding"');
    expect(html).not.toContain("category=wedding");
  });

  it("sends at most 3 statements to the database once the caches are warm", async () => {
    await get("/categories/anniversary");
    await settle();
    const response = await get("/categories/anniversary?sort=name");
    expect(response.status).toBe(200);
    expect(queryCount(response)).toBeLessThanOrEqual(3);
  });

  it("answers an unknown category with the not-found screen and a 404", async () => {
    for (const path of ["/categories/nope", "/categories/NOT%20a%20slug"]) {
      const { status, text } = await page(path);
      expect(status).toBe(404);
      expect(text).toContain("Page Not Found");
    }
  });
});
