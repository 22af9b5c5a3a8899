import {} from "@remix-run/react";
import { featureFlags } from "~/lib/features";
import { useRootData } from "~/components/use-root-data";

/** Whether the settings show reviews and ratings (the root loader's settings): off, no rating shows anywhere. */
export function useReviewsOn(): boolean {
  const root = useRootData();
  return featureFlags(root?.site.features).reviews;
}

/** A rating as the shop writes it: one decimal ("4.7"), the same on every page. */
export const ratingText = (rating: number) => (Math.round(rating * 10) / 10).toFixed(1);

const STAR = "M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z";

/**
 * Five stars filled to the rating, hidden from assistive technology, with the text equivalent
 * ("Rated 4 out of 5", "Rated 4.7 out of 5") for screen readers, or shown when `visibleText`.
 */
export function Stars({
  rating,
  average = false,
  size = 16,
  visibleText = false,
  decorative = false,
  className = "",
}: {
  rating: number;
  /** A mean of ratings, written with one decimal ("4.0"); a single review's rating is a whole number. */
  average?: boolean;
  size?: number;
  visibleText?: boolean;
  /** The rating is written beside it already: the stars say nothing more. */
  decorative?: boolean;
  className?: string;
}) {
  const percent = Math.max(0, Math.min(100, (Number(ratingText(rating)) / 5) * 100));
  const label = `${average ? ratingText(rating) : String(rating)} out of 5`;
  const row = (colour: string) => (
    <span className={`flex ${colour}`}>
      {[0, 1, 2, 3, 4].map((index) => (
        <svg key={index} width={size} height={size} viewBox="0 0 20 20" fill="currentColor" className="shrink-0">
          <path d={STAR} />
        </svg>
      ))}
    </span>
  );
  return (
    <span className={`inline-flex items-center gap-1.5 ${className}`}>
      <span aria-hidden="true" className="relative inline-flex">
        {row("text-gray-300")}
        <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${percent}%` }}>
          {row("text-amber-500")}
        </span>
      </span>
      {decorative ? null : visibleText ? (
        <span>
          <span className="sr-only">Rated </span>
          {label}
        </span>
      ) : (
        <span className="sr-only">{`Rated ${label}`}</span>
      )}
    </span>
  );
}

const count = new Intl.NumberFormat("en-US");
export const reviewCountText = (reviews: number) => `${count.format(reviews)} ${reviews === 1 ? "review" : "reviews"}`;

/**
 * A product's rating in a card or tile: stars and the number of reviews, or "No reviews yet" (never
 * zero stars). Nothing at all while the settings switch reviews off.
 */
export function RatingBadge({
  rating,
  reviews,
  className = "",
}: {
  rating: number;
  reviews: number;
  className?: string;
}) {
  const on = useReviewsOn();
  if (!on) return null;
  if (reviews === 0) return <p className={`text-sm text-gray-600 ${className}`}>No reviews yet</p>;
  return (
    <p className={`flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-gray-600 ${className}`}>
      <Stars rating={rating} average size={14} />
      <span>{reviewCountText(reviews)}</span>
    </p>
  );
}
