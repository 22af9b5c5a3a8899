import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, ScrollRestoration, useLocation, useMatches } from "@remix-run/react";
import type { ReactNode } from "react";
import { featureFlags } from "~/lib/features";
import { isPaper } from "~/lib/paper";
import { linkList, type NavLink } from "~/lib/nav";
import { POLICIES } from "~/lib/constants";
import { BOOT_SCRIPT_ID, bootMarker } from "~/lib/personal";
import { rootSeo, seoMeta } from "~/lib/seo";
import { CartDropdown } from "~/components/cart-dropdown";
import { ShopLink, ShopNavLink, ShopRouting } from "~/components/shop-link";
import { AccountLinks, navClass } from "~/components/account-links";
import { Personal, useKeptRender } from "~/components/personal";
import { CsrfMeta } from "~/components/personal-parts";
import { useNonce } from "~/components/nonce";
import { PageScripts } from "~/components/page-scripts";
import { useRootData } from "~/components/use-root-data";
import { HeaderPanel } from "~/components/header-panel";
import { SearchBox } from "~/components/search-box";
import { Toaster } from "~/components/toaster";
import { LineIcon } from "~/components/line-icon";
import { siteConfigFromSettings, type SiteConfig } from "~/lib/site";
import { loadRootData, type RootData } from "~/http/pages/root-data.server";
import styles from "~/styles/app.css?url";
import { errorBoundary, HOME_LINK } from "~/components/error-state";
import { NewsletterSignup } from "~/components/newsletter-signup";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** Public settings, the toast to show and the visitor's own parts (`loadRootData`). */
export const loader = loadRootData;

export type RootViewer = NonNullable<RootData["viewer"]>;

export const meta: MetaFunction<typeof loader> = ({ matches, location }) =>
  seoMeta(rootSeo(matches), { path: location.pathname });

export const NAV_LINKS = linkList({
  "/": "Home",
  "/products": "Shop",
  "/categories": "Categories",
  "/blog": "Blog",
  "/about": "About",
  "/contact": "Contact",
});

/** The main navigation's items, in the header and in the mobile menu. */
function NavItems() {
  return (
    <>
      {NAV_LINKS.map((item) => (
        <li key={item.to}>
          <ShopNavLink to={item.to} end={item.to === "/"} className={navClass}>
            {item.label}
          </ShopNavLink>
        </li>
      ))}
    </>
  );
}

/** The menu of small screens, a header panel. */
function MobileMenu({ viewer, pathname }: { viewer: RootViewer | null; pathname: string }) {
  return (
    <HeaderPanel
      className="group md:hidden"
      summaryClassName="flex cursor-pointer list-none items-center gap-1.5 rounded-md border border-gray-200 px-2.5 py-1.5 text-sm font-medium text-gray-800 [&::-webkit-details-marker]:hidden"
      summary={
        <>
          <LineIcon>
            <path d="M4 7h16M4 12h16M4 17h16" />
          </LineIcon>
          Menu
        </>
      }
    >
      <nav
        aria-label="Mobile"
        className="absolute inset-x-0 top-full z-40 border-b border-bloom-100 bg-white px-4 py-4 shadow-lg"
      >
        <ul className="grid gap-1 text-base">
          <NavItems />
          <Personal name="accountLinks" props={{ pathname, menu: "mobile" }}>
            <AccountLinks viewer={viewer} pathname={pathname} menu="mobile" />
          </Personal>
        </ul>
      </nav>
    </HeaderPanel>
  );
}

function Header({ site, viewer }: { site: SiteConfig; viewer: RootViewer | null }) {
  const { pathname } = useLocation();
  return (
    <header className="relative border-b border-bloom-100 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-3 py-3 sm:gap-4 sm:px-4 xl:flex-nowrap">
        <ShopLink to="/" className="font-display text-xl font-bold text-bloom-700 sm:text-2xl">
          {site.name}
        </ShopLink>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex gap-2 text-sm font-medium">
            <NavItems />
          </ul>
        </nav>
        <SearchBox />
        <div className="flex items-center gap-1.5 text-sm sm:gap-2">
          <ul className="hidden items-center gap-1 md:flex" aria-label="Account">
            <Personal name="accountLinks" props={{ pathname, menu: "header" }}>
              <AccountLinks viewer={viewer} pathname={pathname} menu="header" />
            </Personal>
          </ul>
          <CartDropdown />
          <MobileMenu viewer={viewer} pathname={pathname} />
        </div>
      </div>
    </header>
  );
}

const LEGAL_LINKS: NavLink[] = Object.values(POLICIES).map((policy) => ({ to: policy.path, label: policy.title }));

/** The footer's lists of links, one item each. */
function FooterLinkItems({ links }: { links: NavLink[] }) {
  return (
    <>
      {links.map((item) => (
        <li key={item.to}>
          <ShopLink to={item.to} className="hover:text-bloom-700">
            {item.label}
          </ShopLink>
        </li>
      ))}
    </>
  );
}

function SocialLinks({ social }: { social: SiteConfig["social"] }) {
  const entries = Object.entries(social).filter(
    (entry): entry is [string, string] => typeof entry[1] === "string" && /^https:\/\//.test(entry[1]),
  );
  if (entries.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-3" aria-label="Social media">
      {entries.map(([key, url]) => {
        const name = key.replace(/^social_/, "");
        return (
          <li key={key}>
            <a href={url} rel="noopener noreferrer" className="capitalize hover:text-bloom-700">
              {name}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The newsletter's sign-up, on every shop page while the settings switch it on; not on /newsletter,
 * whose page is the same form, nor on the confirm and unsubscribe pages, nor in the back office
 * (staff run the shop there; they do not shop).
 */
function FooterNewsletter({ site }: { site: SiteConfig }) {
  const location = useLocation();
  if (!featureFlags(site.features).newsletter) return null;
  if (/^\/(?:newsletter|admin)(?:\/|$)/.test(location.pathname)) return null;
  return (
    <section aria-labelledby="footer-newsletter-title" className="border-b border-bloom-100">
      <div className="mx-auto grid max-w-7xl gap-2 px-4 py-8 md:grid-cols-2 md:items-end md:gap-8">
        <div>
          <h2 id="footer-newsletter-title" className="font-display text-lg font-bold text-gray-900">
            Newsletter
          </h2>
          <p className="mt-1">New bouquets, crafting tutorials and offers, straight to your inbox.</p>
        </div>
        <NewsletterSignup redirectTo={`${location.pathname}${location.search}`} idPrefix="footer-newsletter-" />
      </div>
    </section>
  );
}

function Footer({ site }: { site: SiteConfig }) {
  const contact = site.contact;
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return (
    <footer className="mt-16 border-t border-bloom-100 bg-bloom-50 text-sm text-gray-700">
      <FooterNewsletter site={site} />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="font-display text-xl font-bold text-bloom-700">{site.name}</p>
          {site.description ? <p className="mt-2">{site.description}</p> : null}
        </div>
        <div>
          <h2 className="font-semibold text-gray-900">Shop</h2>
          <ul className="mt-2 grid gap-1">
            <FooterLinkItems links={NAV_LINKS.slice(1)} />
          </ul>
        </div>
        <div>
          {/* A heading may not sit inside <address>: it heads the column, the address holds the details. */}
          <h2 className="font-semibold text-gray-900">Contact</h2>
          <address className="mt-2 not-italic">
            <ul className="grid gap-1">
              {text(contact.contact_email) ? (
                <li>
                  <a href={`mailto:${text(contact.contact_email)}`} className="hover:text-bloom-700">
                    {text(contact.contact_email)}
                  </a>
                </li>
              ) : null}
              {text(contact.contact_phone) ? (
                <li>
                  <a
                    href={`tel:${text(contact.contact_phone).replace(/[^\d+]/g, "")}`}
                    className="hover:text-bloom-700"
                  >
                    {text(contact.contact_phone)}
                  </a>
                </li>
              ) : null}
              {text(contact.contact_address) ? <li>{text(contact.contact_address)}</li> : null}
              {text(contact.contact_hours) ? <li>{text(contact.contact_hours)}</li> : null}
            </ul>
          </address>
        </div>
        <div>
          <h2 className="font-semibold text-gray-900">Follow us</h2>
          <div className="mt-2">
            <SocialLinks social={site.social} />
          </div>
        </div>
      </div>
      <div className="border-t border-bloom-100">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-4 sm:flex-row sm:justify-between">
          <p>{site.footerText || `© ${site.name}`}</p>
          <ul className="flex gap-4">
            <FooterLinkItems links={LEGAL_LINKS} />
          </ul>
        </div>
      </div>
    </footer>
  );
}

/** The shop around a page: the skip link, the header, the settings' warning, the footer and the toasts. */
function ShopFrame({ data, children }: { data: ReturnType<typeof useRootData>; children: ReactNode }) {
  const site = data?.site ?? siteConfigFromSettings({});
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      {/* The page's links and forms route through one navigate and one submit (docs/decisions/019). */}
      <ShopRouting>
        <Header site={site} viewer={data?.viewer ?? null} />
        {data?.settingsError ? (
          <p role="alert" className="bg-amber-50 px-4 py-2 text-center text-sm text-amber-900">
            {data.settingsError}
          </p>
        ) : null}
        <main id="main" className="flex-1">
          {children}
        </main>
        <Footer site={site} />
      </ShopRouting>
      <Toaster toast={data?.toast ?? null} />
    </>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  const keeping = useKeptRender();
  const paper = useMatches().some((match) => isPaper(match.handle));
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        {/* Marks the document as scripted, so JavaScript-only controls show and their plain fallbacks hide. */}
        {/* A kept page's visitor data is appended to this script by the Worker (docs/decisions/017). */}
        <script
          id={BOOT_SCRIPT_ID}
          nonce={nonce}
          dangerouslySetInnerHTML={{
            __html: `document.documentElement.classList.add('js')${keeping === null ? "" : bootMarker(keeping)}`,
          }}
        />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#be185d" />
        <Personal name="csrf" props={{}}>
          <CsrfMeta csrf={data?.csrf ?? null} />
        </Personal>
        <Meta />
        <Links />
      </head>
      <body className={paper ? undefined : "flex min-h-screen flex-col"}>
        {paper ? children : <ShopFrame data={data}>{children}</ShopFrame>}
        <ScrollRestoration nonce={nonce} />
        <PageScripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export const ErrorBoundary = errorBoundary({
  notFound: {
    title: "Page Not Found",
    message: "The page you are looking for does not exist or has been moved.",
    link: HOME_LINK,
  },
  failed: {
    title: "Oops! Something went wrong",
    message: "We're having trouble loading the page. Please try again later.",
    link: HOME_LINK,
  },
});
