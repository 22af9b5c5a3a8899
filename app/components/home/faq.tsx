import { SectionHeading } from "./section-heading";

export interface FaqData {
  title: string;
  subtitle: string;
  items: { question: string; answer: string }[];
}

/**
 * The FAQ accordion: native <details>, so each item opens and closes on its own, by mouse or
 * keyboard, with or without JavaScript.
 */
export function Faq({ data }: { data: FaqData }) {
  return (
    <section aria-labelledby="faq-title" className="bg-bloom-50/60">
      <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
        <SectionHeading id="faq-title" title={data.title} subtitle={data.subtitle} align="center" />
        <div className="mt-10 divide-y divide-bloom-100 overflow-hidden rounded-2xl border border-bloom-100 bg-white shadow-sm">
          {data.items.map((item) => (
            <details key={item.question} className="group">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-medium text-gray-900 hover:bg-bloom-50/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-bloom-600 sm:px-6 [&::-webkit-details-marker]:hidden">
                <span>{item.question}</span>
                <svg
                  aria-hidden="true"
                  width="20"
                  height="20"
                  viewBox="0 0 20 20"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  className="shrink-0 text-bloom-600 transition-transform group-open:rotate-180"
                >
                  <path d="m5 7.5 5 5 5-5" />
                </svg>
              </summary>
              <p className="px-5 pb-5 leading-relaxed text-gray-700 sm:px-6">{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
