import { describe, expect, it } from "vitest";
import { formatMoney } from "../../app/lib/money";
import { get, getJson, queryCount, decode, visibleText } from "./helpers";

interface ApiProduct {
  id: number;
  name: string;
  slug: string;
  sku: string;
  stock: number;
  weight: number | null;
  dimensions: string | null;
  price_cents: number;
  unit_price_cents: number;
  is_on_sale: boolean;
  discount_percent: number;
  images: { url: string; alt: string }[];
  variants: { id: number; sku: string; stock: number }[];
  related_products: { slug: string; name: string }[];
  category: { name: string; slug: string } | null;
}

const BLUSH = "blush-garden-bouquet";

async function apiProduct(slug: string): Promise<ApiProduct> {
  const { status, body } = await getJson<{ data: ApiProduct }>(`/api/products/slug/${slug}`);
  expect(status).toBe(200);
  return body.data;
}

async function apiList(query: string): Promise<ApiProduct[]> {
  const { status, body } = await getJson<{ data: { data: ApiProduct[] } }>(`/api/products?${query}`);
  expect(status).toBe(200);
  return body.data.data;
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decode(match[1] ?? "") : null;
}

/** The main image: the <img> inside the gallery's <figure>. */
function mainImage(html: string): string {
  const match = /<figure[^>]*>[\s\S]*?(<img[^>]*>)/.exec(html);
  if (!match?.[1]) throw new Error("no main image");
  return match[1];
}

function section(html: string, headingId: string): string {
  const start = html.indexOf(`id="${headingId}"`);
  if (start < 0) return "";
  const end = html.indexOf("</section>", start);
  return html.slice(start, end);
}

function jsonLd(html: string): Record<string, any>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1] ?? "null"),
  );
}

describe("product page", () => {
  it("renders the product with its price, facts, add-to-cart form, related products, reviews and structured data, in at most 4 queries", async () => {
    const product = await apiProduct(BLUSH);
    const response = await get(`/product/${BLUSH}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    // Cold: the settings (1), the product with its related products (2), a page of its reviews and
    // their summary (1, docs/decisions/012); each kept by the edge cache after.
    expect(queryCount(response)).toBeLessThanOrEqual(4);
    const html = await response.text();
    const text = visibleText(html);

    expect(html).toMatch(new RegExp(`<h1[^>]*>${product.name}</h1>`));
    expect((html.match(/<h1[\s>]/g) ?? []).length).toBe(1);
    expect(html).toContain(`<title>${product.name} | Twistbloom</title>`);
    expect(text).toContain(`Home / Shop / ${product.category?.name} / ${product.name}`);
    const breadcrumb = /<nav aria-label="Breadcrumb"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
    expect([...breadcrumb.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      "/",
      "/products",
      `/categories/${product.category?.slug}`,
    ]);
    expect(text).toContain(product.sku);
    expect(text).toContain(formatMoney(product.unit_price_cents));
    expect(formatMoney(product.unit_price_cents)).toMatch(/^\$\d+\.\d{2}$/);
    expect(text).toContain(`Weight ${product.weight} g`);
    expect(text).toContain(`Dimensions ${product.dimensions}`);
    expect(text).toContain("In stock");

    const form = /<form[^>]*action="\/cart"[^>]*>[\s\S]*?<\/form>/.exec(html)?.[0] ?? "";
    expect(form).toMatch(/method="post"/);
    expect(form).toContain("novalidate");
    expect(form).toMatch(/<input[^>]*type="hidden"[^>]*name="intent"[^>]*value="add"/);
    expect(form).toMatch(new RegExp(`<input[^>]*type="hidden"[^>]*name="product_id"[^>]*value="${product.id}"`));
    expect(form).toMatch(new RegExp(`<input[^>]*type="hidden"[^>]*name="redirectTo"[^>]*value="/product/${BLUSH}"`));
    const quantity = /<input[^>]*name="quantity"[^>]*>/.exec(form)?.[0] ?? "";
    expect(attribute(quantity, "type")).toBe("number");
    expect(attribute(quantity, "min")).toBe("1");
    // Bounded by the stock of the variant shown (the first in stock), not the product's total.
    const variant = product.variants.find((each) => each.stock > 0)!;
    expect(Number(attribute(quantity, "max"))).toBe(Math.min(99, variant.stock));
    expect(html).toMatch(/<label[^>]*for="quantity"[^>]*>Quantity<\/label>/);
    // The visible label; the shared button may add the product's name for screen readers after it.
    expect(form).toMatch(
      /<button type="submit"[^>]*>Add to Cart(<span class="sr-only">[^<]*(<!-- -->)?[^<]*<\/span>)?<\/button>/,
    );

    const related = section(html, "related-heading");
    const relatedLinks = [...related.matchAll(/href="\/product\/([^"]+)"/g)].map((m) => m[1]);
    expect(relatedLinks.length).toBeGreaterThan(0);
    expect(relatedLinks.length).toBeLessThanOrEqual(3);
    expect(relatedLinks).not.toContain(BLUSH);
    expect(relatedLinks).toEqual(product.related_products.slice(0, 3).map((p) => p.slug));

    for (const img of html.match(/<img[^>]*>/g) ?? []) {
      expect(attribute(img, "width")).toMatch(/^\d+$/);
      expect(attribute(img, "height")).toMatch(/^\d+$/);
    }

    const data = jsonLd(html);
    const ld = data.find((entry) => entry["@type"] === "Product");
    expect(ld).toBeDefined();
    expect(ld?.name).toBe(product.name);
    expect(ld?.sku).toBe(variant.sku);
    expect(ld?.brand).toEqual({ "@type": "Brand", name: "Twistbloom" });
    expect(ld?.image).toEqual(product.images.map((image) => `http://shop.test${image.url}`));
    expect(ld?.aggregateRating?.["@type"]).toBe("AggregateRating");
    expect(ld?.offers).toMatchObject({
      "@type": "Offer",
      price: (product.unit_price_cents / 100).toFixed(2),
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
      url: `http://shop.test/product/${BLUSH}`,
    });
    expect(data.some((entry) => entry["@type"] === "BreadcrumbList")).toBe(true);
  });

  it("shows the main image first and the second one for ?image=2", async () => {
    const product = await apiProduct(BLUSH);
    expect(product.images.length).toBeGreaterThanOrEqual(2);
    const [first, second] = product.images;

    const plain = mainImage(await (await get(`/product/${BLUSH}`)).text());
    expect(attribute(plain, "src")).toBe(first?.url);
    expect(attribute(plain, "alt")).toBe(first?.alt);
    expect(attribute(plain, "loading")).toBe("eager");

    const response = await get(`/product/${BLUSH}?image=2`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(attribute(mainImage(html), "src")).toBe(second?.url);
    expect(attribute(mainImage(html), "alt")).toBe(second?.alt);
    // Without JavaScript the thumbnails are links, and the one shown is marked current.
    expect(html).toMatch(new RegExp(`<a href="/product/${BLUSH}\\?image=2"[^>]*aria-current="true"`));
    expect(html).toContain(`href="/product/${BLUSH}?image=3"`);

    const outOfRange = mainImage(await (await get(`/product/${BLUSH}?image=99`)).text());
    expect(attribute(outOfRange, "src")).toBe(first?.url);
  });

  it("shows the On Sale and percent-off badges and the old price struck through for a product on sale", async () => {
    const [onSale] = await apiList("on_sale=1&per_page=1");
    expect(onSale?.is_on_sale).toBe(true);
    const html = await (await get(`/product/${onSale?.slug}`)).text();
    const text = visibleText(html);
    expect(text).toContain("On Sale");
    expect(text).toContain(`-${onSale?.discount_percent}%`);
    expect(html).toMatch(
      new RegExp(`<s[^>]*>[\\s\\S]*?${formatMoney(onSale?.price_cents ?? 0).replace("$", "\\$")}</s>`),
    );
    expect(text).toContain(formatMoney(onSale?.unit_price_cents ?? 0));
  });

  it("shows no sale badge for a product at its full price", async () => {
    const [fullPrice] = await apiList("on_sale=0&per_page=1");
    const html = await (await get(`/product/${fullPrice?.slug}`)).text();
    const details = html.slice(0, html.indexOf('id="related-heading"'));
    expect(visibleText(details)).not.toContain("On Sale");
  });

  it("shows 'Only N left' when 1 to 5 are in stock, and bounds the quantity by the stock", async () => {
    const all = await apiList("per_page=50&in_stock=1");
    const low = all.find((p) => p.stock >= 1 && p.stock <= 5);
    expect(low).toBeDefined();
    const html = await (await get(`/product/${low?.slug}`)).text();
    expect(visibleText(html)).toContain(`Only ${low?.stock} left`);
    const quantity = /<input[^>]*name="quantity"[^>]*>/.exec(html)?.[0] ?? "";
    expect(attribute(quantity, "max")).toBe(String(low?.stock));
  });

  it("shows an out-of-stock product with a disabled button", async () => {
    const [soldOut] = await apiList("in_stock=0&per_page=1");
    expect(soldOut?.stock).toBe(0);
    const response = await get(`/product/${soldOut?.slug}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(visibleText(html)).toContain("Out of stock");
    expect(html).toMatch(
      /<button type="submit" disabled=""[^>]*>Out of stock(<span class="sr-only">[^<]*(<!-- -->)?[^<]*<\/span>)?<\/button>/,
    );
    const ld = jsonLd(html).find((entry) => entry["@type"] === "Product");
    expect(ld?.offers?.availability).toBe("https://schema.org/OutOfStock");
  });

  it("answers an unknown slug with 404 and 'Product Not Found', linking back to the shop", async () => {
    const response = await get("/product/no-such-bouquet");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Product Not Found<\/h1>/);
    expect(html).toMatch(/<a[^>]*href="\/products"[^>]*>Back to Shop<\/a>/);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });
});
