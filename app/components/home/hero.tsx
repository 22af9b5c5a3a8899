import { Img } from "~/components/img";
import { FOCUS_RING, SmartLink } from "./links";

export interface HeroLink {
  text: string;
  href: string;
}

/** The hero section of the home data, checked and ready to show. */
export interface HeroData {
  background: string | null;
  badgeText: string;
  titleLines: string[];
  description: string;
  features: string[];
  primary: HeroLink | null;
  secondary: HeroLink | null;
  trustText: string;
  mainImage: string | null;
  image1: string | null;
  image2: string | null;
  badgeLabel: string;
}

function Check() {
  return (
    <svg
      aria-hidden="true"
      width="20"
      height="20"
      viewBox="0 0 20 20"
      className="shrink-0 text-leaf-600"
      fill="currentColor"
    >
      <path
        fillRule="evenodd"
        d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.7-9.3a1 1 0 0 0-1.4-1.4L9 10.6 7.7 9.3a1 1 0 0 0-1.4 1.4l2 2a1 1 0 0 0 1.4 0l4-4Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

function Stars() {
  return (
    <span className="flex text-amber-500" aria-hidden="true">
      {[0, 1, 2, 3, 4].map((index) => (
        <svg key={index} width="16" height="16" viewBox="0 0 20 20" fill="currentColor">
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </span>
  );
}

/** A pill with the flower mark before its text (the mark hidden from screen readers), or nothing without text. */
function FlowerPill({ text, mark, className }: { text: string; mark: string; className: string }) {
  if (!text) return null;
  return (
    <p className={className}>
      <span aria-hidden="true">{mark}</span>
      {text}
    </p>
  );
}

/** The two small pictures over the corners of the main one. */
const INSET_IMAGE = "aspect-square rounded-2xl bg-white object-cover shadow-lg ring-4 ring-white";

/** A hero picture (square, above the fold so loaded at once), or nothing when the settings name none. */
function HeroImage({
  src,
  alt,
  className,
  decoding,
  priority,
}: {
  src: string | null;
  alt: string;
  className: string;
  decoding?: "sync";
  priority?: boolean;
}) {
  if (!src) return null;
  return (
    <Img
      src={src}
      alt={alt}
      width={800}
      height={800}
      loading="eager"
      decoding={decoding}
      priority={priority}
      className={className}
    />
  );
}

/** The first screen of the home page: badge, three-line title (the page's h1), pitch, calls to action and pictures. */
export function Hero({ hero }: { hero: HeroData }) {
  const hasImages = Boolean(hero.mainImage);
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-bloom-50"
      style={hero.background ? { backgroundImage: hero.background } : undefined}
    >
      <div
        className={`mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:py-16 lg:gap-16 lg:py-20 ${hasImages ? "lg:grid-cols-2" : ""}`}
      >
        <div className={hasImages ? "" : "mx-auto max-w-3xl text-center"}>
          <FlowerPill
            text={hero.badgeText}
            mark="✿"
            className="inline-flex items-center gap-2 rounded-full bg-white/90 px-4 py-1.5 text-sm font-medium text-bloom-700 shadow-sm ring-1 ring-bloom-100"
          />
          <h1
            id="hero-title"
            className="mt-6 font-display text-4xl font-bold leading-tight text-gray-900 sm:text-5xl lg:text-6xl"
          >
            {hero.titleLines.map((line, index) => (
              <span key={index} className={`block ${index === 1 ? "text-bloom-600" : ""}`}>
                {line}
                {index < hero.titleLines.length - 1 ? " " : null}
              </span>
            ))}
          </h1>
          {hero.description ? (
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-gray-700">{hero.description}</p>
          ) : null}
          {hero.features.length ? (
            <ul
              className={`mt-6 grid gap-3 text-sm font-medium text-gray-800 sm:grid-cols-3 ${hasImages ? "" : "mx-auto max-w-2xl"}`}
            >
              {hero.features.map((feature) => (
                <li key={feature} className="flex items-center gap-2">
                  <Check />
                  {feature}
                </li>
              ))}
            </ul>
          ) : null}
          {hero.primary || hero.secondary ? (
            <div className={`mt-8 flex flex-col gap-3 sm:flex-row ${hasImages ? "" : "sm:justify-center"}`}>
              {hero.primary ? (
                <SmartLink
                  href={hero.primary.href}
                  className={`inline-flex items-center justify-center rounded-full bg-bloom-600 px-7 py-3 text-base font-semibold text-white shadow-sm transition hover:bg-bloom-700 ${FOCUS_RING}`}
                >
                  {hero.primary.text}
                </SmartLink>
              ) : null}
              {hero.secondary ? (
                <SmartLink
                  href={hero.secondary.href}
                  className={`inline-flex items-center justify-center rounded-full border-2 border-bloom-600 bg-white/70 px-7 py-3 text-base font-semibold text-bloom-700 transition hover:bg-white ${FOCUS_RING}`}
                >
                  {hero.secondary.text}
                </SmartLink>
              ) : null}
            </div>
          ) : null}
          {hero.trustText ? (
            <p className={`mt-6 flex items-center gap-2 text-sm text-gray-700 ${hasImages ? "" : "justify-center"}`}>
              <Stars />
              {hero.trustText}
            </p>
          ) : null}
        </div>
        {hero.mainImage ? (
          <div className="relative mx-auto w-full max-w-md pb-6 lg:max-w-lg">
            <HeroImage
              src={hero.mainImage}
              alt="A hand-twisted pipe-cleaner flower bouquet"
              decoding="sync"
              priority
              className="aspect-square w-full rounded-[2rem] bg-white object-cover shadow-xl ring-1 ring-bloom-100"
            />
            <HeroImage
              src={hero.image1}
              alt="Close-up of a twisted pipe-cleaner bloom"
              className={`absolute -left-2 bottom-0 w-1/3 sm:-left-6 ${INSET_IMAGE}`}
            />
            <HeroImage
              src={hero.image2}
              alt="A small pipe-cleaner posy"
              className={`absolute -right-2 top-6 w-1/4 sm:-right-6 ${INSET_IMAGE}`}
            />
            <FlowerPill
              text={hero.badgeLabel}
              mark="✿ "
              className="absolute bottom-4 right-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-bloom-700 shadow-md ring-1 ring-bloom-100 sm:right-6"
            />
          </div>
        ) : null}
      </div>
    </section>
  );
}
