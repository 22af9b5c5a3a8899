import { and, asc, eq, gt, isNotNull, lte, max, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { blogs, categories, productImages, products } from "../../db/schema";
import { CACHE_SECONDS } from "../lib/constants";
import { absoluteUrl } from "../lib/seo";
import { imageOrPlaceholder, PLACEHOLDER_IMAGE } from "./images.server";

/**
 * The sitemaps (sitemaps.org protocol): `/sitemap.xml` is an index of files of at most
 * `SITEMAP_FILE_URLS` addresses each: the static pages, the categories, and the products and the
 * tutorials by ranges of their ids (`products-1.xml` holds ids 1 to 50,000, `products-2.xml` the
 * next 50,000...), so that a product stays in the same file for its whole life and a page of a file
 * is a range of the primary key, never an OFFSET. docs/decisions/031-size.md.
 */
export const SITEMAP_FILE_URLS = 50_000;

/** One address of a sitemap file: a path on the site, when its content last changed (ISO 8601), its images. */
export interface SitemapEntry {
  path: string;
  lastmod: string | null;
  images?: string[];
}

/** A sitemap file: the two single files, or one of the numbered files of products or tutorials. */
export type SitemapFile = { kind: "pages" | "categories" } | { kind: "products" | "tutorials"; number: number };

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

/** A file's path on the site (`/sitemaps/products-1.xml`). */
export function sitemapFilePath(file: SitemapFile): string {
  return `/sitemaps/${"number" in file ? `${file.kind}-${file.number}` : file.kind}.xml`;
}

/** The file a path's last segment names (`products-1.xml`), or null for any other name. */
export function parseSitemapFileName(name: string): SitemapFile | null {
  const single = /^(pages|categories)\.xml$/.exec(name);
  if (single) return { kind: single[1] as "pages" | "categories" };
  const numbered = /^(products|tutorials)-([1-9]\d{0,8})\.xml$/.exec(name);
  if (numbered) return { kind: numbered[1] as "products" | "tutorials", number: Number(numbered[2]) };
  return null;
}

/** Unix seconds (or a Date) to ISO 8601; anything unusable gives null (no lastmod rather than a wrong one). */
function isoFromSeconds(value: unknown): string | null {
  const seconds = value instanceof Date ? value.getTime() / 1000 : Number(value);
  if (value === null || value === undefined || !Number.isFinite(seconds) || seconds <= 0) return null;
  return new Date(seconds * 1000).toISOString();
}

/** How many numbered files ids up to `maxId` fill (0 for an empty table). */
const fileCount = (maxId: number | null | undefined) => Math.ceil(Number(maxId ?? 0) / SITEMAP_FILE_URLS);

/**
 * The ids a numbered file holds: `id > after AND id <= last`, a range of the primary key. The file
 * leaves out the archived (or unpublished) rows of it itself: given `is_active = 1` as well, SQLite
 * would rather walk an index of every active product and sort them.
 */
function idRange(number: number) {
  return { after: (number - 1) * SITEMAP_FILE_URLS, last: number * SITEMAP_FILE_URLS };
}

const publishedBlog = and(eq(blogs.status, "published"), isNotNull(blogs.publishedAt));
const blogChanged = sql<number>`max(${blogs.updatedAt}, ${blogs.publishedAt})`;

/**
 * The files the index lists, in order: the pages, the categories, then as many product and tutorial
 * files as their highest ids need. One statement: two reads of a table's largest rowid.
 */
export async function getSitemapFiles(db: Database): Promise<SitemapFile[]> {
  const [highest] = await db
    .select({
      products: sql<number | null>`(SELECT max(${products.id}) FROM ${products})`,
      blogs: sql<number | null>`(SELECT max(${blogs.id}) FROM ${blogs})`,
    })
    .from(sql`(SELECT 1)`);
  const numbered = (kind: "products" | "tutorials", count: number) =>
    Array.from({ length: count }, (_, index) => ({ kind, number: index + 1 }));
  return [
    { kind: "pages" },
    { kind: "categories" },
    ...numbered("products", fileCount(highest?.products)),
    ...numbered("tutorials", fileCount(highest?.blogs)),
  ];
}

/**
 * The static pages; the listings carry the newest change of what they list (each a read of one
 * index's end, or of the few published tutorials), the home page the newest of all.
 */
async function pageEntries(db: Database): Promise<SitemapEntry[]> {
  const [product, category, blog] = await db.batch([
    db
      .select({ changed: max(products.updatedAt) })
      .from(products)
      .where(eq(products.isActive, true)),
    db
      .select({ changed: max(categories.updatedAt) })
      .from(categories)
      .where(eq(categories.isActive, true)),
    db
      .select({ changed: sql<number>`max(${blogChanged})` })
      .from(blogs)
      .where(publishedBlog),
  ]);
  const newest = {
    "/products": isoFromSeconds(product[0]?.changed),
    "/categories": isoFromSeconds(category[0]?.changed),
    "/blog": isoFromSeconds(blog[0]?.changed),
  };
  const all = Object.values(newest).reduce<string | null>((a, b) => (b && (!a || b > a) ? b : a), null);
  const lastmod: Record<string, string | null> = { "/": all, ...newest };
  return STATIC_SITEMAP_PATHS.map((path) => ({ path, lastmod: lastmod[path] ?? null }));
}

/** The active categories (a shop has a few dozen: one file, cut at the protocol's limit). */
async function categoryEntries(db: Database): Promise<SitemapEntry[]> {
  const rows = await db
    .select({ slug: categories.slug, changed: categories.updatedAt })
    .from(categories)
    .where(eq(categories.isActive, true))
    .orderBy(asc(categories.id))
    .limit(SITEMAP_FILE_URLS);
  return rows.map((row) => ({
    path: `/categories/${encodeURIComponent(row.slug)}`,
    lastmod: isoFromSeconds(row.changed),
  }));
}

/**
 * The active products of one id range with their images (their gallery in order, else their main
 * image; never the placeholder): the products and their images as two range reads, one round trip.
 */
async function productEntries(db: Database, number: number): Promise<SitemapEntry[]> {
  const { after, last } = idRange(number);
  const [rows, images] = await db.batch([
    db
      .select({
        id: products.id,
        slug: products.slug,
        changed: products.updatedAt,
        image: products.image,
        active: products.isActive,
      })
      .from(products)
      .where(and(gt(products.id, after), lte(products.id, last)))
      .orderBy(asc(products.id)),
    db
      .select({ productId: productImages.productId, url: productImages.url })
      .from(productImages)
      .where(and(gt(productImages.productId, after), lte(productImages.productId, last)))
      .orderBy(asc(productImages.productId), asc(productImages.sortOrder)),
  ]);
  const gallery = new Map<number, string[]>();
  for (const image of images) {
    const url = imageOrPlaceholder(image.url);
    if (url === PLACEHOLDER_IMAGE) continue;
    gallery.set(image.productId, [...(gallery.get(image.productId) ?? []), url]);
  }
  return rows
    .filter((row) => row.active)
    .map((row) => {
      const main = imageOrPlaceholder(row.image);
      return {
        path: `/product/${encodeURIComponent(row.slug)}`,
        lastmod: isoFromSeconds(row.changed),
        images: gallery.get(row.id) ?? (main === PLACEHOLDER_IMAGE ? [] : [main]),
      };
    });
}

/** The published tutorials of one id range. */
async function tutorialEntries(db: Database, number: number): Promise<SitemapEntry[]> {
  const { after, last } = idRange(number);
  const rows = await db
    .select({ slug: blogs.slug, changed: blogChanged, published: sql<number>`${publishedBlog}` })
    .from(blogs)
    .where(and(gt(blogs.id, after), lte(blogs.id, last)))
    .orderBy(asc(blogs.id));
  return rows
    .filter((row) => row.published)
    .map((row) => ({ path: `/blog/${encodeURIComponent(row.slug)}`, lastmod: isoFromSeconds(row.changed) }));
}

/**
 * A file's addresses, or null for a numbered file past the last one (a 404). A numbered file is
 * checked against the index's count, so a range whose products were all archived is an empty file,
 * not a gap in the numbering.
 */
export async function getSitemapEntries(db: Database, file: SitemapFile): Promise<SitemapEntry[] | null> {
  if (!("number" in file)) return file.kind === "pages" ? pageEntries(db) : categoryEntries(db);
  const table = file.kind === "products" ? products : blogs;
  const [highest] = await db.select({ id: max(table.id) }).from(table);
  if (file.number > fileCount(highest?.id)) return null;
  return file.kind === "products" ? productEntries(db, file.number) : tutorialEntries(db, file.number);
}

function escapeXml(value: string): string {
  return value.replace(
    /[<>&'"]/g,
    (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char] ?? char,
  );
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";
const IMAGE_NAMESPACE = "http://www.google.com/schemas/sitemap-image/1.1";

const url = (origin: string, path: string) => escapeXml(absoluteUrl(origin, path));

/** The sitemap index: one `<sitemap>` per file, with absolute URLs on `origin`. */
export function renderSitemapIndexXml(origin: string, files: SitemapFile[]): string {
  const items = files.map((file) => `  <sitemap><loc>${url(origin, sitemapFilePath(file))}</loc></sitemap>`);
  return `${XML_DECLARATION}\n<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n${items.join("\n")}\n</sitemapindex>\n`;
}

/** A sitemap file's XML (with Google's image extension for the images), absolute URLs on `origin`. */
export function renderSitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : "";
    const images = (entry.images ?? []).map(
      (image) => `<image:image><image:loc>${url(origin, image)}</image:loc></image:image>`,
    );
    return `  <url><loc>${url(origin, entry.path)}</loc>${lastmod}${images.join("")}</url>`;
  });
  const body = urls.length ? `${urls.join("\n")}\n` : "";
  return `${XML_DECLARATION}\n<urlset xmlns="${SITEMAP_NAMESPACE}" xmlns:image="${IMAGE_NAMESPACE}">\n${body}</urlset>\n`;
}

/** A sitemap's answer, kept by browsers and the edge for the content lifetime; no XML is a 404. */
export function xmlResponse(xml: string | null): Response {
  if (xml === null) {
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": `public, max-age=${CACHE_SECONDS.content}`,
    },
  });
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
