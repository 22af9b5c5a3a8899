import type { MetaDescriptor } from "@remix-run/cloudflare";

/** What the root loader hands every page for its meta tags. */
export interface SeoRoot {
  origin: string;
  site: { name: string; description: string; seo: Record<string, unknown> };
}

export interface SeoInput {
  /** The page's own title; the home page passes none and gets the settings' SEO title. */
  title?: string;
  description?: string;
  path: string;
  image?: string | null;
  type?: "website" | "article" | "product";
  keywords?: string | null;
  /** Keep the page out of search engines' lists; "follow": still follow its links (the search page). */
  noindex?: boolean | "follow";
}

type MatchLike = { id: string; data?: unknown };

export function rootSeo(matches: MatchLike[] | undefined): SeoRoot | undefined {
  return matches?.find((match) => match.id === "root")?.data as SeoRoot | undefined;
}

export function absoluteUrl(origin: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${origin}${path.startsWith("/") ? path : `/${path}`}`;
}

/** Title, description, canonical URL, Open Graph and Twitter tags for a page. */
export function seoMeta(root: SeoRoot | undefined, input: SeoInput): MetaDescriptor[] {
  const siteName = root?.site.name || "Twistbloom";
  const seo = root?.site.seo ?? {};
  const text = (value: unknown) => (typeof value === "string" && value ? value : undefined);
  const title = input.title ? `${input.title} | ${siteName}` : (text(seo.seo_meta_title) ?? siteName);
  const description = input.description || text(seo.seo_meta_description) || root?.site.description || "";
  const origin = root?.origin ?? "";
  const url = absoluteUrl(origin, input.path);
  const image = input.image || text(seo.seo_og_image);
  const keywords = input.keywords || text(seo.seo_meta_keywords);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:type", content: input.type ?? "website" },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
  if (keywords) tags.push({ name: "keywords", content: keywords });
  if (image) {
    tags.push({ property: "og:image", content: absoluteUrl(origin, image) });
    tags.push({ name: "twitter:image", content: absoluteUrl(origin, image) });
  }
  if (input.noindex) tags.push({ name: "robots", content: input.noindex === "follow" ? "noindex, follow" : "noindex" });
  return tags;
}

/** The meta function of a page whose tags do not depend on its loader data. */
export function pageMeta(input: SeoInput) {
  return ({ matches }: { matches: MatchLike[] }): MetaDescriptor[] => seoMeta(rootSeo(matches), input);
}

/** The meta function of a page search engines are not to list (an account's pages, checkout, mailed links). */
export function noindexMeta(title: string, path: string, description?: string) {
  return pageMeta({ title, path, description, noindex: true });
}
