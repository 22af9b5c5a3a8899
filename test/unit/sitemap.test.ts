import { describe, expect, it } from "vitest";
import {
  parseSitemapFileName,
  renderSitemapIndexXml,
  renderSitemapXml,
  sitemapFilePath,
} from "~/services/sitemap.server";

describe("sitemap files", () => {
  it("names each file and reads its name back; any other name is none", () => {
    for (const file of [
      { kind: "pages" },
      { kind: "categories" },
      { kind: "products", number: 1 },
      { kind: "tutorials", number: 12 },
    ] as const) {
      const path = sitemapFilePath(file);
      expect(parseSitemapFileName(path.replace("/sitemaps/", ""))).toEqual(file);
    }
    expect(sitemapFilePath({ kind: "products", number: 2 })).toBe("/sitemaps/products-2.xml");
    for (const name of [
      "products-0.xml",
      "products.xml",
      "pages-1.xml",
      "products-01.xml",
      "x.xml",
      "products-1.xml.gz",
    ])
      expect(parseSitemapFileName(name)).toBeNull();
  });

  it("escapes what XML reserves in addresses and images, and writes absolute URLs", () => {
    const xml = renderSitemapXml("https://shop.example", [
      { path: "/product/a&b'<c>\"", lastmod: "2026-01-02T03:04:05.000Z", images: ["/images/x&y.jpg"] },
      { path: "/about", lastmod: null },
    ]);
    expect(xml).toContain(
      "<url><loc>https://shop.example/product/a&amp;b&apos;&lt;c&gt;&quot;</loc><lastmod>2026-01-02T03:04:05.000Z</lastmod>" +
        "<image:image><image:loc>https://shop.example/images/x&amp;y.jpg</image:loc></image:image></url>",
    );
    expect(xml).toContain("<url><loc>https://shop.example/about</loc></url>");
    expect(renderSitemapXml("https://shop.example", [])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n</urlset>\n',
    );
    expect(renderSitemapIndexXml("https://shop.example", [{ kind: "pages" }])).toContain(
      "<sitemap><loc>https://shop.example/sitemaps/pages.xml</loc></sitemap>",
    );
  });
});
