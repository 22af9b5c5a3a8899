import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { blogs, categories, products } from "../../db/schema";
import { absoluteUrl } from "../lib/seo";

/** One address of the sitemap: a path on the site and, where known, when its content last changed (ISO 8601). */
export interface SitemapEntry {
  path: string;
  lastmod: string | null;
}

/** The pages that exist whatever the catalogue holds, in the order the sitemap lists them. */
export const STATIC_SITEMAP_PATHS = [
  "/",
  "/products",
  "/categories",
  "/blog",
  "/about",
  "/contact",
  "/privacy",
  "/terms",
] as const;

type Kind = "product" | "category" | "blog";

const PATH_PREFIX: Record<Kind, string> = { product: "/product/", category: "/categories/", blog: "/blog/" };

/** Unix seconds to ISO 8601; anything unusable gives null (no lastmod rather than a wrong one). */
function isoFromSeconds(value: unknown): string | null {
  const seconds = Number(value);
  if (value === null || value === undefined || !Number.isFinite(seconds) || seconds <= 0) return null;
  return new Date(seconds * 1000).toISOString();
}

function latest(dates: (string | null)[]): string | null {
  return dates.reduce<string | null>((max, date) => (date && (!max || date > max) ? date : max), null);
}

/**
 * Every public address of the shop: the static pages, each active product and category, and each
 * published blog post, with when it last changed. One statement (a UNION ALL), one round trip.
 */
export async function getSitemapEntries(db: Database): Promise<SitemapEntry[]> {
  const rows = await db
    .select({
      kind: sql<Kind>`'product'`.as("kind"),
      slug: products.slug,
      changed: sql<number>`${products.updatedAt}`.as("changed"),
    })
    .from(products)
    .where(eq(products.isActive, true))
    .unionAll(
      db
        .select({
          kind: sql<Kind>`'category'`.as("kind"),
          slug: categories.slug,
          changed: sql<number>`${categories.updatedAt}`.as("changed"),
        })
        .from(categories)
        .where(eq(categories.isActive, true)),
    )
    .unionAll(
      db
        .select({
          kind: sql<Kind>`'blog'`.as("kind"),
          slug: blogs.slug,
          changed: sql<number>`max(${blogs.updatedAt}, ${blogs.publishedAt})`.as("changed"),
        })
        .from(blogs)
        .where(and(eq(blogs.status, "published"), isNotNull(blogs.publishedAt))),
    );

  const byKind: Record<Kind, SitemapEntry[]> = { product: [], category: [], blog: [] };
  for (const row of rows) {
    if (!(row.kind in byKind) || !row.slug) continue;
    byKind[row.kind].push({
      path: `${PATH_PREFIX[row.kind]}${encodeURIComponent(row.slug)}`,
      lastmod: isoFromSeconds(row.changed),
    });
  }
  for (const list of Object.values(byKind)) list.sort((a, b) => a.path.localeCompare(b.path));

  const newest = (kind: Kind) => latest(byKind[kind].map((entry) => entry.lastmod));
  const listingLastmod: Record<string, string | null> = {
    "/": latest([newest("product"), newest("category"), newest("blog")]),
    "/products": newest("product"),
    "/categories": newest("category"),
    "/blog": newest("blog"),
  };
  const pages = STATIC_SITEMAP_PATHS.map((path) => ({ path, lastmod: listingLastmod[path] ?? null }));
  return [...pages, ...byKind.product, ...byKind.category, ...byKind.blog];
}

function escapeXml(value: string): string {
  return value.replace(
    /[<>&'"]/g,
    (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char] ?? char,
  );
}

/** The sitemaps.org XML for the entries, with absolute URLs on `origin`. */
export function renderSitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : "";
    return `  <url><loc>${escapeXml(absoluteUrl(origin, entry.path))}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** robots.txt: crawl everything public, skip the personal and private areas, and find the sitemap. */
export function renderRobotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /cart",
    "Disallow: /checkout",
    "Disallow: /profile",
    "Disallow: /orders",
    "Disallow: /admin",
    "Disallow: /api/",
    "",
    `Sitemap: ${absoluteUrl(origin, "/sitemap.xml")}`,
    "",
  ].join("\n");
}
