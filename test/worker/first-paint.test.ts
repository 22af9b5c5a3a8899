import { describe, expect, it } from "vitest";
import { decode, get, getJson } from "./helpers";

/**
 * What a page's first paint relies on (docs/decisions/031-first-paint.md): its largest image asked
 * for first, from the head, and Remix's scripts held in a template until that image has loaded, so
 * the browser spends the start of the load on the document and the image. Lighthouse's LCP
 * (`npm run lighthouse`) depends on both.
 */

function head(html: string): string {
  return html.slice(0, html.indexOf("</head>"));
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag);
  return match ? decode(match[1] ?? "") : null;
}

/** The `<img>` tags asked for first (fetchpriority="high"). */
function firstImages(html: string): string[] {
  return [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]).filter((tag) => /\sfetchpriority="high"/i.test(tag));
}

function imagePreloads(html: string): string[] {
  return [...head(html).matchAll(/<link\b[^>]*rel="preload"[^>]*>/g)].map((m) => m[0]);
}

async function page(path: string): Promise<string> {
  const response = await get(path);
  expect(response.status).toBe(200);
  return response.text();
}

async function pagePaths(): Promise<Record<string, string>> {
  const products = await getJson<{ data: { data: { slug: string }[] } }>("/api/products?per_page=1");
  const blogs = await getJson<{ data: { blogs: { slug: string }[] } }>("/api/blogs?per_page=1");
  return {
    home: "/",
    products: "/products",
    product: `/product/${products.body.data.data[0]?.slug}`,
    blog: "/blog",
    article: `/blog/${blogs.body.data.blogs[0]?.slug}`,
  };
}

describe("the first paint", () => {
  it("holds Remix's scripts in a template, started by a script the page's policy allows", async () => {
    for (const path of ["/", "/products", "/blog", "/login", "/this/does/not/exist"]) {
      const response = await get(path);
      const html = await response.text();
      const template = /<template id="page-scripts">([\s\S]*?)<\/template>/.exec(html);
      expect(template, path).not.toBeNull();
      const held = template?.[1] ?? "";
      expect(held, path).toContain('rel="modulepreload"');
      expect(held, path).toContain("window.__remixContext");
      expect(held, path).toMatch(/<script[^>]*type="module"/);
      // Nothing outside the template asks for a script.
      const outside = html.replace(template?.[0] ?? "", "");
      expect(outside, path).not.toContain('rel="modulepreload"');
      expect(outside, path).not.toMatch(/<script[^>]*type="module"/);
      // The starter follows the template and carries the request's nonce.
      const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(
        response.headers.get("Content-Security-Policy") ?? "",
      )?.[1];
      const after = html.slice(html.indexOf("</template>"));
      expect(after.startsWith(`</template><script nonce="${nonce}">`), path).toBe(true);
      expect(after, path).toContain('getElementById("page-scripts")');
    }
  });

  it("asks for the largest image first, from the head, on the home, list, product, blog and article pages", async () => {
    for (const [name, path] of Object.entries(await pagePaths())) {
      const html = await page(path);
      const [img, ...others] = firstImages(html);
      expect(img, name).toBeDefined();
      expect(others, `${name}: one image is first`).toEqual([]);
      expect(attribute(img ?? "", "loading"), name).toBe("eager");
      const preloads = imagePreloads(html);
      expect(preloads.length, name).toBe(1);
      expect(attribute(preloads[0] ?? "", "as"), name).toBe("image");
      expect(attribute(preloads[0] ?? "", "fetchpriority"), name).toBe("high");
      expect(attribute(preloads[0] ?? "", "href"), name).toBe(attribute(img ?? "", "src"));
      // Before the stylesheet.
      expect(html.indexOf(preloads[0] ?? ""), name).toBeLessThan(html.indexOf('rel="stylesheet"'));
    }
  });

  it("asks first for the image shown on a product page opened at another image", async () => {
    const { product } = await pagePaths();
    const html = await page(`${product}?image=2`);
    const [img] = firstImages(html);
    expect(img).toBeDefined();
    expect(attribute(imagePreloads(html)[0] ?? "", "href")).toBe(attribute(img ?? "", "src"));
  });
});

describe("the routes a page sends (Remix's lazy route discovery, docs/decisions/031-javascript.md)", () => {
  it("sends its own routes only, and the others when a link asks for them", async () => {
    const { product } = await pagePaths();
    const html = await page(product ?? "/");
    // The whole manifest's file is neither preloaded nor imported: the page's routes are in the page.
    expect(html).not.toMatch(/modulepreload" href="\/assets\/manifest-/);
    expect(html).not.toMatch(/import "\/assets\/manifest-/);
    const manifest = /window\.__remixManifest = (\{[\s\S]*?\});/.exec(html);
    expect(manifest).not.toBeNull();
    const sent = JSON.parse(manifest?.[1] ?? "{}") as { version: string; routes: Record<string, unknown> };
    expect(Object.keys(sent.routes)).toContain("routes/product.$slug");
    expect(Object.keys(sent.routes)).not.toContain("routes/cart");
    // A link to the cart: its route is answered on demand, for as long as this build is served.
    const patch = await get(`/__manifest?p=%2Fcart&version=${sent.version}`);
    expect(patch.status).toBe(200);
    expect(patch.headers.get("Cache-Control")).toContain("immutable");
    expect(Object.keys((await patch.json()) as Record<string, unknown>)).toContain("routes/cart");
  });
});
