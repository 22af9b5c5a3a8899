import { SmartLink } from "./links";

export interface MakeItSpecialData {
  title: string;
  subtitle: string;
  button: { text: string; href: string } | null;
}

/** The custom-bouquet call to action: a coloured band with one button. */
export function MakeItSpecial({ data }: { data: MakeItSpecialData }) {
  return (
    <section aria-labelledby="special-title" className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <div className="relative overflow-hidden rounded-3xl bg-bloom-700 px-6 py-12 text-center text-white shadow-lg sm:px-12 sm:py-16">
        <svg
          aria-hidden="true"
          viewBox="0 0 200 200"
          width="200"
          height="200"
          className="pointer-events-none absolute -right-10 -top-10 h-48 w-48 text-white/10 sm:h-64 sm:w-64"
          fill="none"
          stroke="currentColor"
          strokeWidth="14"
          strokeLinecap="round"
        >
          <path d="M100 100c0-30 20-50 40-50s30 20 10 40-50 10-50 10 30 10 50 30-10 40-30 20-20-50-20-50-10 30-30 50-40 0-20-20 50-30 50-30-30 0-50-10-10-40 10-40 40 20 40 50Z" />
        </svg>
        <h2 id="special-title" className="relative font-display text-3xl font-bold sm:text-4xl">
          {data.title}
        </h2>
        {data.subtitle ? (
          <p className="relative mx-auto mt-4 max-w-2xl text-base leading-relaxed text-white sm:text-lg">
            {data.subtitle}
          </p>
        ) : null}
        {data.button ? (
          <SmartLink
            href={data.button.href}
            className={`relative mt-8 inline-flex items-center justify-center rounded-full bg-white px-7 py-3 font-semibold text-bloom-700 shadow-sm transition hover:bg-bloom-50 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white`}
          >
            {data.button.text}
          </SmartLink>
        ) : null}
      </div>
    </section>
  );
}
