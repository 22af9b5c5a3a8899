import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { shopper } from "../fixtures/checkout";
import { CookieJar, get, getJson, postForm, visibleText, visit } from "./helpers";

// The shop's side of options and variants (design/gifting.md sections 1 and 2): the product page's
// choice of a variant (a GET form, `?variant={id}`), "From $X" in lists, the lists' filters on
// variants, add-ons kept out of the shop's lists, and the catalogue API's options and variants.

interface VariantRow {
  id: number;
  sku: string;
  stock: number;
  product_id: number;
}

const BLUSH = "blush-garden-bouquet";
const ROSES = "dozen-red-forever-roses";
const SUNFLOWERS = "sunny-desk-sunflowers";
const counter = { n: 0 };
const newIp = () => `203.0.113.${(++counter.n % 250) + 1}`;

let variants: Record<string, VariantRow>;

const hit = (response: Response) => (response.headers.get("Server-Timing") ?? "").includes('cache;desc="hit"');

async function page(path: string) {
  const response = await get(path, { redirect: "manual" });
  const html = await response.text();
  return { response, html, text: visibleText(html) };
}

/** The main image: the <img> inside the gallery's <figure>. */
const mainImage = (html: string) => /<figure[^>]*>[\s\S]*?<img[^>]*\ssrc="([^"]*)"/.exec(html)?.[1] ?? "";
/** The value of the add-to-cart form's hidden variant_id. */
const postedVariant = (html: string) => /name="variant_id" value="(\d+)"/.exec(html)?.[1] ?? null;
/** A radio input of the options' form, by its field name and value. */
const radio = (html: string, name: string, value: string) =>
  new RegExp(`<input[^>]*type="radio"[^>]*name="${name}"[^>]*value="${value}"[^>]*>`).exec(html)?.[0] ?? "";
/** The shown SKU: the facts' row after "SKU". */
const shownSku = (text: string) => /SKU\s+(\S+)/.exec(text)?.[1];
/** The quantity input's maximum: the stock of the variant shown (under 99). */
const quantityMax = (html: string) => Number(/name="quantity"[^>]*max="(\d+)"/.exec(html)?.[1]);

/** A guest's order of one variant through the API, from an address of its own (guests are limited per address). */
async function orderVariant(productId: number, variantId: number, quantity: number) {
  const ordered = await getJson("/api/orders", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": newIp() },
    body: JSON.stringify({
      items: [{ product_id: productId, variant_id: variantId, quantity }],
      customer: shopper({ email: `vera.variant.${crypto.randomUUID().slice(0, 8)}@example.com` }),
      payment_method: "cash_on_delivery",
    }),
  });
  expect(ordered.status).toBe(201);
}

beforeAll(async () => {
  const rows = await env.DB.prepare("SELECT id, sku, stock, product_id FROM product_variants").all<VariantRow>();
  variants = Object.fromEntries(rows.results.map((row) => [row.sku, row]));
});

describe("the product page of a product with options", () => {
  it("shows its default variant, one fieldset per option, the Show button and the variant posted to the cart", async () => {
    const { response, html, text } = await page(`/product/${BLUSH}`);
    expect(response.status).toBe(200);
    expect([...html.matchAll(/<legend[^>]*>([^<]+)<\/legend>/g)].map((m) => m[1])).toEqual(["Size", "Colour"]);
    expect(html).toMatch(/<form[^>]*method="get"[^>]*action="\/product\/blush-garden-bouquet"/);
    expect(text).toContain("Show");
    expect(shownSku(text)).toBe("TB-MOM-001-BQ-PK");
    expect(text).toContain("$54.00");
    expect(postedVariant(html)).toBe(String(variants["TB-MOM-001-BQ-PK"]!.id));
    expect(radio(html, "Size", "Bouquet")).toContain("checked");
    expect(radio(html, "Colour", "Pink")).toContain("checked");
  });

  it("?variant= shows that variant's price, SKU, stock and image, and says why a value cannot be chosen", async () => {
    const grand = variants["TB-MOM-001-GR-PK"]!;
    const plain = await page(`/product/${BLUSH}`);
    const { response, html, text } = await page(`/product/${BLUSH}?variant=${grand.id}`);
    expect(response.status).toBe(200);
    expect(text).toContain("$89.00");
    expect(text).not.toContain("On Sale");
    expect(shownSku(text)).toBe("TB-MOM-001-GR-PK");
    expect(quantityMax(html)).toBe(grand.stock);
    expect(postedVariant(html)).toBe(String(grand.id));
    expect(mainImage(html)).not.toBe(mainImage(plain.html));
    expect(radio(html, "Size", "Grand")).toContain("checked");
    expect(radio(html, "Colour", "White")).toContain("disabled");
    expect(text).toContain("White Not made in Grand");
    // The checked value is never disabled.
    expect(radio(html, "Colour", "Pink")).not.toContain("disabled");
  });

  it("shows a sold-out variant with its add button disabled, and its value as Sold out beside another", async () => {
    const blush = variants["TB-ANN-001-BL"]!;
    const red = (await page(`/product/${ROSES}`)).html;
    expect(radio(red, "Colour", "Blush")).toContain("disabled");
    expect(visibleText(red)).toContain("Blush Sold out");
    const { response, html, text } = await page(`/product/${ROSES}?variant=${blush.id}`);
    expect(response.status).toBe(200);
    expect(text).toContain("Out of stock");
    expect(html).toMatch(/<button type="submit" disabled=""[^>]*>Out of stock/);
  });

  it("answers a GET with one field per option by a redirect to the variant (exact, else the closest)", async () => {
    const exact = await page(`/product/${BLUSH}?Size=Grand&Colour=Pink`);
    expect(exact.response.status).toBe(302);
    expect(exact.response.headers.get("Location")).toBe(
      `/product/${BLUSH}?variant=${variants["TB-MOM-001-GR-PK"]!.id}`,
    );
    const notSold = await page(`/product/${BLUSH}?Size=Grand&Colour=White`);
    expect(notSold.response.headers.get("Location")).toBe(
      `/product/${BLUSH}?variant=${variants["TB-MOM-001-GR-PK"]!.id}`,
    );
    const unknown = await page(`/product/${BLUSH}?Size=Nope`);
    expect(unknown.response.status).toBe(302);
    const target = Number(/variant=(\d+)$/.exec(unknown.response.headers.get("Location") ?? "")?.[1]);
    expect(Object.values(variants).find((variant) => variant.id === target)?.product_id).toBe(
      variants["TB-MOM-001-GR-PK"]!.product_id,
    );
  });

  it("shows the default variant for a malformed, unknown or foreign ?variant=, never an error", async () => {
    const foreign = variants["TB-ANN-001-RD"]!;
    for (const value of ["abc", "0", "-1", "99999999", "1e3", "99999999999999999999999", String(foreign.id)]) {
      const { response, text, html } = await page(`/product/${BLUSH}?variant=${encodeURIComponent(value)}`);
      expect(response.status, value).toBe(200);
      expect(shownSku(text), value).toBe("TB-MOM-001-BQ-PK");
      expect(postedVariant(html), value).toBe(String(variants["TB-MOM-001-BQ-PK"]!.id));
    }
  });

  it("is kept per variant URL: a second request for the same variant is a cache hit showing that variant", async () => {
    const grand = variants["TB-MOM-001-GR-PK"]!;
    const path = `/product/${BLUSH}?variant=${grand.id}`;
    await get(path);
    const again = await page(path);
    expect(hit(again.response)).toBe(true);
    expect(shownSku(again.text)).toBe("TB-MOM-001-GR-PK");
    const other = await page(`/product/${BLUSH}?variant=${variants["TB-MOM-001-BQ-WH"]!.id}`);
    expect(shownSku(other.text)).toBe("TB-MOM-001-BQ-WH");
    // Tracking parameters are not part of the key: the same kept page.
    const tracked = await page(`/product/${BLUSH}?utm_source=mail&variant=${grand.id}`);
    expect(hit(tracked.response)).toBe(true);
    expect(shownSku(tracked.text)).toBe("TB-MOM-001-GR-PK");
  });

  it("keeps a variant's page fresh: after an order of that variant its kept page shows the new stock", async () => {
    const white = variants["TB-MOM-001-BQ-WH"]!;
    const stockOf = async () =>
      (await env.DB.prepare("SELECT stock FROM product_variants WHERE id = ?")
        .bind(white.id)
        .first<{ stock: number }>())!.stock;
    const before = await stockOf();
    const path = `/product/${BLUSH}?variant=${white.id}`;
    await get(path);
    const kept = await page(path);
    expect(hit(kept.response)).toBe(true);
    expect(quantityMax(kept.html)).toBe(before);
    await orderVariant(white.product_id, white.id, 2);
    expect(await stockOf()).toBe(before - 2);
    const after = await page(path);
    expect(quantityMax(after.html)).toBe(before - 2);
    expect(shownSku(after.text)).toBe("TB-MOM-001-BQ-WH");
  });

  it("never keeps the options' form: each GET with option fields is redirected, whatever came before", async () => {
    const path = `/product/${BLUSH}?Size=Grand&Colour=Pink`;
    for (let round = 0; round < 2; round++) {
      const answer = await page(path);
      expect(answer.response.status).toBe(302);
      expect(hit(answer.response)).toBe(false);
    }
    // Another parameter the page does not read is rendered for the visitor, never kept either.
    await get(`/product/${BLUSH}?junk=1`);
    const again = await page(`/product/${BLUSH}?junk=1`);
    expect(again.response.status).toBe(200);
    expect(hit(again.response)).toBe(false);
    expect(shownSku(again.text)).toBe("TB-MOM-001-BQ-PK");
  });
});

describe("the product page of a product without options", () => {
  it("shows no options form and posts its one variant", async () => {
    const row = (await env.DB.prepare(
      `SELECT p.slug, p.sku, v.id AS variant_id FROM products p JOIN product_variants v ON v.product_id = p.id
       WHERE p.is_active = 1 AND p.is_addon = 0 AND v.options = '{}' ORDER BY p.id LIMIT 1`,
    ).first<{ slug: string; sku: string; variant_id: number }>())!;
    const { html, text } = await page(`/product/${row.slug}`);
    expect(html).not.toContain("<fieldset");
    expect(text).not.toContain("Show");
    expect(shownSku(text)).toBe(row.sku);
    expect(postedVariant(html)).toBe(String(row.variant_id));
  });

  it("keeps its variant page fresh: after an order of that variant the kept page shows the new stock", async () => {
    const product = (await env.DB.prepare(
      `SELECT p.id, p.slug, p.stock, v.id AS variant_id FROM products p JOIN product_variants v ON v.product_id = p.id
       WHERE p.is_active = 1 AND p.is_addon = 0 AND v.options = '{}' AND p.stock BETWEEN 10 AND 90
       ORDER BY p.id DESC LIMIT 1 OFFSET 3`,
    ).first<{ id: number; slug: string; stock: number; variant_id: number }>())!;
    const path = `/product/${product.slug}?variant=${product.variant_id}`;
    await get(path);
    const kept = await page(path);
    expect(hit(kept.response)).toBe(true);
    expect(quantityMax(kept.html)).toBe(product.stock);
    await orderVariant(product.id, product.variant_id, 2);
    const after = await page(path);
    expect(quantityMax(after.html)).toBe(product.stock - 2);
  });
});

describe("lists", () => {
  it('show "From $X" when a product\'s variants differ in price, and the plain price otherwise', async () => {
    const { text } = await page("/products?search=Sunny+Desk");
    expect(text).toContain("From $44.00");
    const api = await getJson(`/api/products/slug/${SUNFLOWERS}`);
    expect(api.body.data).toMatchObject({ price_min: 44, price_max: 58, price_min_cents: 4400, price_max_cents: 5800 });
    const plain = await page("/products?search=Lavender+Posy");
    expect(plain.text).toContain("$38.00");
    expect(plain.text).not.toContain("From $38.00");
  });

  it('show "From $X" on the home page\'s tiles and among related products too', async () => {
    // The Blush Garden Bouquet is the best seller, and a Mother's Day bouquet like the posy.
    expect((await page("/")).text).toContain("From $54.00");
    const related = (await page("/product/mamas-lavender-posy")).text;
    expect(related.slice(related.indexOf("Related Products"))).toContain("From $54.00");
    const home = (await getJson("/api/home")).body.data.monthly_best_sellers.products as {
      url: string;
      price_max: number;
    }[];
    expect(home.find((product) => product.url === `/product/${BLUSH}`)?.price_max).toBe(89);
  });

  it('show "From $X" on the shopper\'s wishlist', async () => {
    const jar = new CookieJar();
    const password = "Petals2024";
    const fields = {
      firstName: "Wanda",
      lastName: "Variant",
      email: `wanda.variant.${crypto.randomUUID().slice(0, 8)}@example.com`,
      password,
      confirmPassword: password,
      terms: "on",
    };
    expect((await postForm(jar, "/register", fields, { "CF-Connecting-IP": newIp() })).status).toBe(302);
    const blush = variants["TB-MOM-001-BQ-PK"]!.product_id;
    const saved = await postForm(jar, "/wishlist", { intent: "add", product_id: String(blush), redirectTo: "/" });
    expect(saved.status).toBe(302);
    expect(visibleText(await (await visit(jar, "/wishlist")).text())).toContain("From $54.00");
  });

  it("filter and sort by the lowest variant price", async () => {
    const slugs = async (query: string) =>
      ((await getJson(`/api/products?${query}&per_page=50`)).body.data.data as { slug: string }[]).map((p) => p.slug);
    expect(await slugs("search=sunflowers&max_price=45")).toContain(SUNFLOWERS);
    expect(await slugs("search=sunflowers&min_price=45")).not.toContain(SUNFLOWERS);
    const sorted = (await getJson("/api/products?sort_by=price&sort_order=asc&per_page=50")).body.data.data as {
      price_min_cents: number;
    }[];
    const prices = sorted.map((product) => product.price_min_cents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it("colors= matches a variant's colour value, on the page (kept across its links) and in the API", async () => {
    const { text, html } = await page("/products?colors=burgundy");
    expect(text).toContain("Dozen Red Forever Roses");
    expect(text).not.toContain("Sunny Desk Sunflowers");
    expect(html).toContain('href="/products?colors=burgundy&amp;sort=price"');
    const listed = (await getJson("/api/products?colors=burgundy&per_page=50")).body.data.data as { slug: string }[];
    expect(listed.map((product) => product.slug)).toContain(ROSES);
  });

  it("never show add-ons among bouquets: not on /products, the API's lists, featured, home or search", async () => {
    const addOns = (
      await env.DB.prepare("SELECT slug, name FROM products WHERE is_addon = 1").all<{ slug: string; name: string }>()
    ).results;
    expect(addOns.length).toBeGreaterThan(0);
    const listed = ((await getJson("/api/products?per_page=100")).body.data.data as { slug: string }[]).map(
      (product) => product.slug,
    );
    const featured = ((await getJson("/api/products/featured?limit=50")).body.data as { slug: string }[]).map(
      (product) => product.slug,
    );
    const home = JSON.stringify((await getJson("/api/home")).body);
    const vase = await page("/products?search=vase");
    for (const addOn of addOns) {
      expect(listed).not.toContain(addOn.slug);
      expect(featured).not.toContain(addOn.slug);
      expect(home).not.toContain(`/product/${addOn.slug}`);
    }
    expect(vase.text).not.toContain("Glass Bud Vase");
    const asked = ((await getJson("/api/products?addons=1&per_page=50")).body.data.data as { slug: string }[]).map(
      (product) => product.slug,
    );
    expect(asked.sort()).toEqual(addOns.map((addOn) => addOn.slug).sort());
    // Its own page still exists.
    expect((await page("/product/glass-bud-vase")).response.status).toBe(200);
  });
});

describe("the catalogue API", () => {
  it("answers options and variants by slug and by id, the same answer", async () => {
    const bySlug = await getJson(`/api/products/slug/${BLUSH}`);
    expect(bySlug.status).toBe(200);
    const product = bySlug.body.data;
    expect(product.options).toEqual([
      { name: "Size", values: ["Bouquet", "Grand"] },
      { name: "Colour", values: ["Pink", "White"] },
    ]);
    expect(product.variants.map((variant: { sku: string }) => variant.sku)).toEqual([
      "TB-MOM-001-BQ-PK",
      "TB-MOM-001-BQ-WH",
      "TB-MOM-001-GR-PK",
    ]);
    expect(product.variants[2]).toMatchObject({
      options: { Size: "Grand", Colour: "Pink" },
      price: 89,
      sale_price: null,
      in_stock: true,
    });
    const byId = await getJson(`/api/products/${product.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body.data).toEqual(product);
  });

  it("lists carry each product's options (empty without), beside price_min and price_max", async () => {
    const listed = (await getJson("/api/products?search=Blush+Garden&per_page=50")).body.data.data as {
      slug: string;
      options: unknown[];
      price_min: number;
      price_max: number;
    }[];
    expect(listed.find((product) => product.slug === BLUSH)).toMatchObject({
      options: [
        { name: "Size", values: ["Bouquet", "Grand"] },
        { name: "Colour", values: ["Pink", "White"] },
      ],
      price_min: 54,
      price_max: 89,
    });
    const plain = (await getJson("/api/products?search=Lavender+Posy")).body.data.data[0];
    expect(plain.options).toEqual([]);
    expect(plain.price_max).toBe(plain.price_min);
  });

  it("answers 404 for an unknown id, and for what is no id the 404 of an unknown path", async () => {
    const unknown = await getJson("/api/products/999999");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, message: "Product Not Found" });
    for (const id of ["abc", "0", "1.5", "-3"]) {
      const answer = await getJson(`/api/products/${id}`);
      expect(answer.status, id).toBe(404);
      expect(answer.body, id).toEqual({ success: false, message: "Not found" });
    }
  });

  it("describes addons, options, variants and the by-id path in the OpenAPI document", async () => {
    const document = (await getJson("/api/openapi.json")).body;
    const listParameters = document.paths["/api/products"].get.parameters.map((p: { name: string }) => p.name);
    expect(listParameters).toContain("addons");
    expect(document.paths["/api/products/{id}"]?.get).toBeTruthy();
    const detail = document.components.schemas.ProductDetail;
    const properties = detail.properties ?? detail.allOf?.find((part: any) => part.properties)?.properties;
    expect(Object.keys(properties)).toEqual(expect.arrayContaining(["options", "variants"]));
    expect(Object.keys(document.components.schemas.Product.properties)).toEqual(
      expect.arrayContaining(["price_min", "price_max"]),
    );
    expect(Object.keys(document.components.schemas.Variant.properties)).toEqual(
      expect.arrayContaining(["id", "sku", "options", "price", "sale_price", "stock", "in_stock", "image"]),
    );
  });
});
