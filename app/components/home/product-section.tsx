import type { HomeProduct } from "~/services/home.server";
import { CardList } from "~/components/section";
import { FOCUS_RING, SmartLink } from "./links";
import { HomeProductTile } from "./product-tile";
import { SectionHeading } from "./section-heading";

export interface ProductSectionData {
  title: string;
  subtitle: string;
  products: HomeProduct[];
}

/** A row of bouquets under a heading, with a link to see more on the products page. */
export function ProductSection({
  id,
  data,
  link,
  tinted = false,
}: {
  id: string;
  data: ProductSectionData;
  link: { href: string; text: string };
  tinted?: boolean;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={tinted ? "bg-bloom-50/60" : ""}>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
        <SectionHeading
          id={`${id}-title`}
          title={data.title}
          subtitle={data.subtitle}
          action={
            <SmartLink
              href={link.href}
              className={`inline-flex items-center gap-1 rounded-full font-semibold text-bloom-700 hover:text-bloom-600 hover:underline ${FOCUS_RING}`}
            >
              {link.text}
              <span aria-hidden="true">→</span>
            </SmartLink>
          }
        />
        <CardList items={data.products} className="mt-8 grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
          {(product) => <HomeProductTile product={product} />}
        </CardList>
      </div>
    </section>
  );
}
