import { Link } from "@remix-run/react";
import { FOCUS_RING } from "./links";
import { SectionHeading } from "./section-heading";

export interface OccasionTile {
  name: string;
  icon: string;
  slug: string;
  href: string;
}

export interface OccasionsData {
  title: string;
  subtitle: string;
  occasions: OccasionTile[];
}

/** "Shop by occasion": one tile per occasion, each opening the products page filtered to it. */
export function Occasions({ data }: { data: OccasionsData }) {
  return (
    <section aria-labelledby="occasions-title" className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
      <SectionHeading id="occasions-title" title={data.title} subtitle={data.subtitle} align="center" />
      <ul className="mt-10 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-6">
        {data.occasions.map((occasion) => (
          <li key={occasion.slug}>
            <Link
              to={occasion.href}
              prefetch="intent"
              className={`group flex h-full flex-col items-center gap-3 rounded-2xl border border-bloom-100 bg-white px-3 py-6 text-center shadow-sm transition hover:-translate-y-0.5 hover:border-bloom-200 hover:shadow-md ${FOCUS_RING}`}
            >
              <span
                aria-hidden="true"
                className="flex h-16 w-16 items-center justify-center rounded-full bg-bloom-50 text-3xl transition group-hover:bg-bloom-100"
              >
                {occasion.icon || "✿"}
              </span>
              <span className="font-medium text-gray-900 group-hover:text-bloom-700">{occasion.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
