import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  NavLink,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { CACHE_SECONDS } from "~/lib/constants";
import { getPublicSettings, siteConfigFromSettings } from "~/services/settings.server";
import styles from "~/styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ context }: LoaderFunctionArgs) {
  const { app } = context;
  const settings = await app.cached("settings:public", CACHE_SECONDS.settings, () => getPublicSettings(app.db));
  return json({ site: siteConfigFromSettings(settings) });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const site = data?.site;
  const title = (site?.seo.seo_meta_title as string | undefined) || site?.name || "Twistbloom";
  const description = (site?.seo.seo_meta_description as string | undefined) || site?.description || "";
  return [{ title }, { name: "description", content: description }];
};

const NAV = [
  { to: "/", label: "Home" },
  { to: "/products", label: "Shop" },
  { to: "/categories", label: "Categories" },
  { to: "/blog", label: "Blog" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
];

function Header({ siteName }: { siteName: string }) {
  return (
    <header className="border-b border-bloom-100 bg-white">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-4">
        <Link to="/" className="font-display text-2xl font-bold text-bloom-700">
          {siteName}
        </Link>
        <nav aria-label="Main">
          <ul className="flex flex-wrap gap-4 text-sm font-medium">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === "/"}
                  className={({ isActive }) => (isActive ? "text-bloom-700" : "text-gray-700 hover:text-bloom-600")}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex gap-3 text-sm">
          <Link to="/login" className="text-gray-700 hover:text-bloom-600">
            Login
          </Link>
          <Link to="/register" className="rounded-full bg-bloom-600 px-4 py-1.5 text-white hover:bg-bloom-700">
            Register
          </Link>
        </div>
      </div>
    </header>
  );
}

function Footer({ siteName, footerText }: { siteName: string; footerText: string }) {
  return (
    <footer className="mt-16 border-t border-bloom-100 bg-bloom-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-8 text-sm text-gray-600 sm:flex-row sm:justify-between">
        <p>{footerText || `© ${siteName}`}</p>
        <ul className="flex gap-4">
          <li>
            <Link to="/privacy" className="hover:text-bloom-600">
              Privacy Policy
            </Link>
          </li>
          <li>
            <Link to="/terms" className="hover:text-bloom-600">
              Terms of Service
            </Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const siteName = data?.site.name ?? "Twistbloom";
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <Header siteName={siteName} />
        <main className="flex-1">{children}</main>
        <Footer siteName={siteName} footerText={data?.site.footerText ?? ""} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useLoaderData<typeof loader>();
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-display text-4xl font-bold text-bloom-700">
        {notFound ? "Page Not Found" : "Oops! Something went wrong"}
      </h1>
      <p className="mt-4 text-gray-600">
        {notFound
          ? "The page you are looking for does not exist or has been moved."
          : "We're having trouble loading the page. Please try again later."}
      </p>
      <Link to="/" className="mt-8 inline-block rounded-full bg-bloom-600 px-6 py-3 font-medium text-white hover:bg-bloom-700">
        Go Back Home
      </Link>
    </section>
  );
}
