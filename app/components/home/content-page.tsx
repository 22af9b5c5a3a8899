import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useRootData } from "~/components/use-root-data";
import { POLICIES, POLICIES_UPDATED, type PolicyName } from "~/lib/constants";
import { pageMeta } from "~/lib/seo";

/** Long-form text styles for the about, privacy and terms pages (links underlined, lists marked). */
export const PROSE =
  "text-base leading-relaxed text-gray-700 [&_a]:font-medium [&_a]:text-bloom-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-bloom-600 [&_a:focus-visible]:outline-2 [&_a:focus-visible]:outline-offset-2 [&_a:focus-visible]:outline-bloom-600 [&_li]:mt-1.5 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-4 [&_strong]:font-semibold [&_strong]:text-gray-900 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6";

export interface ContentSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** The shop's contact details from the public settings, for the pages that name them. */
export function useSiteContact() {
  const root = useRootData();
  const contact = root?.site.contact ?? {};
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  return {
    name: root?.site.name ?? "Twistbloom",
    email: text(contact.contact_email),
    phone: text(contact.contact_phone),
    address: text(contact.contact_address),
    hours: text(contact.contact_hours),
  };
}

/** How to reach the shop, as a short list (email, phone, post), or the contact page when settings are missing. */
export function ContactLines() {
  const contact = useSiteContact();
  return (
    <ul>
      {contact.email ? (
        <li>
          Email: <a href={`mailto:${contact.email}`}>{contact.email}</a>
        </li>
      ) : null}
      {contact.phone ? (
        <li>
          Phone: <a href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}>{contact.phone}</a>
          {contact.hours ? ` (${contact.hours})` : null}
        </li>
      ) : null}
      {contact.address ? <li>Post: {contact.address}</li> : null}
      <li>
        Or write to us through the <Link to="/contact">contact form</Link>.
      </li>
    </ul>
  );
}

/**
 * A policy page: its h1 (the policy's title), when it was last updated, a table of contents and
 * numbered sections (each an h2 with an anchor), readable from a 320 px phone to a wide screen.
 */
export function PolicyPage({
  policy,
  intro,
  sections,
}: {
  policy: PolicyName;
  intro: ReactNode;
  sections: ContentSection[];
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <header className="border-b border-bloom-100 pb-8">
        <h1 className="font-display text-4xl font-bold text-gray-900 sm:text-5xl">{POLICIES[policy].title}</h1>
        <p className="mt-3 text-sm text-gray-600">Last updated {POLICIES_UPDATED}</p>
        <div className={PROSE}>{intro}</div>
      </header>
      <nav aria-labelledby="toc-title" className="mt-8 rounded-2xl bg-bloom-50 p-5 sm:p-6">
        <h2 id="toc-title" className="text-sm font-semibold uppercase tracking-wide text-gray-900">
          On this page
        </h2>
        <ol className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2">
          {sections.map((section, index) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="text-bloom-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-bloom-600"
              >
                {index + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="mt-10 scroll-mt-6">
          <h2 id={`${section.id}-title`} className="font-display text-2xl font-bold text-gray-900">
            {index + 1}. {section.title}
          </h2>
          <div className={PROSE}>{section.body}</div>
        </section>
      ))}
    </article>
  );
}

/** A policy page's meta: its title and path, and what search engines show of it. */
export const policyMeta = (policy: PolicyName, description: string) => pageMeta({ ...POLICIES[policy], description });
