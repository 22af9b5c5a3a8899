import { log } from "~/services/log.server";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Faq, type FaqData } from "~/components/home/faq";
import { Hero, type HeroData, type HeroLink } from "~/components/home/hero";
import { safeHref } from "~/components/home/links";
import { MakeItSpecial, type MakeItSpecialData } from "~/components/home/make-it-special";
import { Occasions, type OccasionsData, type OccasionTile } from "~/components/home/occasions";
import { ProductSection, type ProductSectionData } from "~/components/home/product-section";
import { HomeStructuredData } from "~/components/home/structured-data";
import { rootSeo, seoMeta } from "~/lib/seo";
import type { HomeProduct, HomeSections } from "~/services/home.server";
import { imageOrPlaceholder } from "~/services/images.server";
import { cachedData } from "~/http/cache-entries.server";
import { errorBoundary } from "~/components/error-state";
import { useRootData } from "~/components/use-root-data";
import { preloadImage } from "~/components/img";

export const HOME_ERROR_TITLE = "Oops! Something went wrong";
export const HOME_ERROR_MESSAGE = "We're having trouble loading the page. Please try again later.";
export const BEST_SELLERS_URL = "/products?sort=best-sellers";

/** The home page's blocks, in the order the home data lists them; a section that is absent or empty has none. */
type HomeBlock =
  | { kind: "hero"; hero: HeroData }
  | { kind: "shop_by_occasion"; data: OccasionsData }
  | { kind: "monthly_best_sellers"; data: ProductSectionData }
  | { kind: "make_it_special"; data: MakeItSpecialData }
  | { kind: "unforgettable_gifts"; data: ProductSectionData }
  | { kind: "faq"; data: FaqData };

type Raw = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");
const record = (value: unknown): Raw | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Raw) : null;
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function link(textValue: unknown, url: unknown): HeroLink | null {
  const label = text(textValue);
  const href = safeHref(url);
  return label && href ? { text: label, href } : null;
}

/** Only a CSS gradient may become the hero's background (the value goes into a style attribute). */
function gradient(value: unknown): string | null {
  const css = text(value);
  return /^(repeating-)?(linear|radial|conic)-gradient\([#%.,\w\s()-]+\)$/i.test(css) ? css : null;
}

function image(value: unknown): string | null {
  const path = text(value);
  return path ? imageOrPlaceholder(path) : null;
}

function toHero(section: Raw): HeroData | null {
  if (section.is_active === false) return null;
  const titleLines = [section.title_line1, section.title_line2, section.title_line3].map(text).filter(Boolean);
  if (titleLines.length === 0) return null;
  return {
    background: gradient(section.background_gradient),
    badgeText: text(section.badge_text),
    titleLines,
    description: text(section.description),
    features: [section.feature_1_text, section.feature_2_text, section.feature_3_text].map(text).filter(Boolean),
    primary: link(section.cta_primary_text, section.cta_primary_url),
    secondary: link(section.cta_secondary_text, section.cta_secondary_url),
    trustText: text(section.trust_text),
    mainImage: image(section.main_image),
    image1: image(section.image_1),
    image2: image(section.image_2),
    badgeLabel: text(section.badge_label),
  };
}

function toOccasions(section: Raw): OccasionsData | null {
  const occasions: OccasionTile[] = [];
  for (const item of list(section.categories).map(record)) {
    if (!item) continue;
    const name = text(item.name);
    // The spec's link is /products?category={slug}; data without a slug names the category in its url.
    const slug = text(item.slug) || (/[?&]category=([a-z0-9-]+)/.exec(text(item.url))?.[1] ?? "");
    if (!name || !/^[a-z0-9-]+$/.test(slug)) continue;
    occasions.push({ name, slug, icon: text(item.icon), href: `/products?category=${slug}` });
  }
  if (occasions.length === 0) return null;
  return { title: text(section.title) || "Shop by Occasion", subtitle: text(section.subtitle), occasions };
}

function toProducts(section: Raw, fallbackTitle: string): ProductSectionData | null {
  const products = list(section.products).filter((item): item is HomeProduct => Boolean(record(item)));
  if (products.length === 0) return null;
  return { title: text(section.title) || fallbackTitle, subtitle: text(section.subtitle), products };
}

function toMakeItSpecial(section: Raw): MakeItSpecialData | null {
  const title = text(section.title);
  if (!title) return null;
  return { title, subtitle: text(section.subtitle), button: link(section.button_text, section.button_url) };
}

function toFaq(section: Raw): FaqData | null {
  const items = list(section.items)
    .map(record)
    .map((item) => ({ question: text(item?.question), answer: text(item?.answer) }))
    .filter((item) => item.question && item.answer);
  if (items.length === 0) return null;
  return { title: text(section.title) || "Frequently Asked Questions", subtitle: text(section.subtitle), items };
}

type DataBlock = Exclude<HomeBlock, { kind: "hero" }>;

/** How each section of the home data is read and checked; a key not listed here is not shown. */
const READERS: { [K in DataBlock["kind"]]: (section: Raw) => Extract<DataBlock, { kind: K }>["data"] | null } = {
  shop_by_occasion: toOccasions,
  monthly_best_sellers: (section) => toProducts(section, "This Month's Best Sellers"),
  make_it_special: toMakeItSpecial,
  unforgettable_gifts: (section) => toProducts(section, "Unforgettable Gifts"),
  faq: toFaq,
};

/** The home data as the page shows it: each section only when present, checked, in the data's order. */
function homeBlocks(sections: HomeSections): HomeBlock[] {
  const blocks: HomeBlock[] = [];
  for (const [key, value] of Object.entries(sections)) {
    const section = record(value);
    if (!section) continue;
    if (key === "hero") {
      const hero = toHero(section);
      if (hero) blocks.push({ kind: "hero", hero });
    } else if (Object.hasOwn(READERS, key)) {
      const kind = key as DataBlock["kind"];
      const data = READERS[kind](section);
      if (data) blocks.push({ kind, data } as DataBlock);
    }
  }
  return blocks;
}

/** The home sections, read through the edge cache (content lifetime), so a warm page sends no query. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { app } = context;
  let sections: HomeSections;
  try {
    sections = await app.cache.read(cachedData.homeSections());
  } catch (error) {
    log.error("home sections could not be read", error);
    throw json({ message: HOME_ERROR_MESSAGE }, { status: 500 });
  }
  return json({ blocks: homeBlocks(sections) });
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => {
  const hero = data?.blocks.find((block) => block.kind === "hero");
  return [
    ...seoMeta(rootSeo(matches), { path: "/" }),
    ...preloadImage(hero?.kind === "hero" ? hero.hero.mainImage : null),
  ];
};

/** The two rows of bouquets: their anchors, where "see more" leads, and which is tinted. */
const PRODUCT_SECTIONS = {
  monthly_best_sellers: { id: "best-sellers", link: { href: BEST_SELLERS_URL, text: "View all best sellers" } },
  unforgettable_gifts: { id: "gifts", link: { href: "/products?featured=1", text: "Shop all gifts" }, tinted: true },
};

function Block({ block }: { block: HomeBlock }) {
  switch (block.kind) {
    case "hero":
      return <Hero hero={block.hero} />;
    case "shop_by_occasion":
      return <Occasions data={block.data} />;
    case "monthly_best_sellers":
    case "unforgettable_gifts":
      return <ProductSection {...PRODUCT_SECTIONS[block.kind]} data={block.data} />;
    case "make_it_special":
      return <MakeItSpecial data={block.data} />;
    case "faq":
      return <Faq data={block.data} />;
  }
}

export default function Home() {
  const { blocks } = useLoaderData<typeof loader>();
  const root = useRootData();
  const hasHero = blocks.some((block) => block.kind === "hero");
  return (
    <>
      {root ? <HomeStructuredData site={root.site} origin={root.origin} /> : null}
      {/* The hero's title is the page's h1; without a hero, the shop's name is. */}
      {hasHero ? null : <h1 className="sr-only">{root?.site.name ?? "Twistbloom"}</h1>}
      {blocks.map((block) => (
        <Block key={block.kind} block={block as HomeBlock} />
      ))}
    </>
  );
}

export const ErrorBoundary = errorBoundary({
  failed: { title: HOME_ERROR_TITLE, message: HOME_ERROR_MESSAGE, link: "retry" },
});
