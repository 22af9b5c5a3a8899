import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { blogs } from "../../db/seed/data/blog";
import { categories } from "../../db/seed/data/categories";
import { products } from "../../db/seed/data/products";
import { expectConsoleError } from "../console-guard";
import { BASE, get, markChanged, ownQueryCount } from "./helpers";
import { TAGS } from "../../app/lib/cache-tags";

const OCCASIONS = ["mothers-day", "fathers-day", "wedding", "anniversary", "graduation", "sympathy"];
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

/** The text of every element with this tag, tags inside it removed and entities decoded. */
function texts(html: string, tag: string): string[] {
  const pattern = new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, "g");
  return [...html.matchAll(pattern)].map((match) =>
    (match[1] ?? "")
      .replace(/<[^>]+>/g, "")
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&amp;/g, "&")
      .replace(/\s+/g, " ")
      .trim(),
  );
}

function jsonLd(html: string): Record<string, any>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((match) => {
    const data = JSON.parse(match[1] ?? "null");
    return Array.isArray(data) ? data : [data];
  });
}

function categoryCardLinks(html: string): string[] {
  return [...html.matchAll(/href="\/categories\/([a-z0-9-]+)"/g)].map((match) => match[1] ?? "");
}

/** The home page's sections, changed behind the shop's back: marked changed as the back office will. */
const forgetCachedHome = () => markChanged(TAGS.home);

describe("home page", () => {
  it("shows the hero, the six occasions, the best sellers, the FAQ and the shop's structured data in at most 3 queries", async () => {
    await forgetCachedHome();
    const response = await get("/");
    expect(response.status).toBe(200);
    expect(ownQueryCount(response)).toBeLessThanOrEqual(3);
    const html = await response.text();

    expect(texts(html, "h1")).toEqual(["Flowers that never wilt, twisted by hand"]);
    expect(html).toContain("Handmade in small batches");
    expect(html).toContain("Loved by more than 12,000 happy gift-givers");
    expect(html).toContain('href="/products"');
    expect(html).toContain('href="/blog"');
    for (const slug of OCCASIONS) expect(html).toContain(`href="/products?category=${slug}"`);
    expect(html).toContain('href="/products?sort=best-sellers"');
    expect(texts(html, "h2")).toEqual(
      expect.arrayContaining([
        "Shop by Occasion",
        "This Month's Best Sellers",
        "Make It Special",
        "Unforgettable Gifts",
        "Frequently Asked Questions",
      ]),
    );
    expect(html).toMatch(/\$\d+\.\d{2}/);
    expect(html).toContain('href="/contact"');

    const faq = /<section aria-labelledby="faq-title"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    expect(faq.match(/<details/g)?.length).toBe(6);
    expect(texts(faq, "summary")).toContain("How long does delivery take?");
    expect(faq).not.toMatch(/<details[^>]*\sopen/);

    const data = jsonLd(html);
    const organization = data.find((item) => item["@type"] === "Organization");
    expect(organization).toMatchObject({
      name: "Twistbloom",
      url: `${BASE}/`,
      logo: `${BASE}/images/logo.svg`,
      contactPoint: { "@type": "ContactPoint", email: "hello@twistbloom.com", telephone: "+1 (802) 555-0147" },
    });
    expect(organization?.sameAs).toContain("https://www.instagram.com/twistbloom");
    const website = data.find((item) => item["@type"] === "WebSite");
    expect(website?.potentialAction).toMatchObject({
      "@type": "SearchAction",
      target: { urlTemplate: `${BASE}/search?q={search_term_string}` },
      "query-input": "required name=search_term_string",
    });
  });

  it("shows a sale price with the old price struck through", async () => {
    const html = await (await get("/")).text();
    expect(html).toMatch(/<s\b[^>]*><span class="sr-only">Was <\/span>\$\d+\.\d{2}<\/s>/);
  });

  it("sends no query once the home sections and the settings are in the edge cache", async () => {
    await get("/");
    await settle();
    const warm = await get("/");
    expect(warm.status).toBe(200);
    expect(ownQueryCount(warm)).toBe(0);
  });

  it("hides the hero when it is switched off, keeping one h1", async () => {
    const hero = await env.DB.prepare("SELECT data FROM home_sections WHERE key = 'hero'").first<{ data: string }>();
    const data = JSON.parse(hero!.data);
    await env.DB.prepare("UPDATE home_sections SET data = ? WHERE key = 'hero'")
      .bind(JSON.stringify({ ...data, is_active: false }))
      .run();
    try {
      await forgetCachedHome();
      const html = await (await get("/")).text();
      expect(html).not.toContain('id="hero-title"');
      expect(html).not.toContain("Loved by more than 12,000 happy gift-givers");
      expect(texts(html, "h1")).toEqual(["Twistbloom"]);
      expect(html).toContain('href="/products?category=wedding"');
    } finally {
      await env.DB.prepare("UPDATE home_sections SET data = ? WHERE key = 'hero'").bind(hero!.data).run();
      await forgetCachedHome();
    }
  });

  it("says something went wrong, with a 500, when the home data cannot be read", async () => {
    await env.DB.prepare("ALTER TABLE home_sections RENAME TO home_sections_away").run();
    expectConsoleError(/no such table: home_sections/);
    try {
      await forgetCachedHome();
      const response = await get("/");
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(texts(html, "h1")).toEqual(["Oops! Something went wrong"]);
      expect(html).toContain("We&#x27;re having trouble loading the page. Please try again later.");
    } finally {
      await env.DB.prepare("ALTER TABLE home_sections_away RENAME TO home_sections").run();
      await forgetCachedHome();
    }
  });
});

describe("categories page", () => {
  it("lists every category as a card with its picture, description and product count", async () => {
    const response = await get("/categories");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(texts(html, "h1")).toEqual(["Shop by Category"]);
    const links = categoryCardLinks(html);
    expect(links.length).toBeGreaterThanOrEqual(10);
    expect(links).toEqual(expect.arrayContaining(categories.map((category) => category.slug)));
    expect(html.match(/>\d+ products?</g)?.length).toBe(links.length);
    expect(html).toContain(categories[0]!.description.replace(/'/g, "&#x27;"));
    expect(html).toContain(`src="${categories[0]!.image}"`);
    expect(html).toMatch(/<form[^>]*method="get"[^>]*action="\/categories"/);
    expect(html).toMatch(/<input[^>]*name="q"/);
    expect(texts(html, "button")).toContain("Search");
    expect(html).toContain('href="/products"');
    expect(html).toContain('href="/contact"');
  });

  it("narrows the grid to the categories matching ?q, without JavaScript", async () => {
    const all = categoryCardLinks(await (await get("/categories")).text());
    const html = await (await get("/categories?q=wedding")).text();
    const links = categoryCardLinks(html);
    expect(links).toContain("wedding");
    expect(links.length).toBeGreaterThan(0);
    expect(links.length).toBeLessThan(all.length);
    expect(html).toMatch(/<input[^>]*value="wedding"/);
    expect(html).not.toContain("No categories found");
  });

  it("searches descriptions too", async () => {
    const links = categoryCardLinks(await (await get("/categories?q=sunflowers")).text());
    expect(links).toContain("fathers-day");
    expect(links).not.toContain("wedding");
  });

  it('says "No categories found" when nothing matches', async () => {
    const html = await (await get("/categories?q=zzzz")).text();
    expect(html).toContain("No categories found");
    expect(categoryCardLinks(html)).toEqual([]);
  });

  it("says the categories cannot be loaded, with a 500, when they cannot be read", async () => {
    await env.DB.prepare("ALTER TABLE categories RENAME TO categories_away").run();
    expectConsoleError(/Failed query: select .* from \\?"categories/);
    try {
      await markChanged(TAGS.categories);
      const response = await get("/categories");
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(texts(html, "h1")).toEqual(["Shop by Category"]);
      expect(html).toContain("Unable to load categories. Please try again later.");
      expect(categoryCardLinks(html)).toEqual([]);
    } finally {
      await env.DB.prepare("ALTER TABLE categories_away RENAME TO categories").run();
      await markChanged(TAGS.categories);
    }
  });
});

describe("content pages", () => {
  it.each([
    ["/about", "Flowers that never wilt, made by people who love them"],
    ["/privacy", "Privacy Policy"],
    ["/terms", "Terms of Service"],
  ])("%s answers 200 with its one h1 and its own title", async (path, heading) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(texts(html, "h1")).toEqual([heading]);
    expect(html).toContain(`<link rel="canonical" href="${BASE}${path}"/>`);
    expect(ownQueryCount(response)).toBeLessThanOrEqual(1);
  });

  it("the about page introduces the makers", async () => {
    const html = await (await get("/about")).text();
    const makers = texts(html, "h3");
    for (const name of ["Maya Thornton", "Priya Raman", "Elliot Park", "June Okafor"]) expect(makers).toContain(name);
    expect(texts(html, "h2")).toEqual(expect.arrayContaining(["How it started", "Our mission", "Meet the makers"]));
  });

  it("the privacy policy names the data kept and the cookies used", async () => {
    const html = (await (await get("/privacy")).text()).replace(/<[^>]+>/g, "");
    for (const words of ["Account details", "Order details", "Cart", "Session", "Toasts", "cash on delivery"])
      expect(html).toContain(words);
  });

  it("the terms state payment, countries, delivery, free shipping and returns", async () => {
    const html = (await (await get("/terms")).text()).replace(/<[^>]+>/g, "");
    for (const words of [
      "Cash on delivery",
      "Sri Lanka",
      "United Arab Emirates",
      "3-5 business days",
      "free on orders over $50",
      "30 days",
    ]) {
      expect(html).toContain(words);
    }
  });
});

describe("sitemap and robots", () => {
  const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);

  /** Well-formed XML, as far as a sitemap goes: the declaration, balanced elements, only the five entities. */
  function expectWellFormed(xml: string) {
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n/);
    const open: string[] = [];
    for (const [tag] of xml.slice(xml.indexOf("?>") + 2).matchAll(/<[^>]+>/g)) {
      if (tag.startsWith("</")) expect(open.pop()).toBe(tag.slice(2, -1));
      else if (!tag.endsWith("/>")) open.push(/^<([\w:]+)/.exec(tag)![1]!);
    }
    expect(open).toEqual([]);
    expect(xml.replace(/<[^>]+>/g, "")).not.toMatch(/&(?!(amp|lt|gt|apos|quot);)|[<>"]/);
  }

  it("/sitemap.xml is an index of the files, each at most 50,000 addresses, in one round trip", async () => {
    const response = await get("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/xml");
    expect(ownQueryCount(response)).toBe(1);
    const xml = await response.text();
    expectWellFormed(xml);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locsOf(xml)).toEqual([
      `${BASE}/sitemaps/pages.xml`,
      `${BASE}/sitemaps/categories.xml`,
      `${BASE}/sitemaps/products-1.xml`,
      `${BASE}/sitemaps/tutorials-1.xml`,
    ]);
  });

  it("lists products with their images, categories, published posts and static pages with absolute URLs", async () => {
    const file = async (name: string) => {
      const response = await get(`/sitemaps/${name}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toContain("application/xml");
      const xml = await response.text();
      expectWellFormed(xml);
      expect(xml).toContain(
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
      );
      for (const loc of locsOf(xml)) expect(loc).toMatch(/^http:\/\/shop\.test\//);
      return xml;
    };
    const pages = locsOf(await file("pages.xml"));
    expect(pages).toEqual(
      ["/", "/products", "/categories", "/blog", "/about", "/contact", "/privacy", "/terms"].map((path) => BASE + path),
    );

    const productsXml = await file("products-1.xml");
    const product = products[0]!;
    expect(locsOf(productsXml)).toContain(`${BASE}/product/${product.slug}`);
    expect(productsXml).toMatch(
      new RegExp(
        `<url><loc>${BASE}/product/${product.slug}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T[^<]+</lastmod><image:image><image:loc>${BASE}/`,
      ),
    );
    expect(productsXml).not.toContain("placeholder");

    expect(locsOf(await file("categories.xml"))).toContain(`${BASE}/categories/wedding`);

    const tutorials = await file("tutorials-1.xml");
    const published = blogs.filter((post) => post.status === "published");
    const drafts = blogs.filter((post) => post.status !== "published");
    expect(drafts.length).toBeGreaterThan(0);
    for (const post of published) expect(locsOf(tutorials)).toContain(`${BASE}/blog/${post.slug}`);
    for (const post of drafts) expect(tutorials).not.toContain(`/blog/${post.slug}<`);
    expect(tutorials).toMatch(
      new RegExp(`<loc>${BASE}/blog/${published[0]!.slug}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T`),
    );
  });

  it("answers 404 for a file past the last one and for a name it does not list", async () => {
    for (const name of ["products-2.xml", "tutorials-2.xml", "products-0.xml", "orders.xml", "products-1.json"]) {
      const response = await get(`/sitemaps/${name}`);
      expect(response.status, name).toBe(404);
      await response.arrayBuffer();
    }
  });

  it("robots.txt keeps crawlers out of private areas and points at the sitemap", async () => {
    const response = await get("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/plain");
    const text = await response.text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Allow: /");
    for (const path of ["/cart", "/checkout", "/profile", "/orders", "/admin", "/api/"])
      expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });
});
