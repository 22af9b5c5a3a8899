import { Link } from "@remix-run/react";
import { absoluteUrl } from "~/lib/seo";
import { JsonLd } from "./json-ld";
import { useRootData } from "~/components/use-root-data";

export interface Crumb {
  label: string;
  href: string;
}

/** The trail to this page, for people and (as BreadcrumbList JSON-LD) for search engines. The last crumb is the current page. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  const root = useRootData();
  const origin = root?.origin ?? "";
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-gray-600">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, index) => (
          <li key={item.href} className="flex items-center gap-1">
            {index > 0 ? <span aria-hidden="true">/</span> : null}
            {index === items.length - 1 ? (
              <span aria-current="page" className="font-medium text-gray-900">
                {item.label}
              </span>
            ) : (
              <Link to={item.href} className="hover:text-bloom-700 hover:underline">
                {item.label}
              </Link>
            )}
          </li>
        ))}
      </ol>
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "BreadcrumbList",
          itemListElement: items.map((item, index) => ({
            "@type": "ListItem",
            position: index + 1,
            name: item.label,
            item: absoluteUrl(origin, item.href),
          })),
        }}
      />
    </nav>
  );
}
