import { JsonLd } from "~/components/json-ld";
import { absoluteUrl } from "~/lib/seo";
import type { SiteConfig } from "~/lib/site";

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);

/**
 * The shop for search engines: an Organization (name, URL, logo, customer-service contact, social
 * profiles) and a WebSite whose SearchAction opens the search page.
 */
export function HomeStructuredData({ site, origin }: { site: SiteConfig; origin: string }) {
  const url = absoluteUrl(origin, "/");
  const email = text(site.contact.contact_email);
  const telephone = text(site.contact.contact_phone);
  const sameAs = Object.values(site.social).filter(
    (value): value is string => typeof value === "string" && /^https:\/\//.test(value),
  );
  const organization: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${url}#organization`,
    name: site.name,
    url,
  };
  if (site.description) organization.description = site.description;
  if (site.logo) organization.logo = absoluteUrl(origin, site.logo);
  if (email || telephone) {
    organization.contactPoint = {
      "@type": "ContactPoint",
      contactType: "customer service",
      ...(email ? { email } : {}),
      ...(telephone ? { telephone } : {}),
      availableLanguage: "English",
    };
  }
  if (sameAs.length) organization.sameAs = sameAs;
  const website = {
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": `${url}#website`,
    name: site.name,
    url,
    publisher: { "@id": `${url}#organization` },
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${absoluteUrl(origin, "/search")}?q={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
  return <JsonLd data={[organization, website]} />;
}
